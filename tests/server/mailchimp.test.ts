/**
 * The mailing list (issue 33) against the embedded Mailchimp (server/sandboxes/mailchimp, reached by the
 * official client over a loopback port): the key is checked and never sent back, the audiences are
 * listed, a sync leaves the audience holding exactly the customers who subscribed to the newsletter,
 * and a customer who unsubscribes (or changes e-mail) is unsubscribed there on the next push.
 */
import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailchimpAudienceList, MailchimpProfile } from '../../schema/mailchimp';
import { pushChanges } from '../../server/areas/mailchimp/sync';
import { createTestServer, OTHER_EMAIL, OTHER_PASSWORD, type TestServer } from './harness';
import { fieldsOf, seedIds, type Seed } from './bookings/helpers';

const KEY = `${'a1b2c3d4'.repeat(4)}-us21`;
const md5 = (email: string) => createHash('md5').update(email.toLowerCase()).digest('hex');

let server: TestServer;
let seed: Seed;

beforeAll(async () => {
  server = await createTestServer();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  server.config.publicUrl = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  seed = await seedIds(server);
});
afterAll(async () => server?.close());

/** The sandbox's subscribed members' e-mails, lowercased and sorted. */
async function subscribedInSandbox(): Promise<string[]> {
  const rows = await server.db.query<{ email: string }>("select lower(email_address) as email from mailchimp_sandbox_members where status = 'subscribed' order by 1");
  return rows.map((r) => r.email);
}

async function subscribedCustomers(): Promise<string[]> {
  const rows = await server.db.query<{ email: string }>(
    "select distinct lower(trim(email)) as email from customers where company_id = $1 and subscribed_to_newsletter and email is not null and trim(email) <> '' order by 1",
    [seed.companyId],
  );
  return rows.map((r) => r.email);
}

async function profile(): Promise<MailchimpProfile> {
  return (await server.api({ method: 'GET', url: '/api/mailchimp/profile' })).json() as MailchimpProfile;
}

describe('/mailchimp', () => {
  it('is not connected at first, and /audience answers 404', async () => {
    expect(await profile()).toMatchObject({ Connected: false, ListId: '' });
    expect((await server.api({ method: 'GET', url: '/api/mailchimp/audience/company' })).statusCode).toBe(404);
  });

  it('refuses a key Mailchimp refuses, with its words, and saves nothing', async () => {
    for (const [payload, field] of [
      [{ ApiKey: 'not-a-key-us21' }, 'ApiKey'],
      [{ ApiKey: `${'0'.repeat(32)}-us21`, ServerPrefix: 'us9' }, 'ApiKey'],
      [{ ApiKey: 'abc' }, 'ServerPrefix'],
      [{}, 'ApiKey'],
    ] as const) {
      const res = await server.api({ method: 'PUT', url: '/api/mailchimp/profile', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(fieldsOf(res)).toContain(field);
    }
    const refused = await server.api({ method: 'PUT', url: '/api/mailchimp/profile', payload: { ApiKey: 'not-a-key-us21' } });
    expect(refused.json()).toMatchObject({ ResponseStatus: { Message: expect.stringContaining('API Key Invalid') } });
    expect(await server.db.query('select 1 from mailchimp_profiles')).toEqual([]);
  });

  it('connects with the key (sealed, never sent back), lists the audiences and chooses one', async () => {
    const put = await server.api({ method: 'PUT', url: '/api/mailchimp/profile', payload: { ApiKey: KEY } });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ Connected: true, ServerPrefix: 'us21', ApiKeyEnd: 'us21', ListId: '' });
    expect(put.body).not.toContain(KEY);
    expect(JSON.stringify(await server.db.query('select * from mailchimp_profiles'))).not.toContain(KEY);

    const audiences = (await server.api({ method: 'GET', url: '/api/mailchimp/audience/company' })).json() as MailchimpAudienceList;
    expect(audiences.Audiences).toHaveLength(1);
    const list = audiences.Audiences[0];
    expect(list).toMatchObject({ Name: 'Newsletter', MemberCount: 0 });

    const unknown = await server.api({ method: 'PUT', url: '/api/mailchimp/profile', payload: { ListId: 'nope' } });
    expect(unknown.statusCode).toBe(400);
    expect(fieldsOf(unknown)).toContain('ListId');

    const chosen = await server.api({ method: 'PUT', url: '/api/mailchimp/profile', payload: { ListId: list.Id } });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json()).toMatchObject({ ListId: list.Id, ListName: 'Newsletter' });
    expect(JSON.stringify(await profile())).not.toContain(KEY);
  });

  it('syncs now: the audience then holds exactly the subscribed customers, and the last sync says so', async () => {
    const listId = (await profile()).ListId;
    // Someone in the audience who is no customer's subscribed address is unsubscribed by the sync.
    await server.db.query("insert into mailchimp_sandbox_members (list_id, subscriber_hash, email_address, status) values ($1, $2, 'stranger@example.com', 'subscribed')", [
      listId,
      md5('stranger@example.com'),
    ]);
    const wanted = await subscribedCustomers();
    expect(wanted.length).toBeGreaterThan(0);
    const res = await server.api({ method: 'PUT', url: '/api/mailchimp/member/company/customer/sync', payload: {} });
    expect(res.statusCode, res.body).toBe(200);
    await expect.poll(async () => (await profile()).LastSync?.State, { timeout: 20_000 }).toBe('done');
    expect(await subscribedInSandbox()).toEqual(wanted);
    const last = (await profile()).LastSync!;
    expect(last).toMatchObject({ Kind: 'full', Subscribed: wanted.length, Unsubscribed: 1, Errors: 0 });
    const member = await server.db.one<{ merge_fields: Record<string, string> }>('select merge_fields from mailchimp_sandbox_members where subscriber_hash = $1', [md5(wanted[0])]);
    expect(Object.keys(member!.merge_fields)).toEqual(expect.arrayContaining(['FNAME', 'LNAME']));
  });

  it('unsubscribes there a customer who unsubscribes here, and follows a new e-mail and a new subscriber', async () => {
    const [leaver] = await server.db.query<{ id: number; email: string }>(
      "select id, email from customers where company_id = $1 and subscribed_to_newsletter and email is not null and trim(email) <> '' order by id limit 1",
      [seed.companyId],
    );
    await server.db.query('update customers set subscribed_to_newsletter = false where id = $1', [leaver.id]);
    const [mover] = await server.db.query<{ id: number; email: string }>(
      "select id, email from customers where company_id = $1 and subscribed_to_newsletter and email is not null and trim(email) <> '' order by id limit 1",
      [seed.companyId],
    );
    await server.db.query("update customers set email = 'moved.away@example.com' where id = $1", [mover.id]);
    const joiner = await server.db.one<{ id: number }>(
      "insert into customers (company_id, firstname, lastname, email, subscribed_to_newsletter) values ($1, 'Nyfiken', 'Prenumerant', 'joiner@example.com', true) returning id",
      [seed.companyId],
    );
    expect(joiner).toBeDefined();

    // The minute's push (the job runs pushAllChanges; here the company's part is called directly).
    expect(await pushChanges(server.app, seed.companyId)).toBe(3);
    const status = async (email: string) => (await server.db.one<{ status: string }>('select status from mailchimp_sandbox_members where subscriber_hash = $1', [md5(email)]))?.status;
    expect(await status(leaver.email)).toBe('unsubscribed');
    expect(await status(mover.email)).toBe('unsubscribed');
    expect(await status('moved.away@example.com')).toBe('subscribed');
    expect(await status('joiner@example.com')).toBe('subscribed');
    expect(await subscribedInSandbox()).toEqual(await subscribedCustomers());
    expect((await profile()).LastSync).toMatchObject({ Kind: 'changes', State: 'done', Subscribed: 2, Unsubscribed: 2, Errors: 0 });
    expect(await pushChanges(server.app, seed.companyId)).toBe(0);
  });

  it("is each company's own, and disconnecting forgets the key", async () => {
    const token = await server.login(OTHER_EMAIL, OTHER_PASSWORD);
    expect(((await server.api({ method: 'GET', url: '/api/mailchimp/profile', token })).json() as MailchimpProfile).Connected).toBe(false);
    const off = await server.api({ method: 'PUT', url: '/api/mailchimp/profile', payload: { Disconnect: true } });
    expect(off.json()).toMatchObject({ Connected: false });
    expect(await server.db.query('select 1 from mailchimp_profiles')).toEqual([]);
  });
});
