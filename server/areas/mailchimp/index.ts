/**
 * The mailing list (issue 33; spec areas.md: /mailchimp-settings): GET, PUT /mailchimp/profile (API
 * key and server prefix, the key checked with Mailchimp, sealed with the company's key and never sent
 * back; the audience), GET /mailchimp/audience/company (the account's audiences, 404 while not
 * connected), PUT /mailchimp/member/company/customer/sync (sync now, through the outbox). Customers'
 * changes are pushed each minute (sync.ts). Administrator-only (the `mailchimp` area of the matrix).
 */
import type { FastifyInstance } from 'fastify';
import type { MailchimpAudienceList, MailchimpProfile, MailchimpProfileInput, MailchimpSync } from '../../../schema/mailchimp';
import { companyKey, decrypt, encrypt } from '../../shared/encryption';
import { ApiError, checkFieldsWhenRefused, type RefuseField } from '../../shared/errors';
import { extendMessages } from '../../shared/messages';
import { ref } from '../../shared/schemas';
import { mailchimpClient, providerMessage, statusOf } from './client';
import { messages, words } from './messages';
import { pushAllChanges, runFullSync } from './sync';

export const MAILCHIMP_SYNC = 'mailchimp_sync';
export const MAILCHIMP_CHANGES_JOB = 'mailchimp-changes';

interface ProfileRow {
  api_key_sealed: string;
  server_prefix: string;
  list_id: string;
  list_name: string;
}

interface SyncRow {
  kind: MailchimpSync['Kind'];
  state: MailchimpSync['State'];
  started: string;
  finished: string | null;
  subscribed: number;
  unsubscribed: number;
  errors: number;
  error_messages: string[] | string;
}

async function profileOf(app: FastifyInstance, companyId: number, timeZone: string): Promise<MailchimpProfile> {
  const row = await app.db.one<ProfileRow>('select api_key_sealed, server_prefix, list_id, list_name from mailchimp_profiles where company_id = $1', [companyId]);
  const count = await app.db.one<{ n: number }>(
    `select count(*)::int as n from customers where company_id = $1 and subscribed_to_newsletter and email is not null and trim(email) <> ''`,
    [companyId],
  );
  if (!row) return { Connected: false, ServerPrefix: '', ApiKeyEnd: '', ListId: '', ListName: '', SubscribedCustomers: count!.n };
  const key = decrypt(await companyKey(app.db, companyId), row.api_key_sealed);
  const zone = timeZone.replace(/'/g, "''");
  const last = await app.db.one<SyncRow>(
    `select kind, state, to_char(started at time zone '${zone}', 'YYYY-MM-DD"T"HH24:MI:SS') as started,
            to_char(finished at time zone '${zone}', 'YYYY-MM-DD"T"HH24:MI:SS') as finished, subscribed, unsubscribed, errors, error_messages
       from mailchimp_syncs where company_id = $1 order by id desc limit 1`,
    [companyId],
  );
  return {
    Connected: true,
    ServerPrefix: row.server_prefix,
    ApiKeyEnd: key.slice(-4),
    ListId: row.list_id,
    ListName: row.list_name,
    SubscribedCustomers: count!.n,
    ...(last
      ? {
          LastSync: {
            Kind: last.kind,
            State: last.state,
            Started: last.started,
            ...(last.finished ? { Finished: last.finished } : {}),
            Subscribed: last.subscribed,
            Unsubscribed: last.unsubscribed,
            Errors: last.errors,
            ErrorMessages: typeof last.error_messages === 'string' ? (JSON.parse(last.error_messages) as string[]) : last.error_messages,
          },
        }
      : {}),
  };
}

const PREFIX = /^[a-z]{2,4}\d{1,3}$/;
const keyPrefix = (key: string): string => /-([a-z]{2,4}\d{1,3})$/.exec(key)?.[1] ?? '';

/**
 * The profile's own rules that need no call to Mailchimp: a key (sent, or saved before) and a data
 * centre (sent, or the key's suffix). Checked before the schema when the request is refused anyway,
 * so the refusal names these fields too; the handler checks them again.
 */
async function profileRules(app: FastifyInstance, companyId: number, body: Record<string, unknown>, refuse: RefuseField): Promise<void> {
  const sentKey = typeof body.ApiKey === 'string' ? body.ApiKey.trim() : '';
  const sentPrefix = typeof body.ServerPrefix === 'string' ? body.ServerPrefix.trim() : '';
  const saved = sentKey ? undefined : await app.db.one<{ server_prefix: string }>('select server_prefix from mailchimp_profiles where company_id = $1', [companyId]);
  if (!sentKey && !saved) refuse('ApiKey', 'MailchimpApiKeyRequired');
  const prefix = sentPrefix || (sentKey ? keyPrefix(sentKey) : (saved?.server_prefix ?? ''));
  if ((sentKey || saved) && !PREFIX.test(prefix)) refuse('ServerPrefix', 'MailchimpServerPrefixMissing');
}

async function mailchimpArea(app: FastifyInstance): Promise<void> {
  extendMessages(messages);

  app.outbox.handle(MAILCHIMP_SYNC, async (payload, entry) => {
    await runFullSync(app, entry.companyId!, Number(payload.syncId));
  });
  if (app.hasDecorator('jobs')) app.jobs.every(MAILCHIMP_CHANGES_JOB, '* * * * *', () => pushAllChanges(app));

  app.get('/mailchimp/profile', { schema: { querystring: ref('MailchimpQuery'), response: { 200: ref('MailchimpProfile') } } }, async (request) => {
    return profileOf(app, request.ctx.companyId, request.ctx.timeZone);
  });

  const early = checkFieldsWhenRefused(async (request, refuse) => {
    const body = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
    if (body.Disconnect === true) return;
    await profileRules(app, request.ctx.companyId, body, refuse);
  });

  app.put('/mailchimp/profile', { preValidation: early, schema: { body: ref('MailchimpProfileInput'), response: { 200: ref('MailchimpProfile') } } }, async (request) => {
    const { ctx } = request;
    const body = (request.body ?? {}) as MailchimpProfileInput;
    if (body.Disconnect) {
      await app.db.tx(async (tx) => {
        await tx.query('delete from mailchimp_profiles where company_id = $1', [ctx.companyId]);
        await tx.query('delete from mailchimp_syncs where company_id = $1', [ctx.companyId]);
        await tx.query('delete from mailchimp_pending where company_id = $1', [ctx.companyId]);
      });
      return profileOf(app, ctx.companyId, ctx.timeZone);
    }
    const secret = await companyKey(app.db, ctx.companyId);
    const saved = await app.db.one<ProfileRow>('select api_key_sealed, server_prefix, list_id, list_name from mailchimp_profiles where company_id = $1', [ctx.companyId]);
    const newKey = body.ApiKey?.trim();
    const apiKey = newKey || (saved ? decrypt(secret, saved.api_key_sealed) : '');
    if (!apiKey) throw ApiError.field(400, 'ApiKey', 'MailchimpApiKeyRequired');
    const prefix = body.ServerPrefix?.trim() || (newKey ? keyPrefix(newKey) : (saved?.server_prefix ?? ''));
    if (!PREFIX.test(prefix)) throw ApiError.field(400, 'ServerPrefix', 'MailchimpServerPrefixMissing');
    const client = mailchimpClient(app.config.publicUrl, apiKey, prefix);
    try {
      await client.ping.get();
    } catch (err) {
      throw ApiError.field(400, 'ApiKey', 'MailchimpRefused', { detail: providerMessage(err) });
    }
    let listId = body.ListId?.trim() ?? saved?.list_id ?? '';
    let listName = saved?.list_name ?? '';
    if (newKey && body.ListId === undefined && saved && decrypt(secret, saved.api_key_sealed) !== newKey) listId = '';
    if (listId && listId !== saved?.list_id) {
      try {
        listName = (await client.lists.getList(listId)).name;
      } catch (err) {
        if (statusOf(err) === 404) throw ApiError.field(400, 'ListId', 'MailchimpUnknownList', { id: listId });
        throw ApiError.field(400, 'ListId', 'MailchimpRefused', { detail: providerMessage(err) });
      }
    }
    if (!listId) listName = '';
    await app.db.query(
      `insert into mailchimp_profiles (company_id, api_key_sealed, server_prefix, list_id, list_name) values ($1, $2, $3, $4, $5)
       on conflict (company_id) do update set api_key_sealed = excluded.api_key_sealed, server_prefix = excluded.server_prefix,
         list_id = excluded.list_id, list_name = excluded.list_name, updated = now()`,
      [ctx.companyId, encrypt(secret, apiKey), prefix, listId, listName],
    );
    return profileOf(app, ctx.companyId, ctx.timeZone);
  });

  app.get('/mailchimp/audience/company', { schema: { querystring: ref('MailchimpQuery'), response: { 200: ref('MailchimpAudienceList') } } }, async (request) => {
    const { ctx } = request;
    const saved = await app.db.one<ProfileRow>('select api_key_sealed, server_prefix from mailchimp_profiles where company_id = $1', [ctx.companyId]);
    if (!saved) throw ApiError.notFound(words.connection[ctx.lang]);
    const client = mailchimpClient(app.config.publicUrl, decrypt(await companyKey(app.db, ctx.companyId), saved.api_key_sealed), saved.server_prefix);
    try {
      const lists = await client.lists.getAllLists({ count: 1000 });
      return { Audiences: lists.lists.map((l) => ({ Id: l.id, Name: l.name, MemberCount: l.stats.member_count })) } satisfies MailchimpAudienceList;
    } catch (err) {
      throw ApiError.field(400, 'ApiKey', 'MailchimpRefused', { detail: providerMessage(err) });
    }
  });

  app.put('/mailchimp/member/company/customer/sync', { schema: { body: ref('MailchimpSyncInput'), response: { 200: ref('MailchimpProfile') } } }, async (request) => {
    const { ctx } = request;
    const saved = await app.db.one<{ list_id: string }>('select list_id from mailchimp_profiles where company_id = $1', [ctx.companyId]);
    if (!saved) throw ApiError.notFound(words.connection[ctx.lang]);
    if (!saved.list_id) throw ApiError.field(400, 'ListId', 'MailchimpNoList');
    await app.db.tx(async (tx) => {
      const sync = (await tx.one<{ id: number }>(`insert into mailchimp_syncs (company_id, kind) values ($1, 'full') returning id`, [ctx.companyId]))!;
      await app.outbox.add(tx, { companyId: ctx.companyId, kind: MAILCHIMP_SYNC, key: `mailchimp-sync:${sync.id}`, payload: { syncId: sync.id } });
    });
    return profileOf(app, ctx.companyId, ctx.timeZone);
  });
}

export default mailchimpArea;
