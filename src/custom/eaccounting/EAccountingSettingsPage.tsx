import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, CardContent, FormControlLabel, MenuItem, Stack, Switch, TextField } from '@mui/material';
import { Loading, useNotify, useTranslate } from 'react-admin';
import { apiErrorInfo, useApi } from '../../common/api';
import { PageHeading } from '../../common/PageHeading';
import type { QueryResponse as Page } from '../../../schema/common';
import type { EAccountingArticle as Article, EAccountingCheck, EAccountingSettings, EAccountingTermsOfPayment as TermsOfPayment } from '../../../schema/eaccounting';
import { PRICE_VAT_PERCENTS as VAT_RATES, type PriceVatPercent } from '../../../domain/pricing/money';
import { KEYS } from './keys';

/** The settings' field holding the default article of one VAT rate. */
const articleField = (vat: PriceVatPercent) => `DefaultArticle${vat}PercentVat` as const;

/** How often the page asks whether the popup's sign-in has finished (spec: every 2 seconds). */
const POLL_MS = 2000;

/**
 * /eaccounting/settings: authenticate with Visma eAccounting in a new window (polled every 2 s
 * through GET /eaccounting/check until authenticated, then the window is closed and everything
 * accounting caches is refreshed), log out; once authenticated, the active toggle, the default
 * create type, a default article per VAT rate (only articles of that rate) and the default terms.
 */
export default function EAccountingSettingsPage() {
  const api = useApi();
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const popup = useRef<Window | null>(null);
  const [waiting, setWaiting] = useState(false);
  const [busy, setBusy] = useState(false);
  const check = useQuery({
    queryKey: KEYS.check,
    queryFn: () => api.call<EAccountingCheck>('GET', '/eaccounting/check'),
    refetchInterval: waiting ? POLL_MS : false,
  });
  const authenticated = check.data?.IsAuthenticated === true;

  useEffect(() => {
    if (!waiting || !authenticated) return;
    popup.current?.close();
    popup.current = null;
    setWaiting(false);
    notify('custom.eaccounting.authenticated', { type: 'success' });
    void queryClient.invalidateQueries({ queryKey: ['eaccounting'] });
  }, [waiting, authenticated, notify, queryClient]);

  const authenticate = () => {
    if (!check.data) return;
    popup.current = window.open(check.data.AuthorizeUrl, 'eaccounting', 'popup,width=600,height=720');
    if (!popup.current) return notify('custom.eaccounting.popupBlocked', { type: 'warning' });
    setWaiting(true);
  };

  const logout = async () => {
    setBusy(true);
    try {
      await api.call('POST', '/eaccounting/logout', { body: {} });
      notify('custom.eaccounting.loggedOut', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['eaccounting'] });
    } catch (e) {
      notify(apiErrorInfo(e).message || 'custom.common.unknownError', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={2}>
      <PageHeading title={translate('custom.eaccounting.settingsTitle')} />
      {check.isPending ? (
        <Loading />
      ) : check.error ? (
        <Alert severity="error">{apiErrorInfo(check.error).message}</Alert>
      ) : (
        <Card>
          <CardContent>
            <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
              <Alert severity={authenticated ? 'success' : check.data.State === 'none' ? 'info' : 'warning'} sx={{ alignSelf: 'stretch' }}>
                {translate(authenticated ? 'custom.eaccounting.connected' : check.data.State === 'none' ? 'custom.eaccounting.notAuthenticated' : 'custom.eaccounting.lost')}
              </Alert>
              {waiting && <Alert severity="info" role="status">{translate('custom.eaccounting.waiting')}</Alert>}
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                {!authenticated && (
                  <Button variant="contained" onClick={authenticate} disabled={busy}>
                    {translate('custom.eaccounting.authenticate')}
                  </Button>
                )}
                {check.data.State !== 'none' && (
                  <Button color="error" onClick={() => void logout()} disabled={busy}>
                    {translate('custom.eaccounting.logout')}
                  </Button>
                )}
              </Stack>
            </Stack>
          </CardContent>
        </Card>
      )}
      {authenticated && <SettingsForm />}
    </Stack>
  );
}

function SettingsForm() {
  const api = useApi();
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: KEYS.settings, queryFn: () => api.call<EAccountingSettings>('GET', '/eaccounting/settings') });
  const articles = useQuery({ queryKey: KEYS.articles, queryFn: () => api.call<Page<Article>>('GET', '/eaccounting/articles') });
  const terms = useQuery({ queryKey: KEYS.terms, queryFn: () => api.call<Page<TermsOfPayment>>('GET', '/eaccounting/termsofpayments') });
  const [values, setValues] = useState<EAccountingSettings | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (settings.data) setValues(settings.data);
  }, [settings.data]);

  if (settings.error || articles.error || terms.error) return <Alert severity="error">{apiErrorInfo(settings.error ?? articles.error ?? terms.error).message}</Alert>;
  if (!values || !articles.data || !terms.data) return <Loading />;

  const set = <K extends keyof EAccountingSettings>(field: K, value: EAccountingSettings[K]) => {
    setValues({ ...values, [field]: value });
    setErrors((e) => ({ ...e, [field]: '' }));
  };

  const save = async () => {
    setSaving(true);
    try {
      const saved = await api.call<EAccountingSettings>('PUT', '/eaccounting/settings', { body: values });
      queryClient.setQueryData(KEYS.settings, saved);
      notify('custom.eaccounting.saved', { type: 'success' });
    } catch (e) {
      const info = apiErrorInfo(e);
      setErrors(info.fieldErrors);
      notify(info.message || 'custom.common.unknownError', { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card>
      <CardContent>
        <Stack spacing={2} sx={{ maxWidth: 520 }} component="form" onSubmit={(e) => (e.preventDefault(), void save())}>
          <FormControlLabel control={<Switch checked={values.Active} onChange={(e) => set('Active', e.target.checked)} />} label={translate('custom.eaccounting.active')} />
          <TextField select label={translate('custom.eaccounting.createType')} value={values.DefaultCreateType} onChange={(e) => set('DefaultCreateType', e.target.value as EAccountingSettings['DefaultCreateType'])}>
            {(['Draft', 'CreateSend'] as const).map((t) => (
              <MenuItem key={t} value={t}>
                {translate(`custom.eaccounting.createTypes.${t}`)}
              </MenuItem>
            ))}
          </TextField>
          {VAT_RATES.map((vat) => {
            const field = articleField(vat);
            return (
              <TextField key={vat} select label={translate('custom.eaccounting.defaultArticle', { vat })} value={values[field] ?? ''} onChange={(e) => set(field, e.target.value || null)} error={!!errors[field]} helperText={errors[field] || ' '}>
                <MenuItem value="">{translate('custom.eaccounting.none')}</MenuItem>
                {articles.data.Results.filter((a) => a.VatRate === vat).map((a) => (
                  <MenuItem key={a.ArticleId} value={a.ArticleId}>
                    {a.ArticleNumber} {a.ArticleName}
                  </MenuItem>
                ))}
              </TextField>
            );
          })}
          <TextField select label={translate('custom.eaccounting.terms')} value={values.DefaultTermsOfPaymentId ?? ''} onChange={(e) => set('DefaultTermsOfPaymentId', e.target.value || null)} error={!!errors.DefaultTermsOfPaymentId} helperText={errors.DefaultTermsOfPaymentId || ' '}>
            <MenuItem value="">{translate('custom.eaccounting.none')}</MenuItem>
            {terms.data.Results.map((t) => (
              <MenuItem key={t.Id} value={t.Id}>
                {t.Name}
              </MenuItem>
            ))}
          </TextField>
          <div>
            <Button type="submit" variant="contained" disabled={saving}>
              {translate('custom.eaccounting.save')}
            </Button>
          </div>
        </Stack>
      </CardContent>
    </Card>
  );
}
