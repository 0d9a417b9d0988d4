/**
 * In-process benchmark of the availability engine (issue 3): one service with 10 resources, a
 * 15-minute interval, 31 days, 20,000 existing bookings and 200 time exceptions. Data comes from a
 * seeded generator, so every run measures the same calendar. `npm run bench availability`.
 */
import type { DayOfWeek } from '../schema/common';
import type { RecurringSchedule, TimeException } from '../schema/availability';
import { availableTimes, isIntervalAvailable, nextFreeTime, ZoneClock } from '../domain/availability';
import type { AvailabilityData, AvailabilityQuery, BookingLoad, ServiceSpec } from '../domain/availability';
import { percentile } from './stats';

const ZONE = 'Europe/Stockholm';
const clock = new ZoneClock(ZONE);
const MINUTE = 60_000;
const DAY_NAMES = ['', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const RESOURCES = Array.from({ length: 10 }, (_, i) => 101 + i);

/** mulberry32: a small seeded generator, so the calendar is the same on every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const days = (...ids: number[]): DayOfWeek[] => ids.map((id) => ({ DayOfWeekId: id, DotNetDayOfWeekId: id % 7, DayOfWeek: DAY_NAMES[id] }));
const local = (t: number): string => clock.format(t);
const instant = (text: string): number => clock.toInstantLenient(Date.parse(`${text}Z`));

function schedules(): RecurringSchedule[] {
  const base: Omit<RecurringSchedule, 'Id' | 'DaysOfWeek' | 'StartTime' | 'EndTime'> = {
    Name: 'Opening hours',
    Description: null,
    Active: true,
    TimeInterval: 15,
    ValidFrom: '2026-01-01',
    ValidTo: null,
    NumberOfScheduleDays: null,
    IsResourceSpecific: false,
    EnableBookingUntilClosingTime: false,
    Exceptions: [{ StartTime: '12:00:00', EndTime: '12:30:00' }],
    ScheduleDates: [],
    Resources: [],
    Services: [],
  };
  return [
    { ...base, Id: 1, DaysOfWeek: days(1, 2, 3, 4, 5), StartTime: '07:00:00', EndTime: '21:00:00' },
    { ...base, Id: 2, DaysOfWeek: days(6, 7), StartTime: '09:00:00', EndTime: '17:00:00', Exceptions: [] },
  ];
}

function exceptions(rand: () => number, from: number, spanDays: number): TimeException[] {
  return Array.from({ length: 200 }, (_, i): TimeException => {
    const start = from + Math.floor(rand() * spanDays * 24 * 4) * 15 * MINUTE;
    const recurring = i % 4 === 0;
    const hour = 7 + Math.floor(rand() * 12);
    return {
      Id: i + 1,
      From: local(start),
      To: local(recurring ? start + 14 * 86_400_000 : start + (1 + Math.floor(rand() * 8)) * 15 * MINUTE),
      FromTime: `${String(hour).padStart(2, '0')}:00:00`,
      ToTime: `${String(hour + 1).padStart(2, '0')}:00:00`,
      IsRecurring: recurring,
      DaysOfWeek: recurring ? days(1 + (i % 7)) : [],
      ResourceIds: i % 10 === 0 ? [] : [RESOURCES[i % RESOURCES.length]],
      ReasonText: 'Maintenance',
      ReasonTextPublic: i % 5 === 0 ? 'Court maintenance' : null,
      Color: null,
      BlockTime: i % 7 !== 0,
      Private: false,
    };
  });
}

/** Ordered by From, as the booking query hands them over. */
function bookings(rand: () => number, from: number, spanDays: number, count: number, maxSpots: number): BookingLoad[] {
  return Array.from({ length: count }, (_, i): BookingLoad => {
    const day = Math.floor(rand() * spanDays);
    const start = from + day * 86_400_000 + (7 * 60 + Math.floor(rand() * 13 * 4) * 15) * MINUTE;
    return {
      id: i + 1,
      serviceId: rand() < 0.9 ? 1 : 2,
      from: start,
      to: start + (1 + Math.floor(rand() * 4)) * 15 * MINUTE,
      statusId: rand() < 0.1 ? 4 : 1,
      spots: 1 + Math.floor(rand() * maxSpots),
      resourceIds: [RESOURCES[Math.floor(rand() * RESOURCES.length)]],
    };
  }).sort((a, b) => a.from - b.from);
}

function service(totalSpots: number): ServiceSpec {
  return {
    id: 1,
    duration: 60,
    flexibleDuration: false,
    totalSpots,
    requirements: [{ resourceTypeId: 1, count: 1, customerMayPick: true, resources: RESOURCES.map((id, i) => ({ id, active: true, priority: i })) }],
  };
}

interface Measured {
  p50: number;
  p95: number;
  /** Processor time of the process per call: what the call costs when the machine is not shared. */
  cpuP50: number;
  cpuP95: number;
}

function measure(run: () => unknown, iterations = 200, warmup = 20): Measured {
  for (let i = 0; i < warmup; i++) run();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    run();
    wall.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  return { p50: percentile(wall, 50), p95: percentile(wall, 95), cpuP50: percentile(cpu, 50), cpuP95: percentile(cpu, 95) };
}

/** Every scenario with wall-clock and processor-time percentiles. */
export function measureAvailability(only?: string): (Measured & { name: string })[] {
  const monthStart = instant('2026-03-01T00:00:00');
  const yearStart = instant('2026-01-01T00:00:00');
  const query: AvailabilityQuery = { From: '2026-03-01T00:00:00', To: '2026-04-01T00:00:00' };
  const now = instant('2026-02-15T00:00:00');

  const dense: AvailabilityData = {
    timeZone: ZONE,
    service: service(20),
    recurringSchedules: schedules(),
    dateSchedules: [],
    exceptions: exceptions(random(2), monthStart, 31),
    bookings: bookings(random(1), monthStart, 31, 20_000, 3),
    now,
  };
  const spread: AvailabilityData = {
    ...dense,
    service: service(1),
    exceptions: exceptions(random(4), yearStart, 365),
    bookings: bookings(random(3), yearStart, 365, 20_000, 1),
  };

  const sample = availableTimes(dense, query);
  if (sample.length < 31 * 30) throw new Error(`unexpectedly few times: ${sample.length}`);
  const bookable = sample.find((t) => t.Free);
  if (!bookable) throw new Error('nothing free in the dense calendar');
  const perResource: AvailabilityQuery = { ...query, ShowPerResource: true };

  const scenarios: [string, () => unknown, number?, number?][] = [
    [`availabletimes, 31 days, 10 resources, 20,000 bookings in the month (group, 20 spots), 200 exceptions → ${sample.length} times`, () => availableTimes(dense, query)],
    ['availabletimes, same, ShowPerResource', () => availableTimes(dense, perResource)],
    ['availabletimes, 31 days, 10 courts, 20,000 bookings over the year, 200 exceptions', () => availableTimes(spread, query)],
    ['nextfreetime, 10 courts, 20,000 bookings over the year', () => nextFreeTime(spread, { From: '2026-03-02T07:00:00', To: '2027-03-01T00:00:00' })],
    ['isIntervalAvailable (the booking check), dense month', () => isIntervalAvailable(dense, { From: bookable.From, To: bookable.To }), 1000, 50],
  ];
  return scenarios
    .filter(([name]) => !only || name.includes(only))
    .map(([name, run, iterations, warmup]) => ({ name, ...measure(run, iterations, warmup) }));
}

/**
 * Runs the availability scenarios and answers their wall-clock latencies per call, in milliseconds.
 * @example
 * for (const r of await runAvailabilityBench()) console.log(r.name, r.p50, r.p95);
 */
export async function runAvailabilityBench(): Promise<{ name: string; p50: number; p95: number; unit: 'ms' }[]> {
  return measureAvailability().map((r) => ({ name: r.name, p50: r.p50, p95: r.p95, unit: 'ms' }));
}

if (process.argv[1]?.endsWith('availability.ts')) {
  for (const r of measureAvailability(process.argv[2])) {
    console.log(`${r.name}\n  wall p50 ${r.p50.toFixed(2)} ms  p95 ${r.p95.toFixed(2)} ms   cpu p50 ${r.cpuP50.toFixed(2)} ms  p95 ${r.cpuP95.toFixed(2)} ms`);
  }
}
