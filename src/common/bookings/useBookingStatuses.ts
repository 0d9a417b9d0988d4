import { useQuery } from '@tanstack/react-query';
import { useLocale } from 'react-admin';
import { useApi } from '../api';
import { resultsOf } from '../api';
import type { QueryResponse } from '../../../schema/common';
import type { BookingStatus } from './bookingTypes';

/**
 * The booking statuses of GET /bookings/status (names in the interface language, colours), once per language.
 * @example
 * const { statuses, byId } = useBookingStatuses();
 * byId.get(4)?.Name // 'Canceled'
 */
export function useBookingStatuses(): { statuses: BookingStatus[]; byId: Map<number, BookingStatus> } {
  const api = useApi();
  const locale = useLocale();
  const { data } = useQuery({
    queryKey: ['bookings', 'statuses', locale],
    staleTime: Infinity,
    queryFn: async () => resultsOf(await api.call<QueryResponse<BookingStatus> | BookingStatus[]>('GET', '/bookings/status')),
  });
  const statuses = data ?? [];
  return { statuses, byId: new Map(statuses.map((s) => [s.Id, s])) };
}
