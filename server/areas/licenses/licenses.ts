import type { FastifyInstance } from 'fastify';
import { NO_CONTENT, page, ref } from '../../shared/schemas';
import { idParams } from '../../autoquery/index';
import type { CompanyLicense } from '../../../schema/company';
import type { CancelLicenseInput, CancelLicenseResult, DomainCheck, LicenseAwaitingCard, LicenseChange, LicenseInput } from '../../../schema/licenses';
import { envelope } from '../../shared/reference';
import { localTime } from '../../shared/fieldErrors';
import { ApiError, checkFieldsEarly } from '../../shared/errors';
import { effectivePlan } from '../../shared/planLimits';
import { saveBilling, storedBilling } from '../../shared/billingInformation';
import { awaitCard, takeLicense } from '../../shared/licenseChanges';
import { missingSections } from '../../../domain/licenses/questionnaire';
import { licenseTypes, toLicenseType, typeName } from './queries';

interface LicenseRow {
  id: number;
  type_id: number;
  valid_from: string;
  valid_to: string | null;
  active: boolean;
  canceled: boolean;
}

const LICENSE_COLUMNS = (tz: string) =>
  `l.id, l.license_type_id as type_id, ${localTime('l.valid_from', tz)} as valid_from, ${localTime('l.valid_to', tz)} as valid_to,
   l.active and (l.valid_to is null or l.valid_to > now()) as active, l.canceled`;

/**
 * The company's licenses (GET /licenses/company), the license types, taking a plan or an extra
 * license (POST /licenses/company: the license flow's step 1 with its billing form), cancelling one
 * (DELETE /licenses/company/{Id}) and closing the account (POST /licenses/company/delete). A license
 * paid by card waits for the card (GET, DELETE /licenses/company/awaitingcard) and takes effect when
 * the provider's callback registers it; paid by invoice, or with a card already registered, at once.
 */
export default async function licenseRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  app.get<{ Querystring: { Id?: number; Active?: boolean } }>('/licenses/company', { schema: { querystring: ref('CompanyLicenseQuery'), response: { 200: page('CompanyLicense') } } }, async (request) => {
    const { companyId, timeZone, lang } = request.ctx;
    const rows = await db.query<LicenseRow>(
      `select * from (select ${LICENSE_COLUMNS('$2')} from company_licenses l where l.company_id = $1) x
        where ($3::int is null or x.id = $3) and ($4::boolean is null or x.active = $4) order by x.id`,
      [companyId, timeZone, request.query.Id ?? null, request.query.Active ?? null],
    );
    return envelope(
      rows.map(
        (r): CompanyLicense => ({
          Id: r.id,
          TypeId: r.type_id,
          TypeName: typeName(r.type_id, lang),
          ValidFrom: r.valid_from,
          ValidTo: r.valid_to,
          Active: r.active,
          Canceled: r.canceled,
        }),
      ),
    );
  });

  app.get<{ Querystring: { Id?: number } }>('/licenses/types', { schema: { querystring: ref('LicenseTypeQuery'), response: { 200: page('LicenseType') } } }, async (request) =>
    envelope((await licenseTypes(db, request.query.Id)).map((r) => toLicenseType(r, request.ctx.lang))),
  );

  app.post<{ Body: LicenseInput }>('/licenses/company', { schema: { body: ref('LicenseInput'), response: { 200: ref('LicenseChange') } } }, async (request) => {
    const { companyId, lang } = request.ctx;
    const body = request.body;
    return db.tx(async (tx): Promise<LicenseChange> => {
      const [type] = await licenseTypes(tx, body.TypeId);
      if (!type || type.is_free) throw ApiError.field(400, 'TypeId', 'LicenseNotOffered');
      await tx.query('select 1 from companies where id = $1 for no key update', [companyId]);
      const plan = await effectivePlan(tx, companyId);
      if (type.is_extra_license_option && plan.typeId === 1) throw ApiError.field(409, 'TypeId', 'ExtraNeedsPaidPlan');
      if (!type.is_extra_license_option && plan.typeId === type.id) throw ApiError.field(409, 'TypeId', 'LicenseAlreadyHeld', { name: typeName(type.id, lang) });
      const billing = body.BillingInformation ? await saveBilling(tx, companyId, body.BillingInformation, 'BillingInformation.') : await storedBilling(tx, companyId);
      if (!billing) throw ApiError.field(400, 'BillingInformation', 'NotEmpty');
      const card = await tx.one('select 1 from payment_cards where company_id = $1', [companyId]);
      // Paid by card without a registered card: nothing changes until the provider's callback registers one.
      const awaitsCard = billing.BillingMethodId === 1 && !card;
      const id = awaitsCard ? await awaitCard(tx, companyId, type.id) : await takeLicense(tx, companyId, type);
      return {
        Id: id,
        TypeId: type.id,
        TypeName: typeName(type.id, lang),
        Active: !awaitsCard,
        RequiresCreditCard: awaitsCard,
        BillingMethodId: billing.BillingMethodId ?? 0,
      };
    });
  });

  /** The license chosen with card payment that waits for the card (none, or one). */
  app.get('/licenses/company/awaitingcard', { schema: { response: { 200: page('LicenseAwaitingCard') } } }, async (request) => {
    const { companyId, timeZone, lang } = request.ctx;
    const rows = await db.query<{ id: number; type_id: number; created: string }>(
      `select id, license_type_id as type_id, ${localTime('created', '$2')} as created from license_awaiting_card where company_id = $1`,
      [companyId, timeZone],
    );
    const current = rows.length ? (await effectivePlan(db, companyId)).typeId : 1;
    return envelope(
      rows.map(
        (r): LicenseAwaitingCard => ({
          Id: r.id,
          TypeId: r.type_id,
          TypeName: typeName(r.type_id, lang),
          CurrentTypeId: current,
          CurrentTypeName: typeName(current, lang),
          Created: r.created,
        }),
      ),
    );
  });

  /** Drops the choice that waits for a card: the company stays on what it holds. */
  app.delete('/licenses/company/awaitingcard', { schema: { response: NO_CONTENT } }, async (request, reply) => {
    await db.query('delete from license_awaiting_card where company_id = $1', [request.ctx.companyId]);
    return reply.status(204).send();
  });

  /** Cancels a license: it runs to the end of its notice period. */
  const cancel = async (companyId: number, licenseId: number | undefined, timeZone: string): Promise<CancelLicenseResult> => {
    const target = await db.one<{ id: number; type_id: number }>(
      licenseId
        ? `select l.id, l.license_type_id as type_id from company_licenses l where l.company_id = $1 and l.id = $2 and l.active`
        : `select l.id, l.license_type_id as type_id from company_licenses l join license_types lt on lt.id = l.license_type_id
            where l.company_id = $1 and l.active and not lt.is_extra_license_option and $2::int is null order by l.id desc limit 1`,
      [companyId, licenseId ?? null],
    );
    if (!target) throw ApiError.notFound('License', licenseId ?? '');
    const row = (await db.one<{ valid_to: string }>(
      `update company_licenses l set canceled = true,
              valid_to = least(coalesce(l.valid_to, 'infinity'), now() + make_interval(days => lt.period_of_notice_days))
         from license_types lt where lt.id = l.license_type_id and l.id = $2 and l.company_id = $1
       returning ${localTime('l.valid_to', '$3')} as valid_to`,
      [companyId, target.id, timeZone],
    ))!;
    return { Id: target.id, TypeId: target.type_id, ValidTo: row.valid_to, Canceled: true };
  };

  app.delete<{ Params: { Id: number } }>('/licenses/company/:Id', { schema: { params: idParams, response: { 200: ref('CancelLicenseResult') } } }, async (request) =>
    cancel(request.ctx.companyId, request.params.Id, request.ctx.timeZone),
  );

  // The questionnaire's rule needs no database: it runs before the schema (checkFieldsEarly), so a
  // refusal names its sections together with the schema's fields. Elements of another shape are the
  // schema's to refuse; a Questionnaire that is not a list too.
  const questionnaireCheck = checkFieldsEarly((request, refuse) => {
    const answers = (request.body as { Questionnaire?: unknown } | null)?.Questionnaire;
    if (!Array.isArray(answers)) return;
    const wellFormed = (answers as Partial<Record<'Question' | 'Value', unknown>>[])
      .filter((a): a is { Question: string; Value: string } => typeof a === 'object' && a !== null && typeof a.Question === 'string' && typeof a.Value === 'string');
    for (const section of missingSections(wellFormed)) refuse(`Questionnaire.${section}`, 'QuestionnaireIncomplete');
  });
  app.post<{ Body: CancelLicenseInput }>('/licenses/company/delete', { preValidation: questionnaireCheck, schema: { body: ref('CancelLicenseInput'), response: { 200: ref('CancelLicenseResult') } } }, async (request) => {
    const { companyId, timeZone } = request.ctx;
    const result = await cancel(companyId, request.body.Id, timeZone);
    await db.query(
      `insert into license_cancellations (company_id, license_id, answers, ends)
       select $1, $2, $3::jsonb, valid_to from company_licenses where id = $2`,
      [companyId, result.Id, JSON.stringify(request.body.Questionnaire)],
    );
    return result;
  });

  // Whether a booking domain name is free (the spec names the call; the product has no own domains yet).
  app.get('/licenses/checkdomain', { schema: { response: { 200: ref('DomainCheck') } } }, async (): Promise<DomainCheck> => ({ IsAvailable: true }));
}
