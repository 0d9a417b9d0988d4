import { useEffect, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Autocomplete, Button, Card, CardContent, Chip, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, TextField, Typography, useMediaQuery, type Theme } from '@mui/material';
import { Loading, useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { Service } from '../../../schema/services';
import { apiErrorInfo, useApi } from '../../common/api';
import { PageHeading } from '../../common/PageHeading';
import type { QueryResponse as Page } from '../../../schema/common';
import type { EAccountingArticle as Article, EAccountingCheck, EAccountingPriceMapping as PriceMapping } from '../../../schema/eaccounting';
import { KEYS } from './keys';

interface PriceRow {
  Id: number;
  service: string;
  price: string;
  vat: number;
}

/** While `message` is set, leaving asks first: closing or reloading the tab, and following a link inside the admin. */
function useLeaveWarning(message: string | null): void {
  useEffect(() => {
    if (!message) return;
    const unload = (event: BeforeUnloadEvent) => event.preventDefault();
    const click = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (!link || link.getAttribute('target') === '_blank') return;
      if (!window.confirm(message)) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    window.addEventListener('beforeunload', unload);
    document.addEventListener('click', click, true);
    return () => {
      window.removeEventListener('beforeunload', unload);
      document.removeEventListener('click', click, true);
    };
  }, [message]);
}

/**
 * /eaccounting/service-price-mappings (and /eaccounting/articles): every price with its Id, service,
 * amount and VAT, and a clearable choice among the eAccounting articles with the price's VAT.
 * Changes stay on the page, flagged, until Save; leaving with unsaved changes or while saving asks
 * first. Not authenticated, it links to the accounting settings.
 */
export default function PriceMappingsPage() {
  const api = useApi();
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const check = useQuery({ queryKey: KEYS.check, queryFn: () => api.call<EAccountingCheck>('GET', '/eaccounting/check') });
  const authenticated = check.data?.IsAuthenticated === true;
  const articles = useQuery({ queryKey: KEYS.articles, queryFn: () => api.call<Page<Article>>('GET', '/eaccounting/articles'), enabled: authenticated });
  const mappings = useQuery({ queryKey: KEYS.mappings, queryFn: () => api.call<Page<PriceMapping>>('GET', '/services/prices/mappings'), enabled: authenticated });
  const services = useQuery({ queryKey: KEYS.prices, queryFn: () => api.call<Page<Service>>('GET', '/services', { query: { IncludePrices: true, Take: 500 } }), enabled: authenticated });
  const [changes, setChanges] = useState<Record<number, string | null>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const changed = Object.keys(changes).length;
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  useLeaveWarning(saving ? translate('custom.eaccounting.leaveSaving') : changed > 0 ? translate('custom.eaccounting.leaveUnsaved') : null);

  const rows = useMemo<PriceRow[]>(
    () =>
      (services.data?.Results ?? []).flatMap((s) =>
        (s.Prices ?? []).map((p) => ({ Id: p.Id, service: s.Name, price: `${p.Price} ${p.PriceSign}${p.PriceText ? ` (${p.PriceText})` : p.Category ? ` (${p.Category})` : ''}`, vat: Number(p.VAT) })),
      ),
    [services.data],
  );
  const saved = useMemo(() => new Map((mappings.data?.Results ?? []).map((m) => [m.PriceId, m.ExternalReference])), [mappings.data]);
  const byId = useMemo(() => new Map((articles.data?.Results ?? []).map((a) => [a.ArticleId, a])), [articles.data]);

  if (check.isPending) return <Loading />;
  if (!authenticated) {
    return (
      <Stack spacing={2}>
        <PageHeading title={translate('custom.eaccounting.mappingsTitle')} />
        <Alert severity="info">{translate('custom.eaccounting.notAuthenticated')}</Alert>
        <div>
          <Button variant="contained" component={RouterLink} to="/eaccounting/settings">
            {translate('custom.eaccounting.goToSettings')}
          </Button>
        </div>
      </Stack>
    );
  }
  const failure = articles.error ?? mappings.error ?? services.error;
  if (failure) return <Alert severity="error">{apiErrorInfo(failure).message}</Alert>;
  if (!articles.data || !mappings.data || !services.data) return <Loading />;

  const current = (priceId: number) => (priceId in changes ? changes[priceId] : (saved.get(priceId) ?? null));
  const choose = (priceId: number, articleId: string | null) => {
    setChanges((c) => {
      const next = { ...c };
      if ((saved.get(priceId) ?? null) === articleId) delete next[priceId];
      else next[priceId] = articleId;
      return next;
    });
  };

  const articleChoice = (row: PriceRow) => (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Autocomplete
        sx={{ flex: 1, minWidth: 200 }}
        size="small"
        options={articles.data.Results.filter((a) => a.VatRate === row.vat)}
        value={(current(row.Id) && byId.get(current(row.Id)!)) || null}
        getOptionLabel={(a) => `${a.ArticleNumber} ${a.ArticleName}`}
        isOptionEqualToValue={(a, b) => a.ArticleId === b.ArticleId}
        onChange={(_, a) => choose(row.Id, a?.ArticleId ?? null)}
        renderInput={(params) => <TextField {...params} label={translate('custom.eaccounting.articleFor', { id: row.Id })} error={!!errors[row.Id]} helperText={errors[row.Id]} />}
      />
      {row.Id in changes && <Chip size="small" color="warning" label={translate('custom.eaccounting.changed')} />}
    </Stack>
  );

  const save = async () => {
    const list = Object.entries(changes).map(([PriceId, ExternalReference]) => ({ PriceId: Number(PriceId), ExternalReference }));
    setSaving(true);
    setErrors({});
    try {
      const answer = await api.call<Page<PriceMapping>>('PUT', '/eaccounting/article/mappings', { body: { Mappings: list } });
      queryClient.setQueryData(KEYS.mappings, answer);
      setChanges({});
      notify('custom.eaccounting.mappingsSaved', { type: 'success' });
    } catch (e) {
      const info = apiErrorInfo(e);
      // Errors name Mappings[i].ExternalReference: put each on its price's row.
      const byPrice: Record<string, string> = {};
      for (const [field, text] of Object.entries(info.fieldErrors)) {
        const index = /^Mappings\[(\d+)\]/.exec(field)?.[1];
        if (index !== undefined && list[Number(index)]) byPrice[list[Number(index)]!.PriceId] = text;
      }
      setErrors(byPrice);
      notify(info.message || 'custom.common.unknownError', { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack spacing={2}>
      <PageHeading
        title={translate('custom.eaccounting.mappingsTitle')}
        subtitle={translate('custom.eaccounting.mappingsInfo')}
        action={
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            {changed > 0 && <Typography role="status">{translate('custom.eaccounting.unsaved', { smart_count: changed })}</Typography>}
            <Button variant="contained" disabled={changed === 0 || saving} onClick={() => void save()}>
              {translate('custom.eaccounting.save')}
            </Button>
          </Stack>
        }
      />
      {rows.length === 0 ? (
        <Alert severity="info">{translate('custom.eaccounting.noPrices')}</Alert>
      ) : narrow ? (
        <Stack spacing={1} component="ul" sx={{ p: 0, m: 0, listStyle: 'none' }}>
          {rows.map((row) => (
            <Card key={row.Id} component="li" variant="outlined">
              <CardContent>
                <Typography variant="subtitle2" component="p">
                  {row.service}
                </Typography>
                <Typography variant="body2" sx={{ mb: 1.5 }}>
                  {translate('custom.eaccounting.columns.Id')} {row.Id} · {row.price} · {translate('custom.eaccounting.columns.vat')} {row.vat} %
                </Typography>
                {articleChoice(row)}
              </CardContent>
            </Card>
          ))}
        </Stack>
      ) : (
        <Card>
          <TableContainer>
            <Table size="small">
              <TableHead>
                <TableRow>
                  {(['Id', 'service', 'price', 'vat', 'article'] as const).map((c) => (
                    <TableCell key={c}>{translate(`custom.eaccounting.columns.${c}`)}</TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row) => (
                  <TableRow key={row.Id} selected={row.Id in changes}>
                    <TableCell>{row.Id}</TableCell>
                    <TableCell>{row.service}</TableCell>
                    <TableCell>{row.price}</TableCell>
                    <TableCell>{row.vat} %</TableCell>
                    <TableCell sx={{ minWidth: 260 }}>{articleChoice(row)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </Card>
      )}
    </Stack>
  );
}
