import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { AuthProvider } from 'react-admin';
import {
  AgreementModal,
  AuthCallbackPage,
  AuthGate,
  AuthSession,
  AuthWaiting,
  LoginPage,
  NoCompanyError,
  POST_LOGIN_TARGET_KEY,
  SESSION_FLAG_KEY,
  createAuthProvider,
  loadProfile,
  takeTarget,
  type KeycloakLike,
} from '../../src/auth';
import { AppEvents, createHttpClient } from '../../src/dataProvider';
import { API, demoUser, renderInAdmin, server } from './authHarness';

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  server.resetHandlers();
  vi.useRealTimers();
});
afterAll(() => server.close());

function fakeKeycloak(overrides: Partial<KeycloakLike> = {}) {
  const kc = {
    token: 'access-1' as string | undefined,
    tokenParsed: { sub: 'user-sub-1', sid: 'sid-1', name: 'Dana Demo' } as KeycloakLike['tokenParsed'],
    authenticated: true as boolean | undefined,
    init: vi.fn(async () => true),
    login: vi.fn(async () => undefined),
    logout: vi.fn(async () => undefined),
    updateToken: vi.fn(async () => true),
    clearToken: vi.fn(() => {
      kc.token = undefined;
    }),
    onAuthRefreshError: undefined,
    onTokenExpired: undefined,
    ...overrides,
  };
  return kc as typeof kc & KeycloakLike;
}

function fakeLocation(path = '/customers?Search=ann#x') {
  const [pathname, rest = ''] = path.split('?');
  const [search, hash] = rest.split('#');
  return {
    origin: 'https://admin.example',
    pathname,
    search: search ? `?${search}` : '',
    hash: hash ? `#${hash}` : '',
    assign: vi.fn(),
  };
}

/** Two connected fake BroadcastChannels. */
function channelPair() {
  type Listener = (e: MessageEvent) => void;
  const listeners: [Listener[], Listener[]] = [[], []];
  const make = (self: 0 | 1) => ({
    postMessage: (data: unknown) => listeners[self === 0 ? 1 : 0].forEach((l) => l({ data } as MessageEvent)),
    addEventListener: (_: string, l: Listener) => void listeners[self].push(l),
    close: () => undefined,
  });
  return [make(0), make(1)] as const;
}

function newSession(kc = fakeKeycloak(), location = fakeLocation(), channel: ReturnType<typeof channelPair>[0] | null = null) {
  return { session: new AuthSession({ keycloak: kc, location, storage: localStorage, sessionStorage, channel: channel as never }), kc, location };
}

describe('session', () => {
  it('initialises keycloak-js with login-required, PKCE S256, no login iframe and the /auth redirect, remembering the wanted page', async () => {
    const { session, kc } = newSession();
    await expect(session.start()).resolves.toBe(true);
    expect(kc.init).toHaveBeenCalledTimes(1);
    expect(kc.init).toHaveBeenCalledWith({ onLoad: 'login-required', pkceMethod: 'S256', checkLoginIframe: false, redirectUri: 'https://admin.example/auth' });
    expect(sessionStorage.getItem(POST_LOGIN_TARGET_KEY)).toBe('/customers?Search=ann#x');
    expect(session.status).toBe('authenticated');
    expect(localStorage.getItem(SESSION_FLAG_KEY)).toBe('true');
    await session.start();
    expect(kc.init).toHaveBeenCalledTimes(1);
  });

  it('keeps the token valid for 55 s before calls and forces a refresh for the retry', async () => {
    const { session, kc } = newSession();
    await session.start();
    await expect(session.getToken()).resolves.toBe('access-1');
    expect(kc.updateToken).toHaveBeenLastCalledWith(55);
    await expect(session.forceRefresh()).resolves.toBe(true);
    expect(kc.updateToken).toHaveBeenLastCalledWith(-1);
    expect(session.getSessionId()).toBe('sid-1');
  });

  it('a failed refresh ends the session as expired', async () => {
    const kc = fakeKeycloak({ updateToken: vi.fn(async () => Promise.reject(new Error('refresh token expired'))) });
    const { session } = newSession(kc);
    await session.start();
    await expect(session.getToken()).resolves.toBeUndefined();
    expect(session.status).toBe('unauthenticated');
    expect(session.expired).toBe(true);
    await expect(session.forceRefresh()).resolves.toBe(false);
  });

  it('logging out tells the other tabs, clears the session flag and returns to the start page', async () => {
    const [mine, theirs] = channelPair();
    const first = newSession(fakeKeycloak(), fakeLocation(), mine);
    const other = newSession(fakeKeycloak(), fakeLocation('/services'), theirs);
    await first.session.start();
    await other.session.start();
    await first.session.logout();
    expect(first.kc.logout).toHaveBeenCalledWith({ redirectUri: 'https://admin.example/' });
    expect(localStorage.getItem(SESSION_FLAG_KEY)).toBeNull();
    expect(other.session.status).toBe('unauthenticated');
    expect(other.location.assign).toHaveBeenCalledWith('https://admin.example/');
  });

  it('after login the stored page wins, then redirectTo, then /dashboard; other sites are refused', () => {
    sessionStorage.setItem(POST_LOGIN_TARGET_KEY, '/customers/5');
    expect(takeTarget('/services')).toBe('/customers/5');
    expect(takeTarget('/services')).toBe('/services');
    expect(takeTarget(null)).toBe('/dashboard');
    expect(takeTarget('//evil.example/x')).toBe('/dashboard');
    expect(takeTarget('/\t/evil.example')).toBe('/dashboard');
    expect(takeTarget('/\\evil.example')).toBe('/dashboard');
    expect(takeTarget('https://evil.example')).toBe('/dashboard');
    expect(takeTarget('javascript:alert(1)')).toBe('/dashboard');
  });
});

describe('authProvider', () => {
  it('sends an ended session to /login without a notification, and keeps it on 403', async () => {
    const { session } = newSession(fakeKeycloak({ init: vi.fn(async () => false) }));
    await session.start();
    const provider: AuthProvider = createAuthProvider(session, () => null);
    await expect(provider.checkAuth({})).rejects.toEqual({ message: false, redirectTo: '/login' });
    await expect(provider.checkError({ status: 403 })).resolves.toBeUndefined();
    await expect(provider.checkError({ status: 401 })).rejects.toEqual({ message: false, redirectTo: '/login' });
  });

  it('gives the full name and company name for the user menu', async () => {
    const { session } = newSession();
    await session.start();
    const provider = createAuthProvider(session, () => demoUser);
    await expect(provider.getIdentity?.()).resolves.toEqual({ id: 1, fullName: 'Dana Demo', companyName: 'Solrosens Yoga & Padel' });
  });
});

describe('profile', () => {
  it('loads GET /users and refuses an account without a company', async () => {
    server.use(http.get(`${API}/users`, () => HttpResponse.json({ ...demoUser, CompanyId: null })));
    const httpClient = createHttpClient({ apiKey: 'k', events: new AppEvents(), getLanguage: () => 'sv', translate: (k) => k });
    await expect(loadProfile(httpClient, API)).rejects.toBeInstanceOf(NoCompanyError);
    server.use(http.get(`${API}/users`, () => HttpResponse.json(demoUser)));
    await expect(loadProfile(httpClient, API)).resolves.toEqual(demoUser);
  });
});

describe('screens', () => {
  it('the spinner turns into the taking-too-long message with reload and logout after 30 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const onLogout = vi.fn();
    const onReload = vi.fn();
    await renderInAdmin(<AuthWaiting onLogout={onLogout} onReload={onReload} />);
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(29_000));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.getByRole('alert')).toHaveTextContent('This is taking too long.');
    screen.getByRole('button', { name: 'Reload' }).click();
    screen.getByRole('button', { name: 'Log out' }).click();
    expect(onReload).toHaveBeenCalled();
    expect(onLogout).toHaveBeenCalled();
  });

  it("shows 'no company' when the profile has no company id", async () => {
    const session = { start: vi.fn(async () => true), logout: vi.fn(async () => undefined) };
    await renderInAdmin(
      <AuthGate session={session} loadProfile={() => Promise.reject(new NoCompanyError())}>
        {() => <div>app</div>}
      </AuthGate>,
      { lang: 'sv' },
    );
    expect(await screen.findByText('Ditt konto är inte kopplat till något företag.')).toBeInTheDocument();
    expect(screen.queryByText('app')).not.toBeInTheDocument();
  });

  it('a failed login shows its message, or Something went wrong', async () => {
    const failing = { start: vi.fn(async () => Promise.reject(new Error('Invalid nonce'))), logout: vi.fn(async () => undefined) };
    const { unmount } = await renderInAdmin(<AuthGate session={failing} loadProfile={async () => demoUser}>{() => <div>app</div>}</AuthGate>);
    expect(await screen.findByText('Invalid nonce')).toBeInTheDocument();
    unmount();
    const silent = { start: vi.fn(async () => Promise.reject('weird')), logout: vi.fn(async () => undefined) };
    await renderInAdmin(<AuthGate session={silent} loadProfile={async () => demoUser}>{() => <div>app</div>}</AuthGate>);
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
  });

  it('renders the app with the profile once logged in', async () => {
    const session = { start: vi.fn(async () => true), logout: vi.fn(async () => undefined) };
    await renderInAdmin(<AuthGate session={session} loadProfile={async () => demoUser}>{(p) => <div>hello {p.Firstname}</div>}</AuthGate>);
    expect(await screen.findByText('hello Dana')).toBeInTheDocument();
  });

  it('/auth goes on to the page the user wanted', async () => {
    sessionStorage.setItem(POST_LOGIN_TARGET_KEY, '/customers/5');
    const { location } = await renderInAdmin(<AuthCallbackPage />, { url: '/auth?redirectTo=/services', path: '/auth' });
    await waitFor(() => expect(location().pathname).toBe('/customers/5'));
  });

  it('/auth falls back to redirectTo', async () => {
    const { location } = await renderInAdmin(<AuthCallbackPage />, { url: '/auth?redirectTo=%2Fservices', path: '/auth' });
    await waitFor(() => expect(location().pathname).toBe('/services'));
  });

  it('/login after an expired session says so and offers to log in again', async () => {
    const login = vi.fn(async () => undefined);
    await renderInAdmin(<LoginPage session={{ status: 'unauthenticated', expired: true, login }} />, { lang: 'en' });
    expect(screen.getByText('Sesion expired, please login again.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(login).toHaveBeenCalled();
  });

  it('/login for a signed-in user says who they are', async () => {
    await renderInAdmin(<LoginPage session={{ status: 'authenticated', expired: false, login: vi.fn() }} />, { lang: 'sv' });
    expect(screen.getByText('Du är inloggad som Dana Demo.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Gå till översikten' })).toHaveAttribute('href', '/dashboard');
  });
});

describe('agreement', () => {
  const agreement = {
    AgreementId: 3,
    AgreedToLatest: false,
    Content: '<h2>Terms</h2><p>Be nice.</p><img src="x" onerror="alert(1)"><script>window.hacked = true</script>',
    Documents: [],
  };

  it('shows the sanitised agreement; accepting posts the user and agreement ids and closes it', async () => {
    let posted: unknown;
    server.use(
      http.get(`${API}/users/agreement`, () => HttpResponse.json(agreement)),
      http.post(`${API}/users/agreement`, async ({ request }) => {
        posted = await request.json();
        return HttpResponse.json({ AgreedToLatest: true });
      }),
    );
    await renderInAdmin(<AgreementModal />);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Be nice.');
    expect(dialog.querySelector('script')).toBeNull();
    expect(dialog.querySelector('img')?.getAttribute('onerror')).toBeNull();
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'I accept' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posted).toEqual({ UserId: 'user-sub-1', AgreementId: 3 });
  });

  it('a failed acceptance shows the server message and keeps the agreement open', async () => {
    server.use(
      http.get(`${API}/users/agreement`, () => HttpResponse.json(agreement)),
      http.post(`${API}/users/agreement`, () =>
        HttpResponse.json({ ResponseStatus: { ErrorCode: 'NotFound', Message: 'Agreement 3 was replaced', Errors: [] } }, { status: 404 }),
      ),
    );
    await renderInAdmin(<AgreementModal />);
    await userEvent.click(await screen.findByRole('button', { name: 'I accept' }));
    expect(await screen.findByText('Agreement 3 was replaced')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'User agreement' })).toBeInTheDocument();
  });

  it('declining logs out', async () => {
    server.use(http.get(`${API}/users/agreement`, () => HttpResponse.json(agreement)));
    const logout = vi.fn(async () => false as const);
    const authProvider: AuthProvider = {
      login: async () => undefined,
      logout,
      checkAuth: async () => undefined,
      checkError: async () => undefined,
      getPermissions: async () => undefined,
    };
    await renderInAdmin(<AgreementModal />, { authProvider });
    await userEvent.click(await screen.findByRole('button', { name: 'I do not accept' }));
    await waitFor(() => expect(logout).toHaveBeenCalled());
  });

  it('stays hidden when the latest agreement is accepted', async () => {
    let asked = false;
    server.use(
      http.get(`${API}/users/agreement`, () => {
        asked = true;
        return HttpResponse.json({ ...agreement, AgreedToLatest: true });
      }),
    );
    await renderInAdmin(<AgreementModal />);
    await waitFor(() => expect(asked).toBe(true));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
