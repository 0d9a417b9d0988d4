import { PasswordInput } from 'react-admin';
import { Navigate } from 'react-router-dom';
import { withViews } from '../../engine/define';
import { administratorsMeta } from './index';
import { RolesInput } from './RolesInput';

/** The administrators list lives on the company page. */
function AdministratorsRedirect() {
  return <Navigate to="/company#administrators" replace />;
}

/** The administrator form (roles, password); the list route redirects to the company page. */
export const administrators = withViews(administratorsMeta, {
  schema: 'AdministratorInput',
  recordSchema: 'Administrator',
  fields: {
    Roles: { input: (p) => <RolesInput {...p} /> },
    // Shown as dots, with the eye button to reveal it, and never offered by the browser's autofill as the admin's own.
    Password: { input: (p) => <PasswordInput {...p} autoComplete="new-password" /> },
  },
  list: AdministratorsRedirect,
  form: {
    sections: [{ fields: ['Firstname', 'Lastname', 'Email', 'Phone', 'Roles', 'Active'] }, { id: 'password', fields: ['Password'] }],
    defaults: { Active: true, Roles: [] },
    toForm: (a) => ({ Roles: (a.Roles ?? []).map((r) => r.Id) }),
  },
});
