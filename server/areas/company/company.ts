import type { FastifyInstance } from 'fastify';
import { IANAZone } from 'luxon';
import type { Db } from '../../db/db';
import { ApiError, ValidationErrors } from '../../shared/errors';
import type { Lang } from '../../shared/messages';
import { ref } from '../../shared/schemas';
import { idParams } from '../../autoquery/index';
import type { BillingInformation, BillingInformationInput, Company, CompanyInput, CountryId } from '../../../schema/company';
import { defaultSwedishVatNumber, isValidOrganisationNumber } from '../../../domain/identityNumbers';
import { isValidPostalCode } from '../../../domain/postalCodes';
import { localTime } from '../../shared/fieldErrors';
import { BILLING_METHODS, CATEGORIES, COMPANY_STATUS_NAMES, COMPANY_TYPES, COUNTRIES, envelope, onWire } from '../../shared/reference';

interface CompanyRow {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  homepage: string | null;
  street1: string;
  street2: string | null;
  zip_code: string;
  city: string;
  country_id: CountryId;
  organisation_number: string;
  time_zone: string;
  currency_id: string;
  category_id: number | null;
  type_id: number | null;
  status_id: Company['StatusId'];
  latitude: number | null;
  longitude: number | null;
  logo_url: string | null;
  license_type_id: number;
  is_free: boolean;
  created: string;
  updated: string;
}

const companyIdParams = {
  type: 'object',
  properties: { companyId: { type: 'integer', minimum: 1, maximum: 2147483647 } },
  required: ['companyId'],
} as const;

/** The caller's company row, or undefined. */
async function loadCompany(db: Db, companyId: number, tz: string): Promise<CompanyRow | undefined> {
  return db.one<CompanyRow>(
    `select c.id, c.name, c.email, c.phone, c.homepage, c.street1, c.street2, c.zip_code, c.city, c.country_id,
            c.organisation_number, c.time_zone, c.currency_id, c.category_id, c.type_id, c.status_id,
            c.latitude, c.longitude, c.logo_url, c.license_type_id, coalesce(lt.is_free, true) as is_free,
            ${localTime('c.created', '$2')} as created, ${localTime('c.updated', '$2')} as updated
       from companies c left join license_types lt on lt.id = c.license_type_id
      where c.id = $1`,
    [companyId, tz],
  );
}

function toCompany(row: CompanyRow, lang: Lang): Company {
  return {
    Id: row.id,
    Name: row.name,
    Email: row.email,
    Phone: row.phone,
    Homepage: row.homepage,
    Street1: row.street1,
    Street2: row.street2,
    ZipCode: row.zip_code,
    City: row.city,
    Country: COUNTRIES.find((c) => c.id === row.country_id)?.name[lang] ?? row.country_id,
    CountryId: row.country_id,
    OrganisationNumber: row.organisation_number,
    TimeZone: row.time_zone,
    CurrencyId: row.currency_id,
    CategoryId: row.category_id,
    TypeId: row.type_id,
    StatusId: row.status_id,
    Latitude: row.latitude,
    Longitude: row.longitude,
    LogoUrl: row.logo_url,
    LicenseTypeId: row.license_type_id,
    IsFreeAccount: row.is_free,
    Created: row.created,
    Updated: row.updated,
  };
}

/** The stored billing record as the wire names it (Exists aside). */
const BILLING_COLUMNS = `billing_method_id as "BillingMethodId", name as "Name", attention as "Attention", email as "Email", gln as "GLN",
  reference_line1 as "ReferenceLine1", reference_line2 as "ReferenceLine2", street1 as "Street1", street2 as "Street2",
  zip_code as "ZipCode", city as "City", country_id as "CountryId", vat_registration_number as "VatRegistrationNumber"`;

type BillingRow = Omit<BillingInformation, 'Exists'>;

function toBilling(row: BillingRow): BillingInformation {
  return { ...row, Exists: true };
}

/** What the billing form starts from when nothing is stored: the company's own name and address. */
function billingProposal(company: CompanyRow): BillingInformation {
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

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function blank(v: string | null | undefined): boolean {
  return v === undefined || v === null || v.trim() === '';
}

/**
 * The company of the caller: GET /companies, PUT /companies/{Id}, sending for approval,
 * coordinates, and the billing information (GET, POST, PUT /billing/company, GET /billing/methods).
 */
export default async function companyRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  app.get<{ Querystring: { Id?: number } }>('/companies', { schema: { querystring: ref('CompanyQuery') } }, async (request) => {
    const { companyId, timeZone, lang } = request.ctx;
    if (request.query.Id !== undefined && request.query.Id !== companyId) return envelope([]);
    const row = await loadCompany(db, companyId, timeZone);
    return envelope(row ? [toCompany(row, lang)] : []);
  });

  app.get('/companies/coordinates', async (request) => {
    const row = await db.one<{ latitude: number | null; longitude: number | null }>('select latitude, longitude from companies where id = $1', [request.ctx.companyId]);
    return { Latitude: row?.latitude ?? null, Longitude: row?.longitude ?? null };
  });

  app.put<{ Params: { Id: number }; Body: CompanyInput }>(
    '/companies/:Id',
    { schema: { params: idParams, body: ref('CompanyInput') } },
    async (request) => {
      const { companyId, lang, timeZone } = request.ctx;
      if (request.params.Id !== companyId) throw ApiError.notFound('Company', request.params.Id);
      const body = request.body;
      const errors = new ValidationErrors();
      if (body.Name.trim() === '') errors.add('Name', 'NotEmpty');
      if (body.OrganisationNumber !== undefined && body.OrganisationNumber.trim() !== '' && !isValidOrganisationNumber(body.CountryId, body.OrganisationNumber)) {
        errors.add('OrganisationNumber', 'OrganisationNumberInvalid', { country: body.CountryId });
      }
      if (!blank(body.ZipCode) && !isValidPostalCode(body.CountryId, body.ZipCode)) errors.add('ZipCode', 'PostalCodeInvalid', { country: body.CountryId });
      if (body.TimeZone !== undefined && !IANAZone.isValidZone(body.TimeZone)) errors.add('TimeZone', 'InvalidValue');
      if (body.CategoryId != null && !CATEGORIES.some((c) => c.id === body.CategoryId)) errors.add('CategoryId', 'InvalidValue');
      if (body.TypeId != null && !COMPANY_TYPES.some((c) => c.id === body.TypeId)) errors.add('TypeId', 'InvalidValue');
      errors.throwIfAny();
      await db.query(
        `update companies set name = $2, email = $3, phone = $4, homepage = $5, street1 = $6, street2 = $7, zip_code = $8, city = $9,
                country_id = $10, organisation_number = coalesce($11, organisation_number), time_zone = coalesce($12, time_zone),
                category_id = $13, type_id = $14, logo_url = $15, updated = now()
          where id = $1`,
        [
          companyId,
          body.Name.trim(),
          body.Email.trim(),
          body.Phone ?? null,
          body.Homepage ?? null,
          body.Street1,
          body.Street2 ?? null,
          body.ZipCode,
          body.City,
          body.CountryId,
          body.OrganisationNumber?.trim() ?? null,
          body.TimeZone ?? null,
          body.CategoryId ?? null,
          body.TypeId ?? null,
          body.LogoUrl ?? null,
        ],
      );
      const row = await loadCompany(db, companyId, timeZone);
      return toCompany(row!, lang);
    },
  );

  app.put<{ Params: { companyId: number } }>('/companies/:companyId/sendforapproval', { schema: { params: companyIdParams } }, async (request) => {
    const { companyId, lang, timeZone } = request.ctx;
    const updated = await db.one<{ id: number }>('update companies set status_id = 2, updated = now() where id = $1 and status_id = 1 returning id', [companyId]);
    const row = await loadCompany(db, companyId, timeZone);
    if (!updated) {
      const status = row?.status_id ?? 0;
      throw ApiError.field(409, 'StatusId', 'SendForApprovalStatus', { status: COMPANY_STATUS_NAMES[status]?.[lang] ?? status });
    }
    return toCompany(row!, lang);
  });

  app.get<{ Querystring: { CountryId?: CountryId } }>('/billing/methods', { schema: { querystring: ref('BillingMethodQuery') } }, async (request) => {
    const country = request.query.CountryId;
    return envelope(BILLING_METHODS.filter((m) => !country || m.countries.includes(country)).map((m) => onWire(m, request.ctx.lang)));
  });

  app.get('/billing/company', async (request) => {
    const { companyId, timeZone } = request.ctx;
    const row = await db.one<BillingRow>(`select ${BILLING_COLUMNS} from billing_information where company_id = $1`, [companyId]);
    if (row) return toBilling(row);
    const company = await loadCompany(db, companyId, timeZone);
    return billingProposal(company!);
  });

  const saveBilling = async (companyId: number, timeZone: string, body: BillingInformationInput): Promise<BillingInformation> => {
    const company = (await loadCompany(db, companyId, timeZone))!;
    const errors = new ValidationErrors();
    const methodId = body.BillingMethodId ?? 0;
    const method = BILLING_METHODS.find((m) => m.id === methodId);
    if (!methodId) errors.add('BillingMethodId', 'BillingMethodRequired');
    else if (!method || !method.countries.includes(body.CountryId)) errors.add('BillingMethodId', 'InvalidValue');
    for (const field of ['Name', 'Street1', 'ZipCode', 'City'] as const) {
      if (blank(body[field])) errors.add(field, 'NotEmpty');
    }
    if (!blank(body.ZipCode) && !isValidPostalCode(body.CountryId, body.ZipCode)) errors.add('ZipCode', 'PostalCodeInvalid', { country: body.CountryId });
    if ((methodId === 2 || methodId === 3) && blank(body.Email)) errors.add('Email', 'NotEmpty');
    else if (!blank(body.Email) && !EMAIL.test(body.Email!.trim())) errors.add('Email', 'InvalidFormat');
    let vat = body.VatRegistrationNumber?.trim() ?? '';
    if (!vat && company.country_id === 'SE' && company.organisation_number) vat = defaultSwedishVatNumber(company.organisation_number);
    if (!vat) errors.add('VatRegistrationNumber', 'NotEmpty');
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
  };

  // POST and PUT both store the one billing record of the company (create or replace).
  app.post<{ Body: BillingInformationInput }>('/billing/company', { schema: { body: ref('BillingInformationInput') } }, async (request) =>
    saveBilling(request.ctx.companyId, request.ctx.timeZone, request.body),
  );
  app.put<{ Body: BillingInformationInput }>('/billing/company', { schema: { body: ref('BillingInformationInput') } }, async (request) =>
    saveBilling(request.ctx.companyId, request.ctx.timeZone, request.body),
  );
}
