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
