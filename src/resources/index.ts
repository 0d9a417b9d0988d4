import type { ResourceEntry } from './engine/types';
import { administratorsMeta } from './administrators';
import { articlesMeta } from './articles';
import { customersMeta } from './customers';
import { customFieldsMeta } from './customFields';
import { pricesMeta } from './prices';
import { rebateCodesMeta, rebateCodeTransactions, rebateCodeUsages } from './rebatecodes';
import { resourcesMeta } from './resources';
import { resourceTypesMeta } from './resourcetypes';
import { dateSchedules, recurringSchedules, schedulesMeta } from './schedules';
import { servicesMeta } from './services';
import { timeExceptionsMeta } from './timeexceptions';

/**
 * Every resource; App.tsx hands them to renderResources, resourceApis and menuEntries. Only the
 * folders' meta.ts are imported here: their declarations (views) load on first visit.
 */
export const declarations: ResourceEntry[] = [servicesMeta, articlesMeta, customFieldsMeta, pricesMeta, customersMeta, administratorsMeta, rebateCodesMeta, rebateCodeUsages, rebateCodeTransactions,
  schedulesMeta, resourcesMeta, timeExceptionsMeta, resourceTypesMeta, recurringSchedules, dateSchedules];
