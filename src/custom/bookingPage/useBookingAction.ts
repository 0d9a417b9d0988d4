import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { apiErrorInfo } from '../../common/api';

/**
 * Runs one action of a booking's page: on success the spec's notice and the booking (and its log)
 * read again; on failure the server's message (ResponseStatus.Message) as an error notice.
 * @example
 * const { run, busy } = useBookingAction(id);
 * await run(() => bookingActions.approve(api, id), 'custom.bookings.notices.approved');
 */
export function useBookingAction(id: number) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const run = async (call: () => Promise<unknown>, successKey: string, messageArgs?: Record<string, unknown>): Promise<boolean> => {
    setBusy(true);
    try {
      await call();
      notify(successKey, { type: 'success', messageArgs });
      return true;
    } catch (error) {
      const { message } = apiErrorInfo(error);
      notify(message || 'ra.notification.http_error', { type: 'error', autoHideDuration: 10000 });
      return false;
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: ['bookings'] });
      await queryClient.invalidateQueries({ queryKey: ['booking', id] });
    }
  };
  return { run, busy };
}
