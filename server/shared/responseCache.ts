import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DataScope, DataVersions } from '../db/versions';
import { Lru } from './lru';

interface Entry {
  version: string;
  /** The answer as sent: UTF-8 bytes, so a hit costs no serialising or encoding. */
  body: Buffer;
}

export interface ResponseCacheOptions {
  /** Answers kept at most; the least recently used goes first. */
  maxEntries?: number;
  /** Total size of the kept answers in bytes. */
  maxBytes?: number;
}

/**
 * Serialised answers of a read route, per company and query, kept while the company's version of
 * the scope (server/db/versions.ts) stays the same. A hit costs one shared indexed read and sends
 * the kept JSON bytes as they are; any write to a table of the scope, from any process, makes the next request
 * load afresh. The version is read before loading, so a kept answer is never older than its
 * version. `enabled: false` (RESPONSE_CACHE=off) loads every time.
 * @example
 * const cache = new ResponseCache(app.versions, 'customers', app.config.responseCache);
 * app.get('/customers', opts, (request, reply) => cache.answer(request, reply, () => listCustomers(…)));
 */
export class ResponseCache {
  private readonly entries: Lru<Entry>;
  private readonly loading = new Map<string, { version: string; body: Promise<Buffer> }>();

  constructor(
    private readonly versions: DataVersions,
    private readonly scope: DataScope,
    private readonly enabled: boolean,
    options: ResponseCacheOptions = {},
  ) {
    this.entries = new Lru<Entry>({
      maxEntries: options.maxEntries ?? 500,
      maxSize: options.maxBytes ?? 16 * 1024 * 1024,
      sizeOf: (e) => e.body.length,
    });
  }

  /**
   * The route's answer to this request: the kept one when current, else `load()` serialised with
   * the route's response schema (and kept; a `load` that answers bytes has serialised them itself). The key is the caller's company, language, time zone
   * and the query string as sent. A route whose answer rests on more than one scope passes the
   * `version` it read itself (read before loading, like the scope's).
   */
  async answer(request: FastifyRequest, reply: FastifyReply, load: () => Promise<unknown>, readVersion?: string): Promise<Buffer | unknown> {
    if (!this.enabled) return load();
    const ctx = request.ctx;
    const query = request.url.slice(request.url.indexOf('?') + 1 || request.url.length);
    const key = `${ctx.companyId}\u0000${ctx.lang}\u0000${ctx.timeZone}\u0000${request.routeOptions.url}\u0000${query}`;
    const version = readVersion ?? (await this.versions.read(ctx.companyId, this.scope));
    reply.type('application/json; charset=utf-8');
    const hit = this.entries.get(key);
    if (hit?.version === version) {
      this.entries.set(key, hit);
      return hit.body;
    }
    // Requests that miss together share one load (the first one's), so an edit does not set off 32.
    const shared = this.loading.get(key);
    if (shared?.version === version) return shared.body;
    const body = load().then((value) => (Buffer.isBuffer(value) ? value : Buffer.from(String(reply.serialize(value)))));
    const loading = { version, body };
    this.loading.set(key, loading);
    try {
      const bytes = await body;
      this.entries.set(key, { version, body: bytes });
      return bytes;
    } finally {
      if (this.loading.get(key) === loading) this.loading.delete(key);
    }
  }
}
