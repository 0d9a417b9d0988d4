import { useMemo } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import type { QueryResponse } from '../../../schema/common';
import type { RecurringSchedule, ResourceType } from '../../../schema/availability';
import type { TimeExceptionOccurrence } from '../../../schema/scheduling';
import type { Service } from '../../../schema/services';
import type { Booking } from '../../common/bookings/bookingTypes';
import { resultsOf, useApi } from '../../common/api';
import { readResourceTypeOrder } from '../../common/resourceTypeOrder';
import { boardEvents, boardResources, closedShades, exceptionShades, rangeOf, toWire, type BoardEvent, type BoardResource, type BoardView, type Shade } from './model';
import { useLiveFeed } from './useLiveFeed';

/** The most a list call may take (the API's MAX_TAKE). */
const PAGE = 1000;

export interface SchedulerChoice {
  view: BoardView;
  day: string;
  /** Shown resources; empty = every active one. */
  resourceIds: number[];
  /** Shown services; empty = all. */
  serviceIds: number[];
}

export interface SchedulerData {
  /** Every active resource (for the choice), and the shown ones. */
  allResources: BoardResource[];
  resources: BoardResource[];
  services: Service[];
  events: BoardEvent[];
  shades: Shade[];
  range: { start: Date; end: Date };
  loading: boolean;
  error: unknown;
  /** Loads the range again (after a change of our own). */
  reload: () => Promise<void>;
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
  const allResources = useMemo(() => boardResources(types.data ?? [], readResourceTypeOrder()), [types.data]);
  const resources = useMemo(
    () => (choice.resourceIds.length ? allResources.filter((r) => choice.resourceIds.includes(r.id)) : allResources),
    [allResources, choice.resourceIds],
  );
  const shownIds = resources.map((r) => r.id);
  const from = toWire(range.start);
  const to = toWire(range.end);

  const bookings = useQuery({
    queryKey: ['scheduler', 'bookings', from, to, choice.serviceIds, shownIds],
    enabled: types.isSuccess,
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const rows: Booking[] = [];
      const filter = { BookingStart: from, BookingEnd: to, ServiceIds: choice.serviceIds, ResourceIds: choice.resourceIds.length ? shownIds : undefined };
      for (let skip = 0; ; skip += PAGE) {
        const page = await api.call<QueryResponse<Booking>>('GET', '/bookings', { query: { ...filter, OrderBy: 'From', Take: PAGE, Skip: skip } });
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

  const serviceTypes = useMemo(() => new Map((services.data ?? []).map((s) => [s.Id, (s.ResourceTypes ?? []).map((t) => t.Id)])), [services.data]);
  const closedLabel = translate('scheduler.closed');
  const shades = useMemo(
    () => [...closedShades(schedules.data ?? [], resources, serviceTypes, range, closedLabel), ...exceptionShades(exceptions.data ?? [])],
    [schedules.data, resources, serviceTypes, range, closedLabel, exceptions.data],
  );
  const events = useMemo(() => boardEvents(bookings.data ?? [], resources), [bookings.data, resources]);

  const reload = async () => {
    await queryClient.invalidateQueries({ queryKey: ['scheduler', 'bookings'] });
  };
  useLiveFeed(
    () => void reload(),
    () => void queryClient.invalidateQueries({ queryKey: ['scheduler'] }),
  );

  return {
    allResources,
    resources,
    services: services.data ?? [],
    events,
    shades,
    range,
    loading: types.isPending || bookings.isPending,
    error: types.error ?? bookings.error ?? null,
    reload,
  };
}
