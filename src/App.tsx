import { lazy, useEffect, useMemo, useState, type ComponentType } from 'react';
import Keycloak from 'keycloak-js';
import { ThemeProvider, createTheme, CssBaseline } from '@mui/material';
import {
  AccessDenied,
  AdminContext,
  AuthCallback,
  CoreAdminUI,
  CustomRoutes,
  I18nContextProvider,
  LoadingPage,
  Notification,
  localStorageStore,
  type AuthProvider,
  type I18nProvider,
} from 'react-admin';
import { BrowserRouter, Route } from 'react-router-dom';
import { loadConfig, type RuntimeConfig } from './config';
import { AppEvents, createDataProvider, createHttpClient, resolveTimeZone, withFieldLabels } from './dataProvider';
import type { BookingDataProvider } from './dataProvider/types';
import { AuthCallbackPage } from './auth/AuthCallbackPage';
import { AuthGate } from './auth/AuthGate';
import { createAuthProvider } from './auth/authProvider';
import { LoginPage } from './auth/LoginPage';
import { ProfileContext, loadProfile, type AuthUser } from './auth/profile';
import { AuthSession } from './auth/session';
import { createI18nProvider } from './i18n';
// The shell's modules one by one: its barrel also re-exports pages that load lazily.
import { AppLoadFailure } from './shell/AppLoadFailure';
import { installClientErrorReporter } from './shell/clientErrorReporter';
import { Layout } from './shell/Layout';
import { RedirectToDashboard, shellRoutes } from './shell/routes';
import { UNPADDED_PATHS } from './shell/screens';
import { ShellContext, type ShellConfig } from './shell/ShellContext';
import { theme } from './shell/theme';
import { MuiLocale } from './shell/MuiLocale';
import { EmbedsProvider } from './common/embeds';
import { customPages, declarations, embeds, publicPages, sidebar } from './registry';
import { renderResources, resourceApis } from './engine/renderResources';

interface Services {
  config: RuntimeConfig;
  session: AuthSession;
  dataProvider: BookingDataProvider;
  authProvider: AuthProvider;
  loadProfile: () => Promise<AuthUser>;
  shell: ShellConfig;
  Login: ComponentType;
}

/** Wires one app instance: event bus, session, HTTP client, data and auth providers. */
function createServices(config: RuntimeConfig, i18nProvider: I18nProvider): Services {
  const events = new AppEvents();
  const session = new AuthSession({ keycloak: new Keycloak(config.keycloak) });
  const profileRef: { current: AuthUser | null } = { current: null };
  // Every time is entered and shown in the company's zone, whatever the browser's: the wire's local times are the company's.
  const getTimeZone = () => profileRef.current?.Company?.TimeZone ?? resolveTimeZone();
  const httpClient = createHttpClient({
    apiKey: config.apiKey,
    events,
    auth: session,
    getLanguage: () => i18nProvider.getLocale(),
    translate: (key) => i18nProvider.translate(key),
    getTimeZone,
  });
  const dataProvider = withFieldLabels(
    createDataProvider(config.apiUrl, httpClient, resourceApis(declarations), { getTimeZone }),
    (key, options) => i18nProvider.translate(key, options),
  );
  return {
    config,
    session,
    dataProvider,
    authProvider: createAuthProvider(session, () => profileRef.current),
    loadProfile: async () => {
      profileRef.current = await loadProfile(httpClient, config.apiUrl);
      return profileRef.current;
    },
    shell: {
      events,
      menu: sidebar,
      unpaddedPaths: [...UNPADDED_PATHS, ...customPages.filter((p) => p.unpadded).map((p) => p.path)],
      roles: () => session.roleIds,
    },
    Login: () => <LoginPage session={session} />,
  };
}

type Boot = { kind: 'loading' } | { kind: 'failed'; detail: string } | { kind: 'ready'; services: Services };

const muiTheme = createTheme(theme);

/**
 * react-admin's `<Admin>` spelled out (AdminContext + CoreAdminUI) with every page given, so its
 * defaults (login form, ready page, default layout) stay out of the first load.
 */
const store = localStorageStore();
const ErrorPage = lazy(() => import('./shell/errorPages').then((m) => ({ default: m.Error })));
const AuthenticationError = lazy(() => import('./shell/errorPages').then((m) => ({ default: m.AuthenticationError })));

function BookingAdmin({ services, profile, i18nProvider }: { services: Services; profile: AuthUser; i18nProvider: I18nProvider }) {
  const { dataProvider, authProvider, shell, Login } = services;
  useEffect(() => installClientErrorReporter((report) => dataProvider.call('POST', '/errors', { body: report })), [dataProvider]);
  const pages = customPages;
  const resourceNames = useMemo(() => declarations.map((d) => d.name), []);
  return (
    <BrowserRouter>
      <ProfileContext.Provider value={profile}>
        <ShellContext.Provider value={shell}>
          <EmbedsProvider value={embeds}>
          <AdminContext dataProvider={dataProvider} authProvider={authProvider} i18nProvider={i18nProvider} theme={theme} store={store}>
            <CssBaseline enableColorScheme>
              <MuiLocale>
              <CoreAdminUI
                disableTelemetry
                title="app.name"
                layout={Layout}
                loginPage={Login}
                dashboard={RedirectToDashboard}
                catchAll={RedirectToDashboard}
                error={ErrorPage}
                loading={LoadingPage}
                accessDenied={AccessDenied}
                authenticationError={AuthenticationError}
                authCallbackPage={AuthCallback}
              >
                {renderResources(declarations)}
                <CustomRoutes noLayout>
                  <Route path={AuthCallbackPage.path} element={<AuthCallbackPage />} />
                  {pages
                    .filter((p) => p.noLayout)
                    .map((p) => (
                      <Route key={p.path} path={p.path} element={p.element} />
                    ))}
                </CustomRoutes>
                <CustomRoutes>{shellRoutes(pages.filter((p) => !p.noLayout), resourceNames)}</CustomRoutes>
              </CoreAdminUI>
              <Notification />
              </MuiLocale>
            </CssBaseline>
          </AdminContext>
          </EmbedsProvider>
        </ShellContext.Provider>
      </ProfileContext.Provider>
    </BrowserRouter>
  );
}

/**
 * The admin: loads the languages and the runtime configuration, establishes the session, then
 * renders react-admin with the shell, the declared resources and the custom pages.
 */
export function App() {
  const [i18nProvider, setI18nProvider] = useState<I18nProvider | null>(null);
  const [boot, setBoot] = useState<Boot>({ kind: 'loading' });

  useEffect(() => {
    let active = true;
    createI18nProvider()
      .then(async (i18n) => {
        if (!active) return;
        setI18nProvider(i18n);
        try {
          const config = await loadConfig();
          if (active) setBoot({ kind: 'ready', services: createServices(config, i18n) });
        } catch (error) {
          if (active) setBoot({ kind: 'failed', detail: error instanceof Error ? error.message : String(error) });
        }
      })
      .catch((error: unknown) => {
        if (active) setBoot({ kind: 'failed', detail: error instanceof Error ? error.message : String(error) });
      });
    return () => {
      active = false;
    };
  }, []);

  if (!i18nProvider) return null;
  const publicPage = publicPages.find((p) => p.path === window.location.pathname.replace(/\/$/, ''));
  return (
    <I18nContextProvider value={i18nProvider}>
      <ThemeProvider theme={muiTheme}>
        <CssBaseline />
        {boot.kind === 'failed' && <AppLoadFailure detail={boot.detail} />}
        {boot.kind === 'ready' && publicPage && publicPage.element}
        {boot.kind === 'ready' && !publicPage && (
          <AuthGate session={boot.services.session} loadProfile={boot.services.loadProfile}>
            {(profile) => <BookingAdmin services={boot.services} profile={profile} i18nProvider={i18nProvider} />}
          </AuthGate>
        )}
      </ThemeProvider>
    </I18nContextProvider>
  );
}
