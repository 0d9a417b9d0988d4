import PeopleIcon from '@mui/icons-material/People';
import type { Customer } from '../../../schema/customers';
import type { LazyResource, WireRecord } from '../../engine/types';

/** Customers: /customers, /customers/inactive, /customers/new, /customers/{id} (with comments and GDPR). */
export const customersMeta: LazyResource<WireRecord<Customer>> = {
  name: 'customers',
  api: { path: '/customers', manyIdsParam: 'Id' },
  group: 'customers',
  icon: PeopleIcon,
  recordRepresentation: (c) => `${c.Firstname} ${c.Lastname}`.trim(),
  screens: { routes: ['inactive'] },
  load: () => import('./declaration').then((m) => m.customers),
};
