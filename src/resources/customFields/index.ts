import TuneIcon from '@mui/icons-material/Tune';
import type { CustomField } from '../../../schema/customfields';
import type { LazyResource, WireRecord } from '../engine/types';

/** Custom fields on services, customers and bookings: /custom-fields, /custom-fields/new, /custom-fields/{id}. */
export const customFieldsMeta: LazyResource<WireRecord<CustomField>> = {
  name: 'custom-fields',
  api: { path: '/customfields', manyIdsParam: 'Id' },
  group: 'services',
  icon: TuneIcon,
  recordRepresentation: 'Name',
  load: () => import('./declaration').then((m) => m.customFields),
};
