import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, CardContent, CardHeader, Chip, List, ListItem, ListItemText, Skeleton, Stack, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useLocale, useNotify, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { CompanyLicense } from '../../../schema/company';
import type { QueryResponse } from '../../../schema/common';
import type { CompanyInvoice } from '../../../schema/licenses';
import { apiErrorInfo, resultsOf, useApi } from '../../common/api';
import { saveBlob } from '../../common/saveBlob';
import { currencySign, formatAmount, formatWireDate } from '../../i18n/format';
import { CloseAccountDialog } from './CloseAccountDialog';

/** My subscriptions on /account: the company's licenses, its invoices as PDF, and closing the account. */
export function Subscriptions() {
  const translate = useTranslate();
  const locale = useLocale();
  const notify = useNotify();
  const api = useApi();
  const [closing, setClosing] = useState(false);
  const { data, isPending, error, refetch } = useQuery({
    queryKey: ['custom', 'account', 'subscriptions'],
    queryFn: async () => {
      const [licenses, invoices] = await Promise.all([
        api.call<QueryResponse<CompanyLicense>>('GET', '/licenses/company', { query: { Active: true } }),
        api.call<QueryResponse<CompanyInvoice>>('GET', '/billing/company/invoices'),
      ]);
      return { licenses: resultsOf(licenses), invoices: resultsOf(invoices) };
    },
  });
  const download = async (invoice: CompanyInvoice) => {
    try {
      saveBlob(await api.download(`/billing/company/invoices/${invoice.Id}`), `invoice-${invoice.InvoiceNumber}.pdf`);
    } catch (failure) {
      notify(apiErrorInfo(failure).message || 'custom.common.unknownError', { type: 'error' });
    }
  };
  const plan = data?.licenses.find((l) => !l.Canceled && l.TypeId !== 11) ?? data?.licenses[0];
  return (
    <Card>
      <CardHeader title={<Typography variant="subtitle1" component="h2">{translate('licenses.account.title')}</Typography>} />
      <CardContent sx={{ pt: 0 }}>
        {error ? <Alert severity="error">{translate('custom.common.loadError')}</Alert> : null}
        {isPending ? <Skeleton variant="rectangular" height={80} /> : null}
        {data ? (
          <Stack spacing={2}>
            <List dense disablePadding aria-label={translate('licenses.account.licenses')}>
              {data.licenses.map((l) => (
                <ListItem key={l.Id} disableGutters secondaryAction={l.Canceled ? <Chip size="small" color="warning" label={translate('licenses.account.ends', { date: formatWireDate(l.ValidTo ?? '', locale) })} /> : null}>
                  <ListItemText primary={l.TypeName} secondary={translate('licenses.account.since', { date: formatWireDate(l.ValidFrom, locale) })} />
                </ListItem>
              ))}
            </List>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
              <Button component={Link} to="/licenses" variant="outlined" size="small">
                {translate('licenses.account.changePlan')}
              </Button>
              <Button component={Link} to="/extra-licenses" variant="outlined" size="small">
                {translate('licenses.extra.title')}
              </Button>
              <Button component={Link} to="/billing/settings" variant="outlined" size="small">
                {translate('licenses.billingSettings.title')}
              </Button>
            </Stack>
            <Typography variant="subtitle2" component="h3">
              {translate('licenses.account.invoices')}
            </Typography>
            {data.invoices.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                {translate('licenses.account.noInvoices')}
              </Typography>
            ) : (
              <List dense disablePadding aria-label={translate('licenses.account.invoices')}>
                {data.invoices.map((invoice) => (
                  <ListItem
                    key={invoice.Id}
                    disableGutters
                    secondaryAction={
                      <Button size="small" startIcon={<DownloadIcon />} onClick={() => void download(invoice)} aria-label={translate('licenses.account.download', { number: invoice.InvoiceNumber })}>
                        PDF
                      </Button>
                    }
                  >
                    <ListItemText
                      primary={`${invoice.InvoiceNumber} · ${formatAmount(invoice.TotalAmount / 100, currencySign(invoice.CurrencyId), locale)}`}
                      secondary={`${formatWireDate(invoice.PeriodFrom, locale)} – ${formatWireDate(invoice.PeriodTo, locale)} · ${translate(`licenses.account.status.${invoice.Status}`)}`}
                    />
                  </ListItem>
                ))}
              </List>
            )}
            {plan && !plan.Canceled ? (
              <div>
                <Button color="error" size="small" onClick={() => setClosing(true)}>
                  {translate('licenses.close.button')}
                </Button>
              </div>
            ) : null}
          </Stack>
        ) : null}
      </CardContent>
      {closing ? <CloseAccountDialog onClose={() => setClosing(false)} onClosed={() => void refetch()} /> : null}
    </Card>
  );
}
