import type { ResourceDeclaration } from './engine/types';
import { administrators } from './administrators';
import { articles } from './articles';
import { customers } from './customers';
import { customFields } from './customFields';
import { prices } from './prices';
import { rebateCodes, rebateCodeTransactions, rebateCodeUsages } from './rebatecodes';
import { resources } from './resources';
import { resourceTypes } from './resourcetypes';
import { dateSchedules, recurringSchedules, schedules } from './schedules';
import { services } from './services';
import { timeExceptions } from './timeexceptions';

/** Every declared resource; App.tsx hands them to renderResources, resourceApis and menuEntries. */
export const declarations: ResourceDeclaration[] = [services, articles, customFields, prices, customers, administrators, rebateCodes, rebateCodeUsages, rebateCodeTransactions,
  schedules, resources, timeExceptions, resourceTypes, recurringSchedules, dateSchedules];
