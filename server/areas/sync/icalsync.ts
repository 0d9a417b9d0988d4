/**
 * GET, POST, DELETE /sync/icalsync (spec areas.md, issue 33): the company's secret iCal feed URLs.
 * GET answers the feed named by the query (none = the company's, ResourceId = a resource's, Own = the
 * caller's own bookings) or 404 when there is none (not connected); POST makes it, or replaces its
 * token (the old URL answers 404 at once); DELETE revokes it. GET /sync/icalsync/feeds lists them all.
 * The public GET /sync/ical/{Token}.ics answers the feed (text/calendar, ETag, 304), 404 for a token
 * that is unknown or revoked.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { IcalFeedParams, IcalSync, IcalSyncInput, IcalSyncList, IcalSyncQuery } from '../../../schema/sync';
import type { CallerContext } from '../../shared/context';
import { companyKey, decrypt, encrypt } from '../../shared/encryption';
import { ApiError } from '../../shared/errors';
import { NO_CONTENT, ref } from '../../shared/schemas';
import { requirePlanArea } from '../../shared/planLimits';
import { FeedTexts, type FeedNames, type FeedRow, type FeedScope } from './feed';
import { words } from './messages';

interface StoredFeed extends FeedRow {
  token_sealed: string;
  name: string;
  created: string;
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** The scope a query or body names, with the resource checked to be the company's. */
async function scopeOf(app: FastifyInstance, ctx: CallerContext, named: IcalSyncQuery): Promise<{ scope: FeedScope; resourceId: number | null; userId: number | null }> {
  if (named.ResourceId !== undefined && named.Own) throw ApiError.field(400, 'Own', 'IcalOneScope');
  if (named.ResourceId !== undefined) {
    const resource = await app.db.one('select 1 from resources where company_id = $1 and id = $2', [ctx.companyId, named.ResourceId]);
    if (!resource) throw ApiError.field(400, 'ResourceId', 'IcalUnknownResource', { id: named.ResourceId });
    return { scope: 'resource', resourceId: named.ResourceId, userId: null };
  }
  if (named.Own) return { scope: 'user', resourceId: null, userId: ctx.userId };
  return { scope: 'company', resourceId: null, userId: null };
}

const feedColumns = (tz: string) => `f.id, f.company_id, f.scope, f.resource_id, f.user_id, f.token_sealed,
  to_char(f.created at time zone '${tz.replace(/'/g, "''")}', 'YYYY-MM-DD"T"HH24:MI:SS') as created,
  case f.scope when 'company' then co.name
               when 'resource' then (select name from resources where id = f.resource_id)
               else (select nullif(trim(concat(firstname, ' ', lastname)), '') from users where id = f.user_id) end as name`;

function feedUrl(app: FastifyInstance, token: string): string {
  return `${app.config.publicUrl}/api/sync/ical/${token}.ics`;
}

function toContract(app: FastifyInstance, key: Buffer, row: StoredFeed): IcalSync {
  const token = decrypt(key, row.token_sealed);
  return {
    Token: token,
    Url: feedUrl(app, token),
    Scope: row.scope,
    ...(row.resource_id ? { ResourceId: row.resource_id } : {}),
    Name: row.name ?? '',
    Created: row.created,
  };
}

async function readFeed(app: FastifyInstance, ctx: CallerContext, named: IcalSyncQuery): Promise<StoredFeed | undefined> {
  const { scope, resourceId, userId } = await scopeOf(app, ctx, named);
  return app.db.one<StoredFeed>(
    `select ${feedColumns(ctx.timeZone)} from ical_feeds f join companies co on co.id = f.company_id
      where f.company_id = $1 and f.scope = $2 and f.resource_id is not distinct from $3 and f.user_id is not distinct from $4`,
    [ctx.companyId, scope, resourceId, userId],
  );
}

export default async function icalsync(app: FastifyInstance): Promise<void> {
  const feeds = new FeedTexts(app.db, app.versions, app.config.publicUrl, app.config.responseCache);
  app.get('/sync/icalsync', { schema: { querystring: ref('IcalSyncQuery'), response: { 200: ref('IcalSync') } } }, async (request) => {
    const { ctx } = request;
    const row = await readFeed(app, ctx, request.query as IcalSyncQuery);
    if (!row) throw ApiError.notFound(words.feed[ctx.lang]);
    return toContract(app, await companyKey(app.db, ctx.companyId), row);
  });

  app.get('/sync/icalsync/feeds', { schema: { querystring: ref('IcalSyncQuery'), response: { 200: ref('IcalSyncList') } } }, async (request) => {
    const { ctx } = request;
    const rows = await app.db.query<StoredFeed>(
      `select ${feedColumns(ctx.timeZone)} from ical_feeds f join companies co on co.id = f.company_id
        where f.company_id = $1 and (f.scope <> 'user' or f.user_id = $2)
        order by case f.scope when 'company' then 0 when 'user' then 1 else 2 end, f.id`,
      [ctx.companyId, ctx.userId],
    );
    const key = await companyKey(app.db, ctx.companyId);
    return { Feeds: rows.map((row) => toContract(app, key, row)) } satisfies IcalSyncList;
  });

  app.post('/sync/icalsync', { preHandler: requirePlanArea('sync'), schema: { body: ref('IcalSyncInput'), response: { 200: ref('IcalSync') } } }, async (request) => {
    const { ctx } = request;
    const { scope, resourceId, userId } = await scopeOf(app, ctx, (request.body ?? {}) as IcalSyncInput);
    const token = randomBytes(32).toString('base64url');
    const key = await companyKey(app.db, ctx.companyId);
    await app.db.tx(async (tx) => {
      await tx.query(
        'delete from ical_feeds where company_id = $1 and scope = $2 and resource_id is not distinct from $3 and user_id is not distinct from $4',
        [ctx.companyId, scope, resourceId, userId],
      );
      await tx.query('insert into ical_feeds (company_id, scope, resource_id, user_id, token_hash, token_sealed) values ($1, $2, $3, $4, $5, $6)', [
        ctx.companyId,
        scope,
        resourceId,
        userId,
        hashOf(token),
        encrypt(key, token),
      ]);
    });
    const row = await readFeed(app, ctx, { ResourceId: resourceId ?? undefined, Own: scope === 'user' });
    return toContract(app, key, row!);
  });

  app.delete('/sync/icalsync', { schema: { querystring: ref('IcalSyncQuery'), response: NO_CONTENT } }, async (request, reply) => {
    const { ctx } = request;
    const { scope, resourceId, userId } = await scopeOf(app, ctx, request.query as IcalSyncQuery);
    const gone = await app.db.query(
      'delete from ical_feeds where company_id = $1 and scope = $2 and resource_id is not distinct from $3 and user_id is not distinct from $4 returning id',
      [ctx.companyId, scope, resourceId, userId],
    );
    if (gone.length === 0) throw ApiError.notFound(words.feed[ctx.lang]);
    return reply.code(204).send();
  });

  // The feed a calendar subscribes to: public, found by the token's hash alone.
  app.get('/sync/ical/:Token', { config: { public: true }, schema: { params: ref('IcalFeedParams') } }, async (request: FastifyRequest, reply) => {
    const token = (request.params as IcalFeedParams).Token.replace(/\.ics$/, '');
    const feed = await app.db.one<FeedRow & FeedNames>(
      `select f.id, f.company_id, f.scope, f.resource_id, f.user_id, co.name as company_name, co.time_zone
         from ical_feeds f join companies co on co.id = f.company_id where f.token_hash = $1`,
      [hashOf(token)],
    );
    if (!feed) throw ApiError.notFound(words.feed.en);
    const { etag, body } = await feeds.text(feed);
    reply.header('etag', etag).header('cache-control', 'private, no-cache').header('x-robots-tag', 'noindex');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('text/calendar; charset=utf-8').send(body);
  });
}
