/**
 * What the scheduler opens the new-booking widget with when a free range is selected: the service
 * and free time that fit the range (bestTime, bookableChoice), and how the widget reads the link
 * (linkedChoice). Before, the first service connected to the lane was chosen whatever its length,
 * with the selected range as its time, which the booking then refused.
 */
import { describe, expect, it } from 'vitest';
import type { AvailableTime } from '../../schema/availability';
import { bestTime, bookableChoice } from '../../src/custom/scheduler/bookableChoice';
import { linkedChoice } from '../../src/custom/newBooking/linkedChoice';
import type { BookingDataProvider } from '../../src/dataProvider/types';
import type { BoardResource } from '../../src/custom/scheduler/model';

const time = (from: string, to: string, free = true, spots = 1): AvailableTime => ({ From: `2030-01-14T${from}:00`, To: `2030-01-14T${to}:00`, Free: free, FreeSpots: spots, ExceptionTexts: [] });

describe('bestTime', () => {
  it('takes a free time starting inside the range before a nearer one starting outside it', () => {
    const best = bestTime([time('13:00', '14:00'), time('13:30', '14:30')], '2030-01-14T13:15:00', '2030-01-14T14:30:00');
    expect(best?.time.From).toBe('2030-01-14T13:30:00');
  });

  it('skips times that are not free or have no spot left', () => {
    const best = bestTime([time('13:15', '14:15', false), time('13:30', '14:30', true, 0), time('16:00', '17:00')], '2030-01-14T13:15:00', '2030-01-14T14:30:00');
    expect(best?.time.From).toBe('2030-01-14T16:00:00');
    expect(bestTime([time('13:15', '14:15', false)], '2030-01-14T13:15:00', '2030-01-14T14:30:00')).toBeNull();
  });

  it('of two times starting at once, takes the length closest to the range', () => {
    const best = bestTime([time('10:00', '12:00'), time('10:00', '11:00')], '2030-01-14T10:00:00', '2030-01-14T11:00:00');
    expect(best?.time.To).toBe('2030-01-14T11:00:00');
  });
});

describe('bookableChoice', () => {
  const lane: BoardResource = { id: 7, name: 'Sal 1', color: '#000', typeId: 2, typeName: 'Salar', firstOfType: true };
  const apiWith = (times: Record<number, AvailableTime[] | Error>) => {
    const asked: { path: string; query: unknown }[] = [];
    const api = {
      call: async (_method: string, path: string, options: { query: unknown }) => {
        asked.push({ path, query: options.query });
        const id = Number(/services\/(\d+)\//.exec(path)![1]);
        const answer = times[id];
        if (answer instanceof Error) throw answer;
        return { Times: answer };
      },
    } as unknown as BookingDataProvider;
    return { api, asked };
  };
  const start = new Date(2030, 0, 14, 13, 15);
  const end = new Date(2030, 0, 14, 14, 30);

  it("offers only the services with a free time that day on the lane's resource, the best fitting first", async () => {
    const { api, asked } = apiWith({
      1: [time('19:00', '20:30')], // the evening class: bookable that day, far from the range
      2: [], // nothing free
      3: [time('13:30', '14:30')],
      4: new Error('402'),
    });
    const choice = await bookableChoice(api, [{ Id: 1 }, { Id: 2 }, { Id: 3 }, { Id: 4 }], lane, start, end, []);
    expect(choice).toEqual({ serviceId: 3, time: time('13:30', '14:30'), serviceIds: [3, 1] });
    expect(asked[0]).toEqual({ path: '/services/1/availabletimes', query: { From: '2030-01-14', To: '2030-01-14', Resources: [{ ResourceTypeId: 2, ResourceId: 7 }] } });
  });

  it('prefers a service the board is filtered to when two fit as well, and answers null when none is bookable', async () => {
    const { api } = apiWith({ 1: [time('13:30', '14:30')], 2: [time('13:30', '14:30')] });
    expect((await bookableChoice(api, [{ Id: 1 }, { Id: 2 }], lane, start, end, [2]))?.serviceId).toBe(2);
    expect(await bookableChoice(apiWith({ 1: [] }).api, [{ Id: 1 }], lane, start, end, [])).toBeNull();
  });
});

describe('linkedChoice', () => {
  it('reads the offered services, only when they include the chosen one', () => {
    expect(linkedChoice('?ServiceId=3&Services=3,1&From=2030-01-14T13:30:00&To=2030-01-14T14:30:00').offered).toEqual([3, 1]);
    expect(linkedChoice('?ServiceId=3&Services=1,x&From=2030-01-14T13:30:00&To=2030-01-14T14:30:00').offered).toBeNull();
    expect(linkedChoice('?ServiceId=3').offered).toBeNull();
  });
});
