import type { FastifyInstance } from 'fastify';
import { DateTime } from 'luxon';
import type { MessageDashboard, MessageDashboardQuery, MessageLogEntry, MessageLogQuery } from '../../../schema/messages';
import { defineResource, idParams, readRecord, registerResource } from '../../autoquery/index';
import { ApiError, checkFieldsEarly } from '../../shared/errors';
import { sanitizeRichText } from '../../shared/html';
import { ref } from '../../shared/schemas';
import { unfitNow } from './fit';
import { queueMessage } from './sending';
import { EMAIL, typeName } from './types';

interface ResendRow {
  company_id: number;
  booking_id: number | null;
  template_id: number | null;
  type_id: number;
  language: 'sv' | 'en' | 'fi' | 'no';
  is_test: boolean;
  booking_starts_at: Date | string | null;
}

const localToUtc = (value: unknown, zone: string): string | null => {
  const at = DateTime.fromISO(String(value), { zone });
  return at.isValid ? at.toUTC().toISO() : null;
};

/** GET /messages/log: newest first by default (the admin sends OrderBy '-Id,-ModifiedDate', 25 a page). */
export const messageLog = defineResource<MessageLogEntry, MessageLogQuery, MessageLogQuery>({
  entity: 'MessageLogEntry',
  path: '/messages/log',
  table: 'message_log_view',
  schemas: { query: 'MessageLogQuery', input: 'MessageLogQuery', item: 'MessageLogEntry' },
  fields: {
    Id: { column: 'id', kind: 'int', readOnly: true },
    TypeId: { column: 'type_id', kind: 'int', readOnly: true },
    SendMethodId: { column: 'send_method_id', kind: 'int', readOnly: true },
    Receiver: { column: 'receiver', readOnly: true },
    Subject: { column: 'subject', readOnly: true },
    Body: { column: 'body', readOnly: true },
    Status: { column: 'status', readOnly: true },
    CancelReason: { column: 'cancel_reason', readOnly: true },
    IsTest: { column: 'is_test', kind: 'bool', readOnly: true },
    Attempts: { column: 'attempts', kind: 'int', readOnly: true },
    LastError: { column: 'last_error', readOnly: true },
    BookingId: { column: 'booking_id', kind: 'int', readOnly: true },
    Created: { column: 'created', kind: 'datetime', readOnly: true },
    Sent: { column: 'sent_at', kind: 'datetime', readOnly: true },
    Canceled: { column: 'canceled_at', kind: 'datetime', readOnly: true },
    ModifiedDate: { column: 'modified', kind: 'datetime', readOnly: true },
  },
  search: ['receiver'],
  sort: ['Id', 'ModifiedDate', 'Created', 'Sent', 'Receiver', 'TypeId', 'SendMethodId', 'Status'],
  defaultSort: '-Id,-ModifiedDate',
  filters: {
    Id: 'Id',
    BookingId: 'BookingId',
    TypeId: 'TypeId',
    SendMethodId: 'SendMethodId',
    Status: 'Status',
    IsTest: 'IsTest',
    CreatedFrom: (value, p, _q, ctx) => {
      const at = localToUtc(value, ctx.timeZone);
      return at ? `t.created >= ${p.add(at)}::timestamptz` : null;
    },
    CreatedTo: (value, p, _q, ctx) => {
      const at = localToUtc(value, ctx.timeZone);
      return at ? `t.created <= ${p.add(at)}::timestamptz` : null;
    },
  },
  routes: { list: true, create: false, update: false, delete: false },
  hooks: {
    async afterRead(records, { ctx }) {
      for (const r of records) {
        r.TypeName = typeName(r.TypeId, ctx.lang);
        if (r.SendMethodId === EMAIL) r.Body = sanitizeRichText(r.Body);
      }
    },
  },
});

/**
 * The dashboard's days, From and To read in the caller's time zone (defaults: 30 days ago, today),
 * with the fields that are no date or a To before From. Run before the schema (checkFieldsEarly) so
 * these are named beside the schema's refusals, and again by the handler for the dates: one rule.
 * A value that is no string is the schema's to refuse.
 */
function dashboardRange(query: { From?: unknown; To?: unknown } | undefined, zone: string): { from: DateTime; to: DateTime; bad: ('From' | 'To')[] } {
  const today = DateTime.now().setZone(zone).startOf('day');
  const bad: ('From' | 'To')[] = [];
  const parse = (value: unknown, field: 'From' | 'To', fallback: DateTime): DateTime | undefined => {
    if (typeof value !== 'string') return fallback;
    const at = DateTime.fromISO(value, { zone }).startOf('day');
    if (at.isValid) return at;
    bad.push(field);
    return undefined;
  };
  const from = parse(query?.From, 'From', today.minus({ days: 30 }));
  const to = parse(query?.To, 'To', today);
  if (from && to && to < from) bad.push('To');
  return { from: from ?? today, to: to ?? today, bad };
}

/** Counts of messages to customers (test sends left out) per status and day, in the caller's time zone (GET /messages/dashboard). */
async function dashboard(app: FastifyInstance, companyId: number, zone: string, query: MessageDashboardQuery): Promise<MessageDashboard> {
  const { from, to, bad } = dashboardRange(query, zone);
  if (bad.length) throw ApiError.field(400, bad[0], 'InvalidDate');
  const rows = await app.db.query<{ day: string; status: string; n: number }>(
    `select to_char(created at time zone $2, 'YYYY-MM-DD') as day, status, count(*)::int as n
       from message_log_view where company_id = $1 and not is_test and created >= $3::timestamptz and created < $4::timestamptz
      group by 1, 2 order by 1`,
    [companyId, zone, from.toUTC().toISO()!, to.plus({ days: 1 }).toUTC().toISO()!],
  );
  const days = new Map<string, MessageDashboard['Days'][number]>();
  const totals = { Queued: 0, Sent: 0, Failed: 0, Canceled: 0 };
  for (const row of rows) {
    const day = days.get(row.day) ?? { Date: row.day, Queued: 0, Sent: 0, Failed: 0, Canceled: 0 };
    const key = ({ sent: 'Sent', failed: 'Failed', canceled: 'Canceled' } as const)[row.status as 'sent'] ?? 'Queued';
    day[key] += row.n;
    totals[key] += row.n;
    days.set(row.day, day);
  }
  return { Days: [...days.values()], Totals: totals };
}

/** The log's routes: list, one entry with its rendered body, resend and the dashboard. */
export function registerLogRoutes(app: FastifyInstance): void {
  registerResource(app, messageLog);
  app.get('/messages/log/:Id', { schema: { params: idParams, response: { 200: ref('MessageLogEntry') } } }, (request) =>
    readRecord(app.db, request.ctx, messageLog, (request.params as { Id: number }).Id),
  );
  app.put('/messages/log/:Id/resend', { schema: { params: idParams, response: { 200: ref('MessageLogEntry') } } }, async (request) => {
    const { ctx } = request;
    const original = await readRecord(app.db, ctx, messageLog, (request.params as { Id: number }).Id);
    const id = await app.db.tx(async (tx) => {
      const row = (await tx.one<ResendRow>(
        `select company_id, booking_id, template_id, type_id, language, is_test, booking_starts_at from message_log where id = $1 and company_id = $2`,
        [original.Id, ctx.companyId],
      ))!;
      if (!original.Body && !row.template_id) throw ApiError.field(400, 'Id', 'MessageNotResendable');
      // The booking as it is now: a message that no longer fits it is not sent again (a test is a test of the template).
      let reRender = false;
      let startsAt: Date | undefined;
      if (!row.is_test) {
        const { reason, booking } = await unfitNow(tx, row);
        if (reason) throw ApiError.field(409, 'Id', `Message${reason}`, { booking: row.booking_id ?? '' });
        startsAt = booking?.startsAt;
        // Moved since it was written: the text names the old time, so it goes out as the template reads now.
        const written = row.booking_starts_at === null ? null : new Date(row.booking_starts_at).getTime();
        if (booking && written !== null && written !== booking.startsAt.getTime() && original.Body) {
          if (!row.template_id) throw ApiError.field(409, 'Id', 'MessageBookingMoved', { booking: booking.id });
          reRender = true;
        }
      }
      const content = original.Body && !reRender ? { subject: original.Subject, body: original.Body } : undefined;
      const count = await tx.one<{ n: number }>('select count(*)::int as n from message_log where resend_of = $1', [original.Id]);
      return queueMessage(app, tx, {
        companyId: ctx.companyId,
        bookingId: original.BookingId,
        templateId: content ? null : row.template_id,
        typeId: original.TypeId,
        sendMethodId: original.SendMethodId,
        language: row.language,
        receiver: original.Receiver,
        key: `resend:${original.Id}:${(count?.n ?? 0) + 1}`,
        content,
        resendOf: original.Id,
        test: row.is_test,
        bookingStartsAt: startsAt,
      });
    });
    return readRecord(app.db, ctx, messageLog, id!);
  });
  app.get('/messages/dashboard', {
    preValidation: checkFieldsEarly((request, refuse) => {
      for (const field of dashboardRange(request.query as { From?: unknown; To?: unknown }, request.ctx.timeZone).bad) refuse(field, 'InvalidDate');
    }),
    schema: { querystring: ref('MessageDashboardQuery'), response: { 200: ref('MessageDashboard') } } }, (request) =>
    dashboard(app, request.ctx.companyId, request.ctx.timeZone, request.query as MessageDashboardQuery),
  );
}
