import { useEffect, useState } from 'react';
import { Autocomplete, Box, FormControlLabel, Radio, RadioGroup, TextField } from '@mui/material';
import { BooleanInput, email, maxLength, regex, required, TextInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import type { QueryResponse } from '../../../schema/common';
import type { Customer } from '../../../schema/customers';
import type { CustomField } from '../../../schema/customfields';
import { useApi } from '../../common/api';
import { CustomFieldInputs } from '../../common/inputs/CustomFieldInputs';
import { usePhoneDisplay } from '../../common/usePhoneDisplay';

/** Form filter debounce (spec core.md §9). */
export const CUSTOMER_SEARCH_DEBOUNCE_MS = 500;

export type CustomerMode = 'existing' | 'new';

const nameOf = (c: Customer) => `${c.Firstname} ${c.Lastname}`.trim();
const labelOf = (c: Customer, phone: (p: string | null | undefined) => string) => [nameOf(c), c.Email, phone(c.Phone)].filter(Boolean).join(' · ');

/** The customer fields (Table RegisteredUsers) a new customer fills in. */
function useCustomerFields() {
  const api = useApi();
  return useQuery({
    queryKey: ['newBooking', 'customerFields'],
    queryFn: async () => {
      const answer = await api.call<QueryResponse<CustomField>>('GET', '/customfields', {
        query: { Table: 'RegisteredUsers', Active: true, Take: 200, OrderBy: 'SortOrder' },
      });
      return answer.Results;
    },
  });
}

export interface CustomerSectionProps {
  mode: CustomerMode;
  onModeChange: (mode: CustomerMode) => void;
  customer: Customer | null;
  onCustomerChange: (customer: Customer | null) => void;
  /** Says that no customer was chosen yet (after an attempt to book). */
  missing: boolean;
  /** The e-mail the price is calculated for (the chosen customer's, or the new one's as typed). */
  onEmailChange: (email: string) => void;
}

/**
 * Who the booking is for: an existing customer found by search (GET /customers?Search, 500 ms after
 * typing stops), or a new one entered here with the customer custom fields and their rules (inputs
 * of the surrounding form under `NewCustomer`).
 */
export function CustomerSection({ mode, onModeChange, customer, onCustomerChange, missing, onEmailChange }: CustomerSectionProps) {
  const translate = useTranslate();
  const phone = usePhoneDisplay();
  const api = useApi();
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  const fields = useCustomerFields();
  const typedEmail = useWatch({ name: 'NewCustomer.Email' }) as string | undefined;

  useEffect(() => {
    const timer = setTimeout(() => setSearch(input.trim()), CUSTOMER_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [input]);

  useEffect(() => {
    onEmailChange(mode === 'existing' ? (customer?.Email ?? '') : (typedEmail ?? '').trim());
  }, [mode, customer, typedEmail, onEmailChange]);

  const found = useQuery({
    queryKey: ['newBooking', 'customers', search],
    enabled: mode === 'existing' && search.length > 0,
    queryFn: async () => {
      const answer = await api.call<QueryResponse<Customer>>('GET', '/customers', { query: { Search: search, Take: 20, OrderBy: 'Firstname,Lastname' } });
      return answer.Results;
    },
  });

  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <RadioGroup row aria-label={translate('newBookingForm.customer')} value={mode} onChange={(e) => onModeChange(e.target.value as CustomerMode)}>
        <FormControlLabel value="existing" control={<Radio />} label={translate('newBookingForm.existingCustomer')} />
        <FormControlLabel value="new" control={<Radio />} label={translate('newBookingForm.newCustomer')} />
      </RadioGroup>
      {mode === 'existing' ? (
        <Autocomplete<Customer>
          value={customer}
          onChange={(_, next) => onCustomerChange(next)}
          inputValue={input}
          onInputChange={(_, next) => setInput(next)}
          options={found.data ?? (customer ? [customer] : [])}
          filterOptions={(options) => options}
          getOptionLabel={(c: Customer) => labelOf(c, phone)}
          isOptionEqualToValue={(a, b) => a.Id === b.Id}
          loading={found.isFetching}
          noOptionsText={translate(search ? 'newBookingForm.noCustomers' : 'newBookingForm.typeToSearch')}
          loadingText={translate('ra.page.loading')}
          renderInput={(params) => (
            <TextField
              {...params}
              label={translate('newBookingForm.findCustomer')}
              required
              error={missing && !customer}
              helperText={missing && !customer ? translate('newBookingForm.chooseCustomer') : translate('newBookingForm.findCustomerHelp')}
            />
          )}
        />
      ) : (
        <Box>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
            <TextInput source="NewCustomer.Firstname" label="resources.customers.fields.Firstname" validate={[required(), maxLength(100)]} fullWidth />
            <TextInput source="NewCustomer.Lastname" label="resources.customers.fields.Lastname" validate={[required(), maxLength(100)]} fullWidth />
            <TextInput source="NewCustomer.Email" type="email" label="resources.customers.fields.Email" validate={[email(), maxLength(200)]} fullWidth />
            <TextInput source="NewCustomer.Phone" type="tel" label="resources.customers.fields.Phone" validate={[regex(/^[+0-9 ()-]*$/, 'newBookingForm.invalidPhone'), maxLength(30)]} fullWidth />
          </Box>
          <CustomFieldInputs fields={fields.data ?? []} source="NewCustomer.CustomFieldValues" />
          <BooleanInput source="NewCustomer.SubscribedToNewsletter" label="resources.customers.fields.SubscribedToNewsletter" />
        </Box>
      )}
    </Box>
  );
}
