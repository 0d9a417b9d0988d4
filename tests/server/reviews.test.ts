/**
 * Reviews (issue 36): the review request is a message type of its own, off by default, sent the
 * configured hours after the booking; its signed link opens a public page (four languages) where the
 * customer rates the visit once; the company lists reviews with filters, sees averages per service
 * and resource, and hides a review with a reason (and shows it again).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, OTHER_EMAIL, OTHER_PASSWORD, type TestServer } from './harness';
import { book, errorOf, fieldsOf, seedIds, type Page, type Seed } from './bookings/helpers';
import { listOutbox } from '../../server/integrations/mail/index';
import type { Review, ReviewAverages } from '../../schema/reviews';

let server: TestServer;
let seed: Seed;
let padel: number;
let bookingId: number;
let link: string;
const EMAIL = 'rita.review@example.com';

const logOf = async (id: number) =>
  (await server.api({ method: 'GET', url: `/api/messages/log?BookingId=${id}&Take=100` })).json() as Page<{ TypeId: number; Status: string }>;
/** The path of a link from a mail (the server is reached by inject, not by its public address). */
const pathOf = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');
/** Time passes: the booking lies five years back (its messages know it by its new start). */
async function tookPlace(id: number): Promise<void> {
  await server.db.query(`update bookings set starts_at = starts_at - interval '5 years', ends_at = ends_at - interval '5 years' where id = $1`, [id]);
  await server.db.query(`update message_log set booking_starts_at = booking_starts_at - interval '5 years' where booking_id = $1`, [id]);
}
const html = { accept: 'text/html' };

beforeAll(async () => {
  // Links in mail must be https:// (spec: rich-text links), so the server's public address is.
  server = await createTestServer({ publicUrl: 'https://booking.example.com' });
  seed = await seedIds(server);
  padel = seed.services.get('Padel 60 min')!;
});

afterAll(async () => {
  await server?.close();
});

describe('the review request', () => {
  it('is off by default: a booking asks for no review', async () => {
    const settings = (await server.api({ method: 'GET', url: '/api/messages/settings' })).json();
    expect(settings).toMatchObject({ ReviewRequests: false, ReviewHoursAfter: 2 });
    const booking = await book(server, { ServiceId: padel, Customer: { Firstname: 'Otto', Lastname: 'Off', Email: 'otto.off@example.com' }, From: '2030-06-03T10:00:00' });
    await server.app.jobs.drain();
    expect((await logOf(booking.Id)).Results.map((e) => e.TypeId)).not.toContain(9);
  });

  it('is a message type of its own with default templates in four languages, by e-mail', async () => {
    const types = (await server.api({ method: 'GET', url: '/api/messages/templates/types' })).json() as { Id: number; Name: string }[];
    expect(types.find((t) => t.Id === 9)).toMatchObject({ Name: 'Review request' });
    const templates = await server.db.query<{ language: string; send_method_id: number; body: string }>(
      'select language, send_method_id, body from message_templates where company_id = $1 and type_id = 9 order by language',
      [seed.companyId],
    );
    expect(templates.map((t) => [t.language, t.send_method_id])).toEqual([['en', 1], ['fi', 1], ['no', 1], ['sv', 1]]);
    expect(templates.every((t) => t.body.includes('{{ Booking.ReviewLink }}'))).toBe(true);
  });

  it('once switched on, goes out the set hours after the booking, with a signed link', async () => {
    const put = await server.api({ method: 'PUT', url: '/api/messages/settings', payload: { ReminderHoursBefore: 24, ReviewRequests: true, ReviewHoursAfter: 3 } });
    expect(put.json()).toEqual({ ReminderHoursBefore: 24, ReviewRequests: true, ReviewHoursAfter: 3 });
    // A field left out keeps its value.
    expect((await server.api({ method: 'PUT', url: '/api/messages/settings', payload: { ReminderHoursBefore: 24 } })).json()).toMatchObject({ ReviewRequests: true });
    const court = seed.resources.get('Bana 2')!;
    const booking = await book(server, {
      ServiceId: padel,
      Customer: { Firstname: 'Rita', Lastname: 'Review', Email: EMAIL },
      From: '2030-06-04T10:00:00',
      Resources: [{ ResourceTypeId: seed.types.get('Padelbanor')!, ResourceId: court }],
    });
    bookingId = booking.Id;
    await server.app.jobs.drain();
    expect((await logOf(bookingId)).Results.filter((e) => e.TypeId === 9).map((e) => e.Status)).toEqual(['queued']);
    const job = await server.db.one<{ hours: number }>(
      `select round(extract(epoch from (j.start_after - b.ends_at)) / 3600)::int as hours
         from message_log l join bookings b on b.id = l.booking_id join pgboss.job j on j.name = 'outbox' and j.data ->> 'id' = l.outbox_id::text
        where l.booking_id = $1 and l.type_id = 9`,
      [bookingId],
    );
    expect(job?.hours).toBe(3);

    await tookPlace(bookingId);
    await server.db.query(
      `update pgboss.job set start_after = now() - interval '1 second' where name = 'outbox' and data ->> 'id' in (select outbox_id::text from message_log where booking_id = $1 and type_id = 9)`,
      [bookingId],
    );
    await server.app.jobs.drain();
    const [mail] = await listOutbox(server.db, seed.companyId, { to: EMAIL, kind: 'review_request' });
    expect(mail.subject).toContain('Hur var ditt besök?');
    link = /href="([^"]+\/api\/reviews\/answer\/[^"]+)"/.exec(mail.html ?? '')![1].replace(/&amp;/g, '&');
    expect(link).toMatch(new RegExp(`/api/reviews/answer/${seed.companyId}\\.${bookingId}\\.[A-Za-z0-9_-]{32}\\?lang=sv$`));
  });

  it('of a booking canceled before it took place is not sent', async () => {
    const booking = await book(server, { ServiceId: padel, Customer: { Firstname: 'Cilla', Lastname: 'Cancel', Email: 'cilla@example.com' }, From: '2030-06-05T10:00:00' });
    await server.api({ method: 'DELETE', url: `/api/bookings/${booking.Id}` });
    await server.app.jobs.drain();
    expect((await logOf(booking.Id)).Results.filter((e) => e.TypeId === 9).map((e) => e.Status)).toEqual(['canceled']);
  });
});

describe('the review page', () => {
  it('shows the visit and an accessible form in the link’s language, and in the others', async () => {
    const res = await server.app.inject({ method: 'GET', url: pathOf(link), headers: html });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<html lang="sv">');
    expect(res.body).toContain('<h1>Hur var ditt besök?</h1>');
    expect(res.body).toMatch(/<fieldset><legend>Ditt betyg<\/legend>/);
    expect(res.body.match(/type="radio" name="Rating"/g)).toHaveLength(5);
    expect(res.body).toContain('<label for="comment">');
    const en = await server.app.inject({ method: 'GET', url: pathOf(link).replace('lang=sv', 'lang=en'), headers: html });
    expect(en.body).toContain('<html lang="en">');
    expect(en.body).toContain('How was your visit?');
    expect(en.body).toContain('5 – Excellent');
  });

  it('refuses a forged or bad link, a bad rating and a comment too long, naming the field', async () => {
    const forged = pathOf(link).replace(/\.[A-Za-z0-9_-]{32}\?/, `.${'A'.repeat(32)}?`);
    expect((await server.app.inject({ method: 'GET', url: forged })).statusCode).toBe(404);
    // Without the link's ?lang= the browser's language decides.
    const page = await server.app.inject({ method: 'GET', url: forged.replace(/\?.*$/, ''), headers: { ...html, 'accept-language': 'fi-FI,en;q=0.5' } });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('Linkki ei ole enää voimassa.');
    const bad = await server.app.inject({ method: 'GET', url: '/api/reviews/answer/not-a-token' });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(['Token']);
    const url = pathOf(link);
    for (const [payload, field] of [
      [{ Rating: 0 }, 'Rating'],
      [{ Rating: 6 }, 'Rating'],
      [{ Rating: '5' }, 'Rating'],
      [{ Comment: 'no rating' }, 'Rating'],
      [{ Rating: 4, Comment: 'x'.repeat(2001) }, 'Comment'],
    ] as const) {
      const res = await server.app.inject({ method: 'POST', url, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(fieldsOf(res)).toEqual([field]);
    }
    expect(await server.db.one('select count(*)::int as n from reviews')).toEqual({ n: 0 });
  });

  it('takes the customer’s answer once, from the form', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: pathOf(link),
      headers: { ...html, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'Rating=4&Comment=Trevlig+personal%2C+kall+hall',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain('Tack för ditt omdöme!');
    const again = await server.app.inject({ method: 'POST', url: pathOf(link), payload: { Rating: 1 } });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).Errors.map((e) => e.FieldName)).toEqual(['Token']);
    const shown = await server.app.inject({ method: 'GET', url: pathOf(link), headers: html });
    expect(shown.body).toContain('Ditt betyg: 4 av 5.');
  });

  it('is not yet open before the visit has taken place', async () => {
    const booking = await book(server, { ServiceId: padel, Customer: { Firstname: 'Tidig', Lastname: 'Tina', Email: 'tina@example.com' }, From: '2030-06-06T10:00:00' });
    const { reviewLink } = await import('../../server/shared/reviewLinks');
    const early = await reviewLink(server.db, seed.companyId, booking.Id, 'http://x', 'en');
    const res = await server.app.inject({ method: 'GET', url: pathOf(early), headers: html });
    expect(res.statusCode).toBe(409);
    expect(res.body).toContain('You can leave a review once the visit has taken place.');
  });
});

describe('reviews in the back office', () => {
  it('lists the review with its booking, service, resources and customer, and filters them', async () => {
    const page = (await server.api({ method: 'GET', url: '/api/reviews' })).json() as Page<Review>;
    expect(page.Total).toBe(1);
    expect(page.Results[0]).toMatchObject({ BookingId: bookingId, ServiceId: padel, ServiceName: 'Padel 60 min', CustomerName: 'Rita Review', Rating: 4, Comment: 'Trevlig personal, kall hall', Hidden: false });
    expect(page.Results[0].Resources.map((r) => r.Name)).toEqual(['Bana 2']);
    expect(page.Results[0].BookingFrom).toBe('2025-06-04T10:00:00');
    const court = seed.resources.get('Bana 2')!;
    for (const [query, total] of [
      [`ServiceId=${padel}`, 1],
      [`ServiceId=${seed.services.get('Yoga drop-in')!}`, 0],
      [`ResourceId=${court}`, 1],
      ['Rating=4', 1],
      ['Rating=5', 0],
      ['From=2025-06-04&To=2025-06-04', 1],
      ['From=2025-06-05', 0],
      ['Hidden=true', 0],
    ] as const) {
      expect(((await server.api({ method: 'GET', url: `/api/reviews?${query}` })).json() as Page<Review>).Total, query).toBe(total);
    }
  });

  it('averages the shown reviews per service and resource', async () => {
    await server.db.query(
      `insert into reviews (company_id, booking_id, customer_id, service_id, resource_ids, rating, booking_starts_at)
       select company_id, id, customer_id, service_id, resource_ids, 2, starts_at from bookings where company_id = $1 and service_id = $2 and id <> $3 and status_id not in (2, 4) order by id limit 1`,
      [seed.companyId, padel, bookingId],
    );
    const averages = (await server.api({ method: 'GET', url: '/api/reviews/averages' })).json() as ReviewAverages;
    expect(averages.Overall).toEqual({ Average: 3, Count: 2 });
    expect(averages.Services).toEqual([{ Id: padel, Name: 'Padel 60 min', Average: 3, Count: 2 }]);
    expect(averages.Resources.find((r) => r.Name === 'Bana 2')).toMatchObject({ Count: 1, Average: 4 });
  });

  it('hides a review with a reason (required) and shows it again; hidden reviews leave the averages', async () => {
    const [review] = ((await server.api({ method: 'GET', url: `/api/reviews?Rating=4` })).json() as Page<Review>).Results;
    const noReason = await server.api({ method: 'PUT', url: `/api/reviews/${review.Id}`, payload: { Hidden: true, HiddenReason: '  ' }, headers: { 'x-language': 'sv' } });
    expect(noReason.statusCode).toBe(400);
    expect(errorOf(noReason).Errors).toEqual([expect.objectContaining({ FieldName: 'HiddenReason', Message: 'Ange varför omdömet döljs.' })]);
    const hidden = await server.api({ method: 'PUT', url: `/api/reviews/${review.Id}`, payload: { Hidden: true, HiddenReason: 'Names a member of staff' } });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json()).toMatchObject({ Hidden: true, HiddenReason: 'Names a member of staff', HiddenBy: 'demo@example.com' });
    expect((hidden.json() as Review).HiddenAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(((await server.api({ method: 'GET', url: '/api/reviews/averages' })).json() as ReviewAverages).Overall).toEqual({ Average: 2, Count: 1 });
    expect(((await server.api({ method: 'GET', url: '/api/reviews?Hidden=true' })).json() as Page<Review>).Total).toBe(1);
    const shown = await server.api({ method: 'PUT', url: `/api/reviews/${review.Id}`, payload: { Hidden: false } });
    expect(shown.json()).toMatchObject({ Hidden: false, HiddenReason: null, HiddenBy: null, HiddenAt: null });
  });

  it('answers 400 naming the field for bad filters, 404 for another company’s review, and lets Staff read and hide, an Accountant only read', async () => {
    for (const [query, field] of [['Rating=6', 'Rating'], ['From=2025-13-01', 'From'], ['OrderBy=Name', 'OrderBy'], ['ServiceId=0', 'ServiceId']] as const) {
      const res = await server.api({ method: 'GET', url: `/api/reviews?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(fieldsOf(res)).toEqual([field]);
    }
    const [review] = ((await server.api({ method: 'GET', url: '/api/reviews' })).json() as Page<Review>).Results;
    const other = await server.login(OTHER_EMAIL, OTHER_PASSWORD);
    expect(((await server.api({ method: 'GET', url: '/api/reviews', token: other })).json() as Page<Review>).Total).toBe(0);
    expect((await server.api({ method: 'PUT', url: `/api/reviews/${review.Id}`, payload: { Hidden: true, HiddenReason: 'x' }, token: other })).statusCode).toBe(404);
    const add = async (roles: number[]) => {
      const email = `r.${Math.random().toString(36).slice(2)}@example.com`;
      const res = await server.api({ method: 'POST', url: '/api/administrators', payload: { Firstname: 'R', Lastname: 'R', Email: email, Password: 'long-enough-pw', Roles: roles } });
      expect(res.statusCode, res.body).toBe(200);
      return server.login(email, 'long-enough-pw');
    };
    const staff = await add([2]);
    expect((await server.api({ method: 'GET', url: '/api/reviews', token: staff })).statusCode).toBe(200);
    expect((await server.api({ method: 'PUT', url: `/api/reviews/${review.Id}`, payload: { Hidden: false }, token: staff })).statusCode).toBe(200);
    const accountant = await add([3]);
    expect((await server.api({ method: 'GET', url: '/api/reviews', token: accountant })).statusCode).toBe(200);
    expect((await server.api({ method: 'PUT', url: `/api/reviews/${review.Id}`, payload: { Hidden: true, HiddenReason: 'x' }, token: accountant })).statusCode).toBe(403);
  });
});
