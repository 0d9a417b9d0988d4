import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/db';
import type { CallerContext } from './context';
import { ApiError } from './errors';
import { messageFor, type Lang } from './messages';
import { LICENSE_TYPE_NAMES } from './reference';
import { AREA_NAMES, LIMIT_NAMES } from './planLimitMessages';

/** Monthly list prices per currency, from the Swedish price. */
const PRICE_FACTOR: Record<string, number> = { SEK: 1, NOK: 1, DKK: 0.65, EUR: 0.09 };

/**
 * A license type's monthly price in a currency, whole units (the plan comparison's price).
 * @example licensePrice(599, 'EUR') // 54
 */
export function licensePrice(monthlyPriceSek: number, currencyId: string): number {
  return Math.round(monthlyPriceSek * (PRICE_FACTOR[currencyId] ?? 1));
}

/** What a plan limits by count. */
export type LimitedThing = 'services' | 'resources' | 'administrators' | 'bookings';

/** The company's plan as enforced now: the held plan (or the trial's while it runs) plus extra licenses. */
export interface EffectivePlan {
  /** The plan the company holds (1 when nothing else is held). */
  typeId: number;
  /** The plan whose limits apply (the trial's while one runs). */
  limitsOf: number;
  limits: Record<LimitedThing, number | null>;
  areas: string[];
  trial: { active: boolean; validTo: Date | null; used: boolean };
}

interface PlanRow {
  type_id: number;
  trial_type_id: number | null;
  trial_plan: number | null;
  trial_valid_to: Date | null;
  trial_active: boolean;
  extra_services: number;
  extra_resources: number;
  extra_administrators: number;
  extra_bookings: number;
}

interface LimitRow {
  license_type_id: number;
  max_services: number | null;
  max_resources: number | null;
  max_administrators: number | null;
  max_bookings_per_month: number | null;
  included_areas: string[];
  monthly_price_sek: number;
}

const COLUMN: Record<LimitedThing, keyof LimitRow> = {
  services: 'max_services',
  resources: 'max_resources',
  administrators: 'max_administrators',
  bookings: 'max_bookings_per_month',
};

const EXTRA: Record<LimitedThing, keyof PlanRow> = {
  services: 'extra_services',
  resources: 'extra_resources',
  administrators: 'extra_administrators',
  bookings: 'extra_bookings',
};

/** SQL naming the plan a company ($1) holds now: its newest running license that is not an extra, else 1 (free). */
export const HELD_PLAN_SQL = `coalesce((select cl.license_type_id from company_licenses cl join license_types lt on lt.id = cl.license_type_id
   where cl.company_id = $1 and cl.active and not lt.is_extra_license_option and (cl.valid_to is null or cl.valid_to > now())
   order by cl.id desc limit 1), 1)`;

/** The plans' limits change only with a migration: read once per process, for a minute at most. */
let limitsCache: { at: number; rows: Promise<LimitRow[]> } | undefined;

/** Every plan's limits (not the extra options), cheapest first. */
export async function planLimits(db: Db): Promise<LimitRow[]> {
  if (!limitsCache || Date.now() - limitsCache.at > 60_000) {
    const rows = db.query<LimitRow>(
      `select p.*, lt.monthly_price_sek from plan_limits p join license_types lt on lt.id = p.license_type_id
        where not lt.is_extra_license_option order by lt.sort_order`,
    );
    limitsCache = { at: Date.now(), rows };
    rows.catch(() => (limitsCache = undefined));
  }
  return limitsCache.rows;
}

/**
 * The company's plan as the server enforces it (one query, plus the cached plan table).
 * @example const plan = await effectivePlan(db, companyId); plan.limits.administrators // 1 on the free plan
 */
export async function effectivePlan(db: Db, companyId: number): Promise<EffectivePlan> {
  const row = (await db.one<PlanRow>(
    `select ${HELD_PLAN_SQL} as type_id, t.trial_type_id, t.license_type_id as trial_plan, t.valid_to as trial_valid_to,
            coalesce(t.valid_to > now(), false) as trial_active,
            coalesce(x.services, 0)::int as extra_services, coalesce(x.resources, 0)::int as extra_resources,
            coalesce(x.administrators, 0)::int as extra_administrators, coalesce(x.bookings, 0)::int as extra_bookings
       from (select 1) one
       left join lateral (select ct.trial_type_id, ct.valid_to, tt.license_type_id from company_trials ct join trial_types tt on tt.id = ct.trial_type_id
                           where ct.company_id = $1 order by ct.valid_to desc limit 1) t on true
       left join lateral (select sum(p.max_services) as services, sum(p.max_resources) as resources,
                                 sum(p.max_administrators) as administrators, sum(p.max_bookings_per_month) as bookings
                            from company_licenses cl join license_types lt on lt.id = cl.license_type_id and lt.is_extra_license_option
                            join plan_limits p on p.license_type_id = cl.license_type_id
                           where cl.company_id = $1 and cl.active and (cl.valid_to is null or cl.valid_to > now())) x on true`,
    [companyId],
  ))!;
  const plans = await planLimits(db);
  const held = plans.find((p) => p.license_type_id === row.type_id) ?? plans[0];
  const trial = row.trial_active ? plans.find((p) => p.license_type_id === row.trial_plan) : undefined;
  // The trial lifts the limits to its plan's when that is larger than the held plan.
  const base = trial && plans.indexOf(trial) > plans.indexOf(held) ? trial : held;
  const limits = {} as Record<LimitedThing, number | null>;
  for (const thing of Object.keys(COLUMN) as LimitedThing[]) {
    const own = base[COLUMN[thing]] as number | null;
    limits[thing] = own === null ? null : own + (row[EXTRA[thing]] as number);
  }
  return {
    typeId: row.type_id,
    limitsOf: base.license_type_id,
    limits,
    areas: base.included_areas,
    trial: { active: row.trial_active, validTo: row.trial_valid_to, used: row.trial_type_id !== null },
  };
}

async function countOf(db: Db, companyId: number, thing: LimitedThing): Promise<number> {
  const sql: Record<LimitedThing, string> = {
    services: 'select count(*)::int as n from services where company_id = $1',
    resources: 'select count(*)::int as n from resources where company_id = $1',
    administrators: 'select count(*)::int as n from users where company_id = $1',
    bookings: `select count(*)::int as n from bookings b join companies c on c.id = b.company_id
                where b.company_id = $1 and b.created >= date_trunc('month', now() at time zone c.time_zone) at time zone c.time_zone`,
  };
  return (await db.one<{ n: number }>(sql[thing], [companyId]))!.n;
}

function planName(typeId: number, lang: Lang): string {
  return LICENSE_TYPE_NAMES[typeId]?.[lang] ?? String(typeId);
}

/** The 402/426 of a limit: Header, Body and the suggested license or trial, in the caller's language. */
async function limitError(db: Db, lang: Lang, plan: EffectivePlan, body: string, fits: (p: LimitRow) => boolean): Promise<ApiError> {
  const plans = await planLimits(db);
  const suggested = plans.find((p) => p.license_type_id !== plan.typeId && p.monthly_price_sek > 0 && fits(p)) ?? plans[plans.length - 1];
  const trialType = plan.trial.used ? undefined : await db.one<{ id: number; name: string; trial_days: number; license_type_id: number }>('select * from trial_types order by id limit 1');
  const suggestedName = planName(suggested.license_type_id, lang);
  const next = trialType
    ? messageFor(lang, 'PlanLimitTrial', { suggested: planName(trialType.license_type_id, lang), days: trialType.trial_days })
    : messageFor(lang, plan.trial.used ? 'PlanLimitTrialOver' : 'PlanLimitUpgrade', { suggested: suggestedName });
  const header = messageFor(lang, 'PlanLimitHeader', {});
  const text = `${body} ${next}`;
  // 402 while a trial can still lift the limit; 426 (upgrade required) once the trial is used.
  const status = trialType ? 402 : 426;
  return new ApiError(status, 'LicenseLimit', text, [], {
    Header: header,
    Body: text,
    SuggestedLicenseToUpgrade: { Id: suggested.license_type_id, Name: suggestedName },
    SuggestedTrialType: trialType ? { Id: trialType.id, Name: trialType.name, TrialDays: trialType.trial_days, LicenseTypeId: trialType.license_type_id } : null,
    CurrentTrialPeriod: { Active: plan.trial.active, ValidTo: plan.trial.validTo },
  });
}

/**
 * Refuses one more service, resource, administrator or booking past the company's plan: 402 (a
 * trial can lift it) or 426 (upgrade required) with Header, Body, SuggestedLicenseToUpgrade and
 * SuggestedTrialType. Call it inside the create's transaction: it locks the company's row while
 * the plan has a limit, so two creates at once cannot both take the last place.
 * @example
 * await db.tx(async (tx) => { await checkPlanLimit(tx, request.ctx, 'administrators'); … insert … });
 */
export async function checkPlanLimit(tx: Db, ctx: Pick<CallerContext, 'companyId' | 'lang'>, thing: LimitedThing, adding = 1): Promise<void> {
  const plan = await effectivePlan(tx, ctx.companyId);
  const limit = plan.limits[thing];
  if (limit === null) return;
  await tx.query('select 1 from companies where id = $1 for no key update', [ctx.companyId]);
  const used = await countOf(tx, ctx.companyId, thing);
  if (used + adding <= limit) return;
  const body = messageFor(ctx.lang, 'PlanLimitBody', { plan: planName(plan.limitsOf, ctx.lang), limit, what: LIMIT_NAMES[thing][ctx.lang] });
  throw await limitError(tx, ctx.lang, plan, body, (p) => {
    const v = p[COLUMN[thing]] as number | null;
    return v === null || v >= used + adding;
  });
}

/**
 * Refuses an area the company's plan does not include (402/426 as checkPlanLimit).
 * @example await checkPlanArea(app.db, request.ctx, 'newsletters');
 */
export async function checkPlanArea(db: Db, ctx: Pick<CallerContext, 'companyId' | 'lang'>, area: string): Promise<void> {
  const plan = await effectivePlan(db, ctx.companyId);
  if (plan.areas.includes(area)) return;
  const what = AREA_NAMES[area]?.[ctx.lang] ?? area;
  const body = messageFor(ctx.lang, 'PlanAreaBody', { plan: planName(plan.limitsOf, ctx.lang), what });
  throw await limitError(db, ctx.lang, plan, body, (p) => p.included_areas.includes(area));
}

/**
 * A route option for areas a plan may lack: `{ preHandler: requirePlanArea('newsletters') }`.
 * @example app.post('/newsletters', { preHandler: requirePlanArea('newsletters') }, handler);
 */
export function requirePlanArea(area: string): (request: FastifyRequest) => Promise<void> {
  return async (request) => checkPlanArea(request.server.db, request.ctx, area);
}
