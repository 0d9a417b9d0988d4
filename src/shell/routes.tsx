import { lazy, type ReactElement } from 'react';
import { Navigate, Route } from 'react-router-dom';
import type { CustomPage } from '../common/registry';
import { REDIRECTS, SCREENS, isClaimed } from './screens';

// Pages, not needed on the first screen; the layout's Suspense shows while they load.
const Dashboard = lazy(() => import('./Dashboard').then((m) => ({ default: m.Dashboard })));
const NotYetAvailable = lazy(() => import('./NotYetAvailable').then((m) => ({ default: m.NotYetAvailable })));

function RedirectToDashboard() {
  return <Navigate to="/dashboard" replace />;
}

/** Sends `/`, and any path no route knows, to /dashboard. */
export { RedirectToDashboard };

/**
 * The shell's routes (inside the layout): custom pages, /dashboard and /licenses, the redirects and
 * a NotYetAvailable page for every spec screen no resource or custom page serves yet.
 * @example
 * <CustomRoutes>{shellRoutes(customPages.filter((p) => !p.noLayout), declarations.map((d) => d.name))}</CustomRoutes>
 */
export function shellRoutes(pages: readonly CustomPage[], resourceNames: readonly string[]): ReactElement[] {
  const customPaths = pages.map((p) => p.path);
  const routes: ReactElement[] = pages.map((p) => <Route key={`page:${p.path}`} path={p.path} element={p.element} />);
  for (const path of ['/dashboard', '/licenses']) {
    if (!isClaimed(path, resourceNames, customPaths)) routes.push(<Route key={path} path={path} element={<Dashboard />} />);
  }
  for (const [from, to] of Object.entries(REDIRECTS)) {
    if (!customPaths.includes(from)) routes.push(<Route key={`redirect:${from}`} path={from} element={<Navigate to={to} replace />} />);
  }
  for (const screen of SCREENS) {
    for (const path of screen.paths) {
      if (isClaimed(path, resourceNames, customPaths) || path in REDIRECTS) continue;
      routes.push(<Route key={`nya:${path}`} path={path} element={<NotYetAvailable screen={screen.key} />} />);
    }
  }
  return routes;
}
