import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, OTHER_EMAIL, OTHER_PASSWORD, type TestServer } from './harness';
import { book, errorOf, seedIds } from './bookings/helpers';

let server: TestServer;
let bookingId: number;

beforeAll(async () => {
  server = await createTestServer();
  const seed = await seedIds(server);
  bookingId = (await book(server, { ServiceId: seed.services.get('Padel 60 min')!, CustomerId: seed.customerId, From: '2030-03-06T10:00:00' })).Id;
});
afterAll(async () => server?.close());

describe('GET /bookings/{id}/reports/{optionId} (receipt)', () => {
  it('downloads the receipt as a PDF (2) and e-mails it to the customer (1)', async () => {
    const pdf = await server.api({ method: 'GET', url: `/api/bookings/${bookingId}/reports/1?SendReceiptMethod=2` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const mail = await server.api({ method: 'GET', url: `/api/bookings/${bookingId}/reports/1?SendReceiptMethod=1` });
    expect(mail.statusCode, mail.body).toBe(200);
    expect((mail.json() as { Email: string }).Email).toMatch(/@/);
  });

  it('answers 400 naming SendReceiptMethod when it is missing or unknown', async () => {
    const res = await server.api({ method: 'GET', url: `/api/bookings/${bookingId}/reports/1?SendReceiptMethod=3` });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).Errors.map((e) => e.FieldName)).toContain('SendReceiptMethod');
  });
});

describe('POST /codelock/resync/{bookingId}', () => {
  it('answers that no door lock is connected, in the caller language', async () => {
    const res = await server.api({ method: 'POST', url: `/api/codelock/resync/${bookingId}`, payload: {} });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).Message).toBe('No door lock is connected.');
    const sv = await server.api({ method: 'POST', url: `/api/codelock/resync/${bookingId}`, payload: {}, headers: { 'x-language': 'sv' } });
    expect(errorOf(sv).Message).toBe('Inget dörrlås är anslutet.');
  });

  it("answers 404 for another company's booking", async () => {
    const token = await server.login(OTHER_EMAIL, OTHER_PASSWORD);
    const res = await server.api({ method: 'POST', url: `/api/codelock/resync/${bookingId}`, payload: {}, token });
    expect(res.statusCode).toBe(404);
  });
});
