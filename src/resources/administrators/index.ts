import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import type { Administrator } from '../../../schema/company';
import type { LazyResource, WireRecord } from '../../engine/types';

/** Administrators: /administrators/new, /administrators/{id}; /administrators redirects to /company#administrators. */
export const administratorsMeta: LazyResource<WireRecord<Administrator>> = {
  name: 'administrators',
  api: { path: '/administrators', manyIdsParam: 'Id' },
  group: null,
  icon: AdminPanelSettingsIcon,
  recordRepresentation: (a) => `${a.Firstname} ${a.Lastname}`.trim(),
  load: () => import('./declaration').then((m) => m.administrators),
};
