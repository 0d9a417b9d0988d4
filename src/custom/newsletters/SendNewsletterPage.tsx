import { useEffect, useState } from 'react';
import { Alert, Autocomplete, Box, Button, Card, CardContent, FormControl, FormControlLabel, FormLabel, MenuItem, Radio, RadioGroup, Stack, TextField } from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import { DateTime } from 'luxon';
import { useNavigate } from 'react-router-dom';
import { useNotify, useTranslate } from 'react-admin';
import type { QueryResponse } from '../../../schema/common';
import type { NewsletterCustomer, NewsletterSend, NewsletterTemplate, SendNewsletter } from '../../../schema/newsletters';
import { useCompanyNow } from '../../auth/profile';
import { apiErrorInfo, useApi } from '../../common/api';
import { Picker } from '../../common/inputs/DateTimeInputs';
import { NarrowPage, PageHeading } from '../../common/PageHeading';
import { usePhoneDisplay } from '../../common/usePhoneDisplay';

type Audience = 'subscribers' | 'customers' | 'receiver';

const customerLabel = (c: NewsletterCustomer, phone: (p: string | null | undefined) => string) =>
  `${c.Firstname} ${c.Lastname}`.trim() + (c.Email ? ` <${c.Email}>` : c.Phone ? ` (${phone(c.Phone)})` : '');

/** Customers who subscribed, searched on the server as the user types. */
function CustomerPicker({ value, onChange, error }: { value: NewsletterCustomer[]; onChange: (next: NewsletterCustomer[]) => void; error?: string }) {
  const api = useApi();
  const translate = useTranslate();
  const phone = usePhoneDisplay();
  const [search, setSearch] = useState('');
  const [options, setOptions] = useState<NewsletterCustomer[]>([]);
  useEffect(() => {
    const timer = window.setTimeout(() => {
      api
        .call<QueryResponse<NewsletterCustomer>>('GET', '/newsletter/customers', { query: { Search: search || undefined, Take: 25 } })
        .then((page) => setOptions(page.Results), () => setOptions([]));
    }, 300);
    return () => window.clearTimeout(timer);
  }, [api, search]);
  return (
    <Autocomplete
      multiple
      options={options}
      value={value}
      filterOptions={(o) => o}
      getOptionLabel={(c: NewsletterCustomer) => customerLabel(c, phone)}
      isOptionEqualToValue={(a, b) => a.Id === b.Id}
      onChange={(_e, next) => onChange(next)}
      onInputChange={(_e, text) => setSearch(text)}
      renderInput={(params) => <TextField {...params} label={translate('newsletters.send.customers')} error={Boolean(error)} helperText={error ?? translate('newsletters.send.customersHelp')} />}
    />
  );
}

/**
 * /newsletters/send: a template to every subscriber, chosen customers or one receiver, at a time
 * (one minute from now unless changed). The server keeps the send date; the log shows it scheduled.
 */
export default function SendNewsletterPage() {
  const api = useApi();
  const notify = useNotify();
  const navigate = useNavigate();
  const translate = useTranslate();
  const now = useCompanyNow();
  const [templates, setTemplates] = useState<NewsletterTemplate[]>([]);
  const [templateId, setTemplateId] = useState<number | ''>('');
  const [audience, setAudience] = useState<Audience>('subscribers');
  const [customers, setCustomers] = useState<NewsletterCustomer[]>([]);
  const [receiver, setReceiver] = useState('');
  const [sendDate, setSendDate] = useState<string | null>(() => DateTime.fromISO(now).plus({ minutes: 1 }).toFormat("yyyy-MM-dd'T'HH:mm':00'"));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    api
      .call<QueryResponse<NewsletterTemplate>>('GET', '/newsletter/templates', { query: { Take: 100, OrderBy: '-Id,-ModifiedDate' } })
      .then((page) => setTemplates(page.Results), () => setTemplates([]));
  }, [api]);

  const send = async () => {
    setErrors({});
    setMessage(null);
    if (!templateId) {
      setErrors({ Id: translate('ra.validation.required') });
      return;
    }
    const body: SendNewsletter = { Id: templateId, SendDate: sendDate ?? undefined };
    if (audience === 'customers') body.Customers = customers.map((c) => c.Id);
    if (audience === 'receiver') body.Receiver = receiver;
    setBusy(true);
    try {
      const sent = await api.call<NewsletterSend>('POST', '/newsletter/send', { body });
      notify('newsletters.send.scheduled', { type: 'success', messageArgs: { total: sent.Total } });
      navigate('/newsletters#newsletterlog');
    } catch (error) {
      const info = apiErrorInfo(error);
      setErrors(info.fieldErrors);
      setMessage(Object.keys(info.fieldErrors).length ? null : info.message || translate('custom.common.unknownError'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <NarrowPage>
      <PageHeading title="newsletters.send.title" />
      <Card>
        <CardContent>
          <Stack spacing={3}>
            {message && <Alert severity="error">{message}</Alert>}
            <TextField
              select
              label={translate('newsletters.send.template')}
              value={templateId}
              onChange={(e) => setTemplateId(Number(e.target.value))}
              error={Boolean(errors.Id)}
              helperText={errors.Id ?? (templates.length ? ' ' : translate('newsletters.templates.empty'))}
              required
            >
              {templates.map((t) => (
                <MenuItem key={t.Id} value={t.Id}>
                  {t.Heading}
                </MenuItem>
              ))}
            </TextField>
            <FormControl>
              <FormLabel id="newsletter-audience">{translate('newsletters.send.audience')}</FormLabel>
              <RadioGroup aria-labelledby="newsletter-audience" value={audience} onChange={(_e, value) => setAudience(value as Audience)}>
                <FormControlLabel value="subscribers" control={<Radio />} label={translate('newsletters.send.subscribers')} />
                <FormControlLabel value="customers" control={<Radio />} label={translate('newsletters.send.chosen')} />
                <FormControlLabel value="receiver" control={<Radio />} label={translate('newsletters.send.oneReceiver')} />
              </RadioGroup>
            </FormControl>
            {audience === 'customers' && <CustomerPicker value={customers} onChange={setCustomers} error={errors.Customers} />}
            {audience === 'receiver' && (
              <TextField label={translate('newsletters.fields.Receiver')} value={receiver} onChange={(e) => setReceiver(e.target.value)} error={Boolean(errors.Receiver)} helperText={errors.Receiver ?? ' '} />
            )}
            {audience === 'subscribers' && errors.Customers && <Alert severity="error">{errors.Customers}</Alert>}
            <Picker kind="datetime" label={translate('newsletters.send.sendDate')} value={sendDate} onChange={setSendDate} error={Boolean(errors.SendDate)} helperText={errors.SendDate} />
            <Box>
              <Stack direction="row" spacing={2}>
                <Button variant="contained" startIcon={<SendIcon />} disabled={busy} onClick={() => void send()}>
                  {translate('newsletters.send.submit')}
                </Button>
                <Button onClick={() => navigate('/newsletters#newsletterlog')}>{translate('ra.action.cancel')}</Button>
              </Stack>
            </Box>
          </Stack>
        </CardContent>
      </Card>
    </NarrowPage>
  );
}

SendNewsletterPage.path = '/newsletters/send';
