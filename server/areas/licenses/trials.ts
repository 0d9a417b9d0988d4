import type { FastifyInstance } from 'fastify';
import { DateTime } from 'luxon';
import type { Db } from '../../db/db';
import type { TrialCheck, TrialInput, TrialPeriod, TrialType } from '../../../schema/licenses';
import { page, ref } from '../../shared/schemas';
import { envelope } from '../../shared/reference';
import { ApiError } from '../../shared/errors';
import { messageFor } from '../../shared/messages';
import { localTime } from '../../shared/fieldErrors';
import { effectivePlan, planLimits } from '../../shared/planLimits';
import { typeName } from './queries';

interface TrialRow {
  id: number;
  trial_type_id: number;
  valid_from: string;
  valid_to: string;
  active: boolean;
  days_left: number;
}

function toPeriod(r: TrialRow): TrialPeriod {
  return { Id: r.id, TrialTypeId: r.trial_type_id, ValidFrom: r.valid_from, ValidTo: r.valid_to, Active: r.active, DaysLeft: r.days_left };
}

async function periods(db: Db, companyId: number, tz: string): Promise<TrialPeriod[]> {
  const rows = await db.query<TrialRow>(
    `select id, trial_type_id, ${localTime('valid_from', '$2')} as valid_from, ${localTime('valid_to', '$2')} as valid_to,
            valid_to > now() as active, greatest(0, ceil(extract(epoch from valid_to - now()) / 86400))::int as days_left
       from company_trials where company_id = $1 order by valid_to desc`,
    [companyId, tz],
  );
  return rows.map(toPeriod);
}

async function trialTypes(db: Db): Promise<TrialType[]> {
  const rows = await db.query<{ id: number; name: string; trial_days: number; license_type_id: number }>('select * from trial_types order by id');
  return rows.map((r) => ({ Id: r.id, Name: r.name, TrialDays: r.trial_days, LicenseTypeId: r.license_type_id }));
}

/**
 * Trials: GET /trials (what can be tried), POST /trials/company (start, or continue the running
 * one; a used trial answers 409), GET /trials/company and GET /trials/company/check.
 */
export default async function trialRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  app.get('/trials', { schema: { response: { 200: page('TrialType') } } }, async () => envelope(await trialTypes(db)));

  app.get('/trials/company', { schema: { response: { 200: page('TrialPeriod') } } }, async (request) => envelope(await periods(db, request.ctx.companyId, request.ctx.timeZone)));

  app.post<{ Body: TrialInput }>('/trials/company', { schema: { body: ref('TrialInput'), response: { 200: ref('TrialPeriod') } } }, async (request) => {
    const { companyId, timeZone } = request.ctx;
    const types = await trialTypes(db);
    const type = request.body.TrialTypeId ? types.find((t) => t.Id === request.body.TrialTypeId) : types[0];
    if (!type) throw ApiError.field(400, 'TrialTypeId', 'InvalidValue');
    await db.tx(async (tx) => {
      await tx.query('select 1 from companies where id = $1 for no key update', [companyId]);
      const current = await tx.one<{ active: boolean }>('select valid_to > now() as active from company_trials where company_id = $1 order by valid_to desc limit 1', [companyId]);
      if (current && !current.active) throw ApiError.field(409, 'TrialTypeId', 'TrialUsed');
      if (!current) {
        await tx.query(`insert into company_trials (company_id, trial_type_id, valid_to) values ($1, $2, now() + make_interval(days => $3::int))`, [companyId, type.Id, type.TrialDays]);
      }
    });
    return (await periods(db, companyId, timeZone))[0];
  });

  app.get('/trials/company/check', { schema: { response: { 200: ref('TrialCheck') } } }, async (request): Promise<TrialCheck> => {
    const { companyId, timeZone, lang } = request.ctx;
    const [current] = await periods(db, companyId, timeZone);
    const plan = await effectivePlan(db, companyId);
    const plans = await planLimits(db);
    const suggested = plans.find((p) => p.monthly_price_sek > 0 && plans.indexOf(p) > plans.findIndex((x) => x.license_type_id === plan.typeId));
    const types = await trialTypes(db);
    const trial = current ? null : (types[0] ?? null);
    const body = current?.Active
      ? messageFor(lang, 'TrialRunning', { date: DateTime.fromISO(current.ValidTo).toISODate() ?? current.ValidTo })
      : trial
        ? messageFor(lang, 'PlanLimitTrial', { suggested: typeName(trial.LicenseTypeId, lang), days: trial.TrialDays })
        : suggested
          ? messageFor(lang, current ? 'PlanLimitTrialOver' : 'PlanLimitUpgrade', { suggested: typeName(suggested.license_type_id, lang) })
          : '';
    return {
      CurrentTrialPeriod: current ?? null,
      SuggestedTrialType: trial,
      SuggestedLicenseToUpgrade: suggested ? { Id: suggested.license_type_id, Name: typeName(suggested.license_type_id, lang) } : null,
      Header: messageFor(lang, 'PlanLimitHeader', {}),
      Body: body,
    };
  });
}
