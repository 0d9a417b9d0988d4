import { useMemo } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import type { QueryResponse } from '../../../schema/common';
import type { DateSchedule, RecurringSchedule, ResourceType } from '../../../schema/availability';
import type { BookingUserQueueEntry } from '../../../schema/bookings';
import type { TimeExceptionOccurrence } from '../../../schema/scheduling';
import type { Service } from '../../../schema/services';
import type { Booking } from '../../common/bookings/bookingTypes';
import { resultsOf, useApi } from '../../common/api';
import { readResourceTypeOrder } from '../../common/resourceTypeOrder';
import {
  boardEvents,
  boardResources,
  closedShades,
  exceptionShades,
  queueMarks,
  rangeOf,
  serviceLanes,
  toWire,
  type BoardEvent,
  type BoardResource,
  type BoardView,
  type QueueMark,
  type Shade,
} from './model';
import { useLiveFeed } from './useLiveFeed';

/** The most a list call may take (the API's MAX_TAKE). */
const PAGE = 1000;
/**
 * How long a loaded range's bookings and queue count as fresh while the board is open: the live feed
 * reports every change (a changed booking is read again, and every other loaded range is marked
 * stale), so stepping back and forth between weeks does not load a thousand bookings again. Opening
 * the page always loads afresh, since nothing listened meanwhile.
 */
const LIVE_FRESH = { staleTime: 60_000, refetchOnMount: 'always' } as const;

export interface SchedulerChoice {
  view: BoardView;
  day: string;
  /** Shown resources; empty = every active one. */
  resourceIds: number[];
  /** Shown services; empty = all. */
  serviceIds: number[];
}

export interface SchedulerData {
  /** Every active resource (for the choice), and the shown lanes: resources, then the lanes of services that need none. */
  allResources: BoardResource[];
  resources: BoardResource[];
  services: Service[];
  events: BoardEvent[];
  shades: Shade[];
  /** Customers waiting in the booking queue in the range, per service and time. */
  queue: QueueMark[];
  range: { start: Date; end: Date };
  loading: boolean;
  error: unknown;
  /** Loads the range again. */
  reload: () => Promise<void>;
  /** Reads one changed booking again (after a change of our own, or one the live feed told of). */
  refreshBooking: (id: number) => Promise<void>;
}

/**
 * What the board shows for the view and filters: resources and services once, and for the visible
 * range only the bookings (GET /bookings with BookingStart/BookingEnd), time exceptions
 * (GET /timeexceptions/report) and opening hours (recurring schedules); the range is loaded again
 * whenever the live feed tells of a change.
 */
export function useSchedulerData(choice: SchedulerChoice): SchedulerData {
  const api = useApi();
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const range = useMemo(() => rangeOf(choice.view, choice.day), [choice.view, choice.day]);

  const types = useQuery({
    queryKey: ['scheduler', 'resourcetypes'],
    queryFn: async () => resultsOf(await api.call<QueryResponse<ResourceType>>('GET', '/resourcetypes', { query: { Take: PAGE } })),
  });
  const services = useQuery({
    queryKey: ['scheduler', 'services'],
    queryFn: async () => resultsOf(await api.call<QueryResponse<Service>>('GET', '/services', { query: { IncludeResources: true, Take: PAGE } })),
  });
  const schedules = useQuery({
    queryKey: ['scheduler', 'schedules'],
    queryFn: async () => resultsOf(await api.call<QueryResponse<RecurringSchedule>>('GET', '/schedules/recurring', { query: { Active: true, Take: PAGE } })),
  });
  // The list has no date filter: the dates outside the range are left out when the board is shaded.
  const dateSchedules = useQuery({
    queryKey: ['scheduler', 'dateschedules'],
    queryFn: async () => resultsOf(await api.call<QueryResponse<DateSchedule>>('GET', '/schedules/date', { query: { Active: true, Take: PAGE } })),
  });
  const allResources = useMemo(() => boardResources(types.data ?? [], readResourceTypeOrder()), [types.data]);
  const withoutResourceLabel = translate('scheduler.withoutResource');
  const resources = useMemo(() => {
    if (choice.resourceIds.length) return allResources.filter((r) => choice.resourceIds.includes(r.id));
    const lanes = serviceLanes(services.data ?? [], withoutResourceLabel).filter((l) => !choice.serviceIds.length || choice.serviceIds.includes(l.serviceId!));
    return lanes.length ? [...allResources, ...lanes] : allResources;
  }, [allResources, choice.resourceIds, choice.serviceIds, services.data, withoutResourceLabel]);
  const from = toWire(range.start);
  const to = toWire(range.end);

  const bookingFilter = useMemo(
    () => ({ BookingStart: from, BookingEnd: to, ServiceIds: choice.serviceIds, ResourceIds: choice.resourceIds.length ? resources.map((r) => r.id) : undefined }),
    [from, to, choice.serviceIds, choice.resourceIds, resources],
  );
  const bookingsKey = ['scheduler', 'bookings', bookingFilter];
  const bookings = useQuery({
    queryKey: bookingsKey,
    enabled: types.isSuccess,
    placeholderData: keepPreviousData,
    ...LIVE_FRESH,
    queryFn: async () => {
      const rows: Booking[] = [];
      for (let skip = 0; ; skip += PAGE) {
        const page = await api.call<QueryResponse<Booking>>('GET', '/bookings', { query: { ...bookingFilter, OrderBy: 'From', Take: PAGE, Skip: skip } });
        rows.push(...page.Results);
        if (page.Results.length < PAGE || rows.length >= page.Total) return rows;
      }
    },
  });
  // Asked for once the range's bookings are in: the board draws the bookings first, and the API's embedded database
  // (one session) would otherwise answer the queue in the middle of the bookings' pages.
  const queueQuery = useQuery({
    queryKey: ['scheduler', 'queue', from, to],
    enabled: bookings.isSuccess && !bookings.isPlaceholderData,
    placeholderData: keepPreviousData,
    ...LIVE_FRESH,
    queryFn: async () => {
      const rows: BookingUserQueueEntry[] = [];
      for (let skip = 0; ; skip += PAGE) {
        const page = await api.call<QueryResponse<BookingUserQueueEntry>>('GET', '/bookinguserqueue', { query: { From: from, To: to, OrderBy: 'From', Take: PAGE, Skip: skip } });
        rows.push(...page.Results);
        if (page.Results.length < PAGE || rows.length >= page.Total) return rows;
      }
    },
  });
  const exceptions = useQuery({
    queryKey: ['scheduler', 'exceptions', from, to],
    placeholderData: keepPreviousData,
    queryFn: async () => resultsOf(await api.call<QueryResponse<TimeExceptionOccurrence>>('GET', '/timeexceptions/report', { query: { From: from, To: to } })),
  });

  const closedLabel = translate('scheduler.closed');
  const shades = useMemo(
    () => [...closedShades(schedules.data ?? [], dateSchedules.data ?? [], resources, services.data ?? [], range, closedLabel), ...exceptionShades(exceptions.data ?? [])],
    [schedules.data, dateSchedules.data, resources, services.data, range, closedLabel, exceptions.data],
  );
  const queue = useMemo(() => queueMarks(queueQuery.data ?? [], resources, services.data ?? []), [queueQuery.data, resources, services.data]);
  // A booking's board events are kept while the shown resources stay the same (a live change then redraws only its booking).
  const known = useMemo(() => ({ resources, events: new WeakMap<Booking, BoardEvent[]>() }), [resources]);
  const events = useMemo(() => boardEvents(bookings.data ?? [], known.resources, known.events), [bookings.data, known]);

  const reload = async () => {
    await queryClient.invalidateQueries({ queryKey: ['scheduler', 'bookings'] });
  };
  /**
   * One booking changed: only it is read again (still in the range and filters, or gone) and put
   * into the shown list; other ranges already loaded are read again when shown.
   */
  const refreshBooking = async (id: number) => {
    if (!queryClient.getQueryData<Booking[]>(bookingsKey)) return reload();
    const page = await api.call<QueryResponse<Booking>>('GET', '/bookings', { query: { ...bookingFilter, Id: id } });
    const fresh = page.Results[0];
    await queryClient.invalidateQueries({ queryKey: ['scheduler', 'bookings'], refetchType: 'none' });
    queryClient.setQueryData<Booking[]>(bookingsKey, (old) => {
      const rest = (old ?? []).filter((b) => b.Id !== id);
      return fresh ? [...rest, fresh] : rest;
    });
  };
  useLiveFeed(
    (change) => void refreshBooking(change.BookingId).catch(() => reload()),
    () => void queryClient.invalidateQueries({ queryKey: ['scheduler', 'queue'] }),
    () => void queryClient.invalidateQueries({ queryKey: ['scheduler'] }),
  );

  return {
    allResources,
    resources,
    services: services.data ?? [],
    events,
    shades,
    queue,
    range,
    loading: types.isPending || bookings.isPending,
    error: types.error ?? bookings.error ?? null,
    reload,
    refreshBooking,
  };
}
