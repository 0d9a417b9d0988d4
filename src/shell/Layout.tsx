import { Suspense, lazy, type ReactNode } from 'react';
import { Box } from '@mui/material';
import type { LayoutProps } from 'react-admin';
import { matchPath, useLocation } from 'react-router-dom';
import { RoleGate } from '../auth/roles';
import { AppBar } from './AppBar';
import { BillingStatusNotice } from './BillingStatusNotice';
import { CorrelationErrorModal } from './CorrelationErrorModal';
import { LayoutError } from './LayoutError';
import { LayoutFrame } from './LayoutFrame';
import { LicenseLimitModal } from './LicenseLimitModal';
import { Menu } from './Menu';
import { useShell } from './ShellContext';

// Checks the user agreement after the first screen has what it needs; shows only when there is a newer one.
const AgreementModal = lazy(() => import('../auth/AgreementModal').then((m) => ({ default: m.AgreementModal })));

/** Content width and padding of spec core.md §9. */
export const CONTENT_MAX_WIDTH = 1400;
export const CONTENT_PADDING = 20;

/**
 * Whether `pathname` is one of the unpadded screens.
 * @example
 * isUnpadded('/newsletters/templates/3', ['/newsletters/templates/:id']); // true
 */
export function isUnpadded(pathname: string, patterns: readonly string[]): boolean {
  return patterns.some((pattern) => matchPath({ path: pattern, end: true }, pathname) !== null);
}

/** The app shell: top bar, grouped sidebar, the framed content and the state-driven modals. */
export function Layout({ children, className }: LayoutProps & { children?: ReactNode }) {
  const { pathname } = useLocation();
  const { unpaddedPaths } = useShell();
  const unpadded = isUnpadded(pathname, unpaddedPaths);
  return (
    <LayoutFrame className={className} appBar={AppBar} menu={Menu} error={LayoutError}>
      <Box
        data-testid="shell-content"
        sx={unpadded ? { width: '100%' } : { width: '100%', maxWidth: CONTENT_MAX_WIDTH, padding: `${CONTENT_PADDING}px`, boxSizing: 'border-box' }}
      >
        <RoleGate>{children}</RoleGate>
      </Box>
      <BillingStatusNotice />
      <LicenseLimitModal />
      <CorrelationErrorModal />
      <Suspense fallback={null}>
        <AgreementModal />
      </Suspense>
    </LayoutFrame>
  );
}
