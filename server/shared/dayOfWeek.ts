import type { DayOfWeek } from '../../schema/common';

const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** The wire shape of a day of week: 1 = Monday … 7 = Sunday; .NET numbers Sunday 0. */
export function dayOfWeek(id: number): DayOfWeek {
  return { DayOfWeekId: id, DotNetDayOfWeekId: id % 7, DayOfWeek: DAY_NAMES[id - 1] };
}
