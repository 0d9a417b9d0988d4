import { Box } from '@mui/material';
import { BooleanInput, TextInput, maxLength, regex, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { INVOICE_ADDRESS_FIELDS } from './values';

/** The contract's length limits of InvoiceAddress (schema/customers.ts). */
const LIMITS: Record<(typeof INVOICE_ADDRESS_FIELDS)[number], number> = {
  InvoiceAddress1: 200,
  InvoiceAddress2: 200,
  InvoicePostalCode: 20,
  InvoiceCity: 100,
  InvoiceCountryCode: 2,
  CorporateIdentityNumber: 50,
};

const countryCode = regex(/^[A-Za-z]{2}$/, 'newBookingForm.countryCodeFormat');

/**
 * The booking's own invoice address (optional): a switch, and when it is on the address fields of the
 * contract's InvoiceAddress (address lines, postal code, city, two-letter country code, corporate
 * identity number).
 */
export function InvoiceAddressInputs() {
  const translate = useTranslate();
  const on = useWatch({ name: 'UseInvoiceAddress' }) as boolean;
  return (
    <Box>
      <BooleanInput source="UseInvoiceAddress" label="newBookingForm.useInvoiceAddress" helperText={false} />
      {on ? (
        <Box role="group" aria-label={translate('newBookingForm.invoiceAddress.title')} sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
          {INVOICE_ADDRESS_FIELDS.map((field) => (
            <TextInput
              key={field}
              source={`InvoiceAddress.${field}`}
              label={`newBookingForm.invoiceAddress.${field}`}
              validate={field === 'InvoiceCountryCode' ? countryCode : maxLength(LIMITS[field])}
              autoComplete="off"
              fullWidth
              helperText={false}
            />
          ))}
        </Box>
      ) : null}
    </Box>
  );
}
