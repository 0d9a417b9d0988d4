import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './harness';

/**
 * Work that recurs (giving back expired holds, starting newsletters, the monthly billing, purging
 * expired sign-in data, pushing customers' consent changes to the mailing list) is a pg-boss schedule in the database, not a timer in each process: one job
 * per due time, whichever process sees it first.
 */
describe('recurring work', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(async () => server?.close());

  it('is scheduled in the job queue with its cron expression once the server is ready', async () => {
    const rows = await server.db.query<{ name: string; cron: string }>('select name, cron from pgboss.schedule order by name');
    expect(rows).toEqual([
      { name: 'billing-monthly', cron: '0 */6 * * *' },
      { name: 'bookings_release_holds', cron: '* * * * *' },
      { name: 'codelock_retry', cron: '*/5 * * * *' },
      { name: 'google_busy_pull_all', cron: '*/5 * * * *' },
      { name: 'identity_purge', cron: '7 * * * *' },
      { name: 'mailchimp-changes', cron: '* * * * *' },
      { name: 'newsletter_dispatch', cron: '* * * * *' },
      { name: 'webhooks_drain', cron: '* * * * *' },
    ]);
  });
});
