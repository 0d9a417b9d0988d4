import type { CountryId } from '../../../schema/company';
import { isValidOrganisationNumber } from '../../../domain/identityNumbers';

export const COUNTRY_IDS: readonly CountryId[] = ['SE', 'DK', 'FI', 'NO'];

/** The country id when it is one the product serves, else undefined. */
export const asCountryId = (value: unknown): CountryId | undefined => COUNTRY_IDS.find((id) => id === value);

/**
 * react-admin validator for an OrganisationNumber input next to a CountryId input: the same
 * SE/DK/FI/NO checks the server runs.
 * @example
 * <TextInput source="OrganisationNumber" validate={validateOrganisationNumber} />
 */
export const validateOrganisationNumber = (value: unknown, values: { CountryId?: string }): string | undefined => {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  return isValidOrganisationNumber(asCountryId(values.CountryId) ?? 'SE', value) ? undefined : 'custom.company.validation.organisationNumber';
};
