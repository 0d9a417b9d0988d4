import { useCallback, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button as MuiButton, Checkbox, FormControlLabel } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { email, Form, required, SaveButton, SelectInput, TextInput, useTranslate, type Validator } from 'react-admin';
import { useFormContext, useWatch, type FieldValues } from 'react-hook-form';
import type { BillingInformation, BillingInformationInput, BillingMethod, Company } from '../../../schema/company';
import type { QueryResponse } from '../../../schema/common';
import { resultsOf, useApi } from '../../common/api';
import { FormActions, FormGrid, FormSection } from '../../common/PageHeading';
import { useSubmit, type SubmitNotice } from '../useSubmit';
import {
  ADDRESS_FIELDS,
  addressFromCompany,
  BILLING_COUNTRIES,
  billingFormDefaults,
  billingPayload,
  requiresBillingEmail,
  showsReferenceFields,
  type BillingFormValues,
} from './billingRules';

export interface BillingFormProps {
  /** The saved billing information, the server's proposal (Exists false), or null. */
  billing: BillingInformation | null;
  /** The company: source of the address prefill and of the default Swedish VAT number. */
  company: Company | null;
  /** Sends the billing information (POST or PUT /billing/company, or the license wizard's call). */
  save: (billing: BillingInformationInput) => Promise<unknown>;
  /** Called after a successful save with what `save` answered. */
  onSaved?: (result: unknown) => void;
  /** Shows a back button that calls this. */
  onBack?: () => void;
  /** Translation key of the save button; default ra.action.save. */
  saveLabel?: string;
  /** Translation key of the success notice, or one chosen from what `save` answered; default custom.billing.saved. */
  successMessage?: string | ((result: unknown) => SubmitNotice);
}

const methodRequired = required('custom.billing.validation.methodRequired');

const emailWhenInvoicedByMail: Validator = (value, values: Partial<BillingFormValues>) =>
  requiresBillingEmail(Number(values.BillingMethodId)) && (value == null || String(value).trim() === '') ? 'ra.validation.required' : undefined;

const validateRequired = required();
const validateEmail = [emailWhenInvoicedByMail, email()];
const validateEmailRequired = [required(), email()];

/**
 * The billing form of spec §5: billing method, billing address and VAT registration number, with the
 * address optionally prefilled from the company. Used by the company page and the license wizard.
 * @example
 * <BillingForm billing={billing} company={company} save={(b) => api.call('PUT', '/billing/company', { body: b })} />
 */
export function BillingForm({ billing, company, save, onSaved, onBack, saveLabel, successMessage }: BillingFormProps) {
  const translate = useTranslate();
  const defaultValues = useMemo(() => billingFormDefaults(billing, company), [billing, company]);
  const submit = useSubmit(
    useCallback((values: BillingFormValues) => save(billingPayload(values)), [save]),
    successMessage ?? 'custom.billing.saved',
    onSaved,
  );
  return (
    <Form defaultValues={defaultValues} onSubmit={(values: FieldValues) => submit(values as BillingFormValues)} noValidate>
      <FormGrid>
        <BillingMethodInput />
        {company && <PrefillFromCompany company={company} />}
        <FormSection title="custom.billing.sections.address" />
        <TextInput source="Name" label="custom.billing.fields.Name" validate={validateRequired} />
        <TextInput source="Attention" label="custom.billing.fields.Attention" />
        <TextInput source="Street1" label="custom.billing.fields.Street1" validate={validateRequired} />
        <TextInput source="Street2" label="custom.billing.fields.Street2" />
        <TextInput source="ZipCode" label="custom.billing.fields.ZipCode" validate={validateRequired} />
        <TextInput source="City" label="custom.billing.fields.City" validate={validateRequired} />
        <SelectInput
          source="CountryId"
          label="custom.billing.fields.CountryId"
          choices={BILLING_COUNTRIES.map((id) => ({ id, name: translate(`custom.common.countries.${id}`) }))}
          validate={validateRequired}
          translateChoice={false}
        />
        <TextInput source="VatRegistrationNumber" label="custom.billing.fields.VatRegistrationNumber" validate={validateRequired} />
        <FormSection title="custom.billing.sections.invoice" />
        <BillingMethodDependentInputs />
      </FormGrid>
      <FormActions>
        {onBack && (
          <MuiButton onClick={onBack} startIcon={<ArrowBackIcon />}>
            {translate('ra.action.back')}
          </MuiButton>
        )}
        <SaveButton label={saveLabel ?? 'ra.action.save'} alwaysEnable />
      </FormActions>
    </Form>
  );
}

function BillingMethodInput() {
  const api = useApi();
  const countryId = useWatch<BillingFormValues, 'CountryId'>({ name: 'CountryId' });
  const { data, isPending } = useQuery({
    queryKey: ['billing', 'methods', countryId],
    queryFn: () => api.call<QueryResponse<BillingMethod> | BillingMethod[]>('GET', '/billing/methods', { query: { CountryId: countryId } }),
  });
  const methods = resultsOf(data);
  return (
    <SelectInput
      source="BillingMethodId"
      label="custom.billing.fields.BillingMethodId"
      choices={isPending ? undefined : methods}
      optionValue="Id"
      optionText="Name"
      translateChoice={false}
      isPending={isPending}
      validate={methodRequired}
      parse={(value: unknown) => (value === '' || value == null ? null : Number(value))}
      sx={{ gridColumn: '1 / -1' }}
    />
  );
}

function BillingMethodDependentInputs() {
  const methodId = useWatch<BillingFormValues, 'BillingMethodId'>({ name: 'BillingMethodId' });
  const emailRequired = requiresBillingEmail(Number(methodId));
  return (
    <>
      <TextInput
        source="Email"
        type="email"
        label="custom.billing.fields.Email"
        validate={emailRequired ? validateEmailRequired : validateEmail}
      />
      {showsReferenceFields(methodId == null ? null : Number(methodId)) && (
        <>
          <TextInput source="GLN" label="custom.billing.fields.GLN" />
          <TextInput source="ReferenceLine1" label="custom.billing.fields.ReferenceLine1" />
          <TextInput source="ReferenceLine2" label="custom.billing.fields.ReferenceLine2" />
        </>
      )}
    </>
  );
}

type AddressValues = Pick<BillingFormValues, (typeof ADDRESS_FIELDS)[number]>;

function PrefillFromCompany({ company }: { company: Company }) {
  const translate = useTranslate();
  const { getValues, setValue } = useFormContext<BillingFormValues>();
  const [checked, setChecked] = useState(false);
  const before = useRef<AddressValues | null>(null);
  const apply = (values: AddressValues) => {
    for (const field of ADDRESS_FIELDS) setValue(field, values[field], { shouldDirty: true, shouldValidate: true });
  };
  const toggle = (next: boolean) => {
    setChecked(next);
    if (next) {
      const current = getValues();
      before.current = Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, current[field]])) as AddressValues;
      apply(addressFromCompany(company));
    } else if (before.current) {
      apply(before.current);
    }
  };
  return (
    <FormControlLabel
      sx={{ gridColumn: '1 / -1' }}
      control={<Checkbox checked={checked} onChange={(event) => toggle(event.target.checked)} />}
      label={translate('custom.billing.prefillFromCompany')}
    />
  );
}
