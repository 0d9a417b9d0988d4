import type { ResourceEntry } from './engine/types';
import { administratorsMeta } from './administrators/meta';
import { articlesMeta } from './articles/meta';
import { bookingLog, bookingQueue, bookings } from './bookings';
import { customersMeta } from './customers/meta';
import { customFieldsMeta } from './customFields/meta';
import { pricesMeta } from './prices/meta';
import { rebateCodesMeta, rebateCodeTransactions, rebateCodeUsages } from './rebatecodes/meta';
import { resourcesMeta } from './resources/meta';
import { resourceTypesMeta } from './resourcetypes/meta';
import { dateSchedules, recurringSchedules, schedulesMeta } from './schedules/meta';
import { servicesMeta } from './services/meta';
import { timeExceptionsMeta } from './timeexceptions/meta';

/**
 * Every resource; App.tsx hands them to renderResources, resourceApis and menuEntries. Only the
 * folders' meta.ts are imported here: their declarations (views) load on first visit.
 */
export const declarations: ResourceEntry[] = [bookings, bookingLog, bookingQueue, servicesMeta, articlesMeta, customFieldsMeta, pricesMeta, customersMeta, administratorsMeta, rebateCodesMeta, rebateCodeUsages, rebateCodeTransactions,
  schedulesMeta, resourcesMeta, timeExceptionsMeta, resourceTypesMeta, recurringSchedules, dateSchedules];
