/**
 * The bookings area's SQL. Every function takes the caller's transaction (or the pool for reads)
 * and the company id; nothing here decides a rule.
 */
import type { Db, SqlParam } from '../../db/db';
import { startsAfterLongest } from '../../shared/bookingBounds';
import type { QuantityLine } from '../../../domain/bookings';

export interface BookingRow {
  id: number;
  service_id: number;
  customer_id: number | null;
  status_id: number;
  from_ms: number;
  to_ms: number;
  spots: number;
  resource_ids: number[];
  allow_outside_schedules: boolean;
  total_price_minor: number;
  paid_minor: number;
  hold_until_ms: number | null;
  booked_comments: string | null;
  comments_to_customer: string | null;
}

/** One booking of the company, locked for the rest of the transaction when `lock`. */
export async function loadBookingRow(db: Db, companyId: number, id: number, lock = false): Promise<BookingRow | undefined> {
  return db.one<BookingRow>(
    `select id, service_id, customer_id, status_id, (extract(epoch from starts_at) * 1000)::float8 as from_ms,
            (extract(epoch from ends_at) * 1000)::float8 as to_ms, spots, resource_ids, allow_outside_schedules,
            total_price_minor::float8 as total_price_minor, paid_minor::float8 as paid_minor,
            (extract(epoch from hold_until) * 1000)::float8 as hold_until_ms, booked_comments, comments_to_customer
       from bookings where id = $1 and company_id = $2 ${lock ? 'for no key update' : ''}`,
    [id, companyId],
  );
}

const DAY_MS = 86_400_000;
/** A booking touching at most this many UTC days locks them one by one; a longer one locks its resources whole. */
const DAY_LOCKS_MAX = 14;

/**
 * Takes the locks every booking of these resources (or, for a service without resources, of this
 * service) must take first, so bookings that could compete for the same time run one after the
 * other: the availability check that follows sees every booking committed before it. The locks are
 * per resource and UTC day of [from, to) (transaction advisory locks, keys (resource, day); a
 * service without resources is key -service): two bookings that overlap share a day, so they meet;
 * bookings of other days, resources and services run side by side. Each resource's whole key
 * (resource, -1) is taken shared first, and exclusively by a booking longer than DAY_LOCKS_MAX days,
 * which so waits for every shorter one on that resource. Keys are taken in (resource, day) order.
 * Resource and service ids are unique across companies, so the keys are too.
 */
export async function lockCapacity(db: Db, serviceId: number, resourceIds: readonly number[], from: Date, to: Date): Promise<void> {
  const keys = resourceIds.length === 0 ? [-serviceId] : [...new Set(resourceIds)].sort((a, b) => a - b);
  const first = Math.floor(from.getTime() / DAY_MS);
  const last = Math.max(first, Math.floor((to.getTime() - 1) / DAY_MS));
  if (last - first + 1 > DAY_LOCKS_MAX) {
    await db.query('select count(*) from (select k from unnest($1::int[]) k order by k) s where pg_advisory_xact_lock(s.k, -1)::text is null', [keys]);
    return;
  }
  await db.query(
    `select count(*) from (select k, d from unnest($1::int[]) k cross join (select -1 as d union all select generate_series($2::int, $3::int)) days order by k, d) s
      where case when s.d = -1 then pg_advisory_xact_lock_shared(s.k, -1)::text is null else pg_advisory_xact_lock(s.k, s.d)::text is null end`,
    [keys, first, last],
  );
}

export interface NewBookingRow {
  companyId: number;
  serviceId: number;
  customerId: number;
  from: Date;
  to: Date;
  statusId: number;
  holdUntil: Date | null;
  spots: number;
  paymentOption: string;
  bookedComments: string | null;
  commentsToCustomer: string | null;
  sendEmailConfirmation: boolean;
  sendSmsConfirmation: boolean;
  sendEmailReminder: boolean;
  sendSmsReminder: boolean;
  allowOutsideSchedules: boolean;
  customFieldValues: { Id: number; Value: string }[];
  invoiceAddress: Record<string, unknown> | null;
  total: number;
  totalVat: number;
  totalBeforeRebate: number;
  currencyId: string;
  priceSign: string;
  createdBy: number | null;
}

export async function insertBooking(db: Db, b: NewBookingRow): Promise<number> {
  const row = await db.one<{ id: number }>(
    `insert into bookings (company_id, service_id, customer_id, starts_at, ends_at, status_id, hold_until, spots, payment_option,
                           booked_comments, comments_to_customer, send_email_confirmation, send_sms_confirmation, send_email_reminder,
                           send_sms_reminder, allow_outside_schedules, custom_field_values, invoice_address, total_price_minor,
                           total_vat_minor, total_before_rebate_minor, currency_id, price_sign, created_by)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17::text::jsonb, $18::text::jsonb, $19, $20, $21, $22, $23, $24)
     returning id`,
    [
      b.companyId,
      b.serviceId,
      b.customerId,
      b.from,
      b.to,
      b.statusId,
      b.holdUntil,
      b.spots,
      b.paymentOption,
      b.bookedComments,
      b.commentsToCustomer,
      b.sendEmailConfirmation,
      b.sendSmsConfirmation,
      b.sendEmailReminder,
      b.sendSmsReminder,
      b.allowOutsideSchedules,
      JSON.stringify(b.customFieldValues),
      b.invoiceAddress ? JSON.stringify(b.invoiceAddress) : null,
      b.total,
      b.totalVat,
      b.totalBeforeRebate,
      b.currencyId,
      b.priceSign,
      b.createdBy,
    ],
  );
  await db.query('update customers set last_activity = now() where id = $1 and company_id = $2', [b.customerId, b.companyId]);
  return row!.id;
}

/** Replaces a booking's quantity lines (`fresh`: a booking just inserted, which has none to delete). */
export async function writeQuantities(db: Db, companyId: number, bookingId: number, lines: readonly QuantityLine[], fresh = false): Promise<void> {
  if (!fresh) await db.query('delete from booking_quantities where booking_id = $1 and company_id = $2', [bookingId, companyId]);
  if (!lines.length) return;
  await db.query(
    `insert into booking_quantities (company_id, booking_id, price_id, quantity, price_minor, price_before_rebate_minor, vat_minor, vat, category, price_text, occupies_spot, sort_order)
     select $1, $2, (q->>'priceId')::int, (q->>'quantity')::int, (q->>'amount')::bigint, (q->>'beforeRebate')::bigint, (q->>'vatAmount')::bigint,
            (q->>'vat')::numeric, coalesce(q->>'category', ''), q->>'priceText', (q->>'occupiesSpot')::boolean, (ord - 1)::int
       from jsonb_array_elements($3::text::jsonb) with ordinality as x(q, ord)`,
    [companyId, bookingId, JSON.stringify(lines.map((l) => ({ ...l, priceId: l.priceId > 0 ? l.priceId : null })))],
  );
}

/** Replaces a booking's resources (booking_resources keeps bookings.resource_ids by trigger) and its allocations (`fresh`: a booking just inserted, with none). */
export async function writeResources(db: Db, companyId: number, bookingId: number, resources: readonly { resourceTypeId: number; resourceId: number }[], fresh = false): Promise<void> {
  if (!fresh) await db.query('delete from booking_resources where booking_id = $1 and company_id = $2', [bookingId, companyId]);
  if (resources.length) {
    await db.query(
      `insert into booking_resources (company_id, booking_id, resource_type_id, resource_id)
       select $1, $2, t, r from unnest($3::int[], $4::int[]) as x(t, r) on conflict do nothing`,
      [companyId, bookingId, resources.map((r) => r.resourceTypeId), resources.map((r) => r.resourceId)],
    );
  }
  await syncAllocations(db, companyId, bookingId, fresh);
}

/**
 * Rewrites the booking's allocations from its time, resources and status. An allocation blocks
 * when the booking holds its slot and its service has one spot per resource: the exclusion
 * constraint then refuses any other blocking allocation of the resource that overlaps
 * (exclusion_violation, 23P01), whichever check ran before.
 */
export async function syncAllocations(db: Db, companyId: number, bookingId: number, fresh = false): Promise<void> {
  if (!fresh) await db.query('delete from booking_allocations where booking_id = $1 and company_id = $2', [bookingId, companyId]);
  await db.query(
    `insert into booking_allocations (company_id, booking_id, resource_id, during, blocks)
     select b.company_id, b.id, br.resource_id, tstzrange(b.starts_at, b.ends_at, '[)'), st.holds_slot and s.total_spots <= 1
       from bookings b
       join booking_resources br on br.booking_id = b.id
       join services s on s.id = b.service_id
       join booking_statuses st on st.id = b.status_id
      where b.id = $1 and b.company_id = $2`,
    [bookingId, companyId],
  );
}

export interface LogEntry {
  companyId: number;
  bookingId: number;
  event: string;
  actorType: 'Administrator' | 'Customer' | 'System';
  userId: number | null;
  comment?: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** Appends one entry to the booking log (inside the change's own transaction). */
export async function writeLog(db: Db, entry: LogEntry): Promise<void> {
  await db.query(
    `insert into booking_log (company_id, booking_id, event, actor_type, user_id, comment, before, after)
     values ($1, $2, $3, $4, $5, $6, $7::text::jsonb, $8::text::jsonb)`,
    [
      entry.companyId,
      entry.bookingId,
      entry.event,
      entry.actorType,
      entry.userId,
      entry.comment ?? null,
      entry.before ? JSON.stringify(entry.before) : null,
      entry.after ? JSON.stringify(entry.after) : null,
    ],
  );
}

/**
 * What the log records of a booking: status, times (company-local), spots, quantities, resources,
 * price and payment, comments.
 */
export async function snapshot(db: Db, companyId: number, bookingId: number): Promise<Record<string, unknown> | null> {
  const row = await db.one<{ snap: Record<string, unknown> }>(
    `select json_build_object(
              'StatusId', b.status_id,
              'From', to_char(b.starts_at at time zone c.time_zone, 'YYYY-MM-DD"T"HH24:MI:SS'),
              'To', to_char(b.ends_at at time zone c.time_zone, 'YYYY-MM-DD"T"HH24:MI:SS'),
              'Spots', b.spots,
              'Quantities', coalesce((select json_agg(json_build_object('PriceId', q.price_id, 'Quantity', q.quantity, 'Price', q.price_minor::float8 / 100) order by q.sort_order)
                                        from booking_quantities q where q.booking_id = b.id), '[]'),
              'Resources', coalesce((select json_agg(r.name order by r.name, r.id) from resources r where r.id = any(b.resource_ids) and r.company_id = b.company_id), '[]'),
              'TotalPrice', b.total_price_minor::float8 / 100,
              'PaidAmount', b.paid_minor::float8 / 100,
              'BookedComments', b.booked_comments,
              'UnbookedComments', b.unbooked_comments,
              'CommentsToCustomer', b.comments_to_customer,
              'NoShow', b.no_show_at is not null) as snap
       from bookings b join companies c on c.id = b.company_id
      where b.id = $1 and b.company_id = $2`,
    [bookingId, companyId],
  );
  return row?.snap ?? null;
}

export interface BookingSettingsRow {
  default_status_id: number;
  reservation_hold_minutes: number;
  payment_hold_minutes: number;
  cancellation_deadline_hours: number;
  customers_choose_resources: boolean;
  send_email_confirmation: boolean;
  send_sms_confirmation: boolean;
  send_email_reminder: boolean;
  send_sms_reminder: boolean;
  queue_enabled: boolean;
}

const SETTINGS_DEFAULTS: BookingSettingsRow = {
  default_status_id: 1,
  reservation_hold_minutes: 60,
  payment_hold_minutes: 30,
  cancellation_deadline_hours: 24,
  customers_choose_resources: true,
  send_email_confirmation: true,
  send_sms_confirmation: false,
  send_email_reminder: true,
  send_sms_reminder: false,
  queue_enabled: false,
};

/** The company's booking settings, or the defaults when it has saved none. */
export async function loadSettings(db: Db, companyId: number): Promise<BookingSettingsRow> {
  const row = await db.one<BookingSettingsRow>(
    `select default_status_id, reservation_hold_minutes, payment_hold_minutes, cancellation_deadline_hours, customers_choose_resources,
            send_email_confirmation, send_sms_confirmation, send_email_reminder, send_sms_reminder, queue_enabled
       from booking_settings where company_id = $1`,
    [companyId],
  );
  return row ?? SETTINGS_DEFAULTS;
}

/** Saves the settings a body carries (the rest keep their value). */
export async function saveSettings(db: Db, companyId: number, values: Partial<BookingSettingsRow>): Promise<void> {
  const merged = { ...(await loadSettings(db, companyId)), ...values };
  const columns = Object.keys(SETTINGS_DEFAULTS) as (keyof BookingSettingsRow)[];
  const params: SqlParam[] = [companyId, ...columns.map((c) => merged[c])];
  await db.query(
    `insert into booking_settings (company_id, ${columns.join(', ')}) values ($1, ${columns.map((_, i) => `$${i + 2}`).join(', ')})
     on conflict (company_id) do update set ${columns.map((c) => `${c} = excluded.${c}`).join(', ')}, updated = now()`,
    params,
  );
}

/** The codes a booking still uses: its Decrease transactions minus what was given back, per code. */
export async function codesInUse(db: Db, companyId: number, bookingId: number): Promise<{ rebateCodeId: number; amount: number; usage: number }[]> {
  return db.query(
    `select rebate_code_id as "rebateCodeId",
            sum(case when change_type = 'Decrease' then amount_minor else -amount_minor end)::float8 / 100 as amount,
            sum(case when change_type = 'Decrease' then usage else -usage end)::int as usage,
            sum(case when change_type = 'Decrease' then 1 else -1 end)::int as uses
       from rebate_code_transactions
      where company_id = $1 and booking_id = $2
      group by rebate_code_id
     having sum(case when change_type = 'Decrease' then 1 else -1 end) > 0
      order by rebate_code_id`,
    [companyId, bookingId],
  );
}

/** Resource ids of the company among `ids`, with the types they belong to. */
export async function resourceTypesOf(db: Db, companyId: number, ids: readonly number[]): Promise<Map<number, number[]>> {
  const rows = await db.query<{ id: number; types: number[] }>(
    `select r.id, coalesce(array_agg(m.resource_type_id) filter (where m.resource_type_id is not null), '{}') as types
       from resources r left join resource_type_resources m on m.resource_id = r.id
      where r.company_id = $1 and r.id = any($2::int[]) group by r.id`,
    [companyId, [...ids]],
  );
  return new Map(rows.map((r) => [r.id, r.types]));
}

/** Names of resources, for messages. */
export async function resourceNames(db: Db, companyId: number, ids: readonly number[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await db.query<{ name: string }>('select name from resources where company_id = $1 and id = any($2::int[]) order by name', [companyId, [...ids]]);
  return rows.map((r) => r.name);
}

export interface AvailableResourceRow {
  ResourceTypeId: number;
  ResourceTypeName: string;
  ResourceId: number;
  ResourceName: string;
  Available: boolean;
  Booked: boolean;
}

/**
 * The resources of the types the booking's service needs (those connected to the service), and
 * whether each is free for the booking's time: no other booking holding it then, apart from
 * bookings of the same service while spots are left.
 */
export async function availableResources(db: Db, companyId: number, bookingId: number, resourceTypeId: number | null): Promise<AvailableResourceRow[]> {
  return db.query<AvailableResourceRow>(
    `with b as (select id, service_id, starts_at, ends_at, spots, resource_ids from bookings where id = $1 and company_id = $2),
          candidates as (
            select distinct rt.id as type_id, rt.name as type_name, r.id, r.name
              from b join service_resource_types srt on srt.service_id = b.service_id
              join resource_types rt on rt.id = srt.resource_type_id
              join resource_type_resources m on m.resource_type_id = srt.resource_type_id
              join resources r on r.id = m.resource_id and r.active
             where ($3::int is null or rt.id = $3)
               and (srt.all_resources or exists (select 1 from service_resources sr where sr.service_id = srt.service_id
                                                  and sr.resource_type_id = srt.resource_type_id and sr.resource_id = r.id)))
     select c.type_id as "ResourceTypeId", c.type_name as "ResourceTypeName", c.id as "ResourceId", c.name as "ResourceName",
            c.id = any(b.resource_ids) as "Booked",
            coalesce((select bool_and(o.service_id = b.service_id) and sum(o.spots) + b.spots <= max(s.total_spots)
                        from bookings o join booking_statuses st on st.id = o.status_id and st.holds_slot join services s on s.id = b.service_id
                       where o.company_id = $2 and o.id <> b.id and o.resource_ids @> array[c.id] and o.starts_at < b.ends_at and o.ends_at > b.starts_at), true) as "Available"
       from candidates c cross join b
      order by c.type_id, c.name, c.id`,
    [bookingId, companyId, resourceTypeId],
  );
}

/** Of these resources, those another holding booking uses at some moment of [from, to). */
export async function busyResources(db: Db, companyId: number, ids: readonly number[], from: Date, to: Date, excludeId: number): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db.query<{ id: number }>(
    `select distinct r.id from unnest($2::int[]) as r(id)
      where exists (select 1 from bookings o join booking_statuses st on st.id = o.status_id and st.holds_slot
                     where o.company_id = $1 and o.id <> $5 and o.resource_ids @> array[r.id] and o.starts_at < $4 and o.ends_at > $3
                       and ${startsAfterLongest('$3', '$1', 'o')})`,
    [companyId, [...ids], from, to, excludeId],
  );
  return rows.map((r) => r.id);
}
