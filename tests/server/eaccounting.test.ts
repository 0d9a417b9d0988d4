/**
 * Accounting (issue 35) against the embedded Visma eAccounting, over HTTP: authenticate (state bound
 * to the administrator), settings and the provider's lists, price mappings (another VAT rate is 400
 * naming the field, nothing written), invoicing a booking (rows from its price lines, totals in öre,
 * numbered by the provider; a second try answers 409 until forced; a draft), the outbox when the
 * provider is down, refresh before expiry, and a revoked connection answering the spec's error.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DateTime } from 'luxon';
import { createTestServer, OTHER_EMAIL, OTHER_PASSWORD, type TestServer } from './harness';
import { book, errorOf, fieldsOf, seedIds, type Seed } from './bookings/helpers';

interface Article {
  ArticleId: string;
  ArticleName: string;
  VatRate: number;
}
interface Note {
  State: string;
  InvoiceNumber: string | null;
  BookingIds: number[];
  Message: string | null;
  Invoice?: { InvoiceNumber: string | null; IsDraft: boolean; TotalAmount: number; TotalVatAmount: number; VatSpecification: { VatPercent: number }[]; Rows: { IsTextRow: boolean; Text: string; Quantity: number | null; UnitPrice: number | null }[]; InvoiceUri: string; InvoiceCustomerName: string; PriceSign: string };
}

let server: TestServer;
let seed: Seed;
let publicUrl: string;

const soon = (days: number, hour = 10) => DateTime.now().setZone('Europe/Stockholm').plus({ days }).set({ hour, minute: 0, second: 0, millisecond: 0 }).toFormat("yyyy-MM-dd'T'HH:mm:ss");
const get = (url: string) => server.api({ method: 'GET', url });

beforeAll(async () => {
  server = await createTestServer();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  publicUrl = `http://127.0.0.1:${(server.app.server.address() as { port: number }).port}`;
  server.config.publicUrl = publicUrl;
  seed = await seedIds(server);
});
afterAll(async () => server?.close());

/** Approves the sandbox's authorize page for `url` and answers the code and state it sends back. */
async function approve(authorizeUrl: string): Promise<{ code: string; state: string }> {
  const url = new URL(authorizeUrl);
  const page = await fetch(url);
  expect(await page.text()).toContain('Visma eAccounting (sandbox)');
  const form = new URLSearchParams({ redirect_uri: url.searchParams.get('redirect_uri')!, state: url.searchParams.get('state')!, client_id: 'x', tenant: 'Test AB', decision: 'allow' });
  const res = await fetch(`${publicUrl}/eaccounting-sandbox/identity/connect/authorize/approve`, { method: 'POST', body: form, redirect: 'manual' });
  const back = new URL(res.headers.get('location')!);
  expect(back.pathname).toBe('/eaccounting');
  return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! };
}

describe('/eaccounting', () => {
  it('authenticates with the code flow, the state bound to the administrator who started it', async () => {
    const before = (await get('/api/eaccounting/check')).json() as { IsAuthenticated: boolean; State: string; AuthorizeUrl: string };
    expect(before).toMatchObject({ IsAuthenticated: false, State: 'none' });
    expect((await get('/api/eaccounting/articles')).json()).toMatchObject({ ResponseStatus: { ErrorCode: 'EAccountingNotAuthenticated' } });
    const { code, state } = await approve(before.AuthorizeUrl);
    // Another company's administrator cannot finish it (its plan lacks accounting, too), nor a state another administrator was given.
    const other = await server.login(OTHER_EMAIL, OTHER_PASSWORD);
    const stolen = await server.api({ method: 'GET', url: `/api/eaccounting/callback?Code=${code}&State=${state}`, token: other });
    expect([400, 402]).toContain(stolen.statusCode);
    await server.db.query("insert into eaccounting_oauth_states (state, company_id, user_id) select 'someone-elses', company_id, user_id + 1000 from eaccounting_oauth_states where state = $1", [state]);
    const foreign = await get(`/api/eaccounting/callback?Code=${code}&State=someone-elses`);
    expect(foreign.statusCode).toBe(400);
    expect(fieldsOf(foreign)).toEqual(['State']);
    const done = await get(`/api/eaccounting/callback?Code=${code}&State=${state}`);
    expect(done.statusCode, done.body).toBe(200);
    expect((await get('/api/eaccounting/check')).json()).toMatchObject({ IsAuthenticated: true, State: 'connected' });
    // Used once.
    expect((await get(`/api/eaccounting/callback?Code=${code}&State=${state}`)).statusCode).toBe(400);
    const stored = JSON.stringify(await server.db.query('select * from eaccounting_connections'));
    const tokens = await server.db.query<{ token_hash: string }>('select token_hash from eaccounting_sandbox_tokens');
    expect(tokens.length).toBe(2);
    expect(stored).not.toMatch(/"access_token_sealed":"[A-Za-z0-9_-]{43}"/);
  });

  it("lists the provider's articles, terms of payment and default articles", async () => {
    const articles = (await get('/api/eaccounting/articles')).json() as { Results: Article[] };
    expect(articles.Results.map((a) => a.VatRate).sort()).toEqual([0, 12, 12, 25, 25, 6, 6, 6].sort());
    const terms = (await get('/api/eaccounting/termsofpayments')).json() as { Results: { Id: string; Name: string }[] };
    expect(terms.Results.map((t) => t.Name)).toContain('30 dagar netto');
    expect((await get('/api/eaccounting/defaultarticles')).json()).toEqual({ Results: [0, 6, 12, 25].map((VatRate) => ({ VatRate, Article: null })) });
  });

  it('refuses a default article of another VAT rate naming the field, then saves the settings', async () => {
    const articles = ((await get('/api/eaccounting/articles')).json() as { Results: Article[] }).Results;
    const at = (vat: number) => articles.find((a) => a.VatRate === vat)!.ArticleId;
    const terms = ((await get('/api/eaccounting/termsofpayments')).json() as { Results: { Id: string }[] }).Results[0]!.Id;
    const wrong = await server.api({ method: 'PUT', url: '/api/eaccounting/settings', payload: { Active: true, DefaultCreateType: 'CreateSend', DefaultArticle6PercentVat: at(25) } });
    expect(wrong.statusCode).toBe(400);
    expect(fieldsOf(wrong)).toEqual(['DefaultArticle6PercentVat']);
    expect(((await get('/api/eaccounting/settings')).json() as { Active: boolean }).Active).toBe(false);
    const payload = { Active: true, DefaultCreateType: 'CreateSend', DefaultArticle0PercentVat: at(0), DefaultArticle6PercentVat: at(6), DefaultArticle12PercentVat: at(12), DefaultArticle25PercentVat: at(25), DefaultTermsOfPaymentId: terms };
    const saved = await server.api({ method: 'PUT', url: '/api/eaccounting/settings', payload });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await get('/api/eaccounting/settings')).json()).toMatchObject({ ...payload, CompanyId: expect.any(Number) });
  });

  it('maps a price only to an article with its VAT: another rate is 400 naming the row, nothing written', async () => {
    const articles = ((await get('/api/eaccounting/articles')).json() as { Results: Article[] }).Results;
    const prices = await server.db.query<{ id: number; vat: number }>('select id, vat from service_prices where company_id = (select company_id from services where id = $1) order by id', [seed.services.get('Padel 60 min')!]);
    const six = prices.find((p) => Number(p.vat) === 6)!;
    const padelArticle = articles.find((a) => a.ArticleName === 'Banhyra padel')!;
    const wrong = await server.api({ method: 'PUT', url: '/api/eaccounting/article/mappings', payload: { Mappings: [{ PriceId: six.id, ExternalReference: padelArticle.ArticleId }, { PriceId: six.id, ExternalReference: articles.find((a) => a.VatRate === 25)!.ArticleId }] } });
    expect(wrong.statusCode).toBe(400);
    expect(fieldsOf(wrong)).toEqual(['Mappings[1].ExternalReference']);
    expect(errorOf(wrong).Message).toContain('25 %');
    expect(((await get('/api/services/prices/mappings')).json() as { Total: number }).Total).toBe(0);
    const ok = await server.api({ method: 'PUT', url: '/api/eaccounting/article/mappings', payload: { Mappings: [{ PriceId: six.id, ExternalReference: padelArticle.ArticleId }] } });
    expect(ok.statusCode, ok.body).toBe(200);
    const mappings = (await get('/api/services/prices/mappings')).json() as { Results: { Id: number; PriceId: number; ExternalReference: string; ReferenceType: string }[] };
    expect(mappings.Results).toEqual([expect.objectContaining({ PriceId: six.id, ExternalReference: padelArticle.ArticleId, ReferenceType: 'EAccountingArticle' })]);
    const price = (await get(`/api/services/prices?Ids=${six.id}`)).json() as { Results: { Id: number; ExternalReference?: string }[] };
    expect(price.Results.find((p) => p.Id === six.id)?.ExternalReference).toBe(padelArticle.ArticleId);
    const removed = await server.api({ method: 'DELETE', url: `/api/services/prices/mappings/${mappings.Results[0]!.Id}` });
    expect((removed.json() as { Total: number }).Total).toBe(0);
    expect((await server.api({ method: 'DELETE', url: `/api/services/prices/mappings/${mappings.Results[0]!.Id}` })).statusCode).toBe(404);
    await server.api({ method: 'PUT', url: '/api/eaccounting/article/mappings', payload: { Mappings: prices.filter((p) => Number(p.vat) === 6).map((p) => ({ PriceId: p.id, ExternalReference: padelArticle.ArticleId })) } });
  });

  let bookingId: number;
  it('invoices a booking with rows from its price lines, and asks before invoicing it again', async () => {
    const booking = await book(server, { ServiceId: seed.services.get('Padel 60 min')!, CustomerId: seed.customerId, From: soon(9), AllowBookingOutsideSchedules: true });
    bookingId = booking.Id;
    const lines = await server.db.query<{ price_minor: string; vat_minor: string }>('select price_minor, vat_minor from booking_quantities where booking_id = $1', [bookingId]);
    const gross = lines.reduce((s, l) => s + Number(l.price_minor), 0);
    const res = await server.api({ method: 'POST', url: '/api/eaccounting/invoice', payload: { BookingIds: [bookingId] } });
    expect(res.statusCode, res.body).toBe(200);
    const [note] = (res.json() as { Results: Note[] }).Results;
    expect(note).toMatchObject({ State: 'done', BookingIds: [bookingId], InvoiceNumber: '1' });
    const invoice = note!.Invoice!;
    expect(invoice).toMatchObject({ IsDraft: false, InvoiceNumber: '1', TotalAmount: gross, PriceSign: 'kr', VatSpecification: [{ VatPercent: 0.06 }] });
    expect(invoice.TotalVatAmount).toBe(Math.round(((gross - invoice.TotalVatAmount) * 6) / 100));
    expect(invoice.Rows[0]).toMatchObject({ IsTextRow: true, Text: expect.stringContaining('Padel 60 min') });
    expect(invoice.Rows.filter((r) => !r.IsTextRow).length).toBe(lines.length);
    expect((await fetch(invoice.InvoiceUri).then((r) => r.text()))).toContain('Invoice 1');
    const again = await server.api({ method: 'POST', url: '/api/eaccounting/invoice', payload: { BookingIds: [bookingId] } });
    expect(again.statusCode).toBe(409);
    expect(fieldsOf(again)).toEqual(['BookingIds']);
    expect(errorOf(again).Message).toContain(String(bookingId));
    expect(((await get('/api/eaccounting/invoices')).json() as { Total: number }).Total).toBe(1);
    const forced = await server.api({ method: 'POST', url: '/api/eaccounting/invoicedraft', payload: { BookingIds: [bookingId], Force: true } });
    expect((forced.json() as { Results: Note[] }).Results[0]).toMatchObject({ State: 'done', InvoiceNumber: null, Invoice: { IsDraft: true, TotalAmount: gross } });
    expect(((await get('/api/eaccounting/invoicedrafts')).json() as { Total: number }).Total).toBe(1);
    expect(((await get('/api/eaccounting/customers')).json() as { Results: { CustomerNumber: string }[] }).Results).toEqual([expect.objectContaining({ CustomerNumber: `B${seed.customerId}` })]);
    expect(((await get(`/api/eaccounting/notes?BookingId=${bookingId}`)).json() as { Total: number }).Total).toBe(2);
  });

  it('leaves an invoice to the outbox while the provider is down: pending, then done', async () => {
    server.config.publicUrl = 'http://127.0.0.1:9';
    const res = await server.api({ method: 'POST', url: '/api/eaccounting/invoice', payload: { BookingIds: [bookingId], Force: true } });
    server.config.publicUrl = publicUrl;
    expect(res.statusCode, res.body).toBe(200);
    const [note] = (res.json() as { Results: (Note & { Id: number })[] }).Results;
    expect(note).toMatchObject({ State: 'pending', InvoiceNumber: null });
    await vi.waitFor(
      async () => {
        await server.app.jobs.drain();
        const notes = ((await get(`/api/eaccounting/notes?BookingId=${bookingId}`)).json() as { Results: (Note & { Id: number })[] }).Results;
        expect(notes.find((n) => n.Id === note!.Id)).toMatchObject({ State: 'done', InvoiceNumber: '2' });
      },
      { timeout: 60_000, interval: 500 },
    );
  }, 90_000);

  it('refreshes the access token before it expires', async () => {
    await server.db.query("update eaccounting_connections set expires_at = now() + interval '10 seconds'");
    const before = await server.db.one<{ access_token_sealed: string }>('select access_token_sealed from eaccounting_connections');
    expect((await get('/api/eaccounting/articles')).statusCode).toBe(200);
    const after = await server.db.one<{ access_token_sealed: string; later: boolean }>("select access_token_sealed, expires_at > now() + interval '30 minutes' as later from eaccounting_connections");
    expect(after!.later).toBe(true);
    expect(after!.access_token_sealed).not.toBe(before!.access_token_sealed);
  });

  it('answers a revoked connection with the settings error, not 500, and shows it on check', async () => {
    await server.db.query('update eaccounting_sandbox_tokens set revoked = true');
    const res = await get('/api/eaccounting/articles');
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).ErrorCode).toBe('EAccountingConnectionLost');
    expect(errorOf(res).Message).toContain('Authenticate again');
    expect((await get('/api/eaccounting/check')).json()).toMatchObject({ IsAuthenticated: false, State: 'revoked' });
    const invoice = await server.api({ method: 'POST', url: '/api/eaccounting/invoice', payload: { BookingIds: [bookingId], Force: true } });
    expect(invoice.statusCode).toBe(400);
    expect(errorOf(invoice).ErrorCode).toBe('EAccountingConnectionLost');
  });

  it('logs out: the connection is forgotten and the grant revoked at the provider', async () => {
    const { code, state } = await approve(((await get('/api/eaccounting/check')).json() as { AuthorizeUrl: string }).AuthorizeUrl);
    expect((await get(`/api/eaccounting/callback?Code=${code}&State=${state}`)).statusCode).toBe(200);
    expect((await server.api({ method: 'POST', url: '/api/eaccounting/logout' })).statusCode).toBe(204);
    expect((await get('/api/eaccounting/check')).json()).toMatchObject({ IsAuthenticated: false, State: 'none' });
    expect(await server.db.query('select 1 from eaccounting_sandbox_tokens where not revoked')).toEqual([]);
  });
});
