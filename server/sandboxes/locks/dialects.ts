/**
 * The wire dialects of the ten simulated lock systems (server/sandboxes/locks/): how each one
 * authenticates a caller, where its grants live, and how it reads a grant from a request and writes
 * one in its answer. The simulator's routes (index.ts) are the same for all; these are what differ.
 */
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/** A grant as a request states it. */
export interface Parsed {
  door: string;
  code: string;
  holder: string;
  from: Date;
  to: Date;
}

export interface GrantRow {
  id: number | string;
  door_id: string;
  code: string;
  holder: string | null;
  valid_from: Date | string;
  valid_to: Date | string;
}

export interface Dialect {
  /** The path segment under /locks-sandbox. */
  key: string;
  /** How the caller proves who it is, checked on every call but the token or login call. */
  auth: 'basic' | 'session' | 'bearer' | 'apikey' | 'subscription' | 'oauth';
  /** OAuth token or login path (relative), when the system issues tokens. */
  tokenPath?: string;
  /** The connection check path (fastify pattern). */
  testPath: string;
  /** The grants' collection path (fastify pattern); an item is `${grants}/:grantId`. */
  grants: string;
  updateMethod: 'PUT' | 'PATCH';
  encoding: 'json' | 'xml' | 'form';
  parse(body: Record<string, unknown>, raw: string): Parsed | string;
  answer(row: GrantRow): Record<string, unknown> | string;
}

const date = (v: unknown): Date | null => {
  if (typeof v === 'number') return new Date(v * 1000);
  if (typeof v !== 'string' || !v) return null;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? null : d;
};
const first = (v: unknown): string => (Array.isArray(v) ? String(v[0] ?? '') : typeof v === 'string' ? v : '');
const iso = (v: Date | string) => new Date(v).toISOString();
const tag = (xml: string, name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1] ?? '';

/** Checks the common parts: a door, a code, a window that ends after it starts. */
function grant(door: string, code: unknown, holder: unknown, from: unknown, to: unknown): Parsed | string {
  const f = date(from);
  const t = date(to);
  if (!door) return 'a door is required';
  if (typeof code !== 'string' || !code) return 'a code or key reference is required';
  if (!f || !t) return 'the validity window is required';
  if (t <= f) return 'the validity window ends before it starts';
  return { door, code, holder: typeof holder === 'string' ? holder : '', from: f, to: t };
}

export const DIALECTS: readonly Dialect[] = [
  {
    key: 'siedle',
    auth: 'basic',
    testPath: '/installations/:site',
    grants: '/installations/:site/accesscodes',
    updateMethod: 'PUT',
    encoding: 'xml',
    parse: (_b, raw) => grant(tag(raw, 'door'), tag(raw, 'pin'), tag(raw, 'label'), tag(raw, 'validFrom'), tag(raw, 'validTo')),
    answer: (r) => `<?xml version="1.0" encoding="UTF-8"?><accessCode><id>${r.id}</id><door>${r.door_id}</door><validFrom>${iso(r.valid_from)}</validFrom><validTo>${iso(r.valid_to)}</validTo></accessCode>`,
  },
  {
    key: 'axema',
    auth: 'session',
    tokenPath: '/api/login',
    testPath: '/api/doors',
    grants: '/api/accesscodes',
    updateMethod: 'PUT',
    encoding: 'json',
    parse: (b) => grant(first(b.doorId), b.pinCode, b.name, b.startTime, b.endTime),
    answer: (r) => ({ id: Number(r.id), doorId: r.door_id, startTime: iso(r.valid_from), endTime: iso(r.valid_to) }),
  },
  {
    key: 'vanderbilt',
    auth: 'bearer',
    testPath: '/api/sites/:site',
    grants: '/api/cardholders',
    updateMethod: 'PUT',
    encoding: 'json',
    parse: (b) => grant(first(b.DoorIDs), b.PIN, b.Forename, b.StartValidity, b.EndValidity),
    answer: (r) => ({ CardholderID: Number(r.id), DoorIDs: [r.door_id], StartValidity: iso(r.valid_from), EndValidity: iso(r.valid_to) }),
  },
  {
    key: 'amido-dax',
    auth: 'subscription',
    testPath: '/v1/systems/:site',
    grants: '/v1/systems/:site/pincodes',
    updateMethod: 'PATCH',
    encoding: 'json',
    parse: (b) => grant(first(b.doorIds), b.pinCode, b.reference, b.validFrom, b.validUntil),
    answer: (r) => ({ pinCodeId: String(r.id), doorIds: [r.door_id], validFrom: iso(r.valid_from), validUntil: iso(r.valid_to) }),
  },
  {
    key: 'parakey',
    auth: 'bearer',
    testPath: '/v1/domains/:site',
    grants: '/v1/domains/:site/accesses',
    updateMethod: 'PATCH',
    encoding: 'json',
    parse: (b) => grant(first(b.accessPointIds), b.key, b.name, b.startsAt, b.endsAt),
    answer: (r) => ({ id: `acc_${r.id}`, accessPointIds: [r.door_id], startsAt: iso(r.valid_from), endsAt: iso(r.valid_to) }),
  },
  {
    key: 'rco',
    auth: 'apikey',
    testPath: '/api/v1/installations/:site/doors',
    grants: '/api/v1/installations/:site/pincodes',
    updateMethod: 'PUT',
    encoding: 'json',
    parse: (b) => grant(first(b.DoorIds), b.Pin, b.Name, b.ValidFrom, b.ValidTo),
    answer: (r) => ({ Id: Number(r.id), DoorIds: [r.door_id], ValidFrom: iso(r.valid_from), ValidTo: iso(r.valid_to) }),
  },
  {
    key: 'rcoenabla',
    auth: 'oauth',
    tokenPath: '/oauth/token',
    testPath: '/api/sites/:site',
    grants: '/api/sites/:site/credentials',
    updateMethod: 'PUT',
    encoding: 'json',
    parse: (b) => {
      const v = (b.validity ?? {}) as Record<string, unknown>;
      return b.type !== 'pin' ? 'type must be pin' : grant(first(b.accessPoints), b.value, b.label, v.start, v.end);
    },
    answer: (r) => ({ credentialId: `cred-${r.id}`, type: 'pin', accessPoints: [r.door_id], validity: { start: iso(r.valid_from), end: iso(r.valid_to) } }),
  },
  {
    key: 'telkey',
    auth: 'basic',
    testPath: '/api/v2/locks',
    grants: '/api/v2/permissions',
    updateMethod: 'PUT',
    encoding: 'form',
    parse: (b) => grant(first(b.lockId), b.reference, b.phone, b.from, b.to),
    answer: (r) => ({ permissionId: Number(r.id), lockId: r.door_id, from: iso(r.valid_from), to: iso(r.valid_to) }),
  },
  {
    key: 'accessy',
    auth: 'oauth',
    tokenPath: '/auth/oauth/token',
    testPath: '/org/:site',
    grants: '/org/:site/guest-accesses',
    updateMethod: 'PUT',
    encoding: 'json',
    parse: (b) => grant(first(b.assetIds), b.keyReference, b.phoneNumber, b.validFrom, b.validTo),
    answer: (r) => ({ id: `ga-${r.id}`, assetIds: [r.door_id], validFrom: iso(r.valid_from), validTo: iso(r.valid_to) }),
  },
  {
    key: 'zesec',
    auth: 'bearer',
    testPath: '/api/v1/companies/:site/locks',
    grants: '/api/v1/companies/:site/keys',
    updateMethod: 'PUT',
    encoding: 'json',
    parse: (b) => grant(first(b.lockIds), b.reference, b.phoneNumber, b.startTime, b.endTime),
    answer: (r) => ({ keyId: `key_${r.id}`, lockIds: [r.door_id], startTime: Math.floor(new Date(r.valid_from).getTime() / 1000), endTime: Math.floor(new Date(r.valid_to).getTime() / 1000) }),
  },
];

/** The grant id in a path back to the row id (acc_12, cred-12, ga-12, key_12 → 12). */
export const rowId = (grantId: string): number => Number(/(\d+)$/.exec(grantId)?.[1] ?? NaN);

const hash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 24);

/**
 * The account of the caller (a hash of its credential), or null when it sent none or one the
 * simulator refuses (any credential starting with "invalid", so a test can see a refusal).
 * Issued tokens are `sbx.<account>`.
 */
export function accountOf(d: Dialect, request: FastifyRequest): string | null {
  const h = request.headers;
  const header = String(h.authorization ?? '');
  let credential = '';
  if (d.auth === 'basic' && header.startsWith('Basic ')) credential = Buffer.from(header.slice(6), 'base64').toString('utf8').split(':').slice(1).join(':');
  else if ((d.auth === 'bearer' || d.auth === 'oauth') && header.startsWith('Bearer ')) credential = header.slice(7);
  else if (d.auth === 'apikey') credential = String(h['x-api-key'] ?? '');
  else if (d.auth === 'subscription') credential = String(h['ocp-apim-subscription-key'] ?? '');
  else if (d.auth === 'session') credential = String(h['x-vaka-token'] ?? '');
  if (!credential || credential.startsWith('invalid')) return null;
  if (d.auth === 'oauth' || d.auth === 'session') return credential.startsWith('sbx.') ? credential.slice(4) : null;
  return hash(`${d.key}:${credential}`);
}

/** A token for the OAuth or login call: from the client id and secret (or user and password). */
export function issueToken(d: Dialect, id: string, secret: string): string | null {
  if (!id || !secret || secret.startsWith('invalid')) return null;
  return `sbx.${hash(`${d.key}:${id}:${secret}`)}`;
}
