import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../db/db';
import { revokeSessionTokens } from './revocations';

/** Models whose rows are grouped under a grant, so revoking the grant removes them all. */
const GRANTABLE = new Set(['AccessToken', 'AuthorizationCode', 'RefreshToken', 'DeviceCode', 'BackchannelAuthenticationRequest']);

export interface PgAdapterOptions {
  /**
   * Maps a value a client presents to the stored id (used for refresh tokens, which clients hold
   * as a signed JWT wrapper around the stored id). Returns undefined for a value it rejects.
   */
  resolveId?: (value: string) => Promise<string | undefined>;
}

/**
 * oidc-provider's storage adapter on PostgreSQL: one table, one row per model instance,
 * with the secondary keys the provider looks things up by.
 * @example
 * new Provider(issuer, { adapter: (name) => new PgAdapter(db, name) });
 */
export class PgAdapter implements Adapter {
  constructor(
    private readonly db: Db,
    private readonly type: string,
    private readonly options: PgAdapterOptions = {},
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
    const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
    await this.db.query(
      `insert into oidc_payloads (id, type, payload, grant_id, user_code, uid, expires_at)
       values ($1, $2, $3, $4, $5, $6, $7)
       on conflict (type, id) do update set payload = excluded.payload, grant_id = excluded.grant_id,
         user_code = excluded.user_code, uid = excluded.uid, expires_at = excluded.expires_at`,
      [
        id,
        this.type,
        payload,
        GRANTABLE.has(this.type) ? (payload.grantId ?? null) : null,
        payload.userCode ?? null,
        payload.uid ?? null,
        expiresAt,
      ],
    );
  }

  async find(value: string): Promise<AdapterPayload | undefined> {
    const id = this.options.resolveId ? await this.options.resolveId(value) : value;
    if (!id) return undefined;
    return this.findWhere('id = $2', id);
  }

  async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.findWhere('user_code = $2', userCode);
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.findWhere('uid = $2', uid);
  }

  async consume(id: string): Promise<void> {
    await this.db.query(
      `update oidc_payloads
          set consumed_at = now(),
              payload = payload || jsonb_build_object('consumed', extract(epoch from now())::bigint)
        where type = $1 and id = $2`,
      [this.type, id],
    );
  }

  async destroy(id: string): Promise<void> {
    await this.db.query('delete from oidc_payloads where type = $1 and id = $2', [this.type, id]);
  }

  /** Deletes a grant's rows; the access tokens of its sessions stop opening the API too (./revocations). */
  async revokeByGrantId(grantId: string): Promise<void> {
    const rows = await this.db.query<{ sid: string | null }>(
      `delete from oidc_payloads where grant_id = $1 returning coalesce(payload ->> 'sid', payload ->> 'sessionUid') as sid`,
      [grantId],
    );
    for (const sid of new Set(rows.map((r) => r.sid).filter((s): s is string => !!s))) await revokeSessionTokens(this.db, sid);
  }

  private async findWhere(condition: string, value: string): Promise<AdapterPayload | undefined> {
    // No stored id holds a NUL byte (PostgreSQL text cannot), and the query would fail on it.
    if (value.includes('\u0000')) return undefined;
    const row = await this.db.one<{ payload: AdapterPayload }>(
      `select payload from oidc_payloads
        where type = $1 and ${condition} and (expires_at is null or expires_at > now())`,
      [this.type, value],
    );
    return row?.payload;
  }
}

/** Removes expired rows; run now and then (the provider never deletes on its own). */
export async function purgeExpiredPayloads(db: Db): Promise<number> {
  const rows = await db.query<{ id: string }>('delete from oidc_payloads where expires_at < now() returning id');
  return rows.length;
}
