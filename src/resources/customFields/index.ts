import TuneIcon from '@mui/icons-material/Tune';
import type { CustomField } from '../../../schema/customfields';
import { plainEntity } from '../../engine/define';
import type { LazyResource, WireRecord } from '../../engine/types';

/** Custom fields on services, customers and bookings: /custom-fields, /custom-fields/new, /custom-fields/{id}. */
export const customFieldsMeta: LazyResource<WireRecord<CustomField>> = plainEntity('custom-fields', '/customfields', {
  group: 'services',
  icon: TuneIcon,
  load: () => import('./declaration').then((m) => m.customFields),
});
