/**
 * One interface, one adapter per lock system (issue 34). Each adapter speaks its system's own shape:
 * its authentication (Basic, a login session, an API key header, a bearer key, OAuth client
 * credentials), its paths, its field names and encoding (XML for Siedle, a form for Telkey, JSON
 * for the rest), and reads the grant's id from its answer. A network failure or a 5xx answer is
 * LockUnreachable (the outbox retries it); any other refusal is LockRefused with the lock's words.
 */
import type { SystemKey } from './systems';

/** What a lock is asked to hold: one code (or phone key) on one door for one window. */
export interface GrantRequest {
  doorId: string;
  code: string;
  from: Date;
  to: Date;
  bookingId: number;
  holder: { name: string; phone: string; email: string };
}

/** The lock's answer: the grant's id in the lock (create) and what it said, for the booking log. */
export interface LockAnswer {
  externalId?: string;
  text: string;
}

export interface LockAdapter {
  /** Checks the address and credentials (what "Test connection" does). */
  test(): Promise<LockAnswer>;
  create(grant: GrantRequest): Promise<LockAnswer>;
  update(externalId: string, grant: GrantRequest): Promise<LockAnswer>;
  /** Takes a grant back; a grant the lock no longer knows counts as taken back. */
  revoke(externalId: string): Promise<LockAnswer>;
}

export class LockUnreachable extends Error {}
export class LockRefused extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

type Body = { json: unknown } | { xml: string } | { form: Record<string, string> } | undefined;
interface Answer {
  status: number;
  json: Record<string, unknown>;
  text: string;
}

/** One HTTP call to a lock: 2xx answers, anything else throws (404 on revoke is the adapter's to judge). */
async function call(method: string, url: string, headers: Record<string, string>, body?: Body, allow404 = false): Promise<Answer> {
  const h: Record<string, string> = { accept: 'application/json, application/xml', ...headers };
  let payload: string | undefined;
  if (body && 'json' in body) [h['content-type'], payload] = ['application/json', JSON.stringify(body.json)];
  else if (body && 'xml' in body) [h['content-type'], payload] = ['application/xml', body.xml];
  else if (body && 'form' in body) [h['content-type'], payload] = ['application/x-www-form-urlencoded', new URLSearchParams(body.form).toString()];
  let res: Response;
  try {
    res = await fetch(url, { method, headers: h, body: payload, signal: AbortSignal.timeout(10_000) });
  } catch (err) {
    throw new LockUnreachable(`${new URL(url).host}: ${err instanceof Error ? (err.cause as Error | undefined)?.message || err.message : String(err)}`);
  }
  const text = await res.text();
  let json: Record<string, unknown>;
  try {
    json = text && /json/.test(res.headers.get('content-type') ?? '') ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    json = {};
  }
  if (res.status >= 500) throw new LockUnreachable(`${res.status} ${text.slice(0, 200)}`);
  if (res.status === 404 && allow404) return { status: 404, json, text };
  if (res.status >= 400) throw new LockRefused(`${res.status} ${String(json.message ?? json.error_description ?? json.title ?? json.error ?? text).slice(0, 300)}`, res.status);
  return { status: res.status, json, text };
}

const iso = (d: Date) => d.toISOString();
const xmlEscape = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
const xmlTag = (xml: string, tag: string) => new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(xml)?.[1];
const said = (a: Answer, what: string) => `${a.status} ${what}`;
const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
const revoked = (a: Answer) => ({ text: a.status === 404 ? '404 not known by the lock (already gone)' : said(a, 'revoked') });

/** Settings of one system as the adapter reads them (secrets decrypted). */
export type SystemSettings = Record<string, string>;

/**
 * A system speaking JSON with fixed headers: the path of its grants, its body and how it names the id.
 * Most systems differ only in these; Siedle (XML), Axema (login), Telkey (form) and the OAuth ones add their own steps.
 */
function restAdapter(opts: {
  headers: () => Promise<Record<string, string>>;
  testPath: string;
  grants: string;
  updateMethod: 'PUT' | 'PATCH';
  body: (g: GrantRequest) => Body;
  idOf: (a: Answer) => string | undefined;
}): LockAdapter {
  return {
    async test() {
      const a = await call('GET', opts.testPath, await opts.headers());
      return { text: said(a, 'connected') };
    },
    async create(g) {
      const a = await call('POST', opts.grants, await opts.headers(), opts.body(g));
      const externalId = opts.idOf(a);
      if (!externalId) throw new LockRefused(`${a.status} the answer named no grant`, a.status);
      return { externalId, text: said(a, `granted ${externalId}`) };
    },
    async update(id, g) {
      const a = await call(opts.updateMethod, `${opts.grants}/${encodeURIComponent(id)}`, await opts.headers(), opts.body(g));
      return { externalId: id, text: said(a, `changed ${id}`) };
    },
    async revoke(id) {
      return revoked(await call('DELETE', `${opts.grants}/${encodeURIComponent(id)}`, await opts.headers(), undefined, true));
    },
  };
}

/** OAuth 2 client credentials: a bearer token from the token endpoint, asked once per adapter. */
function clientCredentials(tokenUrl: string, clientId: string, secret: string, encoding: 'form' | 'json'): () => Promise<Record<string, string>> {
  let token: string | undefined;
  return async () => {
    if (!token) {
      const fields = { grant_type: 'client_credentials', client_id: clientId, client_secret: secret };
      const a = await call('POST', tokenUrl, {}, encoding === 'form' ? { form: fields } : { json: fields });
      token = String(a.json.access_token ?? '');
      if (!token) throw new LockRefused(`${a.status} no access token`, a.status);
    }
    return { authorization: `Bearer ${token}` };
  };
}

const str = (v: unknown) => (v === undefined || v === null ? undefined : String(v));
const enc = encodeURIComponent;

/** The adapter of one system with its settings; `base` is the API address (the simulator's when none is set). */
export function adapterFor(system: SystemKey, s: SystemSettings, base: string): LockAdapter {
  const b = base.replace(/\/+$/, '');
  switch (system) {
    case 'siedle': {
      // Siedle Access server: XML resources under the installation, HTTP Basic.
      const headers = { authorization: basic(s.Username ?? '', s.Password ?? '') };
      const grants = `${b}/installations/${enc(s.InstallationId ?? '')}/accesscodes`;
      const xml = (g: GrantRequest) =>
        `<?xml version="1.0" encoding="UTF-8"?><accessCode><door>${xmlEscape(g.doorId)}</door><pin>${g.code}</pin><validFrom>${iso(g.from)}</validFrom><validTo>${iso(g.to)}</validTo><label>${xmlEscape(`Booking ${g.bookingId} ${g.holder.name}`)}</label></accessCode>`;
      return {
        async test() {
          return { text: said(await call('GET', `${b}/installations/${enc(s.InstallationId ?? '')}`, headers), 'connected') };
        },
        async create(g) {
          const a = await call('POST', grants, headers, { xml: xml(g) });
          const externalId = xmlTag(a.text, 'id');
          if (!externalId) throw new LockRefused(`${a.status} the answer named no access code`, a.status);
          return { externalId, text: said(a, `granted ${externalId}`) };
        },
        async update(id, g) {
          return { externalId: id, text: said(await call('PUT', `${grants}/${enc(id)}`, headers, { xml: xml(g) }), `changed ${id}`) };
        },
        async revoke(id) {
          return revoked(await call('DELETE', `${grants}/${enc(id)}`, headers, undefined, true));
        },
      };
    }
    case 'axema': {
      // Axema VAKA: a session from POST /api/login, sent as X-Vaka-Token.
      let session: string | undefined;
      const headers = async () => {
        if (!session) session = String((await call('POST', `${b}/api/login`, {}, { json: { username: s.Username, password: s.Password } })).json.token ?? '');
        return { 'x-vaka-token': session };
      };
      return restAdapter({
        headers,
        testPath: `${b}/api/doors`,
        grants: `${b}/api/accesscodes`,
        updateMethod: 'PUT',
        body: (g) => ({ json: { doorId: g.doorId, pinCode: g.code, startTime: iso(g.from), endTime: iso(g.to), name: g.holder.name } }),
        idOf: (a) => str(a.json.id),
      });
    }
    case 'vanderbilt':
      // ACT365: cardholders with a PIN on a site, PascalCase fields, the site as a query parameter.
      return restAdapter({
          headers: async () => ({ authorization: `Bearer ${s.ApiKey ?? ''}` }),
          testPath: `${b}/api/sites/${enc(s.SiteId ?? '')}`,
          grants: `${b}/api/cardholders`,
          updateMethod: 'PUT',
          body: (g) => ({ json: { SiteID: s.SiteId, Forename: g.holder.name || `Booking ${g.bookingId}`, Surname: `#${g.bookingId}`, PIN: g.code, DoorIDs: [g.doorId], StartValidity: iso(g.from), EndValidity: iso(g.to) } }),
          idOf: (a) => str(a.json.CardholderID),
        });
    case 'amido/dax':
      return restAdapter({
        headers: async () => ({ 'ocp-apim-subscription-key': s.SubscriptionKey ?? '' }),
        testPath: `${b}/v1/systems/${enc(s.SystemId ?? '')}`,
        grants: `${b}/v1/systems/${enc(s.SystemId ?? '')}/pincodes`,
        updateMethod: 'PATCH',
        body: (g) => ({ json: { doorIds: [g.doorId], pinCode: g.code, validFrom: iso(g.from), validUntil: iso(g.to), reference: `booking-${g.bookingId}` } }),
        idOf: (a) => str(a.json.pinCodeId),
      });
    case 'parakey':
      return restAdapter({
        headers: async () => ({ authorization: `Bearer ${s.ApiKey ?? ''}` }),
        testPath: `${b}/v1/domains/${enc(s.DomainId ?? '')}`,
        grants: `${b}/v1/domains/${enc(s.DomainId ?? '')}/accesses`,
        updateMethod: 'PATCH',
        body: (g) => ({ json: { accessPointIds: [g.doorId], key: g.code, phone: g.holder.phone, email: g.holder.email, name: g.holder.name, startsAt: iso(g.from), endsAt: iso(g.to) } }),
        idOf: (a) => str(a.json.id),
      });
    case 'rco':
      return restAdapter({
        headers: async () => ({ 'x-api-key': s.ApiKey ?? '' }),
        testPath: `${b}/api/v1/installations/${enc(s.InstallationId ?? '')}/doors`,
        grants: `${b}/api/v1/installations/${enc(s.InstallationId ?? '')}/pincodes`,
        updateMethod: 'PUT',
        body: (g) => ({ json: { Pin: g.code, DoorIds: [g.doorId], ValidFrom: iso(g.from), ValidTo: iso(g.to), Name: g.holder.name } }),
        idOf: (a) => str(a.json.Id),
      });
    case 'rcoenabla':
      return restAdapter({
        headers: clientCredentials(`${b}/oauth/token`, s.ClientId ?? '', s.ClientSecret ?? '', 'form'),
        testPath: `${b}/api/sites/${enc(s.SiteId ?? '')}`,
        grants: `${b}/api/sites/${enc(s.SiteId ?? '')}/credentials`,
        updateMethod: 'PUT',
        body: (g) => ({ json: { type: 'pin', value: g.code, accessPoints: [g.doorId], validity: { start: iso(g.from), end: iso(g.to) }, label: `Booking ${g.bookingId}` } }),
        idOf: (a) => str(a.json.credentialId),
      });
    case 'telkey': {
      // Telkey: HTTP Basic with the customer id and key, form-encoded permissions.
      const headers = async () => ({ authorization: basic(s.CustomerId ?? '', s.ApiKey ?? '') });
      const form = (g: GrantRequest) => ({ form: { lockId: g.doorId, phone: g.holder.phone, reference: g.code, from: iso(g.from), to: iso(g.to) } });
      return restAdapter({ headers, testPath: `${b}/api/v2/locks`, grants: `${b}/api/v2/permissions`, updateMethod: 'PUT', body: form, idOf: (a) => str(a.json.permissionId) });
    }
    case 'accessy':
      return restAdapter({
        headers: clientCredentials(`${b}/auth/oauth/token`, s.ClientId ?? '', s.ClientSecret ?? '', 'json'),
        testPath: `${b}/org/${enc(s.OrganizationId ?? '')}`,
        grants: `${b}/org/${enc(s.OrganizationId ?? '')}/guest-accesses`,
        updateMethod: 'PUT',
        body: (g) => ({ json: { phoneNumber: g.holder.phone, assetIds: [g.doorId], validFrom: iso(g.from), validTo: iso(g.to), keyReference: g.code, message: `Booking ${g.bookingId}` } }),
        idOf: (a) => str(a.json.id),
      });
    case 'zesec':
      // Zesec: times as Unix seconds.
      return restAdapter({
        headers: async () => ({ authorization: `Bearer ${s.ApiToken ?? ''}` }),
        testPath: `${b}/api/v1/companies/${enc(s.ZesecCompanyId ?? '')}/locks`,
        grants: `${b}/api/v1/companies/${enc(s.ZesecCompanyId ?? '')}/keys`,
        updateMethod: 'PUT',
        body: (g) => ({ json: { lockIds: [g.doorId], phoneNumber: g.holder.phone, reference: g.code, startTime: Math.floor(g.from.getTime() / 1000), endTime: Math.floor(g.to.getTime() / 1000) } }),
        idOf: (a) => str(a.json.keyId),
      });
  }
}
