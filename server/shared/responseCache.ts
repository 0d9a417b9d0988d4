import type { FastifyReply, FastifyRequest } from 'fastify';
import { Negotiator } from '@fastify/accept-negotiator';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import type { DataScope, DataVersions } from '../db/versions';
import { Lru } from './lru';
import { projectPage, takeFieldSelection } from './fieldSelection';

/** The content codings a kept answer is also kept in, the preferred first. */
export type Coding = 'br' | 'gzip';

interface Entry {
  version: string;
  /** The answer as sent: UTF-8 bytes, so a hit costs no serialising or encoding. */
  body: Buffer;
  /** The same bytes compressed, per coding, once a caller that accepts it has asked. */
  coded: Partial<Record<Coding, Buffer>>;
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
/**
 * Fast settings: a month of availability (179 KB of JSON) takes about 1 ms to compress and is
 * sent as about 10 KB, on the thread pool, off the event loop.
 */
const compressors: Record<Coding, (bytes: Buffer) => Promise<Buffer>> = {
  br: (bytes) => brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
  gzip: (bytes) => gzipped(bytes, { level: 1 }),
};
/** Answers shorter than this are sent as they are: compressing them saves next to nothing. */
const COMPRESS_FROM = 1024;
const codings = new Negotiator<Coding>({ supportedValues: ['br', 'gzip'] });

/**
 * The key of a kept answer: everything of the request as routed that the answer can depend on, in
 * one place so that no route can leave a part out: the caller's company, language and time zone,
 * the method and route, every path parameter (as validated) and the query string as sent (which
 * holds `Fields`). The content coding is not in it: each entry holds the plain bytes and their
 * compressed forms, all of the same (projected) answer.
 * @example answerKey(request) // '1\0en\0Europe/Stockholm\0GET /api/services/:Id/availabletimes\0{"Id":3}\0From=…&To=…'
 */
export function answerKey(request: FastifyRequest): string {
  const ctx = request.ctx;
  const params = (request.params ?? {}) as Record<string, unknown>;
  const path = JSON.stringify(Object.keys(params).sort().map((name) => [name, params[name]]));
  const query = request.url.slice(request.url.indexOf('?') + 1 || request.url.length);
  return [ctx.companyId, ctx.lang, ctx.timeZone, `${request.method} ${request.routeOptions.url}`, path, query].join('\u0000');
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
 * version. A caller that accepts br or gzip (every browser) gets the kept answer compressed, made
 * once per answer in the background: until it is ready, and on the load itself, the plain bytes go.
 * `enabled: false` (RESPONSE_CACHE=off) loads every time.
 * @example
 * const cache = new ResponseCache(app.versions, 'customers', app.config.responseCache);
 * app.get('/customers', opts, (request, reply) => cache.answer(request, reply, () => listCustomers(…)));
 */
export class ResponseCache {
  private readonly entries: Lru<Entry>;
  private readonly loading = new Map<string, { version: string; body: Promise<Buffer> }>();
  /** Compressions under way, by key and coding. */
  private readonly compressing = new Set<string>();

  constructor(
    private readonly versions: DataVersions,
    private readonly scope: DataScope,
    private readonly enabled: boolean,
    options: ResponseCacheOptions = {},
  ) {
    this.entries = new Lru<Entry>({
      maxEntries: options.maxEntries ?? 500,
      maxSize: options.maxBytes ?? 16 * 1024 * 1024,
      sizeOf: (e) => e.body.length + (e.coded.br?.length ?? 0) + (e.coded.gzip?.length ?? 0),
    });
  }

  /**
   * The route's answer to this request: the kept one when current, else `load()` serialised with
   * the route's response schema (and kept; a `load` that answers bytes has serialised them itself),
   * cut down to the request's `Fields` before it is kept or compressed. The key is answerKey(). A
   * route whose answer rests on more than one scope passes the `version` it read itself (read
   * before loading, like the scope's).
   */
  async answer(request: FastifyRequest, reply: FastifyReply, load: () => Promise<unknown>, readVersion?: string): Promise<Buffer | unknown> {
    if (!this.enabled) return load();
    const ctx = request.ctx;
    const fields = takeFieldSelection(request);
    const key = answerKey(request);
    const version = readVersion ?? (await this.versions.read(ctx.companyId, this.scope));
    reply.type('application/json; charset=utf-8');
    reply.header('vary', 'accept-encoding');
    const coding = codings.negotiate(request.headers['accept-encoding'] as string);
    const hit = this.entries.get(key);
    if (hit?.version === version) {
      this.entries.set(key, hit);
      if (!coding || hit.body.length < COMPRESS_FROM) return hit.body;
      const coded = hit.coded[coding];
      if (coded) {
        reply.header('content-encoding', coding);
        return coded;
      }
      this.compress(key, hit, coding);
      return hit.body;
    }
    // Requests that miss together share one load (the first one's), so an edit does not set off 32.
    const shared = this.loading.get(key);
    if (shared?.version === version) return shared.body;
    const body = load().then((value) => {
      const bytes = Buffer.isBuffer(value) ? value : Buffer.from(String(reply.serialize(value)));
      return fields ? Buffer.from(projectPage(bytes.toString('utf8'), fields)) : bytes;
    });
    const loading = { version, body };
    this.loading.set(key, loading);
    try {
      const bytes = await body;
      const entry: Entry = { version, body: bytes, coded: {} };
      this.entries.set(key, entry);
      if (coding && bytes.length >= COMPRESS_FROM) this.compress(key, entry, coding);
      return bytes;
    } finally {
      if (this.loading.get(key) === loading) this.loading.delete(key);
    }
  }

  /** Compresses a kept answer in the background and keeps the result with it, if it is still the kept one then. */
  private compress(key: string, entry: Entry, coding: Coding): void {
    const job = `${coding}\u0000${key}`;
    if (this.compressing.has(job)) return;
    this.compressing.add(job);
    compressors[coding](entry.body)
      .then((coded) => {
        const now = this.entries.get(key);
        if (now?.body === entry.body) this.entries.set(key, { ...now, coded: { ...now.coded, [coding]: coded } });
      })
      // Not compressed, the answer still goes plain.
      .catch(() => undefined)
      .finally(() => this.compressing.delete(job));
  }
}
