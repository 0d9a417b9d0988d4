/**
 * Door locks (issue 34; spec areas.md, Door locks): the company's lock system and its settings
 * (settings.ts), one adapter per system (adapters.ts) and the embedded simulators
 * (server/sandboxes/locks/), access grants kept in line with bookings through the outbox
 * (grants.ts), POST /codelock/resync/{bookingId} to send a booking's grants again and say what the
 * lock answered, and GET /codelock/bookings/{bookingId} for the booking page's door code.
 * Saving settings needs a plan with door locks (the `codelock` area); reading does not.
 */
import type { FastifyInstance } from 'fastify';
import { BOOKING_EVENTS } from '../../shared/bookingEvents';
import { area } from '../../shared/area';
import { ApiError } from '../../shared/errors';
import { messageFor } from '../../shared/messages';
import { idParams } from '../../autoquery/index';
import { catalogue, codelockKey, words } from './messages';
import grants, { planGrants, pushGrants, queuePush, type PushResult } from './grants';
import settings from './settings';
import { LockRefused, LockUnreachable } from './adapters';
import { systemByKey } from './systems';

const bookingsRead = { permission: { area: 'bookings', action: 'read' } } as const;
const bookingsWrite = { permission: { area: 'bookings', action: 'write' } } as const;

const grantItem = {
  type: 'object',
  properties: { DoorId: { type: 'string' }, State: { type: 'string' }, ValidFrom: { type: 'string' }, ValidTo: { type: 'string' }, Answer: { type: ['string', 'null'] } },
} as const;

const doorInfo = {
  type: 'object',
  properties: {
    HasDoor: { type: 'boolean' },
    DoorCode: { type: ['string', 'null'] },
    Credential: { type: ['string', 'null'] },
    CodeLockSystemName: { type: ['string', 'null'] },
    Grants: { type: 'array', items: grantItem },
    LastError: { type: ['string', 'null'] },
    LastErrorAt: { type: ['string', 'null'] },
  },
} as const;

const resyncAnswer = {
  type: 'object',
  properties: { Ok: { type: 'boolean' }, Message: { type: 'string' }, DoorCode: { type: ['string', 'null'] }, Grants: { type: 'array', items: grantItem } },
} as const;

async function doorInfoOf(app: FastifyInstance, companyId: number, bookingId: number) {
  const s = await app.db.one<{ active: boolean; system: string | null; last_error: string | null; last_error_at: Date | null }>('select active, system, last_error, last_error_at from codelock_settings where company_id = $1', [companyId]);
  const def = s?.active && s.system ? systemByKey(s.system) : undefined;
  const doors = def
    ? await app.db.one('select 1 from codelock_doors d join booking_allocations a on a.resource_id = d.resource_id where a.booking_id = $1 and d.company_id = $2 limit 1', [bookingId, companyId])
    : undefined;
  const rows = await app.db.query<{ door_id: string; code: string; state: string; valid_from: Date; valid_to: Date; last_answer: string | null }>(
    `select door_id, code, state, lower(during) as valid_from, upper(during) as valid_to, last_answer from codelock_grants where booking_id = $1 and company_id = $2 and state <> 'revoked' order by id`,
    [bookingId, companyId],
  );
  return {
    HasDoor: !!doors,
    DoorCode: rows.find((r) => r.state !== 'revoking')?.code ?? null,
    Credential: def?.Credential ?? null,
    CodeLockSystemName: def?.Name ?? null,
    Grants: rows.map((r) => ({ DoorId: r.door_id, State: r.state, ValidFrom: new Date(r.valid_from).toISOString(), ValidTo: new Date(r.valid_to).toISOString(), Answer: r.last_answer })),
    LastError: def ? (s?.last_error ?? null) : null,
    LastErrorAt: def && s?.last_error_at ? new Date(s.last_error_at).toISOString() : null,
  };
}

async function codelockArea(app: FastifyInstance): Promise<void> {
  catalogue.register();
  await settings(app);
  await grants(app);

  app.get('/codelock/bookings/:Id', { config: bookingsRead, schema: { params: idParams, response: { 200: doorInfo } } }, async (request) => {
    const id = (request.params as { Id: number }).Id;
    if (!(await app.db.one('select 1 from bookings where company_id = $1 and id = $2', [request.ctx.companyId, id]))) throw ApiError.notFound(words.booking[request.ctx.lang], id);
    return doorInfoOf(app, request.ctx.companyId, id);
  });

  app.post('/codelock/resync/:Id', { config: bookingsWrite, schema: { params: idParams, response: { 200: resyncAnswer } } }, async (request) => {
    const { companyId, lang } = request.ctx;
    const id = (request.params as { Id: number }).Id;
    if (!(await app.db.one('select 1 from bookings where company_id = $1 and id = $2', [companyId, id]))) throw ApiError.notFound(words.booking[lang], id);
    const s = await app.db.one<{ active: boolean; system: string | null }>('select active, system from codelock_settings where company_id = $1', [companyId]);
    if (!s?.active || !s.system) throw Object.assign(new ApiError(400, 'NoDoorLockConnected', ''), { messageKey: { key: 'NoDoorLockConnected', params: {} } });
    await app.db.tx(async (tx) => {
      await planGrants(tx, companyId, id);
    });
    const info = await doorInfoOf(app, companyId, id);
    if (!info.HasDoor && info.Grants.length === 0) throw Object.assign(new ApiError(400, 'CodelockNoDoor', ''), { messageKey: { key: codelockKey('CodelockNoDoor'), params: {} } });
    let results: PushResult[] = [];
    let message: string;
    try {
      results = await pushGrants(app, companyId, id, true);
      message = messageFor(lang, 'CodelockAnswered', { message: results.map((r) => `${r.doorId}: ${r.answer}`).join('; ') || '–' });
    } catch (err) {
      if (!(err instanceof LockUnreachable || err instanceof LockRefused)) throw err;
      // Tried again by the queue until the lock answers.
      await app.db.tx((tx) => queuePush(app, tx, companyId, id));
      message = messageFor(lang, err instanceof LockUnreachable ? 'CodelockUnreachable' : 'CodelockAnswered', { message: err.message });
    }
    const after = await doorInfoOf(app, companyId, id);
    return { Ok: results.length > 0 && results.every((r) => r.ok), Message: message, DoorCode: after.DoorCode, Grants: after.Grants };
  });
}

export default area('codelock', codelockArea, [BOOKING_EVENTS]);
