/**
 * The embedded Mailchimp (issue 33): the part of the Marketing API 3.0 the mailing-list area uses,
 * under /mailchimp-sandbox/{dc}/3.0, speaking Mailchimp's wire protocol (HTTP Basic with any user
 * and the API key, JSON bodies, errors as application/problem+json with type, title, status, detail
 * and instance) and keeping its state in the database. The official client reaches it by its base
 * path (`…/mailchimp-sandbox/server/3.0`, 'server' replaced by the key's data centre, as the client
 * does with api.mailchimp.com). A key is any 32 hex digits, a dash and a data centre (us21); it must be
 * used at its own data centre; each key gets one audience ("Newsletter") the first time it is seen.
 * Mounted only while MAILCHIMP_API_URL names no real Mailchimp.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/db';
import { MAILCHIMP_SANDBOX_PATH, subscriberHash } from '../../shared/mailchimp';


interface Account {
  account: string;
  dc: string;
}

interface MemberRow {
  list_id: string;
  subscriber_hash: string;
  email_address: string;
  status: string;
  merge_fields: Record<string, string> | string;
  updated: Date | string;
}

const STATUSES = ['subscribed', 'unsubscribed', 'cleaned', 'pending', 'transactional'];
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;


function problem(reply: FastifyReply, status: number, title: string, detail: string, extra: Record<string, unknown> = {}) {
  return reply
    .code(status)
    .type('application/problem+json; charset=utf-8')
    .send({ type: 'https://mailchimp.com/developer/marketing/docs/errors/', title, status, detail, instance: randomUUID(), ...extra });
}

/** The caller's account from HTTP Basic, checked against the data centre in the path; null after answering 401. */
function accountOf(request: FastifyRequest, reply: FastifyReply): Account | null {
  const header = request.headers.authorization ?? '';
  const decoded = header.startsWith('Basic ') ? Buffer.from(header.slice(6), 'base64').toString('utf8') : '';
  const key = decoded.slice(decoded.indexOf(':') + 1);
  const match = /^[0-9a-f]{32}-([a-z]{2,4}\d{1,3})$/.exec(key);
  const dc = (request.params as { dc: string }).dc;
  if (!match || match[1] !== dc) {
    void problem(reply, 401, 'API Key Invalid', "Your API key may be invalid, or you've attempted to access the wrong datacenter.");
    return null;
  }
  return { account: createHash('sha256').update(key).digest('hex'), dc };
}

async function ensureList(db: Db, who: Account): Promise<void> {
  await db.query(`insert into mailchimp_sandbox_lists (id, account, dc, name) values ($1, $2, $3, 'Newsletter') on conflict (id) do nothing`, [
    who.account.slice(0, 10),
    who.account,
    who.dc,
  ]);
}

async function listOf(db: Db, who: Account, id: string) {
  return db.one<{ id: string; name: string; created: Date | string; members: number }>(
    `select l.id, l.name, l.created, (select count(*)::int from mailchimp_sandbox_members m where m.list_id = l.id and m.status = 'subscribed') as members
       from mailchimp_sandbox_lists l where l.id = $1 and l.account = $2`,
    [id, who.account],
  );
}

const listJson = (l: { id: string; name: string; created: Date | string; members: number }) => ({
  id: l.id,
  web_id: parseInt(l.id.slice(0, 6), 16),
  name: l.name,
  date_created: new Date(l.created).toISOString(),
  stats: { member_count: l.members },
});

const memberJson = (m: MemberRow) => ({
  id: m.subscriber_hash,
  email_address: m.email_address,
  unique_email_id: m.subscriber_hash.slice(0, 10),
  status: m.status,
  merge_fields: typeof m.merge_fields === 'string' ? JSON.parse(m.merge_fields) : m.merge_fields,
  last_changed: new Date(m.updated).toISOString(),
  list_id: m.list_id,
});

interface MemberInput {
  email_address?: unknown;
  status?: unknown;
  status_if_new?: unknown;
  merge_fields?: unknown;
}

/** Writes one member as PUT (upsert, status_if_new for a new one) or PATCH (existing only) does; an error's detail otherwise. */
async function writeMember(db: Db, listId: string, hash: string | null, body: MemberInput, mode: 'put' | 'patch' | 'post'): Promise<{ member?: MemberRow; created?: boolean; error?: { status: number; title: string; detail: string } }> {
  const email = typeof body.email_address === 'string' ? body.email_address.trim() : '';
  const existing = hash ? await db.one<MemberRow>('select * from mailchimp_sandbox_members where list_id = $1 and subscriber_hash = $2', [listId, hash]) : undefined;
  if (mode === 'patch' && !existing) return { error: { status: 404, title: 'Resource Not Found', detail: 'The requested resource could not be found.' } };
  if (mode !== 'patch' && !EMAIL.test(email)) return { error: { status: 400, title: 'Invalid Resource', detail: `${email || 'The email address'} looks fake or invalid, please enter a real email address.` } };
  const theHash = hash ?? subscriberHash(email);
  if (mode !== 'patch' && subscriberHash(email) !== theHash) return { error: { status: 400, title: 'Invalid Resource', detail: 'The subscriber hash does not match the email address.' } };
  const status = typeof body.status === 'string' ? body.status : undefined;
  const statusIfNew = typeof body.status_if_new === 'string' ? body.status_if_new : undefined;
  const chosen = existing ? (status ?? existing.status) : (statusIfNew ?? status);
  if (!chosen || !STATUSES.includes(chosen)) return { error: { status: 400, title: 'Invalid Resource', detail: 'The resource submitted could not be validated. For field-specific details, see the \'errors\' array.' } };
  if (mode === 'post' && existing) return { error: { status: 400, title: 'Member Exists', detail: `${email} is already a list member. Use PUT to insert or update list members.` } };
  const merge = body.merge_fields && typeof body.merge_fields === 'object' ? body.merge_fields : {};
  const row = await db.one<MemberRow>(
    `insert into mailchimp_sandbox_members (list_id, subscriber_hash, email_address, status, merge_fields) values ($1, $2, $3, $4, $5::jsonb)
     on conflict (list_id, subscriber_hash) do update set email_address = case when $3 = '' then mailchimp_sandbox_members.email_address else excluded.email_address end,
       status = excluded.status, merge_fields = mailchimp_sandbox_members.merge_fields || excluded.merge_fields, updated = now()
     returning *`,
    [listId, theHash, email, chosen, JSON.stringify(merge)],
  );
  return { member: row!, created: !existing };
}

export default async function mailchimpSandbox(app: FastifyInstance): Promise<void> {
  const base = `${MAILCHIMP_SANDBOX_PATH}/:dc/3.0`;

  app.get(`${base}/ping`, async (request, reply) => {
    if (!accountOf(request, reply)) return reply;
    return { health_status: "Everything's Chimpy!" };
  });

  app.get(`${base}/lists`, async (request, reply) => {
    const who = accountOf(request, reply);
    if (!who) return reply;
    await ensureList(app.db, who);
    const ids = await app.db.query<{ id: string }>('select id from mailchimp_sandbox_lists where account = $1 order by created, id', [who.account]);
    const lists = await Promise.all(ids.map((l) => listOf(app.db, who, l.id)));
    return { lists: lists.map((l) => listJson(l!)), total_items: lists.length };
  });

  app.get(`${base}/lists/:listId`, async (request, reply) => {
    const who = accountOf(request, reply);
    if (!who) return reply;
    const list = await listOf(app.db, who, (request.params as { listId: string }).listId);
    if (!list) return problem(reply, 404, 'Resource Not Found', 'The requested resource could not be found.');
    return listJson(list);
  });

  app.get(`${base}/lists/:listId/members`, async (request, reply) => {
    const who = accountOf(request, reply);
    if (!who) return reply;
    const { listId } = request.params as { listId: string };
    if (!(await listOf(app.db, who, listId))) return problem(reply, 404, 'Resource Not Found', 'The requested resource could not be found.');
    const q = request.query as { count?: string; offset?: string; status?: string };
    const count = Math.min(1000, Math.max(1, Number(q.count) || 10));
    const offset = Math.max(0, Number(q.offset) || 0);
    const rows = await app.db.query<MemberRow>(
      `select * from mailchimp_sandbox_members where list_id = $1 and ($2::text is null or status = $2) order by email_address limit $3 offset $4`,
      [listId, q.status ?? null, count, offset],
    );
    const total = await app.db.one<{ n: number }>('select count(*)::int as n from mailchimp_sandbox_members where list_id = $1 and ($2::text is null or status = $2)', [listId, q.status ?? null]);
    return { members: rows.map(memberJson), list_id: listId, total_items: total!.n };
  });

  for (const method of ['GET', 'PUT', 'PATCH', 'DELETE'] as const) {
    app.route({
      method,
      url: `${base}/lists/:listId/members/:hash`,
      handler: async (request, reply) => {
        const who = accountOf(request, reply);
        if (!who) return reply;
        const { listId, hash } = request.params as { listId: string; hash: string };
        if (!(await listOf(app.db, who, listId))) return problem(reply, 404, 'Resource Not Found', 'The requested resource could not be found.');
        const wanted = /^[0-9a-f]{32}$/.test(hash) ? hash : subscriberHash(hash);
        if (method === 'GET' || method === 'DELETE') {
          const row = await app.db.one<MemberRow>(
            method === 'GET' ? 'select * from mailchimp_sandbox_members where list_id = $1 and subscriber_hash = $2' : 'delete from mailchimp_sandbox_members where list_id = $1 and subscriber_hash = $2 returning *',
            [listId, wanted],
          );
          if (!row) return problem(reply, 404, 'Resource Not Found', 'The requested resource could not be found.');
          return method === 'GET' ? memberJson(row) : reply.code(204).send();
        }
        const result = await writeMember(app.db, listId, wanted, (request.body ?? {}) as MemberInput, method === 'PUT' ? 'put' : 'patch');
        if (result.error) return problem(reply, result.error.status, result.error.title, result.error.detail);
        return memberJson(result.member!);
      },
    });
  }

  app.post(`${base}/lists/:listId/members`, async (request, reply) => {
    const who = accountOf(request, reply);
    if (!who) return reply;
    const { listId } = request.params as { listId: string };
    if (!(await listOf(app.db, who, listId))) return problem(reply, 404, 'Resource Not Found', 'The requested resource could not be found.');
    const result = await writeMember(app.db, listId, null, (request.body ?? {}) as MemberInput, 'post');
    if (result.error) return problem(reply, result.error.status, result.error.title, result.error.detail);
    return memberJson(result.member!);
  });

  // Batch subscribe or unsubscribe (POST /lists/{list_id}): up to 500 members, each on its own.
  app.post(`${base}/lists/:listId`, async (request, reply) => {
    const who = accountOf(request, reply);
    if (!who) return reply;
    const { listId } = request.params as { listId: string };
    if (!(await listOf(app.db, who, listId))) return problem(reply, 404, 'Resource Not Found', 'The requested resource could not be found.');
    const body = (request.body ?? {}) as { members?: MemberInput[]; update_existing?: boolean };
    if (!Array.isArray(body.members) || body.members.length > 500) return problem(reply, 400, 'Invalid Resource', 'members must be an array of at most 500 members.');
    const created: unknown[] = [];
    const updated: unknown[] = [];
    const errors: { email_address: unknown; error: string; error_code: string }[] = [];
    for (const member of body.members) {
      const email = typeof member.email_address === 'string' ? member.email_address : '';
      const exists = EMAIL.test(email) && !!(await app.db.one('select 1 from mailchimp_sandbox_members where list_id = $1 and subscriber_hash = $2', [listId, subscriberHash(email)]));
      if (exists && !body.update_existing) {
        errors.push({ email_address: email, error: `${email} is already a list member`, error_code: 'ERROR_CONTACT_EXISTS' });
        continue;
      }
      const result = await writeMember(app.db, listId, EMAIL.test(email) ? subscriberHash(email) : null, { ...member, status_if_new: member.status_if_new ?? member.status }, 'put');
      if (result.error) errors.push({ email_address: email, error: result.error.detail, error_code: 'ERROR_GENERIC' });
      else (result.created ? created : updated).push(memberJson(result.member!));
    }
    return { new_members: created, updated_members: updated, errors, total_created: created.length, total_updated: updated.length, error_count: errors.length };
  });
}
