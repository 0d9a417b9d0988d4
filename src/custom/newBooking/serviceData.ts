/** What the new-booking widget reads about services and booking settings, and the rules of spots and the queue. */
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import type { AvailableTime } from '../../../schema/availability';
import type { Id, QueryResponse } from '../../../schema/common';
import type { Service } from '../../../schema/services';
import type { PaymentOption } from '../../../schema/bookings';
import type { PaymentSettings } from '../../../schema/payments';
import { useApi } from '../../common/api';
import { useCanRead } from '../../auth/roles';
import { maxQuantityOf } from '../priceCheck/ServicePriceCheck';
import { SEND_FLAGS, type BookingSettings } from './types';


/** The company's active services, in their sort order. */
export function useServices() {
  const api = useApi();
  return useQuery({
    queryKey: ['newBooking', 'services'],
    queryFn: async () => (await api.call<QueryResponse<Service>>('GET', '/services', { query: { Active: true, Take: 1000, OrderBy: 'SortOrder,Name' } })).Results,
  });
}

/** The booking settings: the default send flags and whether full times queue. */
export function useBookingSettings() {
  const api = useApi();
  return useQuery({
    queryKey: ['newBooking', 'settings'],
    queryFn: () => api.call<BookingSettings>('GET', '/bookings/settings'),
  });
}

/** Puts the settings' send flags into the form once they are known, unless the user already changed them. */
export function SendFlagDefaults({ settings }: { settings: BookingSettings | undefined }) {
  const { getFieldState, setValue } = useFormContext();
  useEffect(() => {
    if (!settings) return;
    for (const flag of SEND_FLAGS) if (!getFieldState(flag).isDirty) setValue(flag, settings[flag], { shouldDirty: false });
  }, [settings, getFieldState, setValue]);
  return null;
}

/**
 * The payment settings' default option of a new booking (GET /payment/settings, DefaultPaymentOption);
 * undefined while loading or when the caller may not read the payment settings (the form keeps
 * 'As the settings say').
 */
export function usePaymentDefault() {
  const api = useApi();
  const mayRead = useCanRead()('settings');
  return useQuery({
    queryKey: ['newBooking', 'paymentDefault'],
    enabled: mayRead,
    retry: false,
    queryFn: async () => (await api.call<PaymentSettings>('GET', '/payment/settings')).DefaultPaymentOption,
  });
}

/** Puts the settings' default payment option in the form, unless the user has chosen one. */
export function PaymentOptionDefault({ option }: { option: PaymentOption | undefined }) {
  const { getFieldState, setValue } = useFormContext();
  useEffect(() => {
    if (option && !getFieldState('PaymentOption').isDirty) setValue('PaymentOption', option, { shouldDirty: false });
  }, [option, getFieldState, setValue]);
  return null;
}

/** One service with its resources and booking custom fields. */
export function useService(id: Id | null) {
  const api = useApi();
  return useQuery({
    queryKey: ['newBooking', 'service', id],
    enabled: id !== null,
    queryFn: async () => {
      const answer = await api.call<QueryResponse<Service>>('GET', '/services', {
        query: { Id: id, IncludeResources: true, IncludeBookingCustomFields: true },
      });
      return answer.Results[0] ?? null;
    },
  });
}

export function durationLabel(minutes: number, translate: ReturnType<typeof useTranslate>): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const parts = [];
  if (hours) parts.push(translate('newBookingForm.hours', { smart_count: hours }));
  if (rest || !hours) parts.push(translate('newBookingForm.minutes', { smart_count: rest }));
  return parts.join(' ');
}

/** Where the booking's spots come from: group booking or several resources allow more than one. */
export function spotLimit(service: Pick<Service, 'GroupBooking' | 'MultipleResource'>, time: Pick<AvailableTime, 'FreeSpots'> | null, queueing: boolean): number {
  if (!time) return 1;
  const many = service.GroupBooking?.Active || service.MultipleResource?.Active;
  if (!many) return 1;
  const most = maxQuantityOf(service);
  return queueing ? most : Math.max(0, Math.min(time.FreeSpots, most));
}

/** Whether full times of the service take a queue: the service's own switch or the booking settings'. */
export const queues = (service: Pick<Service, 'EnableBookingQueue'>, settings: Pick<BookingSettings, 'QueueEnabled'> | undefined): boolean =>
  service.EnableBookingQueue || !!settings?.QueueEnabled;

/** Whether a booking at `time` goes to the queue: full times queue and no spot is free. */
export const goesToQueue = (queueEnabled: boolean, time: Pick<AvailableTime, 'Free' | 'FreeSpots'>): boolean => queueEnabled && (!time.Free || time.FreeSpots <= 0);
