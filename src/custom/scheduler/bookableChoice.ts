import type { AvailableTime } from '../../../schema/availability';
import type { BookingDataProvider } from '../../dataProvider/types';
import { dayOf, toWire, type BoardResource } from './model';

/** What a range selected on the board opens the new-booking widget with. */
export interface BookableChoice {
  serviceId: number;
  time: AvailableTime;
  /** Every service with a free time in or near the range on the lane, best first. */
  serviceIds: number[];
}

const minutes = (wire: string) => Date.parse(`${wire}Z`) / 60000;

/**
 * The free time of one service that fits a selected range best: one starting inside the range
 * before one starting outside it, then the nearest start, then the length closest to the range's.
 * Answers null when the service has no free time that day.
 * @example bestTime(times, '2030-01-14T13:15:00', '2030-01-14T14:30:00')
 */
export function bestTime(times: readonly AvailableTime[], from: string, to: string): { time: AvailableTime; score: number[] } | null {
  const start = minutes(from);
  const end = minutes(to);
  let best: { time: AvailableTime; score: number[] } | null = null;
  for (const time of times) {
    if (!time.Free || time.FreeSpots < 1) continue;
    const at = minutes(time.From);
    const length = minutes(time.To) - at;
    const score = [at >= start && at < end ? 0 : 1, Math.abs(at - start), Math.abs(length - (end - start))];
    if (!best || compare(score, best.score) < 0) best = { time, score };
  }
  return best;
}

const compare = (a: number[], b: number[]) => {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
};

/**
 * Asks the server which of the candidate services can be booked on the lane on the range's day
 * (GET /services/{Id}/availabletimes, the lane's resource only), and picks the service and free time
 * that fit the range best (bestTime; a service the toolbar filters to wins a tie). Answers null when
 * none can be booked that day: the widget then opens with the range and no service.
 */
export async function bookableChoice(
  api: BookingDataProvider,
  candidates: readonly { Id: number }[],
  lane: BoardResource | undefined,
  start: Date,
  end: Date,
  preferred: readonly number[],
): Promise<BookableChoice | null> {
  const from = toWire(start);
  const to = toWire(end);
  const day = dayOf(start);
  const resource = lane && lane.serviceId === undefined ? [{ ResourceTypeId: lane.typeId, ResourceId: lane.id }] : undefined;
  const answers = await Promise.all(
    candidates.map(async (service) => {
      try {
        const answer = await api.call<{ Times: AvailableTime[] }>('GET', `/services/${service.Id}/availabletimes`, { query: { From: day, To: day, Resources: resource } });
        const best = bestTime(answer.Times, from, to);
        return best ? { serviceId: service.Id, ...best, score: [...best.score, preferred.includes(service.Id) ? 0 : 1] } : null;
      } catch {
        // A service the server will not answer for (its plan, a removed resource) is not offered.
        return null;
      }
    }),
  );
  const found = answers.filter((a) => a !== null).sort((a, b) => compare(a.score, b.score));
  if (!found.length) return null;
  return { serviceId: found[0].serviceId, time: found[0].time, serviceIds: found.map((a) => a.serviceId) };
}
