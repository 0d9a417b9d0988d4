import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import { AdminContext, Notification, TestMemoryRouter, type AuthProvider, type I18nProvider } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { AppEvents, createDataProvider, createHttpClient } from '../../src/dataProvider';
import { createI18nProvider } from '../../src/i18n';
import { ProfileContext, type AuthUser } from '../../src/auth/profile';
import { ShellContext, type ShellConfig } from '../../src/shell/ShellContext';
import { ROLE_IDS } from '../../schema/access/permissions';
import type { ShellMenuEntry } from '../../src/common/registry';

export const API = 'http://api.test/api';
/**
 * The mock API; by default (after every reset too) the company has finished "Get started" (a
 * bookable service, approved), which the sidebar asks on every screen.
 */
export const server = setupServer(http.get(`${API}/signup/progress`, () => HttpResponse.json({ HasBookableService: true, StatusId: 3 })));

export const demoUser: AuthUser = {
  Id: 1,
  UserId: 'user-sub-1',
  Email: 'demo@example.com',
  EmailVerified: true,
  Firstname: 'Dana',
  Lastname: 'Demo',
  CompanyId: 7,
  CompanyUsers: [{ CompanyId: 7, Id: 1, Email: 'demo@example.com' }],
  Company: { Id: 7, Name: 'Solrosens Yoga & Padel', LicenseTypeId: 1, IsFreeAccount: true, TimeZone: 'Europe/Stockholm' },
};

/** A real i18n provider in the given language (no stored choice, no browser language). */
export function i18nIn(lang: 'sv' | 'en' | 'fi' | 'no'): Promise<I18nProvider> {
  const storage = new Map<string, string>([['language', lang]]);
  return createI18nProvider({
    storage: {
      length: storage.size,
      clear: () => storage.clear(),
      getItem: (k) => storage.get(k) ?? null,
      key: () => null,
      removeItem: (k) => void storage.delete(k),
      setItem: (k, v) => void storage.set(k, v),
    },
    browserLanguages: [],
    root: document.createElement('html'),
  });
}

export interface RenderOptions {
  url?: string;
  lang?: 'sv' | 'en' | 'fi' | 'no';
  profile?: AuthUser | null;
  authProvider?: AuthProvider;
  menu?: ShellMenuEntry[];
  unpaddedPaths?: string[];
  events?: AppEvents;
  /** Render react-admin's Notification next to `ui` (AdminUI brings its own). */
  notification?: boolean;
  /** Extra routes next to the element (rendered at `path`). */
  path?: string;
  /** Role ids of the signed-in user (default: Administrator). */
  roles?: number[];
}

/** Renders `ui` inside react-admin with the real data provider (against msw), i18n and shell context. */
export async function renderInAdmin(ui: ReactElement, options: RenderOptions = {}) {
  const events = options.events ?? new AppEvents();
  const i18nProvider = await i18nIn(options.lang ?? 'en');
  const httpClient = createHttpClient({ apiKey: 'test-key', events, getLanguage: () => i18nProvider.getLocale(), translate: (k) => i18nProvider.translate(k) });
  const dataProvider = createDataProvider(API, httpClient, {});
  const roles = options.roles ?? [ROLE_IDS.Administrator];
  const shell: ShellConfig = { events, menu: options.menu ?? [], unpaddedPaths: options.unpaddedPaths ?? [], roles: () => roles };
  let location = { pathname: '', search: '', hash: '' };
  const result = render(
    <TestMemoryRouter
      initialEntries={[options.url ?? '/']}
      locationCallback={(l) => {
        location = l;
      }}
    >
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider} authProvider={options.authProvider}>
        <ProfileContext.Provider value={options.profile === undefined ? demoUser : options.profile}>
          <ShellContext.Provider value={shell}>
            {options.path ? (
              <Routes>
                <Route path={options.path} element={ui} />
                <Route path="*" element={<div>elsewhere</div>} />
              </Routes>
            ) : (
              ui
            )}
            {options.notification !== false && <Notification />}
          </ShellContext.Provider>
        </ProfileContext.Provider>
      </AdminContext>
    </TestMemoryRouter>,
  );
  return { ...result, events, location: () => location };
}
