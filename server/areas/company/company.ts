import type { FastifyInstance } from 'fastify';
import { IANAZone } from 'luxon';
import type { Db } from '../../db/db';
import { ApiError, checkFieldsEarly, type RefuseField } from '../../shared/errors';
import type { Lang } from '../../shared/messages';
import { page, ref } from '../../shared/schemas';
import { idParams } from '../../autoquery/index';
import type { Company, CompanyInput } from '../../../schema/company';
import { isValidOrganisationNumber } from '../../../domain/identityNumbers';
import { isValidPostalCode } from '../../../domain/postalCodes';
import { localTime } from '../../shared/fieldErrors';
import { CATEGORIES, COMPANY_STATUS_NAMES, COMPANY_TYPES, COUNTRIES, envelope } from '../../shared/reference';

/** The company row as the wire names it; only Country (a name in the caller's language) is added in code. */
type CompanyRow = Omit<Company, 'Country'>;

const companyIdParams = {
  type: 'object',
  properties: { companyId: { type: 'integer', minimum: 1, maximum: 2147483647 } },
  required: ['companyId'],
} as const;

/** The caller's company row, or undefined. */
async function loadCompany(db: Db, companyId: number, tz: string): Promise<CompanyRow | undefined> {
  return db.one<CompanyRow>(
    `select c.id as "Id", c.name as "Name", c.email as "Email", c.phone as "Phone", c.homepage as "Homepage", c.street1 as "Street1",
            c.street2 as "Street2", c.zip_code as "ZipCode", c.city as "City", c.country_id as "CountryId",
            c.organisation_number as "OrganisationNumber", c.time_zone as "TimeZone", c.currency_id as "CurrencyId",
            c.category_id as "CategoryId", c.type_id as "TypeId", c.status_id as "StatusId", c.latitude as "Latitude",
            c.longitude as "Longitude", c.logo_url as "LogoUrl", c.license_type_id as "LicenseTypeId", coalesce(lt.is_free, true) as "IsFreeAccount",
            ${localTime('c.created', '$2')} as "Created", ${localTime('c.updated', '$2')} as "Updated"
       from companies c left join license_types lt on lt.id = c.license_type_id
      where c.id = $1`,
    [companyId, tz],
  );
}

function toCompany(row: CompanyRow, lang: Lang): Company {
  return { ...row, Country: COUNTRIES.find((c) => c.id === row.CountryId)?.name[lang] ?? row.CountryId };
}

/**
 * A company's rules beyond its schema, before the schema (checkFieldsEarly) so that a refusal names
 * them with the schema's own fields: on the body as sent, each rule only where the fields it reads
 * have the schema's types (the schema refuses the rest).
 */
function checkCompanyInput(input: unknown, refuse: RefuseField): void {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return;
  const body = input as Record<string, unknown>;
  const text = (name: string): string | undefined => (typeof body[name] === 'string' ? (body[name] as string) : undefined);
  const country = COUNTRIES.find((c) => c.id === body.CountryId)?.id;
  const name = text('Name');
  if (name !== undefined && name.trim() === '') refuse('Name', 'NotEmpty');
  const organisationNumber = text('OrganisationNumber')?.trim();
  if (country && organisationNumber && !isValidOrganisationNumber(country, organisationNumber)) {
    refuse('OrganisationNumber', 'OrganisationNumberInvalid', { country });
  }
  const zipCode = text('ZipCode');
  if (country && zipCode?.trim() && !isValidPostalCode(country, zipCode)) refuse('ZipCode', 'PostalCodeInvalid', { country });
  const zone = text('TimeZone');
  if (zone !== undefined && !IANAZone.isValidZone(zone)) refuse('TimeZone', 'InvalidValue');
  if (typeof body.CategoryId === 'number' && !CATEGORIES.some((c) => c.id === body.CategoryId)) refuse('CategoryId', 'InvalidValue');
  if (typeof body.TypeId === 'number' && !COMPANY_TYPES.some((c) => c.id === body.TypeId)) refuse('TypeId', 'InvalidValue');
}

/**
 * The company of the caller: GET /companies, PUT /companies/{Id}, sending for approval,
 * and coordinates (billing information: server/areas/billing/).
 */
export default async function companyRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  app.get<{ Querystring: { Id?: number } }>('/companies', { schema: { querystring: ref('CompanyQuery'), response: { 200: page('Company') } } }, async (request) => {
    const { companyId, timeZone, lang } = request.ctx;
    if (request.query.Id !== undefined && request.query.Id !== companyId) return envelope([]);
    const row = await loadCompany(db, companyId, timeZone);
    return envelope(row ? [toCompany(row, lang)] : []);
  });

  app.get('/companies/coordinates', { schema: { response: { 200: ref('CompanyCoordinates') } } }, async (request) => {
    const row = await db.one<{ latitude: number | null; longitude: number | null }>('select latitude, longitude from companies where id = $1', [request.ctx.companyId]);
    return { Latitude: row?.latitude ?? null, Longitude: row?.longitude ?? null };
  });

  app.put<{ Params: { Id: number }; Body: CompanyInput }>(
    '/companies/:Id',
    { preValidation: checkFieldsEarly((request, refuse) => checkCompanyInput(request.body, refuse)), schema: { params: idParams, body: ref('CompanyInput'), response: { 200: ref('Company') } } },
    async (request) => {
      const { companyId, lang, timeZone } = request.ctx;
      if (request.params.Id !== companyId) throw ApiError.notFound('Company', request.params.Id);
      const body = request.body;
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

  app.put<{ Params: { companyId: number } }>('/companies/:companyId/sendforapproval', { schema: { params: companyIdParams, response: { 200: ref('Company') } } }, async (request) => {
    const { companyId, lang, timeZone } = request.ctx;
    const updated = await db.one<{ id: number }>('update companies set status_id = 2, updated = now() where id = $1 and status_id = 1 returning id', [companyId]);
    const row = await loadCompany(db, companyId, timeZone);
    if (!updated) {
      const status = row?.StatusId ?? 0;
      throw ApiError.field(409, 'StatusId', 'SendForApprovalStatus', { status: COMPANY_STATUS_NAMES[status]?.[lang] ?? status });
    }
    return toCompany(row!, lang);
  });
}
