import type { QueryResponse } from '../../../schema/common';
import type { BookingDataProvider } from '../../dataProvider/types';
import type { AvailableBookingResource, Booking, BookingBulkResponse, BookingLogEntry, BookingReportOption } from './bookingTypes';

/** Page size of export and bulk fetches (spec core.md §9). */
export const EXPORT_PAGE_SIZE = 300;

/** The filters of the bookings list and report as the API names them (CONTRACT.md, Booking query). */
export interface BookingFilter {
  Search?: string;
  StatusIds?: number[];
  ServiceIds?: number[];
  CustomerId?: number;
  ResourceIds?: number[];
  BookingStart?: string;
  BookingEnd?: string;
  CreatedFrom?: string;
  CreatedTo?: string;
}

const ids = (value: unknown): number[] | undefined => {
  const list = (Array.isArray(value) ? value : value === undefined || value === null || value === '' ? [] : [value]).map(Number).filter((n) => Number.isFinite(n));
  return list.length ? list : undefined;
};
const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() ? value.trim() : undefined);
/** A picked date (`yyyy-MM-dd`) or date-time as the day it names. */
const day = (value: unknown): string | undefined => text(value)?.slice(0, 10);

/**
 * The list's filter values (react-admin's, `q` for the free search) as the API's query.
 * @example bookingFilterOf({ q: 'ann', StatusIds: [1] }) // { Search: 'ann', StatusIds: [1] }
 */
export function bookingFilterOf(values: Record<string, unknown>): BookingFilter {
  const customer = ids(values.CustomerId);
  return {
    Search: text(values.q),
    StatusIds: ids(values.StatusIds),
    ServiceIds: ids(values.ServiceIds),
    CustomerId: customer?.[0],
    ResourceIds: ids(values.ResourceIds),
    BookingStart: day(values.BookingStart),
    BookingEnd: day(values.BookingEnd),
    CreatedFrom: day(values.CreatedFrom),
    CreatedTo: day(values.CreatedTo),
  };
}

/**
 * Every booking matching `filter`, fetched in pages of 300 (GET /bookings?Take=300&Skip=…), oldest first;
 * `onProgress` hears how many of how many have arrived.
 * @example const rows = await fetchAllBookings(api, { StatusIds: [1] }, (done, total) => setProgress(done / total));
 */
export async function fetchAllBookings(
  api: BookingDataProvider,
  filter: BookingFilter,
  onProgress?: (done: number, total: number) => void,
  orderBy = 'From',
): Promise<Booking[]> {
  const rows: Booking[] = [];
  for (let skip = 0; ; skip += EXPORT_PAGE_SIZE) {
    const page = await api.call<QueryResponse<Booking>>('GET', '/bookings', { query: { ...filter, OrderBy: orderBy, Take: EXPORT_PAGE_SIZE, Skip: skip } });
    rows.push(...page.Results);
    onProgress?.(rows.length, page.Total);
    if (page.Results.length < EXPORT_PAGE_SIZE || rows.length >= page.Total) return rows;
  }
}

/** How many bookings match `filter` (one row fetched). */
export async function countBookings(api: BookingDataProvider, filter: BookingFilter): Promise<number> {
  const page = await api.call<QueryResponse<Booking>>('GET', '/bookings', { query: { ...filter, Take: 1, Skip: 0 } });
  return page.Total;
}

/** One booking (GET /bookings?Id=…, the list's shape), or undefined when there is none. */
export async function fetchBooking(api: BookingDataProvider, id: number): Promise<Booking | undefined> {
  const page = await api.call<QueryResponse<Booking>>('GET', '/bookings', { query: { Id: id } });
  return page.Results[0];
}

/** Cancels a booking (DELETE /bookings/{id}) with the reason kept on it and the message the customer gets (by e-mail, when there is one). */
export function cancelBooking(api: BookingDataProvider, id: number, options: { reason?: string; messageToCustomer?: string } = {}) {
  const message = options.messageToCustomer?.trim() || undefined;
  return api.call('DELETE', `/bookings/${id}`, { query: { UnbookedComments: options.reason?.trim() || undefined, CommentsToCustomer: message, SendEmail: message ? true : undefined } });
}

/** What a bulk call did: the bookings it changed, and each refusal as `#id: message`. */
export interface BulkOutcome {
  succeeded: number;
  failures: string[];
}

/**
 * POST /bookings/bulk: cancel (with the reason and the message to the customer) or mark as paid, on
 * the chosen ids (200 a call) or on everything the filter matches (the server pages by id).
 * @example await bulkBookings(api, 'Cancel', { filter: { StatusIds: [1] } }, { reason: 'Stängt' }, (done) => setDone(done));
 */
export async function bulkBookings(
  api: BookingDataProvider,
  action: 'Cancel' | 'MarkAsPaid',
  target: { ids: number[] } | { filter: BookingFilter },
  options: { reason?: string; messageToCustomer?: string } = {},
  onProgress?: (done: number) => void,
): Promise<BulkOutcome> {
  const message = options.messageToCustomer?.trim() || undefined;
  const texts = action === 'Cancel' ? { UnbookedComments: options.reason?.trim() || undefined, CommentsToCustomer: message, SendEmail: message ? true : undefined } : {};
  const outcome: BulkOutcome = { succeeded: 0, failures: [] };
  const add = (answer: BookingBulkResponse) => {
    outcome.succeeded += answer.Succeeded.length;
    outcome.failures.push(...answer.Failed.map((f) => `#${f.Id}: ${f.Message}`));
    onProgress?.(outcome.succeeded + outcome.failures.length);
  };
  if ('ids' in target) {
    for (let at = 0; at < target.ids.length; at += 200) {
      add(await api.call<BookingBulkResponse>('POST', '/bookings/bulk', { body: { Action: action, Ids: target.ids.slice(at, at + 200), ...texts } }));
    }
    return outcome;
  }
  let afterId = 0;
  for (;;) {
    const answer = await api.call<BookingBulkResponse>('POST', '/bookings/bulk', { body: { Action: action, Filter: target.filter, AfterId: afterId, ...texts } });
    add(answer);
    if (!answer.More || answer.LastId === null) return outcome;
    afterId = answer.LastId;
  }
}

/** PUT /bookings/{id}/markaspaid. */
export const markAsPaid = (api: BookingDataProvider, id: number) => api.call<Booking>('PUT', `/bookings/${id}/markaspaid`, { body: {} });

/** The booking log of one booking, newest first (GET /bookinglog?BookingId=…). */
export async function fetchBookingLog(api: BookingDataProvider, bookingId: number): Promise<BookingLogEntry[]> {
  const page = await api.call<QueryResponse<BookingLogEntry>>('GET', '/bookinglog', { query: { BookingId: bookingId, OrderBy: '-Created', Take: 1000 } });
  return page.Results;
}

/** The resources of the booking's types that are free at its time and not already its own (GET /bookings/{id}/resources/available). */
export async function fetchAvailableResources(api: BookingDataProvider, id: number): Promise<AvailableBookingResource[]> {
  const page = await api.call<QueryResponse<AvailableBookingResource>>('GET', `/bookings/${id}/resources/available`);
  return page.Results.filter((r) => r.Available && !r.Booked);
}

/** The calls of a booking's page, one per action of the spec (core.md §4, booking actions). */
export const bookingActions = {
  approve: (api: BookingDataProvider, id: number) => api.call<Booking>('PUT', `/bookings/${id}/approve`, { body: {} }),
  decline: (api: BookingDataProvider, id: number, options: { reason?: string; messageToCustomer?: string } = {}) => {
    const message = options.messageToCustomer?.trim() || undefined;
    return api.call<Booking>('PUT', `/bookings/${id}/decline`, { body: { UnbookedComments: options.reason?.trim() || undefined, CommentsToCustomer: message, SendEmail: message ? true : undefined } });
  },
  cancel: cancelBooking,
  markAsPaid,
  /** Marks a booking that has started as a no-show (`noShow` true) or undoes the mark (PUT /bookings/{id}/noshow). */
  noShow: (api: BookingDataProvider, id: number, noShow: boolean) => api.call<Booking>('PUT', `/bookings/${id}/noshow`, { body: { NoShow: noShow } }),
  /** Gives back `amount` (all that is left of the payment when omitted), with the comment in the payment log. */
  refund: (api: BookingDataProvider, id: number, paymentLogId: number, options: { amount?: number; comment?: string } = {}) =>
    api.call('PUT', `/bookings/${id}/refund/${paymentLogId}`, { body: { Amount: options.amount, Comment: options.comment?.trim() || undefined } }),
  quantity: (api: BookingDataProvider, id: number, quantities: { PriceId: number; Quantity: number }[]) =>
    api.call<Booking>('PUT', `/bookings/${id}/quantity`, { body: { Quantities: quantities } }),
  addResource: (api: BookingDataProvider, id: number, resourceTypeId: number, resourceId: number) =>
    api.call('POST', `/bookings/${id}/resource`, { body: { ResourceTypeId: resourceTypeId, ResourceId: resourceId } }),
  changeResource: (api: BookingDataProvider, id: number, resourceTypeId: number, oldResourceId: number, resourceId: number) =>
    api.call('PUT', `/bookings/${id}/resource`, { body: { ResourceTypeId: resourceTypeId, ResourceId: resourceId, OldResourceId: oldResourceId } }),
  removeResource: (api: BookingDataProvider, id: number, resourceTypeId: number, resourceId: number) =>
    api.call('DELETE', `/bookings/${id}/resource`, { query: { ResourceTypeId: resourceTypeId, ResourceId: resourceId } }),
  move: (api: BookingDataProvider, id: number, fromResourceId: number, toResourceId: number) =>
    api.call('PUT', '/bookings/resources/move', { body: { BookingId: id, FromResourceId: fromResourceId, ToResourceId: toResourceId } }),
  /** New start and end, re-checked by the server; `outsideSchedules` skips the schedule check (never the overlap check). */
  editTime: (api: BookingDataProvider, id: number, from: string, to: string, outsideSchedules?: boolean) =>
    api.call<Booking>('PUT', `/bookings/${id}`, { body: { From: from, To: to, AllowBookingOutsideSchedules: outsideSchedules || undefined } }),
  /** The booking's comments: the administrators' own and the one shown to the customer (empty clears it). */
  editComments: (api: BookingDataProvider, id: number, comments: { booked: string; toCustomer: string }) =>
    api.call<Booking>('PUT', `/bookings/${id}`, { body: { BookedComments: comments.booked.trim() || null, CommentsToCustomer: comments.toCustomer.trim() || null } }),
  receipt: (api: BookingDataProvider, id: number, optionId: number, method: 'email' | 'pdf') =>
    method === 'pdf'
      ? api.download(`/bookings/${id}/reports/${optionId}`, { query: { SendReceiptMethod: 2 } })
      : api.call('GET', `/bookings/${id}/reports/${optionId}`, { query: { SendReceiptMethod: 1 } }),
  paymentRequest: (api: BookingDataProvider, id: number) => api.call('PUT', `/payment/payson/v2/checkout/${id}/sendpaymentrequest`, { body: {} }),
  /** GET /bookings/reports: the receipt options. */
  receiptOptions: async (api: BookingDataProvider) => (await api.call<QueryResponse<BookingReportOption>>('GET', '/bookings/reports')).Results,
  /** POST /bookinguserqueue/{id}/book: the queued customer's booking, taken off the queue. */
  bookQueued: (api: BookingDataProvider, queueId: number) => api.call<Booking>('POST', `/bookinguserqueue/${queueId}/book`, { body: {} }),
  /** DELETE /bookinguserqueue/{id}: the customer no longer waits for that time. */
  removeQueued: (api: BookingDataProvider, queueId: number) => api.call('DELETE', `/bookinguserqueue/${queueId}`),
  resyncDoorCode: (api: BookingDataProvider, id: number, companyId?: number) => api.call('POST', `/codelock/resync/${id}`, { body: { CompanyId: companyId } }),
};
