import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import { Navigate } from 'react-router-dom';
import type { Administrator } from '../../../schema/company';
import type { ResourceDeclaration, WireRecord } from '../engine/types';
import { RolesInput } from './RolesInput';

/** The administrators list lives on the company page. */
function AdministratorsRedirect() {
  return <Navigate to="/company#administrators" replace />;
}

/** Administrators: /administrators/new, /administrators/{id}; /administrators redirects to /company#administrators. */
export const administrators: ResourceDeclaration<WireRecord<Administrator>> = {
  name: 'administrators',
  api: { path: '/administrators', manyIdsParam: 'Id' },
  schema: 'AdministratorInput',
  recordSchema: 'Administrator',
  group: null,
  icon: AdminPanelSettingsIcon,
  recordRepresentation: (a) => `${a.Firstname} ${a.Lastname}`.trim(),
  fields: {
    Roles: { input: (p) => <RolesInput {...p} /> },
  },
  list: AdministratorsRedirect,
  form: {
    sections: [{ fields: ['Firstname', 'Lastname', 'Email', 'Phone', 'Roles', 'Active'] }, { id: 'password', fields: ['Password'] }],
    defaults: { Active: true, Roles: [] },
    toForm: (a) => ({ Roles: (a.Roles ?? []).map((r) => r.Id) }),
  },
};

