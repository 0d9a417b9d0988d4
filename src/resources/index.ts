import type { ResourceDeclaration } from './engine/types';
import { administrators } from './administrators';
import { articles } from './articles';
import { customers } from './customers';
import { customFields } from './customFields';
import { prices } from './prices';
import { rebateCodes, rebateCodeTransactions, rebateCodeUsages } from './rebatecodes';
import { services } from './services';

/** Every declared resource; App.tsx hands them to renderResources, resourceApis and menuEntries. */
export const declarations: ResourceDeclaration[] = [services, articles, customFields, prices, customers, administrators, rebateCodes, rebateCodeUsages, rebateCodeTransactions];
