import { DateTime } from 'luxon';
import { startBenchServer } from './server';

/** Customers who subscribed, with an e-mail address each. */
const RECEIVERS = 10_000;

export interface NewsletterBenchResult {
  name: string;
  /** Receivers in the send. */
  receivers: number;
  /** POST /newsletter/send, the whole request (receivers written and queued in one transaction), ms. */
  queueMs: number[];
  /** From the send's time to the last mail in the catcher, ms (job queue in batches of 200). */
  deliverMs: number;
  errors: number;
}

/**
 * A newsletter to 10,000 subscribers: the time to queue it (three sends scheduled for tomorrow, so
 * nothing is sent while they are timed), then one sent at once and the time until the job queue has
 * delivered every mail to the catcher, in batches with progress.
 */
export async function runNewsletterBench(): Promise<NewsletterBenchResult[]> {
  const server = await startBenchServer(async (db, companyId) => {
    await db.query(
      `insert into customers (company_id, firstname, lastname, email, subscribed_to_newsletter)
       select $1, 'Kund' || g, 'Nyhetsbrev', 'nyhetsbrev' || g || '@example.com', true from generate_series(1, $2) g`,
      [companyId, RECEIVERS],
    );
    await db.query('update customers set subscribed_to_newsletter = false where company_id = $1 and lastname <> $2', [companyId, 'Nyhetsbrev']);
  });
  const headers = { accept: 'application/json', 'content-type': 'application/json', authorization: `Bearer ${server.token}`, 'x-language': 'en', timezone: 'Europe/Stockholm' };
  const call = async <T>(method: string, path: string, body?: unknown): Promise<{ status: number; json: T }> => {
    const res = await fetch(`${server.baseUrl}/api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: res.status, json: (await res.json()) as T };
  };
  let errors = 0;
  try {
    const template = await call<{ Id: number }>('POST', '/newsletter/templates', { Heading: 'Vårnytt {{ Customer.Firstname }}', Body: '<p>Hej {{ Customer.Firstname }}, välkommen tillbaka!</p>' });
    const queueMs: number[] = [];
    const tomorrow = DateTime.now().setZone('Europe/Stockholm').plus({ days: 1 }).toFormat("yyyy-MM-dd'T'HH:mm:ss");
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      const res = await call<{ Id: number; Total: number }>('POST', '/newsletter/send', { Id: template.json.Id, SendDate: tomorrow });
      queueMs.push(performance.now() - started);
      if (res.status !== 200 || res.json.Total !== RECEIVERS) errors += 1;
      if (res.status === 200) await call('DELETE', `/newsletter/send/${res.json.Id}`);
    }
    const now = DateTime.now().setZone('Europe/Stockholm').toFormat("yyyy-MM-dd'T'HH:mm:ss");
    const started = performance.now();
    const sent = await call<{ Id: number }>('POST', '/newsletter/send', { Id: template.json.Id, SendDate: now });
    if (sent.status !== 200) errors += 1;
    let state = '';
    const deadline = Date.now() + 15 * 60_000;
    while (sent.status === 200 && state !== 'sent' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const page = await call<{ Results: { State: string; SentCount: number; FailedCount: number }[] }>('GET', `/newsletter/sends?Id=${sent.json.Id}`);
      const send = page.json.Results[0];
      state = send?.State ?? '';
      if (send?.FailedCount) errors += send.FailedCount;
    }
    if (state !== 'sent') errors += 1;
    return [{ name: `newsletter to ${RECEIVERS.toLocaleString('en')} customers`, receivers: RECEIVERS, queueMs, deliverMs: performance.now() - started, errors }];
  } finally {
    await server.stop();
  }
}
