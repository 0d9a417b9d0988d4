import type { BillingInformation, BillingInformationInput, Company, CountryId } from '../../../schema/company';
import { defaultSwedishVatNumber } from '../../../domain/identityNumbers';
import { asCountryId, COUNTRY_IDS } from '../company/organisationNumber';

export const BILLING_COUNTRIES: readonly CountryId[] = COUNTRY_IDS;

/** Methods 2 and 3 send the invoice by e-mail, so a billing e-mail is required. */
export const requiresBillingEmail = (billingMethodId: number | null | undefined): boolean =>
  billingMethodId === 2 || billingMethodId === 3;

/** GLN and the two reference lines are shown only when the method is neither 1 nor 2. */
export const showsReferenceFields = (billingMethodId: number | null | undefined): boolean =>
  billingMethodId !== 1 && billingMethodId !== 2;

/**
 * The VAT number a Swedish company gets when it has none: SE + organisation number without dash + 01.
 * @example
 * defaultVatNumber({ CountryId: 'SE', OrganisationNumber: '556677-8899' }); // 'SE556677889901'
 */
export function defaultVatNumber(company: Pick<Company, 'CountryId' | 'OrganisationNumber'> | null | undefined): string {
  if (!company || company.CountryId !== 'SE' || !company.OrganisationNumber) return '';
  return defaultSwedishVatNumber(company.OrganisationNumber);
}

/** The billing form's values. */
export type BillingFormValues = Omit<BillingInformation, 'Exists'>;

type CompanyAddress = Pick<Company, 'Name' | 'Street1' | 'Street2' | 'ZipCode' | 'City' | 'CountryId' | 'OrganisationNumber'>;

/**
 * Initial values of the billing form: the saved (or server-proposed) billing information, else
 * empty fields with country SE; a Swedish company without a VAT number gets the default one.
 */
export function billingFormDefaults(billing: BillingInformation | null | undefined, company: CompanyAddress | null | undefined): BillingFormValues {
  return {
    BillingMethodId: billing?.BillingMethodId ?? null,
    Name: billing?.Name ?? '',
    Attention: billing?.Attention ?? null,
    Email: billing?.Email ?? null,
    GLN: billing?.GLN ?? null,
    ReferenceLine1: billing?.ReferenceLine1 ?? null,
    ReferenceLine2: billing?.ReferenceLine2 ?? null,
    Street1: billing?.Street1 ?? '',
    Street2: billing?.Street2 ?? null,
    ZipCode: billing?.ZipCode ?? '',
    City: billing?.City ?? '',
    CountryId: asCountryId(billing?.CountryId) ?? 'SE',
    VatRegistrationNumber: billing?.VatRegistrationNumber || defaultVatNumber(company),
  };
}

export const ADDRESS_FIELDS = ['Name', 'Street1', 'Street2', 'ZipCode', 'City', 'CountryId'] as const;

/** The address part of the billing form taken from the company's own data. */
export function addressFromCompany(company: CompanyAddress): Pick<BillingFormValues, (typeof ADDRESS_FIELDS)[number]> {
  return {
    Name: company.Name,
    Street1: company.Street1,
    Street2: company.Street2,
    ZipCode: company.ZipCode,
    City: company.City,
    CountryId: asCountryId(company.CountryId) ?? 'SE',
  };
}

const orNull = (value: string | null | undefined): string | null => (value == null || value.trim() === '' ? null : value.trim());

/** The body of POST/PUT /billing/company; fields the chosen method does not use are left out. */
export function billingPayload(values: BillingFormValues): BillingInformationInput {
  const references = showsReferenceFields(values.BillingMethodId);
  return {
    BillingMethodId: values.BillingMethodId,
    Name: values.Name.trim(),
    Attention: orNull(values.Attention),
    Email: orNull(values.Email),
    GLN: references ? orNull(values.GLN) : null,
    ReferenceLine1: references ? orNull(values.ReferenceLine1) : null,
    ReferenceLine2: references ? orNull(values.ReferenceLine2) : null,
    Street1: values.Street1.trim(),
    Street2: orNull(values.Street2),
    ZipCode: values.ZipCode.trim(),
    City: values.City.trim(),
    CountryId: values.CountryId,
    VatRegistrationNumber: values.VatRegistrationNumber.trim(),
  };
}
