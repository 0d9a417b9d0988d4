import type { BookingDataProvider } from '../../dataProvider/types';
import type { AvailableTime, AvailableTimesResponse } from '../../../schema/availability';
import { addDays, localDate } from '../../common/dates';

/** What the first-service wizard asks for. */
export interface FirstServiceValues {
  Name: string;
  Description: string;
  Duration: number;
  DurationUnit: 'minutes' | 'hours';
  Price: number;
  VAT: 0 | 6 | 12 | 25;
  ResourceName: string;
  DaysOfWeek: number[];
  StartTime: string;
  EndTime: string;
  TimeInterval: number;
}

export const FIRST_SERVICE_DEFAULTS: FirstServiceValues = {
  Name: '',
  Description: '',
  Duration: 60,
  DurationUnit: 'minutes',
  Price: 0,
  VAT: 25,
  ResourceName: '',
  DaysOfWeek: [1, 2, 3, 4, 5],
  StartTime: '09:00',
  EndTime: '17:00',
  TimeInterval: 60,
};

type Field = keyof FirstServiceValues;

/** The wizard's checks: a message key per bad field (the server checks the same again). */
export function checkFirstService(v: FirstServiceValues): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (!v.Name.trim()) errors.Name = 'setupAccount.wizard.errors.required';
  if (!v.Description.trim()) errors.Description = 'setupAccount.wizard.errors.required';
  if (!Number.isInteger(v.Duration) || v.Duration < 1) errors.Duration = 'setupAccount.wizard.errors.duration';
  if (!Number.isFinite(v.Price) || v.Price < 0) errors.Price = 'setupAccount.wizard.errors.price';
  if (!v.ResourceName.trim()) errors.ResourceName = 'setupAccount.wizard.errors.required';
  if (!v.DaysOfWeek.length) errors.DaysOfWeek = 'setupAccount.wizard.errors.days';
  if (!v.StartTime || !v.EndTime || v.StartTime >= v.EndTime) errors.EndTime = 'setupAccount.wizard.errors.hours';
  return errors;
}

/** Minutes of the service's duration. */
export const durationMinutes = (v: FirstServiceValues): number => (v.DurationUnit === 'hours' ? v.Duration * 60 : v.Duration);

/**
 * Creates the company's first bookable service with the ordinary calls: the service, its price, a
 * resource (in a resource group named after the service, linked to it) and a weekly schedule.
 * When a step fails, what the earlier steps made is removed again and the error is thrown.
 * @example
 * const serviceId = await createFirstService(api, values);
 */
export async function createFirstService(api: BookingDataProvider, v: FirstServiceValues): Promise<number> {
  const made: string[] = [];
  const post = async <T extends { Id: number }>(path: string, body: object, undo?: (id: number) => string): Promise<T> => {
    const record = await api.call<T>('POST', path, { body });
    if (undo) made.unshift(undo(record.Id));
    return record;
  };
  try {
    const name = v.Name.trim();
    const service = await post('/services', { Name: name, Description: v.Description.trim(), Duration: durationMinutes(v) }, (id) => `/services/${id}`);
    await post('/services/prices', { ServiceId: service.Id, Price: v.Price, VAT: v.VAT });
    const group = await post('/resourcetypes', { Name: name }, (id) => `/resourcetypes/${id}`);
    await post('/resource', { Name: v.ResourceName.trim(), ResourceTypeIds: [group.Id] }, (id) => `/resource/${id}`);
    await api.call('POST', `/services/${service.Id}/resourcetypes`, { body: { ResourceTypeId: group.Id } });
    await post(
      '/schedules/recurring',
      { Name: name, TimeInterval: v.TimeInterval, StartTime: v.StartTime, EndTime: v.EndTime, DaysOfWeek: [...v.DaysOfWeek].sort(), Services: [{ Id: service.Id }] },
      (id) => `/schedules/recurring/${id}`,
    );
    return service.Id;
  } catch (error) {
    for (const path of made) await api.call('DELETE', path).catch(() => undefined);
    throw error;
  }
}

/** The service's free times over the next two weeks (from today, in the company's calendar). */
export async function upcomingFreeTimes(api: BookingDataProvider, serviceId: number, today = localDate(new Date())): Promise<AvailableTime[]> {
  const answer = await api.call<AvailableTimesResponse>('GET', `/services/${serviceId}/availabletimes`, { query: { From: today, To: addDays(today, 13) } });
  return answer.Times.filter((t) => t.Free);
}
