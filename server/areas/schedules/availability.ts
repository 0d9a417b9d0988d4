import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DateTime } from 'luxon';
import type { AvailableTime, AvailableTimesResource, NextFreeTimeResponse } from '../../../schema/availability';
import type { AvailableTimesRequest, NextFreeTimeRequest } from '../../../schema/scheduling';
import type { CallerContext } from '../../shared/context';
import type { Db } from '../../db/db';
import { ApiError, checkFieldsEarly, ValidationErrors } from '../../shared/errors';
import { ref } from '../../shared/schemas';
import {
  nextFreeTime,
  validateAvailabilityQuery,
  ZoneClock,
  type AvailabilityData,
  type AvailabilityQuery,
  type NormalizedQuery,
} from '../../../domain/availability';
import { AvailabilityCache, availableTimesByDay, keptWindowScopes, readWindow, type Spec } from './availabilityCache';
import { ResponseCache } from '../../shared/responseCache';
import { availabilityError, withEngineErrors } from './availabilityData';
import { checkRangeDays } from './references';
import { roundTripping } from './timesInSteps';
import { RANGE_LIMIT_DAYS } from '../../shared/limits';
import { INT4_MAX } from '../../shared/constants';

const MINUTE = 60_000;
const DAY = 86_400_000;
const HOUR = 3_600_000;
/** About how long one step of the nextfreetime search may hold the event loop. */
const STEP_MS = 10;
const serviceParams = { type: 'object', properties: { Id: { type: 'integer', minimum: 1, maximum: INT4_MAX } }, required: ['Id'] } as const;

const PAIR = /^\s*(\d{1,10})\s*(?::\s*(\d{1,10})\s*)?$/;
const FIELD = /^\s*"?(ResourceTypeId|ResourceId)"?\s*:\s*(\d{1,10})\s*$/i;

/**
 * One Resources query value: `{"ResourceTypeId":1,"ResourceId":2}`, the same without quotes
 * (ServiceStack's JSV), or `1:2`; null when it is none of these.
 * @example parseResourceParam('{ResourceTypeId:3,ResourceId:7}') // { ResourceTypeId: 3, ResourceId: 7 }
 */
export function parseResourceParam(text: string): AvailableTimesResource | null {
  const pair = PAIR.exec(text);
  let typeId: number | undefined;
  let resourceId: number | undefined;
  if (pair) {
    typeId = Number(pair[1]);
    resourceId = pair[2] === undefined ? undefined : Number(pair[2]);
  } else {
    const inner = /^\s*\{(.*)\}\s*$/s.exec(text)?.[1];
    if (inner === undefined) return null;
    for (const part of inner.split(',')) {
      if (!part.trim()) continue;
      const m = FIELD.exec(part);
      if (!m) return null;
      if (m[1].toLowerCase() === 'resourcetypeid') typeId = Number(m[2]);
      else resourceId = Number(m[2]);
    }
  }
  if (typeId === undefined || typeId < 1 || typeId > INT4_MAX || (resourceId !== undefined && resourceId > INT4_MAX)) return null;
  return resourceId === undefined ? { ResourceTypeId: typeId } : { ResourceTypeId: typeId, ResourceId: resourceId };
}

function engineQuery(q: AvailableTimesRequest | NextFreeTimeRequest, from: string, to: string): AvailabilityQuery {
  const errors = new ValidationErrors();
  const resources = (q.Resources ?? []).flatMap((text, i) => {
    const parsed = parseResourceParam(text);
    if (!parsed) errors.add(`Resources[${i}]`, 'InvalidFormat');
    return parsed ? [parsed] : [];
  });
  errors.throwIfAny();
  return {
    From: from,
    To: to,
    Duration: q.Duration,
    Resources: resources,
    NumberOfResources: q.NumberOfResources,
    ShowPerResource: q.ShowPerResource,
    InsideSearchInterval: q.InsideSearchInterval,
  };
}


async function serviceSpec(cache: AvailabilityCache, db: Db, ctx: CallerContext, serviceId: number): Promise<Spec> {
  const spec = await cache.spec(db, ctx.companyId, serviceId);
  if (!spec) throw ApiError.notFound('Service', serviceId);
  return spec;
}

function normalize(spec: Spec, query: AvailabilityQuery, ctx: CallerContext): NormalizedQuery {
  const result = validateAvailabilityQuery(query, spec.service, spec.timeZone);
  if (!result.ok) throw availabilityError(result.errors, ctx.lang, spec.timeZone);
  return result.value;
}

/** The response schema of one day's times (compiled once per route by fast-json-stringify). */
const DAY_TIMES = { type: 'array', items: ref('AvailableTime') };
/** Each day's times as JSON, kept as long as the (kept) array they were made of. */
const dayJson = new WeakMap<AvailableTime[], string>();

/**
 * The AvailableTimesResponse as sent, from the times of each day: a day kept from an earlier answer
 * is not serialised again, so after a booking write only the days it changed are.
 */
function timesBody(reply: FastifyReply, companyId: number, serviceId: number, days: AvailableTime[][]): Buffer {
  const serialize = reply.compileSerializationSchema(DAY_TIMES);
  const items: string[] = [];
  for (const day of days) {
    if (!day.length) continue;
    let json = dayJson.get(day);
    if (json === undefined) {
      json = serialize(day as unknown as Record<string, unknown>).slice(1, -1);
      dayJson.set(day, json);
    }
    items.push(json);
  }
  return Buffer.from(`{"CompanyId":${companyId},"ServiceId":${serviceId},"Times":[${items.join(',')}]}`);
}

/**
 * Each Resources value that names no resource type, refused before the schema so that a request
 * with other bad parameters hears of these too (the query as sent: one value or a repeated one).
 */
const resourcesRule = checkFieldsEarly((request, refuse) => {
  const sent = (request.query as Record<string, unknown> | undefined)?.Resources;
  const values = Array.isArray(sent) ? sent : sent === undefined ? [] : [sent];
  values.forEach((text, i) => {
    if (typeof text === 'string' && !parseResourceParam(text)) refuse(`Resources[${i}]`, 'InvalidFormat');
  });
});

/** GET /services/{Id}/availabletimes and /services/{Id}/nextfreetime. */
export default async function availabilityArea(app: FastifyInstance): Promise<void> {
  const cache = new AvailabilityCache(app.versions, app.config.responseCache);
  /** GET /services/{Id}/<what> with the contract's request and response, for a service of the caller's company (else 404). */
  const serviceRoute = <Q, R>(what: string, schemas: [string, string], answer: (q: Q, spec: Spec, ctx: CallerContext, serviceId: number) => Promise<R>) =>
    app.get(`/services/:Id/${what}`, { preValidation: resourcesRule, schema: { params: serviceParams, querystring: ref(schemas[0]), response: { 200: ref(schemas[1]) } } }, async (request): Promise<R> => {
      const serviceId = (request.params as { Id: number }).Id;
      return answer(request.query as Q, await serviceSpec(cache, app.db, request.ctx, serviceId), request.ctx, serviceId);
    });

  // Whole answers of future windows are kept as sent while nothing they rest on changes, and
  // requests that miss together share one computation: after a booking write, the readers of the
  // same month wait for one recomputation instead of each running it.
  const answers = new ResponseCache(app.versions, 'availability', app.config.responseCache);
  // The versions a kept service's window rests on are read with the caller, from the query as sent
  // (only From, To and Duration decide the days; anything else the validation would change makes
  // readWindow read them itself).
  const versionsAlong = (request: FastifyRequest, companyId: number) => {
    const q = request.query as Record<string, unknown>;
    const asSent = { From: q.From, To: q.To, Duration: q.Duration === undefined ? undefined : Number(q.Duration) } as AvailabilityQuery;
    const windowOf = (known: Spec) => {
      const result = validateAvailabilityQuery(asSent, known.service, known.timeZone);
      return result.ok ? result.value : undefined;
    };
    return keptWindowScopes(cache, companyId, Number((request.params as { Id: string }).Id), windowOf);
  };
  app.get('/services/:Id/availabletimes', { config: { versionsAlong }, preValidation: resourcesRule, schema: { params: serviceParams, querystring: ref('AvailableTimesRequest'), response: { 200: ref('AvailableTimesResponse') } } }, async (request, reply) => {
    const serviceId = (request.params as { Id: number }).Id;
    const q = request.query as AvailableTimesRequest;
    const ctx = request.ctx;
    const query = engineQuery(q, q.From, q.To);
    // A service already loaded costs no read of its own (versions read with the caller) or one.
    const read = await readWindow(cache, app.db, ctx.companyId, serviceId, (known) => normalize(known, query, ctx), ctx.versionsRead);
    if (!read) throw ApiError.notFound('Service', serviceId);
    const { spec, window, kept } = read;
    checkRangeDays(q.From, q.To, RANGE_LIMIT_DAYS.availableTimes);
    const load = async (): Promise<Buffer> => timesBody(reply, ctx.companyId, serviceId, await availableTimesByDay(cache, app.db, ctx.companyId, spec, query, window, ctx.lang, kept?.dayVersions));
    if (kept !== undefined) return answers.answer(request, reply, load, kept.version);
    reply.type('application/json; charset=utf-8');
    return load();
  });

  serviceRoute<NextFreeTimeRequest, NextFreeTimeResponse>('nextfreetime', ['NextFreeTimeRequest', 'NextFreeTimeResponse'], async (q, spec, ctx, serviceId) => {
    const clock = ZoneClock.of(spec.timeZone);
    const from = q.From ?? clock.format(Date.now());
    const fromDate = DateTime.fromISO(from);
    const to = q.To ?? (fromDate.isValid ? fromDate.plus({ years: 1 }).toFormat("yyyy-MM-dd'T'HH:mm:ss") : from);
    const query = engineQuery(q, from, to);
    const window = normalize(spec, query, ctx);
    // Loaded a month at a time; searched in steps that take about STEP_MS each (a day first, so a
    // near answer costs little), letting other requests in between: a dense calendar with no free
    // time for a year cannot hold the server.
    const extra = window.duration * MINUTE;
    let chunkStart = window.from;
    let span = DAY;
    let loaded: { to: number; data: AvailabilityData } | undefined;
    while (chunkStart < window.to) {
      const chunkEnd = Math.min(window.to, roundTripping(clock, chunkStart + span));
      if (!loaded || loaded.to < chunkEnd + extra) {
        const loadTo = Math.max(chunkEnd, Math.min(window.to, chunkStart + 31 * DAY)) + extra;
        loaded = { to: loadTo, data: await cache.data(app.db, ctx.companyId, spec, chunkStart, loadTo) };
      }
      const data = loaded.data;
      const chunk = { ...query, From: clock.format(chunkStart), To: clock.format(chunkEnd), InsideSearchInterval: query.InsideSearchInterval === true && chunkEnd === window.to };
      const started = performance.now();
      const time = withEngineErrors(ctx.lang, spec.timeZone, () => nextFreeTime(data, chunk));
      if (time) return { CompanyId: ctx.companyId, ServiceId: serviceId, Time: time };
      const took = Math.max(performance.now() - started, 0.25);
      span = Math.min(31 * DAY, Math.max(HOUR, span * Math.min(4, STEP_MS / took)));
      chunkStart = chunkEnd;
      if (chunkStart < window.to) await new Promise((resolve) => setImmediate(resolve));
    }
    return { CompanyId: ctx.companyId, ServiceId: serviceId, Time: null };
  });
}
