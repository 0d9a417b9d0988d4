import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Article } from '../../schema/services';
import { createTestServer, type TestServer } from './harness';
import { book, fieldsOf, seedIds } from './bookings/helpers';
import { pdfText } from './pdfText';

let server: TestServer;
let bookingId: number;
let companyName: string;

beforeAll(async () => {
  server = await createTestServer();
  const seed = await seedIds(server);
  bookingId = (await book(server, { ServiceId: seed.services.get('Padel 60 min')!, CustomerId: seed.customerId, From: '2030-03-06T10:00:00' })).Id;
  await server.db.query("update companies set organisation_number = '556677-8899', street1 = 'Storgatan 1', zip_code = '111 22', city = 'Stockholm' where name = (select c.name from companies c join users u on u.company_id = c.id where u.email = 'demo@example.com')");
  companyName = (await server.db.one<{ name: string }>("select c.name from companies c join users u on u.company_id = c.id where u.email = 'demo@example.com'"))!.name;
});
afterAll(async () => server?.close());

const attachmentsOf = (to: string, kind: string) =>
  server.db.query<{ attachments: { filename: string; contentType: string; size: number }[] }>('select attachments from mail_outbox where to_address = $1 and kind = $2', [to, kind]);

describe('a booking receipt (GET /bookings/{id}/reports/1)', () => {
  it('downloads a PDF with the company, the lines and the VAT per rate (SendReceiptMethod 2)', async () => {
    const res = await server.api({ method: 'GET', url: `/api/bookings/${bookingId}/reports/1?SendReceiptMethod=2`, headers: { 'x-language': 'sv' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = pdfText(res.rawPayload);
    expect(text).toContain(companyName);
    expect(text).toContain('Org.nr 556677-8899');
    expect(text).toContain('Storgatan 1');
    expect(text).toContain(`Kvitto – bokning #${bookingId}`);
    expect(text).toContain('Padel 60 min');
    expect(text).toMatch(/varav moms \d+ %/);
    expect(text).toContain('Totalt');
  });

  it('e-mails the PDF to the customer through the outbox (SendReceiptMethod 1)', async () => {
    const res = await server.api({ method: 'GET', url: `/api/bookings/${bookingId}/reports/1?SendReceiptMethod=1` });
    expect(res.statusCode, res.body).toBe(200);
    const { Email } = res.json() as { Email: string };
    await server.app.jobs.drain();
    const [mail] = await attachmentsOf(Email, 'booking_receipt');
    expect(mail.attachments).toEqual([expect.objectContaining({ filename: `receipt-${bookingId}.pdf`, contentType: 'application/pdf' })]);
  });

  it('answers 400 naming the field for an unknown option or method, 404 for another booking', async () => {
    const option = await server.api({ method: 'GET', url: `/api/bookings/${bookingId}/reports/9?SendReceiptMethod=2` });
    expect(option.statusCode).toBe(400);
    expect(fieldsOf(option)).toEqual(['OptionId']);
    const method = await server.api({ method: 'GET', url: `/api/bookings/${bookingId}/reports/1?SendReceiptMethod=3` });
    expect(fieldsOf(method)).toContain('SendReceiptMethod');
    expect((await server.api({ method: 'GET', url: `/api/bookings/2147483000/reports/1?SendReceiptMethod=2` })).statusCode).toBe(404);
  });

  it('prints the booking with the first active booking printout (option 2)', async () => {
    const create = await server.api({
      method: 'POST',
      url: '/api/reports/booking/printout',
      payload: { Name: 'Arbetsorder', Header: '<h1>Order {{ Booking.Id }}</h1>', Body: '<p>Kund: <strong>{{ Customer.Firstname }}</strong></p>' },
    });
    expect(create.statusCode, create.body).toBe(200);
    const res = await server.api({ method: 'GET', url: `/api/bookings/${bookingId}/reports/2?SendReceiptMethod=2` });
    expect(res.statusCode, res.body).toBe(200);
    expect(pdfText(res.rawPayload)).toContain(`Order ${bookingId}`);
  });
});

describe('an article receipt (GET /articles/{id}/reports)', () => {
  it('downloads the PDF with the article, its VAT and the company; sending needs an address', async () => {
    const created = await server.api({ method: 'POST', url: '/api/articles', payload: { Name: 'Racket', ArticleTypeId: 1, Price: 125, VAT: 25 } });
    expect(created.statusCode, created.body).toBe(200);
    const article = created.json() as Article;
    const res = await server.api({ method: 'GET', url: `/api/articles/${article.Id}/reports?SendReceiptMethod=2&ArticleTypeId=1&Quantity=2`, headers: { 'x-language': 'en' } });
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Receipt – Racket');
    expect(text).toContain(companyName);
    expect(text).toMatch(/of which VAT 25 %/);
    expect(text).toMatch(/50(\.00)? kr/);
    const noAddress = await server.api({ method: 'GET', url: `/api/articles/${article.Id}/reports?SendReceiptMethod=1` });
    expect(noAddress.statusCode).toBe(400);
    expect(fieldsOf(noAddress)).toEqual(['Email']);
    const sent = await server.api({ method: 'GET', url: `/api/articles/${article.Id}/reports?SendReceiptMethod=1&Email=buyer@example.com` });
    expect(sent.statusCode, sent.body).toBe(200);
    await server.app.jobs.drain();
    expect(await attachmentsOf('buyer@example.com', 'article_receipt')).toHaveLength(1);
  });
});
