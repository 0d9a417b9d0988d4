// oidc-provider 9 ships no type declarations; this is the part of its public API the identity
// module uses (see the library's docs/README.md for the full surface).
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';
  import type { EventEmitter } from 'node:events';

  export type UnknownObject = Record<string, unknown>;

  export interface AdapterPayload extends UnknownObject {
    jti?: string;
    kind?: string;
    grantId?: string;
    userCode?: string;
    uid?: string;
    consumed?: number;
    exp?: number;
    iat?: number;
    accountId?: string;
  }

  export interface Adapter {
    upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void>;
    find(id: string): Promise<AdapterPayload | undefined>;
    findByUserCode(userCode: string): Promise<AdapterPayload | undefined>;
    findByUid(uid: string): Promise<AdapterPayload | undefined>;
    consume(id: string): Promise<void>;
    destroy(id: string): Promise<void>;
    revokeByGrantId(grantId: string): Promise<void>;
  }

  export interface ClaimsResult extends UnknownObject {
    sub: string;
  }

  export interface Account {
    accountId: string;
    claims(use: string, scope: string, claims: UnknownObject, rejected: string[]): Promise<ClaimsResult> | ClaimsResult;
  }

  export interface ClientMetadata extends UnknownObject {
    client_id: string;
    client_secret?: string;
    redirect_uris?: string[];
    post_logout_redirect_uris?: string[];
    grant_types?: string[];
    response_types?: string[];
    token_endpoint_auth_method?: string;
    client_name?: string;
  }

  export interface Client {
    clientId: string;
    clientName?: string;
    clientAuthMethod: string;
    redirectUris: string[];
    grantTypeAllowed(type: string): boolean;
  }

  export interface ResourceServerInfo {
    scope: string;
    audience?: string;
    accessTokenTTL?: number;
    accessTokenFormat?: 'opaque' | 'jwt';
    jwt?: { sign?: { alg?: string; kid?: string } };
  }

  export interface Session {
    uid: string;
    jti: string;
    accountId?: string;
    destroy(): Promise<void>;
  }

  export interface BaseModelInstance {
    jti: string;
    kind: string;
    exp: number;
    iat: number;
    readonly isExpired: boolean;
    readonly remainingTTL: number;
    save(ttl?: number): Promise<string>;
    destroy(): Promise<void>;
  }

  export interface TokenInstance extends BaseModelInstance {
    accountId?: string;
    clientId: string;
    client?: Client;
    grantId?: string;
    sid?: string;
    sessionUid?: string;
    scope?: string;
    iiat?: number;
    gty?: string;
    resource?: string | string[];
    resourceServer?: ResourceServer;
    readonly expiration: number;
    readonly tokenType: string;
  }

  export interface TokenInit {
    accountId?: string;
    client?: Client;
    grantId?: string;
    sid?: string;
    sessionUid?: string;
    scope?: string;
    gty?: string;
    resource?: string;
    expiresWithSession?: boolean;
    iiat?: number;
    rotations?: number;
  }

  export interface TokenClass<T extends TokenInstance = TokenInstance> {
    new (init: TokenInit): T;
    find(value: string, options?: { ignoreExpiration?: boolean }): Promise<T | undefined>;
    revokeByGrantId?(grantId: string): Promise<void>;
    readonly adapter: Adapter;
  }

  export interface GrantInstance extends BaseModelInstance {
    accountId: string;
    clientId: string;
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    addResourceScope(resource: string, scope: string): void;
    getOIDCScope(): string;
  }

  export interface GrantClass {
    new (init: { accountId: string; clientId: string }): GrantInstance;
    find(id: string): Promise<GrantInstance | undefined>;
  }

  export interface IdTokenInstance {
    scope?: string;
    set(key: string, value: unknown): void;
    issue(options: { use: 'idtoken' | 'logout' | 'userinfo' | 'introspection' | 'authorization' }): Promise<string>;
  }

  export interface IdTokenClass {
    new (claims: UnknownObject, options: { ctx?: KoaContextWithOIDC; client?: Client }): IdTokenInstance;
  }

  export interface ResourceServer {
    identifier(): string;
    readonly scope: string;
  }

  export interface ResourceServerClass {
    new (identifier: string, info: ResourceServerInfo): ResourceServer;
  }

  export interface InteractionPrompt {
    name: string;
    reasons: string[];
    details: {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
      missingResourceScopes?: Record<string, string[]>;
    } & UnknownObject;
  }

  export interface InteractionDetails {
    uid: string;
    prompt: InteractionPrompt;
    params: UnknownObject & { client_id?: string; scope?: string; ui_locales?: string; kc_locale?: string; login_hint?: string };
    session?: { accountId?: string; uid: string; cookie: string };
    grantId?: string;
    lastSubmission?: UnknownObject;
    /** What the interaction has gathered so far (saved with persist()). */
    result?: InteractionResults;
    returnTo: string;
    exp: number;
    /** Saves the interaction for the rest of its lifetime. */
    persist(): Promise<string>;
  }

  export interface InteractionResults extends UnknownObject {
    login?: { accountId: string; remember?: boolean; amr?: string[] };
    consent?: { grantId: string };
    error?: string;
    error_description?: string;
  }

  export interface OIDCContext {
    readonly client?: Client;
    readonly params: UnknownObject & { username?: string; password?: string; scope?: string; client_id?: string };
    readonly route: string;
    readonly issuer: string;
    readonly entities: UnknownObject;
    readonly uid: string;
    urlFor(name: string, options?: UnknownObject): string;
    entity(key: string, value: unknown): void;
  }

  export interface KoaContextWithOIDC {
    oidc: OIDCContext;
    body: unknown;
    status: number;
    type: string;
    method: string;
    path: string;
    host: string;
    /** The client's address (X-Forwarded-For when provider.proxy is set). */
    ip: string;
    headers: IncomingMessage['headers'];
    get(name: string): string;
    set(name: string, value: string): void;
    response: { get(name: string): string };
    req: IncomingMessage;
    res: ServerResponse;
  }

  export type Middleware = (ctx: KoaContextWithOIDC, next: () => Promise<void>) => Promise<void> | void;

  export interface JWK extends UnknownObject {
    kty?: string;
    kid?: string;
    alg?: string;
    use?: string;
  }

  export interface Configuration extends UnknownObject {
    adapter?: (name: string) => Adapter;
    clients?: ClientMetadata[];
    jwks?: { keys: JWK[] };
    findAccount?: (ctx: KoaContextWithOIDC, sub: string, token?: { sid?: string; sessionUid?: string }) => Promise<Account | undefined>;
  }

  export class Provider extends EventEmitter {
    constructor(issuer: string, configuration?: Configuration);
    readonly issuer: string;
    proxy: boolean;
    callback(): (req: IncomingMessage, res: ServerResponse) => Promise<void>;
    use(middleware: Middleware): void;
    registerGrantType(name: string, handler: (ctx: KoaContextWithOIDC) => Promise<void>, params?: string[] | Set<string>, dupes?: string[] | Set<string>): void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
    interactionResult(req: IncomingMessage, res: ServerResponse, result: InteractionResults, options?: { mergeWithLastSubmission?: boolean }): Promise<string>;
    interactionFinished(req: IncomingMessage, res: ServerResponse, result: InteractionResults, options?: { mergeWithLastSubmission?: boolean }): Promise<void>;
    readonly AccessToken: TokenClass;
    readonly RefreshToken: TokenClass;
    readonly Grant: GrantClass;
    readonly IdToken: IdTokenClass;
    readonly ResourceServer: ResourceServerClass;
    readonly Session: { find(id: string): Promise<Session | undefined>; findByUid(uid: string): Promise<Session | undefined> };
    readonly Client: { find(id: string): Promise<Client | undefined> };
  }

  export class OIDCProviderError extends Error {
    constructor(status: number, message: string);
    error: string;
    error_description?: string;
    status: number;
    statusCode: number;
    expose: boolean;
  }

  export const errors: {
    OIDCProviderError: typeof OIDCProviderError;
    InvalidGrant: new (description?: string) => OIDCProviderError;
    InvalidRequest: new (description?: string) => OIDCProviderError;
    InvalidClient: new (description?: string) => OIDCProviderError;
    InvalidTarget: new (description?: string) => OIDCProviderError;
    SessionNotFound: new (description?: string) => OIDCProviderError;
  };

  export default Provider;
}
