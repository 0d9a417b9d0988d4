import type { AvailableTime } from '../../../schema/availability';

/** What a link to /bookings-new fills in (the scheduler's selected free range). */
export interface LinkedChoice {
  serviceId: number | null;
  /** Resource type → resource. */
  picked: Record<number, number>;
  /** The chosen time; the server checks it when the booking is made. */
  time: AvailableTime | null;
  /** Minutes of the chosen time (services of flexible duration). */
  duration: number | undefined;
  /** The services the scheduler found bookable at that time on that resource (`Services=1,4`); null: every service. */
  offered: number[] | null;
}

const WIRE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/;
const positive = (value: string | null) => (value && /^\d+$/.test(value) && Number(value) > 0 ? Number(value) : null);

/**
 * Reads `?ServiceId=&Services=&ResourceTypeId=&ResourceId=&From=&To=` (wire local times), ignoring what is not valid.
 * @example linkedChoice('?ServiceId=3&Services=3,5&ResourceTypeId=2&ResourceId=7&From=2030-01-14T10:00:00&To=2030-01-14T11:00:00')
 */
export function linkedChoice(search: string): LinkedChoice {
  const q = new URLSearchParams(search);
  const serviceId = positive(q.get('ServiceId'));
  const typeId = positive(q.get('ResourceTypeId'));
  const resourceId = positive(q.get('ResourceId'));
  const from = q.get('From');
  const to = q.get('To');
  const timed = serviceId !== null && !!from && !!to && WIRE_TIME.test(from) && WIRE_TIME.test(to) && from < to;
  const offered = (q.get('Services') ?? '').split(',').map(positive).filter((id): id is number => id !== null);
  const minutes = timed ? Math.round((Date.parse(`${to}Z`) - Date.parse(`${from}Z`)) / 60000) : undefined;
  return {
    serviceId,
    picked: serviceId !== null && typeId !== null && resourceId !== null ? { [typeId]: resourceId } : {},
    // How many spots are free is not known here: the service's own maximum applies until the server answers.
    time: timed ? { From: from, To: to, Free: true, FreeSpots: Number.MAX_SAFE_INTEGER, ExceptionTexts: [] } : null,
    duration: minutes,
    offered: serviceId !== null && offered.includes(serviceId) ? offered : null,
  };
}
