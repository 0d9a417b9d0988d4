import { useFormContext } from 'react-hook-form';
import { TextInput, type Validator } from 'react-admin';
import { isValidPersonalIdentityNumber, type IdCountry } from '../../../domain/identityNumbers';
import { useCompany } from '../../common/useCompany';

/**
 * The customer's personal identity number, checked when the field is left (not only on save) by the
 * same rule the API applies (domain/identityNumbers.ts) for the company's country, with a message
 * that names the field as the form labels it.
 */
export function PersonalIdentityNumberInput({ source, validate }: { source: string; validate: Validator[] }) {
  const { company } = useCompany();
  const { trigger } = useFormContext();
  const country = (company?.CountryId ?? 'SE') as IdCountry;
  const valid: Validator = (value: unknown) =>
    typeof value === 'string' && value.trim() && !isValidPersonalIdentityNumber(country, value.trim())
      ? { message: 'resources.customers.validation.personalIdentityNumber', args: { country } }
      : undefined;
  return <TextInput source={source} validate={[...validate, valid]} onBlur={() => void trigger(source)} />;
}
