/**
 * Keeping the audience equal to the customers who subscribed to the newsletter (issue 33). A full
 * sync (sync now, through the outbox) subscribes every such customer with an e-mail in batches of 500
 * and unsubscribes the audience's subscribed members who are not one; a changes sync pushes the
 * customers the trigger noted in mailchimp_pending (consent, e-mail or name changed, deleted), member
 * by member, each minute. Each run is a mailchimp_syncs row with its counts and the provider's words
 * for what failed; one member's failure never stops the others.
 */
import type { FastifyInstance } from 'fastify';
import { decrypt, companyKey } from '../../shared/encryption';
import { subscriberHash } from '../../shared/mailchimp';
import { mailchimpClient, providerMessage, statusOf, type MailchimpClient } from './client';

const BATCH = 500;
const KEPT_ERRORS = 10;

interface Profile {
  api_key_sealed: string;
  server_prefix: string;
  list_id: string;
}

interface CustomerRow {
  id: number;
  email: string | null;
  firstname: string;
  lastname: string;
  subscribed_to_newsletter: boolean;
}

class Tally {
  subscribed = 0;
  unsubscribed = 0;
  errors = 0;
  messages: string[] = [];
  fail(text: string): void {
    this.errors += 1;
    if (this.messages.length < KEPT_ERRORS) this.messages.push(text);
  }
}

async function clientOf(app: FastifyInstance, companyId: number): Promise<{ client: MailchimpClient; listId: string } | null> {
  const profile = await app.db.one<Profile>('select api_key_sealed, server_prefix, list_id from mailchimp_profiles where company_id = $1', [companyId]);
  if (!profile || !profile.list_id) return null;
  const key = decrypt(await companyKey(app.db, companyId), profile.api_key_sealed);
  return { client: mailchimpClient(app.config.publicUrl, key, profile.server_prefix), listId: profile.list_id };
}

type MemberBody = {
  email_address: string;
  status: 'subscribed' | 'unsubscribed';
  status_if_new: 'subscribed' | 'unsubscribed';
  merge_fields: Record<string, string>;
};

const member = (c: CustomerRow, status: 'subscribed' | 'unsubscribed'): MemberBody => ({
  email_address: c.email!.trim(),
  status,
  status_if_new: status,
  merge_fields: { FNAME: c.firstname, LNAME: c.lastname },
});

async function finish(app: FastifyInstance, syncId: number, tally: Tally, failed: string | null): Promise<void> {
  if (failed) tally.fail(failed);
  await app.db.query(
    `update mailchimp_syncs set state = $2, finished = now(), subscribed = $3, unsubscribed = $4, errors = $5, error_messages = $6::jsonb where id = $1`,
    [syncId, failed ? 'failed' : 'done', tally.subscribed, tally.unsubscribed, tally.errors, JSON.stringify(tally.messages)],
  );
}

/** Sends members in batches of 500, counting each one's outcome. */
async function sendBatches(client: MailchimpClient, listId: string, members: MemberBody[], tally: Tally, status: 'subscribed' | 'unsubscribed'): Promise<void> {
  for (let at = 0; at < members.length; at += BATCH) {
    const result = await client.lists.batchListMembers(listId, { members: members.slice(at, at + BATCH), update_existing: true });
    const done = result.total_created + result.total_updated;
    if (status === 'subscribed') tally.subscribed += done;
    else tally.unsubscribed += done;
    for (const e of result.errors) tally.fail(`${e.email_address}: ${e.error}`);
  }
}

/** Sync now: the run recorded as `syncId` (made by the PUT that queued it). */
export async function runFullSync(app: FastifyInstance, companyId: number, syncId: number): Promise<void> {
  const tally = new Tally();
  const started = await app.db.one<{ started: Date }>('select started from mailchimp_syncs where id = $1', [syncId]);
  if (!started) return;
  const target = await clientOf(app, companyId);
  if (!target) return finish(app, syncId, tally, 'No audience chosen');
  const { client, listId } = target;
  try {
    const customers = await app.db.query<CustomerRow>(
      `select id, email, firstname, lastname, subscribed_to_newsletter from customers
        where company_id = $1 and subscribed_to_newsletter and email is not null and trim(email) <> '' order by id`,
      [companyId],
    );
    const wanted = new Set(customers.map((c) => c.email!.trim().toLowerCase()));
    const leaving: MemberBody[] = [];
    for (let offset = 0; ; offset += 1000) {
      const page = await client.lists.getListMembersInfo(listId, { count: 1000, offset, status: 'subscribed', fields: ['members.email_address', 'members.status', 'total_items'] });
      for (const m of page.members) if (!wanted.has(m.email_address.toLowerCase())) leaving.push({ email_address: m.email_address, status: 'unsubscribed', status_if_new: 'unsubscribed', merge_fields: {} });
      if (page.members.length < 1000) break;
    }
    await sendBatches(client, listId, customers.map((c) => member(c, 'subscribed')), tally, 'subscribed');
    await sendBatches(client, listId, leaving, tally, 'unsubscribed');
    // What changed before this sync began is in it now.
    await app.db.query('delete from mailchimp_pending where company_id = $1 and changed <= $2', [companyId, started.started]);
    await finish(app, syncId, tally, null);
  } catch (err) {
    await finish(app, syncId, tally, providerMessage(err));
  }
}

/** Unsubscribes one address if it is a member (a 404 means there is nothing to unsubscribe). */
async function unsubscribe(client: MailchimpClient, listId: string, email: string, tally: Tally): Promise<void> {
  try {
    await client.lists.updateListMember(listId, subscriberHash(email), { status: 'unsubscribed' });
    tally.unsubscribed += 1;
  } catch (err) {
    if (statusOf(err) !== 404) tally.fail(`${email}: ${providerMessage(err)}`);
  }
}

/**
 * Pushes the customers changed since their last push (mailchimp_pending), one member at a time;
 * answers the number pushed. Runs each minute for every company with pending changes.
 */
export async function pushChanges(app: FastifyInstance, companyId: number): Promise<number> {
  const pending = await app.db.query<{ customer_id: number; old_email: string | null; changed: Date }>(
    'select customer_id, old_email, changed from mailchimp_pending where company_id = $1 order by changed limit 1000',
    [companyId],
  );
  if (pending.length === 0) return 0;
  const target = await clientOf(app, companyId);
  if (!target) return 0;
  const { client, listId } = target;
  const sync = (await app.db.one<{ id: number }>(`insert into mailchimp_syncs (company_id, kind) values ($1, 'changes') returning id`, [companyId]))!;
  const tally = new Tally();
  for (const p of pending) {
    const c = await app.db.one<CustomerRow>('select id, email, firstname, lastname, subscribed_to_newsletter from customers where id = $1 and company_id = $2', [p.customer_id, companyId]);
    const email = c?.email?.trim() || null;
    if (p.old_email && p.old_email.trim().toLowerCase() !== email?.toLowerCase()) await unsubscribe(client, listId, p.old_email.trim(), tally);
    if (c && email && c.subscribed_to_newsletter) {
      try {
        await client.lists.setListMember(listId, subscriberHash(email), member(c, 'subscribed'));
        tally.subscribed += 1;
      } catch (err) {
        tally.fail(`${email}: ${providerMessage(err)}`);
      }
    } else if (c && email) {
      await unsubscribe(client, listId, email, tally);
    }
    // Done with this change, unless the customer changed again meanwhile.
    await app.db.query('delete from mailchimp_pending where company_id = $1 and customer_id = $2 and changed <= $3', [companyId, p.customer_id, p.changed]);
  }
  await finish(app, sync.id, tally, null);
  return pending.length;
}

/** The minute's job: every company's pending changes. */
export async function pushAllChanges(app: FastifyInstance): Promise<void> {
  const companies = await app.db.query<{ company_id: number }>('select distinct company_id from mailchimp_pending');
  for (const { company_id } of companies) await pushChanges(app, company_id);
}
