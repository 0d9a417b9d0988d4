import type { Db } from '../db/db';
import type { BillingInformation, BillingInformationInput, CountryId } from '../../schema/company';
import { defaultSwedishVatNumber } from '../../domain/identityNumbers';
import { isValidPostalCode } from '../../domain/postalCodes';
import { ValidationErrors } from './errors';
import { BILLING_METHODS } from './reference';

/**
 * The company's billing information (spec core.md §5 billing form): read, proposed from company
 * data, validated and stored. Shared by the billing area (GET/POST/PUT /billing/company) and the
 * licenses area (POST /licenses/company carries the form of the license flow's step 1).
 */
/** The stored billing record as the wire names it (Exists aside). */
const BILLING_COLUMNS = `billing_method_id as "BillingMethodId", name as "Name", attention as "Attention", email as "Email", gln as "GLN",
  reference_line1 as "ReferenceLine1", reference_line2 as "ReferenceLine2", street1 as "Street1", street2 as "Street2",
  zip_code as "ZipCode", city as "City", country_id as "CountryId", vat_registration_number as "VatRegistrationNumber"`;

type BillingRow = Omit<BillingInformation, 'Exists'>;

/** A company's name, contact and address columns (the companies table), from which billing proposes its form. */
interface CompanyAddressRow {
  name: string;
  email: string;
  street1: string;
  street2: string | null;
  zip_code: string;
  city: string;
  country_id: CountryId;
  organisation_number: string;
}

function toBilling(row: BillingRow): BillingInformation {
  return { ...row, Exists: true };
}

async function companyAddress(db: Db, companyId: number): Promise<CompanyAddressRow> {
  return (await db.one<CompanyAddressRow>(
    'select name, email, street1, street2, zip_code, city, country_id, organisation_number from companies where id = $1',
    [companyId],
  ))!;
}

/** What the billing form starts from when nothing is stored: the company's own name and address. */
function billingProposal(company: CompanyAddressRow): BillingInformation {
  return {
    BillingMethodId: null,
    Name: company.name,
    Attention: null,
    Email: company.email,
    GLN: null,
    ReferenceLine1: null,
    ReferenceLine2: null,
    Street1: company.street1,
    Street2: company.street2,
    ZipCode: company.zip_code,
    City: company.city,
    CountryId: company.country_id,
    VatRegistrationNumber: company.country_id === 'SE' && company.organisation_number ? defaultSwedishVatNumber(company.organisation_number) : '',
    Exists: false,
  };
}

/** The stored billing information, or undefined. */
export async function storedBilling(db: Db, companyId: number): Promise<BillingInformation | undefined> {
  const row = await db.one<BillingRow>(`select ${BILLING_COLUMNS} from billing_information where company_id = $1`, [companyId]);
  return row ? toBilling(row) : undefined;
}

/** GET /billing/company: the stored information, else a proposal from company data (Exists false). */
export async function billingOrProposal(db: Db, companyId: number): Promise<BillingInformation> {
  return (await storedBilling(db, companyId)) ?? billingProposal(await companyAddress(db, companyId));
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function blank(v: string | null | undefined): boolean {
  return v === undefined || v === null || v.trim() === '';
}

/**
 * The billing form's rules that need no database, on the body as sent: each rule only where the
 * fields it reads have the schema's types (the schema refuses the rest). The billing routes run
 * it before the schema (checkFieldsEarly), so that a refusal names these fields with the
 * schema's own; saveBilling runs it again on the validated body.
 */
export function checkBillingInput(input: unknown, add: (field: string, key: string, params?: Record<string, string>) => void): void {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return;
  const body = input as Record<string, unknown>;
  const text = (name: string): string | null | undefined => (typeof body[name] === 'string' || body[name] === null ? (body[name] as string | null) : undefined);
  const methodId = body.BillingMethodId ?? 0;
  const country = typeof body.CountryId === 'string' ? (body.CountryId as CountryId) : undefined;
  if (typeof methodId === 'number') {
    const method = BILLING_METHODS.find((m) => m.id === methodId);
    if (!methodId) add('BillingMethodId', 'BillingMethodRequired');
    else if (!method || (country && !method.countries.includes(country))) add('BillingMethodId', 'InvalidValue');
  }
  for (const field of ['Name', 'Street1', 'ZipCode', 'City'] as const) {
    if ((body[field] === undefined || typeof body[field] === 'string' || body[field] === null) && blank(text(field))) add(field, 'NotEmpty');
  }
  const zipCode = text('ZipCode');
  if (country && !blank(zipCode) && !isValidPostalCode(country, zipCode!)) add('ZipCode', 'PostalCodeInvalid', { country });
  const email = text('Email');
  if (body.Email !== undefined && email === undefined) return;
  if ((methodId === 2 || methodId === 3) && blank(email)) add('Email', 'NotEmpty');
  else if (!blank(email) && !EMAIL.test(email!.trim())) add('Email', 'InvalidFormat');
}

/**
 * Checks and stores the billing information (create or replace): 400 naming each bad field,
 * `prefix` in front of the field names when the form travels inside another body.
 * @example await saveBilling(tx, companyId, body.BillingInformation, 'BillingInformation.');
 */
export async function saveBilling(db: Db, companyId: number, body: BillingInformationInput, prefix = ''): Promise<BillingInformation> {
  const company = await companyAddress(db, companyId);
  const errors = new ValidationErrors();
  const add = (field: string, key: string, params: Record<string, string> = {}) => errors.add(`${prefix}${field}`, key, params);
  const methodId = body.BillingMethodId ?? 0;
  checkBillingInput(body, add);
  let vat = body.VatRegistrationNumber?.trim() ?? '';
  if (!vat && company.country_id === 'SE' && company.organisation_number) vat = defaultSwedishVatNumber(company.organisation_number);
  if (!vat) add('VatRegistrationNumber', 'NotEmpty');
  errors.throwIfAny();
  const withInvoiceDetails = methodId !== 1 && methodId !== 2;
  const row = await db.one<BillingRow>(
    `insert into billing_information (company_id, billing_method_id, name, attention, email, gln, reference_line1, reference_line2,
                                      street1, street2, zip_code, city, country_id, vat_registration_number)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
     on conflict (company_id) do update set
       billing_method_id = excluded.billing_method_id, name = excluded.name, attention = excluded.attention, email = excluded.email,
       gln = excluded.gln, reference_line1 = excluded.reference_line1, reference_line2 = excluded.reference_line2,
       street1 = excluded.street1, street2 = excluded.street2, zip_code = excluded.zip_code, city = excluded.city,
       country_id = excluded.country_id, vat_registration_number = excluded.vat_registration_number, updated = now()
     returning ${BILLING_COLUMNS}`,
    [
      companyId,
      methodId,
      body.Name.trim(),
      body.Attention ?? null,
      blank(body.Email) ? null : body.Email!.trim(),
      withInvoiceDetails && !blank(body.GLN) ? body.GLN! : null,
      withInvoiceDetails && !blank(body.ReferenceLine1) ? body.ReferenceLine1! : null,
      withInvoiceDetails && !blank(body.ReferenceLine2) ? body.ReferenceLine2! : null,
      body.Street1.trim(),
      body.Street2 ?? null,
      body.ZipCode.trim(),
      body.City.trim(),
      body.CountryId,
      vat,
    ],
  );
  return toBilling(row!);
}
