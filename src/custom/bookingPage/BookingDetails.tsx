import type { ReactNode } from 'react';
import { Box, Divider, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { Link, useGetMany, useLocale, useTranslate } from 'react-admin';
import { bookingCustomerName, bookingPriceSign, type Booking } from '../../common/bookings/bookingTypes';
import { formatRange } from '../../common/bookings/formatRange';
import { formatAmount, formatWireDate } from '../../i18n/format';
import { PaymentSection } from './PaymentSection';
import { ResourcesSection } from './ResourcesSection';
import { Section } from './Section';
import { usePhoneDisplay } from '../../common/usePhoneDisplay';

/** Label and value pairs. */
function Facts({ rows }: { rows: [string, ReactNode][] }) {
  const translate = useTranslate();
  const shown = rows.filter(([, value]) => value !== null && value !== undefined && value !== '');
  // A section whose every value is blank says so, rather than leaving its heading alone.
  if (!shown.length) return <Typography color="text.secondary">{translate('custom.bookings.page.none')}</Typography>;
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(120px, max-content) 1fr' }, columnGap: 2, rowGap: 0.5, m: 0 }}>
      {shown.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Box component="dt" sx={{ color: 'text.secondary' }}>
            {translate(label)}
          </Box>
          <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/** Everything about a booking, section by section. */
export function BookingDetails({ booking }: { booking: Booking }) {
  const translate = useTranslate();
  const phone = usePhoneDisplay();
  const locale = useLocale();
  const sign = bookingPriceSign(booking);
  const money = (value: number | null | undefined, own?: string | null) => (value == null ? '' : formatAmount(value, own ?? sign, locale));
  const f = (key: string) => `resources.bookings.fields.${key}`;
  const address = booking.InvoiceAddress;
  const { data: customFields } = useGetMany<{ id: number; Name: string }>('custom-fields', { ids: (booking.CustomFieldValues ?? []).map((c) => c.Id) });
  const fieldNames = new Map((customFields ?? []).map((c) => [Number(c.id), c.Name]));
  const flags = (['SendEmailConfirmation', 'SendSmsConfirmation', 'SendEmailReminder', 'SendSmsReminder'] as const).filter((k) => booking[k]);
  return (
    <Stack spacing={3} divider={<Divider flexItem />}>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 3 }}>
        <Section title="custom.bookings.page.sections.time">
          <Facts
            rows={[
              [f('From'), formatRange(booking.From, booking.To, locale)],
              [f('ServiceName'), booking.ServiceName],
              [f('CreatedDate'), booking.CreatedDate ? formatWireDate(booking.CreatedDate, locale) : ''],
              [f('UpdatedDate'), booking.UpdatedDate ? formatWireDate(booking.UpdatedDate, locale) : ''],
              [f('SendFlags'), flags.map((k) => translate(f(k))).join(', ')],
            ]}
          />
        </Section>
        <Section title="custom.bookings.page.sections.customer">
          {booking.Customer ? (
            <Facts
              rows={[
                [f('CustomerName'), <Link key="c" to={`/customers/${booking.Customer.Id}`}>{bookingCustomerName(booking) || `#${booking.Customer.Id}`}</Link>],
                [f('Email'), booking.Customer.Email],
                [f('Phone'), phone(booking.Customer.Phone)],
              ]}
            />
          ) : (
            <Typography color="text.secondary">{translate('custom.bookings.page.noCustomer')}</Typography>
          )}
        </Section>
      </Box>
      <Section title="custom.bookings.page.sections.quantities">
        <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={translate('custom.bookings.page.sections.quantities')}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{translate(f('PriceText'))}</TableCell>
                <TableCell align="right">{translate(f('Quantity'))}</TableCell>
                <TableCell align="right">{translate(f('Price'))}</TableCell>
                <TableCell align="right">{translate(f('PriceBeforeRebate'))}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(booking.Quantities ?? []).map((q) => (
                <TableRow key={q.Id}>
                  <TableCell>{q.PriceText || q.Category || translate('custom.bookings.page.price')}</TableCell>
                  <TableCell align="right" data-testid={`quantity-${q.Id}`}>
                    {q.Quantity}
                  </TableCell>
                  <TableCell align="right">{money(q.Price, q.PriceSign)}</TableCell>
                  <TableCell align="right">{q.PriceBeforeRebate != null && q.PriceBeforeRebate !== q.Price ? money(q.PriceBeforeRebate, q.PriceSign) : ''}</TableCell>
                </TableRow>
              ))}
              <TableRow>
                <TableCell sx={{ fontWeight: 600 }}>{translate(f('TotalPrice'))}</TableCell>
                <TableCell />
                <TableCell align="right" sx={{ fontWeight: 600 }} data-testid="booking-total">
                  {money(booking.TotalPrice)}
                </TableCell>
                <TableCell />
              </TableRow>
            </TableBody>
          </Table>
        </Box>
        {(booking.RebateCodes ?? []).length > 0 && (
          <Box sx={{ mt: 2 }}>
            <Typography variant="subtitle2" component="h4">
              {translate('custom.bookings.page.sections.codes')}
            </Typography>
            <Box component="ul" sx={{ m: 0, pl: 2 }}>
              {(booking.RebateCodes ?? []).map((c) => (
                <li key={c.RebateCodeId}>
                  <Link to={`/promo-codes/${c.RebateCodeId}`}>{c.RebateCodeSign}</Link>
                  {c.Amount ? ` −${money(c.Amount)}` : ''}
                </li>
              ))}
            </Box>
          </Box>
        )}
      </Section>
      <ResourcesSection booking={booking} />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 3 }}>
        <Section title="custom.bookings.page.sections.customFields">
          {(booking.CustomFieldValues ?? []).length ? (
            <Facts rows={(booking.CustomFieldValues ?? []).map((c) => [fieldNames.get(c.Id) ?? `#${c.Id}`, c.Value ?? ''] as [string, ReactNode])} />
          ) : (
            <Typography color="text.secondary">{translate('custom.bookings.page.none')}</Typography>
          )}
        </Section>
        <Section title="custom.bookings.page.sections.comments">
          <Facts
            rows={[
              [f('BookedComments'), booking.BookedComments],
              [f('CommentsToCustomer'), booking.CommentsToCustomer],
              [f('UnbookedComments'), booking.UnbookedComments],
            ]}
          />
        </Section>
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 3 }}>
        <Section title="custom.bookings.page.sections.invoiceAddress">
          {address && Object.values(address).some(Boolean) ? (
            <Facts
              rows={[
                [f('CorporateIdentityNumber'), address.CorporateIdentityNumber],
                [f('InvoiceAddress1'), address.InvoiceAddress1],
                [f('InvoiceAddress2'), address.InvoiceAddress2],
                [f('InvoicePostalCode'), [address.InvoicePostalCode, address.InvoiceCity].filter(Boolean).join(' ')],
                [f('InvoiceCountryCode'), address.InvoiceCountryCode],
              ]}
            />
          ) : (
            <Typography color="text.secondary">{translate('custom.bookings.page.none')}</Typography>
          )}
        </Section>
        <PaymentSection booking={booking} />
      </Box>
    </Stack>
  );
}
