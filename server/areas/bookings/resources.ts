/**
 * The bookings area's list declarations (autoquery): bookings, the booking log and the user queue.
 */
import { DateTime } from 'luxon';
import type {
  Booking,
  BookingLogEntry,
  BookingLogQuery,
  BookingQuery,
  BookingUserQueueEntry,
  BookingUserQueueInput,
  BookingUserQueueQuery,
  CreateBooking,
} from '../../../schema/bookings';
import type { CallerContext } from '../../shared/context';
import type { Db } from '../../db/db';
import { ApiError } from '../../shared/errors';
import { assertInt4, defineResource, type FilterFn, type ResourceDeclaration, type SqlParams } from '../../autoquery/index';
import { bookingTotal } from './counts';
import { startsAfterLongest } from '../../shared/bookingBounds';
import { statusNames } from './messages';

/**
 * A time bound of a list filter in the caller's zone. A date alone means the start of that day
 * (`from`) or the end of it (`to`).
 */
export function timeBound(value: unknown, field: string, edge: 'from' | 'to', ctx: CallerContext): string {
  const text = String(value);
  let moment = DateTime.fromISO(text, { zone: ctx.timeZone });
  if (!/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2})?)?$/.test(text) || !moment.isValid) throw ApiError.field(400, field, 'InvalidFormat');
  if (text.length <= 10 && edge === 'to') moment = moment.plus({ days: 1 });
  return moment.toISO()!;
}

function ints(value: unknown, field: string): number[] {
  const list = (Array.isArray(value) ? value : [value]).map((v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v));
  list.forEach((v) => assertInt4(field, v));
  return list as number[];
}

const anyOf =
  (column: string, field: string): FilterFn<BookingQuery> =>
  (value, p) =>
    `t.${column} = any(${p.add(ints(value, field))}::int[])`;

const bound =
  (column: string, field: string, edge: 'from' | 'to', op: string) =>
  (value: unknown, p: SqlParams, _q: unknown, ctx: CallerContext): string =>
    `t.${column} ${op} ${p.add(timeBound(value, field, edge, ctx))}::timestamptz`;

interface Children {
  id: number;
  customer: Booking['Customer'];
  quantities: Omit<Booking['Quantities'][number], 'PriceSign'>[];
  resources: Booking['Resources'];
  types: Booking['BookedResourceTypes'];
  codes: Booking['RebateCodes'];
  payments: (Omit<Booking['PaymentLog'][number], 'Created'> & { CreatedMs: number })[];
}

/** The children of a page of bookings, in one query. */
async function attachChildren(db: Db, ctx: CallerContext, records: Booking[]): Promise<void> {
  const rows = await db.query<Children>(
    `select b.id,
            case when cu.id is null then null else json_build_object('Id', cu.id, 'Firstname', cu.firstname, 'Lastname', cu.lastname, 'Email', cu.email, 'Phone', cu.phone) end as customer,
            coalesce((select json_agg(json_build_object('Id', q.id, 'PriceId', q.price_id, 'Quantity', q.quantity, 'Price', q.price_minor::float8 / 100,
                                                         'PriceBeforeRebate', q.price_before_rebate_minor::float8 / 100, 'Category', q.category, 'VAT', q.vat::float8,
                                                         'PriceText', q.price_text, 'OccupiesSpot', q.occupies_spot) order by q.sort_order)
                        from booking_quantities q where q.booking_id = b.id), '[]') as quantities,
            coalesce((select json_agg(json_build_object('ResourceTypeId', rt.id, 'ResourceTypeName', rt.name, 'ResourceId', r.id, 'ResourceName', r.name) order by rt.id, r.name, r.id)
                        from booking_resources br join resources r on r.id = br.resource_id join resource_types rt on rt.id = br.resource_type_id
                       where br.booking_id = b.id), '[]') as resources,
            coalesce((select json_agg(json_build_object('Id', x.type_id, 'Name', x.type_name, 'Resources', x.resources) order by x.type_id)
                        from (select rt.id as type_id, rt.name as type_name,
                                     json_agg(json_build_object('Id', r.id, 'Name', r.name, 'Color', r.color) order by r.name, r.id) as resources
                                from booking_resources br join resources r on r.id = br.resource_id join resource_types rt on rt.id = br.resource_type_id
                               where br.booking_id = b.id group by rt.id, rt.name) x), '[]') as types,
            coalesce((select json_agg(json_build_object('RebateCodeId', u.code_id, 'RebateCodeSign', rc.sign, 'Amount', u.amount, 'Usage', u.usage) order by u.code_id)
                        from (select t.rebate_code_id as code_id,
                                     sum(case when t.change_type = 'Decrease' then t.amount_minor else -t.amount_minor end)::float8 / 100 as amount,
                                     sum(case when t.change_type = 'Decrease' then t.usage else -t.usage end)::int as usage
                                from rebate_code_transactions t where t.booking_id = b.id and t.company_id = b.company_id
                               group by t.rebate_code_id having sum(case when t.change_type = 'Decrease' then 1 else -1 end) > 0) u
                        join rebate_codes rc on rc.id = u.code_id), '[]') as codes,
            coalesce((select json_agg(json_build_object('Id', p.id, 'Kind', p.kind, 'Amount', p.amount_minor::float8 / 100, 'Refunded', p.refunded_minor::float8 / 100,
                                                         'RefundOf', p.refund_of, 'Comment', p.comment, 'CreatedMs', extract(epoch from p.created) * 1000,
                                                         'ProviderRefund', (select json_build_object('Status', initcap(r.status), 'Message', r.message)
                                                                              from payment_refunds r where r.booking_payment_id = p.id)) order by p.id)
                        from booking_payments p where p.booking_id = b.id), '[]') as payments
       from bookings b left join customers cu on cu.id = b.customer_id
      where b.company_id = $1 and b.id = any($2::int[])`,
    [ctx.companyId, records.map((r) => r.Id)],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const record of records) {
    const children = byId.get(record.Id);
    const sign = record.PriceSign;
    record.StatusName = statusNames[record.StatusId]?.name[ctx.lang] ?? record.StatusName;
    record.Customer = children?.customer ?? null;
    record.Quantities = (children?.quantities ?? []).map((q) => ({ ...q, PriceSign: sign }));
    record.Resources = children?.resources ?? [];
    record.BookedResourceTypes = children?.types ?? [];
    record.RebateCodes = children?.codes ?? [];
    record.PaymentLog = (children?.payments ?? []).map(({ CreatedMs, ...p }) => ({
      ...p,
      Created: DateTime.fromMillis(Number(CreatedMs), { zone: ctx.timeZone }).toFormat("yyyy-MM-dd'T'HH:mm:ss"),
    }));
    record.CustomFieldValues ??= [];
  }
}

/** The bookings list's filters (BookingStart also bounds starts_at, see startsAfterLongest). */
const bookingFilters: NonNullable<ResourceDeclaration<Booking, CreateBooking, BookingQuery>['filters']> = {
  Id: 'Id',
  StatusIds: anyOf('status_id', 'StatusIds'),
  ServiceIds: anyOf('service_id', 'ServiceIds'),
  CustomerId: 'CustomerId',
  ResourceIds: (value, p) => `t.resource_ids && ${p.add(ints(value, 'ResourceIds'))}::int[]`,
  BookingStart: (value, p, _q, ctx) => {
    const at = p.add(timeBound(value, 'BookingStart', 'from', ctx));
    return `t.ends_at > ${at}::timestamptz and ${startsAfterLongest(at, p.add(ctx.companyId))}`;
  },
  BookingEnd: bound('starts_at', 'BookingEnd', 'to', '<'),
  CreatedFrom: bound('created', 'CreatedFrom', 'from', '>='),
  CreatedTo: bound('created', 'CreatedTo', 'to', '<'),
};

/**
 * GET /bookings: filters StatusIds, ServiceIds, CustomerId, ResourceIds, BookingStart/BookingEnd
 * (bookings overlapping that range), CreatedFrom/CreatedTo, Search (customer name, e-mail, phone,
 * service name), Id; sorting and paging like every list.
 */
export const bookings = defineResource<Booking, CreateBooking, BookingQuery>({
  entity: 'Booking',
  path: '/bookings',
  table: 'bookings_view',
  fields: {
    Id: { column: 'id', kind: 'int', readOnly: true },
    From: { column: 'starts_at', kind: 'datetime' },
    To: { column: 'ends_at', kind: 'datetime' },
    StatusId: { column: 'status_id', kind: 'int' },
    StatusName: { column: 'status_name', readOnly: true },
    HoldUntil: { column: 'hold_until', kind: 'datetime', readOnly: true },
    ServiceId: { column: 'service_id', kind: 'int' },
    ServiceName: { column: 'service_name', readOnly: true },
    CustomerId: { column: 'customer_id', kind: 'int' },
    CustomerName: { column: 'customer_name', readOnly: true },
    ResourceName: { column: 'resource_name', readOnly: true },
    Spots: { column: 'spots', kind: 'int', readOnly: true },
    CustomFieldValues: { column: 'custom_field_values', kind: 'json' },
    InvoiceAddress: { column: 'invoice_address', kind: 'json' },
    PaymentOption: 'payment_option',
    SendEmailConfirmation: { column: 'send_email_confirmation', kind: 'bool' },
    SendSmsConfirmation: { column: 'send_sms_confirmation', kind: 'bool' },
    SendEmailReminder: { column: 'send_email_reminder', kind: 'bool' },
    SendSmsReminder: { column: 'send_sms_reminder', kind: 'bool' },
    AllowBookingOutsideSchedules: { column: 'allow_outside_schedules', kind: 'bool' },
    BookedComments: 'booked_comments',
    UnbookedComments: 'unbooked_comments',
    CommentsToCustomer: 'comments_to_customer',
    TotalPrice: { column: 'total_price_minor', kind: 'money', readOnly: true },
    TotalVatAmount: { column: 'total_vat_minor', kind: 'money', readOnly: true },
    TotalPriceBeforeRebate: { column: 'total_before_rebate_minor', kind: 'money', readOnly: true },
    CurrencyId: { column: 'currency_id', readOnly: true },
    PriceSign: { column: 'price_sign', readOnly: true },
    PaidAmount: { column: 'paid_minor', kind: 'money', readOnly: true },
    NoShow: { column: 'no_show', kind: 'bool', readOnly: true },
    CreatedDate: { column: 'created', kind: 'datetime', readOnly: true },
    UpdatedDate: { column: 'updated', kind: 'datetime', readOnly: true },
  },
  search: ['customer_name', 'customer_email', 'customer_phone', 'service_name'],
  sort: ['Id', 'From', 'To', 'StatusId', 'StatusName', 'ServiceId', 'ServiceName', 'CustomerId', 'CustomerName', 'ResourceName', 'Spots', 'TotalPrice', 'PaidAmount', 'CreatedDate', 'UpdatedDate'],
  defaultSort: '-From',
  filters: bookingFilters,
  count: (db, ctx, query) => bookingTotal(db, ctx.companyId, query, [...Object.keys(bookingFilters), 'Search']),
  schemas: { query: 'BookingQuery', input: 'CreateBooking', item: 'Booking' },
  routes: { list: true, create: false, update: false, delete: false },
  hooks: {
    async afterRead(records, r) {
      await attachChildren(r.db, r.ctx, records);
    },
  },
});

/** GET /bookinglog: every change of every booking (filter BookingId, Event, CreatedFrom/CreatedTo). */
export const bookingLog = defineResource<BookingLogEntry, Record<string, never>, BookingLogQuery>({
  entity: 'BookingLogEntry',
  path: '/bookinglog',
  table: 'booking_log_view',
  fields: {
    Id: { column: 'id', kind: 'int', readOnly: true },
    BookingId: { column: 'booking_id', kind: 'int' },
    Event: 'event',
    ActorType: 'actor_type',
    UserId: { column: 'user_id', kind: 'int' },
    ActorName: { column: 'actor_display', readOnly: true },
    Comment: 'comment',
    Before: { column: 'before', kind: 'json' },
    After: { column: 'after', kind: 'json' },
    Created: { column: 'created', kind: 'datetime', readOnly: true },
  },
  search: ['event', 'comment', 'actor_display'],
  sort: ['Id', 'Created', 'BookingId', 'Event', 'ActorType'],
  defaultSort: '-Created',
  filters: {
    BookingId: 'BookingId',
    Event: 'Event',
    CreatedFrom: bound('created', 'CreatedFrom', 'from', '>='),
    CreatedTo: bound('created', 'CreatedTo', 'to', '<'),
  },
  schemas: { query: 'BookingLogQuery', input: 'BookingLogQuery', item: 'BookingLogEntry' },
  routes: { list: true, create: false, update: false, delete: false },
});

/** GET /bookinguserqueue: customers waiting for a spot (filters Id, ServiceId, CustomerId, From/To). */
export const bookingUserQueue = defineResource<BookingUserQueueEntry, BookingUserQueueInput, BookingUserQueueQuery>({
  entity: 'BookingUserQueueEntry',
  path: '/bookinguserqueue',
  table: 'booking_user_queue_view',
  fields: {
    Id: { column: 'id', kind: 'int', readOnly: true },
    ServiceId: { column: 'service_id', kind: 'int' },
    ServiceName: { column: 'service_name', readOnly: true },
    CustomerId: { column: 'customer_id', kind: 'int' },
    CustomerName: { column: 'customer_name', readOnly: true },
    CustomerEmail: { column: 'customer_email', readOnly: true },
    From: { column: 'starts_at', kind: 'datetime' },
    To: { column: 'ends_at', kind: 'datetime' },
    Quantity: { column: 'quantity', kind: 'int' },
    Comment: 'comment',
    Created: { column: 'created', kind: 'datetime', readOnly: true },
  },
  search: ['customer_name', 'customer_email', 'service_name'],
  sort: ['Id', 'From', 'To', 'ServiceName', 'CustomerName', 'Quantity', 'Created'],
  defaultSort: 'From',
  filters: {
    Id: 'Id',
    ServiceId: 'ServiceId',
    CustomerId: 'CustomerId',
    From: (value, p, _q, ctx) => `t.ends_at > ${p.add(timeBound(value, 'From', 'from', ctx))}::timestamptz`,
    To: (value, p, _q, ctx) => `t.starts_at < ${p.add(timeBound(value, 'To', 'to', ctx))}::timestamptz`,
  },
  schemas: { query: 'BookingUserQueueQuery', input: 'BookingUserQueueInput', item: 'BookingUserQueueEntry' },
  routes: { list: true, create: false, update: false, delete: false },
});
