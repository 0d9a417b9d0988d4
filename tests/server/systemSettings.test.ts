/**
 * System settings (issue 36): GET, PUT /settings/system — time zone and currency where every area
 * reads them, date and number formats, the customers' language, mail sender and reply-to, SMS sender.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, OTHER_EMAIL, OTHER_PASSWORD, type TestServer } from './harness';
import { addUser, PASSWORD } from './supportHelpers';

interface ErrorBody {
  ResponseStatus: { Errors: { FieldName: string }[] };
}

let server: TestServer;

beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

const SETTINGS = {
  TimeZone: 'Europe/Helsinki',
  CurrencyId: 'EUR',
  DateFormat: 'dd.MM.yyyy',
  NumberFormat: 'dot-comma',
  CustomerLanguage: 'fi',
  MailSenderName: 'Solrosen Helsinki',
  MailReplyTo: 'svar@example.com',
  SmsSender: 'Solrosen',
};

describe('system settings', () => {
  it('answers the defaults for a company that never saved them: its own zone and currency, its country’s language', async () => {
    const res = await server.api({ method: 'GET', url: '/api/settings/system' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      TimeZone: 'Europe/Stockholm',
      CurrencyId: 'SEK',
      DateFormat: 'yyyy-MM-dd',
      NumberFormat: 'space-comma',
      CustomerLanguage: 'sv',
      MailSenderName: '',
      MailReplyTo: '',
      SmsSender: '',
    });
  });

  it('saves them; the company’s zone and currency change where every screen reads them', async () => {
    const res = await server.api({ method: 'PUT', url: '/api/settings/system', payload: SETTINGS });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(SETTINGS);
    expect((await server.api({ method: 'GET', url: '/api/settings/system' })).json()).toEqual(SETTINGS);
    const companies = (await server.api({ method: 'GET', url: '/api/companies' })).json() as { Results: { TimeZone: string; CurrencyId: string }[] };
    expect(companies.Results[0]).toMatchObject({ TimeZone: 'Europe/Helsinki', CurrencyId: 'EUR' });
    // Another company keeps its own.
    const other = await server.api({ method: 'GET', url: '/api/settings/system', token: await server.login(OTHER_EMAIL, OTHER_PASSWORD) });
    expect(other.json()).toMatchObject({ DateFormat: 'yyyy-MM-dd', MailSenderName: '' });
    await server.api({ method: 'PUT', url: '/api/settings/system', payload: { ...SETTINGS, TimeZone: 'Europe/Stockholm', CurrencyId: 'SEK' } });
  });

  it("sends the company's mail with its sender name (the install's address) and reply-to, and its text messages with its SMS sender", async () => {
    const company = (await server.db.one<{ company_id: number }>("select company_id from users where email = 'demo@example.com'"))!.company_id;
    const mail = await server.app.mailer.send({ companyId: company, to: 'kund@example.com', subject: 'Bokning', text: 'Välkommen', kind: 'booking_confirmation' });
    expect(mail.from).toBe('"Solrosen Helsinki" <no-reply@booking-admin.local>');
    expect(mail.headers).toMatchObject({ 'Reply-To': 'svar@example.com' });
    const text = await server.app.sms.send({ companyId: company, to: '+46701234567', text: 'Välkommen', kind: 'booking_confirmation' });
    expect(text.from).toBe('Solrosen');
    // Another company's mail keeps the install's sender.
    const other = (await server.db.one<{ company_id: number }>('select company_id from users where email = $1', [OTHER_EMAIL]))!.company_id;
    const theirs = await server.app.mailer.send({ companyId: other, to: 'kund@example.com', subject: 'Bokning', text: 'Hej' });
    expect(theirs.from).toBe('no-reply@booking-admin.local');
    expect(theirs.headers).toEqual({});
  });

  it("writes a booking's messages to the customer in the customers' language, and back in the country's once it is set so", async () => {
    const firstMessage = async (CustomerLanguage: string) => {
      const put = await server.api({ method: 'PUT', url: '/api/settings/system', payload: { ...SETTINGS, TimeZone: 'Europe/Stockholm', CurrencyId: 'SEK', CustomerLanguage } });
      expect(put.statusCode, put.body).toBe(200);
      const service = (await server.db.one<{ id: number }>("select id from services where name = 'Padel 60 min' and company_id = (select company_id from users where email = 'demo@example.com')"))!.id;
      const from = `2031-0${CustomerLanguage === 'fi' ? 3 : 4}-04T10:00:00`;
      const customer = { Firstname: 'Språk', Lastname: CustomerLanguage, Email: `sprak.${CustomerLanguage}@example.com` };
      const res = await server.api({ method: 'POST', url: '/api/bookings', payload: { ServiceId: service, From: from, Customer: customer, AllowBookingOutsideSchedules: true, SendEmailConfirmation: true } });
      expect(res.statusCode, res.body).toBe(200);
      const id = (res.json() as { Id: number }).Id;
      return server.db.one<{ language: string; subject: string }>('select language, subject from message_log where booking_id = $1 order by id limit 1', [id]);
    };
    expect(await firstMessage('fi')).toMatchObject({ language: 'fi' });
    expect(await firstMessage('sv')).toMatchObject({ language: 'sv' });
  });

  it("writes dates, amounts and phone numbers in a booking's messages as the company chose, and as its country does until it chooses", async () => {
    const company = (await server.db.one<{ company_id: number }>("select company_id from users where email = 'demo@example.com'"))!.company_id;
    const service = (await server.db.one<{ id: number }>("select id from services where name = 'Padel 60 min' and company_id = $1", [company]))!.id;
    const res = await server.api({
      method: 'POST',
      url: '/api/bookings',
      payload: { ServiceId: service, From: '2031-05-06T10:00:00', Customer: { Firstname: 'Form', Lastname: 'At', Email: 'format@example.com', Phone: '0733764821' }, AllowBookingOutsideSchedules: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    const booking = (res.json() as { Id: number; TotalPrice: number }).Id;
    await server.db.query('update bookings set total_price_minor = 123450 where id = $1', [booking]);
    const preview = async () => {
      const answer = await server.api({
        method: 'POST',
        url: '/api/messages/templates/preview',
        payload: { SendMethodId: 2, Body: '{{ Booking.From }}|{{ Booking.TotalPrice }}|{{ Customer.Phone }}', BookingId: booking },
      });
      expect(answer.statusCode, answer.body).toBe(200);
      return (answer.json() as { Body: string }).Body;
    };
    const save = async (DateFormat: string, NumberFormat: string) =>
      expect((await server.api({ method: 'PUT', url: '/api/settings/system', payload: { ...SETTINGS, TimeZone: 'Europe/Stockholm', CurrencyId: 'SEK', CustomerLanguage: 'sv', DateFormat, NumberFormat } })).statusCode).toBe(200);

    await save('dd.MM.yyyy', 'comma-dot');
    expect(await preview()).toBe('06.05.2031 10:00|1,234.50\u00a0kr|073-376 48 21');
    await save('dd/MM/yyyy', 'dot-comma');
    expect(await preview()).toBe('06/05/2031 10:00|1.234,50\u00a0kr|073-376 48 21');
    // Never saved: as the company's country writes them (Sweden year first, Finland day first).
    await server.db.query('delete from system_settings where company_id = $1', [company]);
    expect(await preview()).toBe('2031-05-06 10:00|1\u00a0234,50\u00a0kr|073-376 48 21');
    await server.db.query("update companies set country_id = 'FI' where id = $1", [company]);
    try {
      expect((await server.api({ method: 'GET', url: '/api/settings/system' })).json()).toMatchObject({ DateFormat: 'dd.MM.yyyy', NumberFormat: 'space-comma' });
      expect((await preview()).split('|')[0]).toBe('06.05.2031 10:00');
    } finally {
      await server.db.query("update companies set country_id = 'SE' where id = $1", [company]);
    }
  });

  it('refuses what is not a zone, a currency, an address or an SMS sender, naming each field, and saves nothing', async () => {
    const before = (await server.api({ method: 'GET', url: '/api/settings/system' })).json();
    const res = await server.api({
      method: 'PUT',
      url: '/api/settings/system',
      payload: { ...SETTINGS, TimeZone: 'Mars/Olympus', CurrencyId: 'XXX', MailReplyTo: 'not an address', SmsSender: 'Toolongsender' },
    });
    expect(res.statusCode).toBe(400);
    expect((res.json() as ErrorBody).ResponseStatus.Errors.map((e) => e.FieldName)).toEqual(['TimeZone', 'CurrencyId', 'MailReplyTo', 'SmsSender']);
    const format = await server.api({ method: 'PUT', url: '/api/settings/system', payload: { ...SETTINGS, DateFormat: 'yy-M-d' } });
    expect(format.statusCode).toBe(400);
    expect((await server.api({ method: 'GET', url: '/api/settings/system' })).json()).toEqual(before);
  });

  it('takes a phone number as SMS sender and empty texts as “use the default”', async () => {
    const res = await server.api({ method: 'PUT', url: '/api/settings/system', payload: { ...SETTINGS, SmsSender: '+46701234567', MailSenderName: ' ', MailReplyTo: '' } });
    expect(res.json()).toMatchObject({ SmsSender: '+46701234567', MailSenderName: '', MailReplyTo: '' });
  });

  it('is for administrators: Staff is refused reading and changing them', async () => {
    const staff = await addUser(server, [2]);
    const token = await server.login(staff.email, PASSWORD);
    expect((await server.api({ method: 'GET', url: '/api/settings/system', token })).statusCode).toBe(403);
    expect((await server.api({ method: 'PUT', url: '/api/settings/system', token, payload: SETTINGS })).statusCode).toBe(403);
  });
});

describe('booking settings on GET, PUT /settings', () => {
  it('answers and changes the booking settings as GET, PUT /bookings/settings do', async () => {
    const before = (await server.api({ method: 'GET', url: '/api/bookings/settings' })).json() as Record<string, unknown>;
    const res = await server.api({ method: 'GET', url: '/api/settings' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(before);
    const changed = await server.api({ method: 'PUT', url: '/api/settings', payload: { ...before, CancellationDeadlineHours: 48 } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ CancellationDeadlineHours: 48 });
    expect((await server.api({ method: 'GET', url: '/api/bookings/settings' })).json()).toMatchObject({ CancellationDeadlineHours: 48 });
  });

  it('refuses a bad value as the booking settings do, naming the field, in the caller language', async () => {
    const before = (await server.api({ method: 'GET', url: '/api/settings' })).json() as Record<string, unknown>;
    const res = await server.api({ method: 'PUT', url: '/api/settings', payload: { ...before, ReservationHoldMinutes: 0 }, headers: { 'x-language': 'sv' } });
    expect(res.statusCode).toBe(400);
    expect((res.json() as ErrorBody).ResponseStatus.Errors.map((e) => e.FieldName)).toEqual(['ReservationHoldMinutes']);
    expect((await server.api({ method: 'GET', url: '/api/settings' })).json()).toEqual(before);
  });

  it('is for those who may change settings: Staff is refused', async () => {
    const staff = await addUser(server, [2]);
    const token = await server.login(staff.email, PASSWORD);
    expect((await server.api({ method: 'GET', url: '/api/settings', token })).statusCode).toBe(403);
  });
});
