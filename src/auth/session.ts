import type Keycloak from 'keycloak-js';
import type { KeycloakInitOptions } from 'keycloak-js';
import type { TokenSource } from '../dataProvider/httpClient';
import { rememberTarget } from './postLoginTarget';
import { roleIdsOf } from '../../schema/access/permissions';

/** The part of keycloak-js the session uses (so tests can hand in a fake). */
export type KeycloakLike = Pick<
  Keycloak,
  'init' | 'login' | 'logout' | 'updateToken' | 'clearToken' | 'token' | 'tokenParsed' | 'authenticated' | 'onAuthRefreshError' | 'onTokenExpired'
>;

export type SessionStatus = 'loading' | 'authenticated' | 'unauthenticated';

/** localStorage flag telling that this browser holds a session (so an expiry can be told apart from a first visit). */
export const SESSION_FLAG_KEY = 'sessionActive';
export const LOGOUT_CHANNEL = 'booking-admin-session';
/** Minimum validity of the access token before every call, in seconds. */
export const TOKEN_MIN_VALIDITY = 55;

export interface AuthSessionOptions {
  keycloak: KeycloakLike;
  /** Defaults to window.location. */
  location?: Pick<Location, 'origin' | 'pathname' | 'search' | 'hash' | 'assign'>;
  storage?: Storage;
  sessionStorage?: Storage;
  /** Defaults to a BroadcastChannel when the browser has one. */
  channel?: Pick<BroadcastChannel, 'postMessage' | 'addEventListener' | 'close'> | null;
}

/**
 * The administrator's identity session on keycloak-js: login-required init with PKCE, the token kept
 * 55 s valid before each call, forced refresh for the retry after 401/403, cross-tab logout.
 * @example
 * const session = new AuthSession({ keycloak: new Keycloak(config.keycloak) });
 * await session.start(); // redirects to the login form when there is no session
 * const httpClient = createHttpClient({ ..., auth: session });
 */
export class AuthSession implements TokenSource {
  private readonly keycloak: KeycloakLike;
  private readonly location: NonNullable<AuthSessionOptions['location']>;
  private readonly storage: Storage;
  private readonly sessionStore: Storage;
  private readonly channel: AuthSessionOptions['channel'];
  private readonly listeners = new Set<(status: SessionStatus) => void>();
  private current: SessionStatus = 'loading';
  private starting: Promise<boolean> | undefined;
  /** True when the session ended by itself (refresh failed), not by logging out. */
  expired = false;

  constructor(options: AuthSessionOptions) {
    this.keycloak = options.keycloak;
    this.location = options.location ?? window.location;
    this.storage = options.storage ?? localStorage;
    this.sessionStore = options.sessionStorage ?? sessionStorage;
    this.channel =
      options.channel !== undefined ? options.channel : typeof BroadcastChannel === 'function' ? new BroadcastChannel(LOGOUT_CHANNEL) : null;
  }

  get status(): SessionStatus {
    return this.current;
  }

  get redirectUri(): string {
    return `${this.location.origin}/auth`;
  }

  /** Subscribes to status changes; returns the unsubscribe function. */
  subscribe(listener: (status: SessionStatus) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private setStatus(status: SessionStatus): void {
    if (status === this.current) return;
    this.current = status;
    for (const l of this.listeners) l(status);
  }

  /** Initialises keycloak-js once; without a session the browser is sent to the login form. */
  start(): Promise<boolean> {
    this.starting ??= this.init();
    return this.starting;
  }

  private async init(): Promise<boolean> {
    rememberTarget(`${this.location.pathname}${this.location.search}${this.location.hash}`, this.sessionStore);
    this.keycloak.onAuthRefreshError = () => this.markExpired();
    this.keycloak.onTokenExpired = () => {
      this.keycloak.updateToken(TOKEN_MIN_VALIDITY).catch(() => this.markExpired());
    };
    this.channel?.addEventListener('message', (event: MessageEvent) => {
      if ((event.data as { type?: string } | null)?.type === 'logout') this.endLocally(true);
    });
    const options: KeycloakInitOptions = {
      onLoad: 'login-required',
      pkceMethod: 'S256',
      checkLoginIframe: false,
      redirectUri: this.redirectUri,
    };
    const authenticated = await this.keycloak.init(options);
    if (authenticated) {
      this.storage.setItem(SESSION_FLAG_KEY, 'true');
      this.expired = false;
      this.setStatus('authenticated');
    } else {
      this.setStatus('unauthenticated');
    }
    return authenticated;
  }

  /** Marks the session as ended because it could not be refreshed. */
  markExpired(): void {
    if (this.current !== 'authenticated') return;
    this.expired = true;
    this.keycloak.clearToken();
    this.setStatus('unauthenticated');
  }

  async getToken(): Promise<string | undefined> {
    if (this.current !== 'authenticated') return undefined;
    try {
      await this.keycloak.updateToken(TOKEN_MIN_VALIDITY);
    } catch {
      this.markExpired();
      return undefined;
    }
    return this.keycloak.token;
  }

  async forceRefresh(): Promise<boolean> {
    if (this.current !== 'authenticated') return false;
    try {
      await this.keycloak.updateToken(-1);
      return true;
    } catch {
      this.markExpired();
      return false;
    }
  }

  getSessionId(): string | undefined {
    const sid = (this.keycloak.tokenParsed as { sid?: unknown } | undefined)?.sid;
    return typeof sid === 'string' ? sid : undefined;
  }

  /** Role ids from the token's realm_access.roles (what the admin shows; the API decides). */
  get roleIds(): number[] {
    const access = (this.keycloak.tokenParsed as { realm_access?: { roles?: unknown } } | undefined)?.realm_access;
    return roleIdsOf(Array.isArray(access?.roles) ? access.roles.filter((r): r is string => typeof r === 'string') : []);
  }

  /** Subject, name and e-mail from the token. */
  get claims(): { sub?: string; name?: string; email?: string } {
    const t = (this.keycloak.tokenParsed ?? {}) as Record<string, unknown>;
    const s = (k: string) => (typeof t[k] === 'string' ? (t[k] as string) : undefined);
    return { sub: s('sub'), name: s('name') ?? s('preferred_username'), email: s('email') };
  }

  /** Sends the browser to the login form; afterwards it returns to `target` (default: the current path). */
  async login(target?: string): Promise<void> {
    rememberTarget(target ?? `${this.location.pathname}${this.location.search}${this.location.hash}`, this.sessionStore);
    await this.keycloak.login({ redirectUri: this.redirectUri });
  }

  /** Logs out here and in every other tab, then ends the identity session and returns to `${origin}/`. */
  async logout(): Promise<void> {
    this.channel?.postMessage({ type: 'logout' });
    const hadSession = this.current === 'authenticated';
    this.storage.removeItem(SESSION_FLAG_KEY);
    this.setStatus('unauthenticated');
    if (hadSession) await this.keycloak.logout({ redirectUri: `${this.location.origin}/` });
    else this.location.assign(`${this.location.origin}/`);
  }

  private endLocally(redirect: boolean): void {
    this.storage.removeItem(SESSION_FLAG_KEY);
    this.keycloak.clearToken();
    this.setStatus('unauthenticated');
    if (redirect) this.location.assign(`${this.location.origin}/`);
  }

  close(): void {
    this.channel?.close();
  }
}
