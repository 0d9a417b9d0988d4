import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import type { EAccountingInvoice as Invoice } from '../../../schema/eaccounting';

/** An amount in minor units with the currency sign, as the interface language writes numbers. */
export function useMoney(): (minor: number, sign: string) => string {
  const [locale] = useLocaleState();
  const format = new Intl.NumberFormat(locale === 'no' ? 'nb' : locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return (minor, sign) => `${format.format(minor / 100)} ${sign}`;
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between' }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'right' }}>
        {children}
      </Typography>
    </Stack>
  );
}

/**
 * The invoice created in eAccounting (spec areas.md §2, "Invoice creation success opens a modal"):
 * number, billed-to name and address, e-mail, created and due dates, payment status, terms of
 * payment, private person or company; the rows (text rows, and rows with text, quantity, unit price,
 * total); subtotal (total minus VAT), VAT with the percent of the first VAT specification and the
 * total with the currency sign. Buttons: open the invoice in a new window, and OK.
 */
export function InvoiceModal({ invoice, onClose, more = 0 }: { invoice: Invoice; onClose: () => void; more?: number }) {
  const translate = useTranslate();
  const money = useMoney();
  const t = (key: string, options?: Record<string, unknown>) => translate(`custom.eaccounting.modal.${key}`, options);
  const a = invoice.InvoiceAddress;
  const vatPercent = Math.round((invoice.VatSpecification[0]?.VatPercent ?? 0) * 100 * 100) / 100;
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="eaccounting-invoice-title">
      <DialogTitle id="eaccounting-invoice-title">{t(invoice.IsDraft ? 'titleDraft' : 'title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {more > 0 && <Typography variant="body2">{t('count', { smart_count: more + 1 })}</Typography>}
          <Stack component="dl" spacing={0.5} sx={{ m: 0 }}>
            <Field label={t('number')}>{invoice.InvoiceNumber ?? translate('custom.eaccounting.draft')}</Field>
            <Field label={t('billedTo')}>
              {[invoice.InvoiceCustomerName, a.InvoiceAddress1, a.InvoiceAddress2, [a.InvoicePostalCode, a.InvoiceCity].filter(Boolean).join(' '), a.InvoiceCountryCode]
                .filter(Boolean)
                .map((line, i) => (
                  <span key={i} style={{ display: 'block' }}>
                    {line}
                  </span>
                ))}
            </Field>
            <Field label={t('email')}>{invoice.CustomerEmail ?? '–'}</Field>
            <Field label={t('created')}>{invoice.CreatedDate}</Field>
            <Field label={t('due')}>{invoice.DueDate}</Field>
            <Field label={t('paymentStatus')}>{t(`status.${invoice.PaymentStatus}`)}</Field>
            <Field label={t('terms')}>{invoice.TermsOfPaymentName}</Field>
            <Field label={t('customerKind')}>{t(invoice.CustomerIsPrivatePerson ? 'privatePerson' : 'company')}</Field>
          </Stack>
          <Table size="small" aria-label={t('rows')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('text')}</TableCell>
                <TableCell align="right">{t('quantity')}</TableCell>
                <TableCell align="right">{t('unitPrice')}</TableCell>
                <TableCell align="right">{t('total')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {invoice.Rows.map((row, i) =>
                row.IsTextRow ? (
                  <TableRow key={i}>
                    <TableCell colSpan={4}>{row.Text}</TableCell>
                  </TableRow>
                ) : (
                  <TableRow key={i}>
                    <TableCell>{row.Text}</TableCell>
                    <TableCell align="right">{row.Quantity}</TableCell>
                    <TableCell align="right">{money(row.UnitPrice ?? 0, invoice.PriceSign)}</TableCell>
                    <TableCell align="right">{money(row.TotalAmount ?? 0, invoice.PriceSign)}</TableCell>
                  </TableRow>
                ),
              )}
            </TableBody>
          </Table>
          <Stack component="dl" spacing={0.5} sx={{ m: 0 }}>
            <Field label={t('subtotal')}>{money(invoice.TotalAmount - invoice.TotalVatAmount, invoice.PriceSign)}</Field>
            <Field label={t('vat', { percent: vatPercent })}>{money(invoice.TotalVatAmount, invoice.PriceSign)}</Field>
            <Field label={t('total')}>
              <strong>{money(invoice.TotalAmount, invoice.PriceSign)}</strong>
            </Field>
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => window.open(invoice.InvoiceUri, '_blank', 'noopener')}>{t('open')}</Button>
        <Button variant="contained" onClick={onClose}>
          {t('ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
