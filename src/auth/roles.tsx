import { useContext, type ReactNode } from 'react';
import { Alert } from '@mui/material';
import { Title, useCanAccess, useResourceContext, useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { ShellContext } from '../shell/ShellContext';
import { can, screenArea, type Action } from '../../schema/access/permissions';

/**
 * The signed-in user's role ids, from the access token's `realm_access.roles` through the shell's
 * configuration; none outside the shell. The API checks the same matrix against the database on
 * every request; this only decides what the admin shows.
 */
function useRoles(): readonly number[] {
  return useContext(ShellContext)?.roles() ?? [];
}

/**
 * Whether the signed-in user may use an area (schema/access/permissions.ts).
 * @example
 * const canAdminister = useCan('administrators');
 */
export function useCan(area: string, action: Action = 'read'): boolean {
  return can(useRoles(), area, action);
}

/**
 * Whether the signed-in user may change records of the resource (default: the one in context), as
 * the authProvider's canAccess answers `write`; false while that is not known yet, so a button the
 * role cannot use never shows.
 * @example const mayWrite = useMayWrite('services'); return mayWrite ? <CopyServiceButton /> : null;
 */
export function useMayWrite(resource?: string): boolean {
  const inContext = useResourceContext();
  const { canAccess } = useCanAccess({ action: 'write', resource: resource ?? inContext });
  return canAccess === true;
}

/**
 * Whether the signed-in user may read a resource, as the authProvider's canAccess answers `read`;
 * false while that is not known yet.
 * @example const showHistory = useMayRead('history');
 */
export function useMayRead(resource: string): boolean {
  const { canAccess } = useCanAccess({ action: 'read', resource });
  return canAccess === true;
}

/** Whether the signed-in user may read an area of the permission matrix. */
export function useCanRead(): (area: string) => boolean {
  const roles = useRoles();
  return (area) => can(roles, area, 'read');
}

/** A filter for admin paths the signed-in user may open. */
export function useCanOpen(): (path: string) => boolean {
  const roles = useRoles();
  return (path) => can(roles, screenArea(path), 'read');
}

/** The spec's 'invalid role' message (apiMessages.invalidRole), in place of a screen the role cannot use. */
export function InvalidRole() {
  const translate = useTranslate();
  return (
    <>
      <Title title={translate('apiMessages.invalidRoleTitle')} />
      <Alert severity="warning" role="alert" data-testid="invalid-role">
        {translate('apiMessages.invalidRole')}
      </Alert>
    </>
  );
}

/** Renders the screen at the current path, or the 'invalid role' message when the roles do not allow it. */
export function RoleGate({ children }: { children?: ReactNode }) {
  const { pathname } = useLocation();
  return useCanOpen()(pathname) ? <>{children}</> : <InvalidRole />;
}
