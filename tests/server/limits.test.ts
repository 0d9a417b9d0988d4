import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Service } from '../../schema/services';
import { MAX_AVAILABLE_TIMES, RANGE_LIMIT_DAYS } from '../../server/shared/limits';
import { createTestServer, type TestServer } from './harness';

let server: TestServer;
let services: Service[];

interface ErrorBody {
  ResponseStatus: { ErrorCode: string; Message: string; Errors: { FieldName: string; ErrorCode: string; Message: string }[] };
}
const errorsOf = (res: { json(): unknown }) => (res.json() as ErrorBody).ResponseStatus.Errors;

beforeAll(async () => {
  server = await createTestServer();
  services = ((await server.api({ method: 'GET', url: '/api/services' })).json() as { Results: Service[] }).Results;
});
afterAll(async () => {
  await server?.close();
});

describe('custom-field patterns', () => {
  const field = (RegExId: string) => ({ Name: 'Kod', DataType: 'TextBox', Table: 'RegisteredUsers', RegExId, RegExErrorMessage: 'Fel kod' });

  it('refuses backreferences and lookaround when the field is saved, in every language, and saves nothing', async () => {
    const count = async () => (await server.db.one<{ n: number }>('select count(*)::int as n from custom_fields'))!.n;
    const before = await count();
    const words = { en: 'backreference', sv: 'bakåtreferens', fi: 'takaisinviittaus', no: 'tilbakereferanse' };
    for (const [lang, word] of Object.entries(words)) {
      for (const pattern of ['^(a)\\1$', '^(?=.*\\d)\\w{8,}$', '(?<!M)\\d+']) {
        const res = await server.api({ method: 'POST', url: '/api/customfields', payload: field(pattern), headers: { 'x-language': lang } });
        expect(res.statusCode, pattern).toBe(400);
        const [error] = errorsOf(res);
        expect(error.FieldName).toBe('RegExId');
        expect(error.Message).toContain('RegExId');
        expect(error.Message).toContain(word);
      }
    }
    const tooBig = await server.api({ method: 'POST', url: '/api/customfields', payload: field('(.){1,200}!') });
    expect(tooBig.statusCode).toBe(400);
    expect(errorsOf(tooBig)[0]).toMatchObject({ FieldName: 'RegExId' });
    expect(errorsOf(tooBig)[0].Message).toContain('500');
    expect(await count()).toBe(before);
  });

  it('runs a catastrophic pattern in linear time: the value is refused with the field message', async () => {
    const saved = await server.api({ method: 'POST', url: '/api/customfields', payload: { ...field('^(a+)+$'), Table: 'Event' } });
    expect(saved.statusCode, saved.body).toBe(200);
    const id = (saved.json() as { Id: number }).Id;
    const massage = services.find((s) => s.Name === 'Massage')!;
    const res = await server.api({
      method: 'PUT',
      url: `/api/services/${massage.Id}`,
      payload: { Name: massage.Name, Description: massage.Description, Duration: 45, CustomFieldValues: [{ Id: id, Value: `${'a'.repeat(24)}!` }] },
    });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)[0]).toMatchObject({ FieldName: `CustomFieldValues.${id}`, Message: 'Fel kod' });
    await server.api({ method: 'DELETE', url: `/api/customfields/${id}` });
  });
});

describe('ranges', () => {
  const weekdays = { Name: 'Dygnet runt', TimeInterval: 15, StartTime: '00:00', EndTime: '00:00', DaysOfWeek: [1, 2, 3, 4, 5, 6, 7] };

  it('refuses an availability range longer than the limit, naming To and the limit', async () => {
    const yoga = services.find((s) => s.Name === 'Yoga drop-in')!;
    const url = (to: string) => `/api/services/${yoga.Id}/availabletimes?From=2030-01-01&To=${to}`;
    const ok = await server.api({ method: 'GET', url: url('2030-04-03') });
    expect(ok.statusCode, ok.body).toBe(200);
    const res = await server.api({ method: 'GET', url: url('2030-04-04') });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)[0]).toMatchObject({ FieldName: 'To' });
    expect(errorsOf(res)[0].Message).toContain(String(RANGE_LIMIT_DAYS.availableTimes));
    const tenYears = await server.api({ method: 'GET', url: url('2039-12-31') });
    expect(tenYears.statusCode).toBe(400);
  });

  it('refuses a schedule test over a range longer than the limit', async () => {
    for (const [path, body] of [
      ['/api/schedules/recurring/test', { ...weekdays, From: '2030-01-01', To: '2040-01-01' }],
      ['/api/schedules/date/test', { Name: 'x', ScheduleDates: [{ From: '2030-01-02T10:00:00', To: '2030-01-02T12:00:00' }], From: '2030-01-01', To: '2030-06-01' }],
    ] as const) {
      const res = await server.api({ method: 'POST', url: path, payload: body });
      expect(res.statusCode, path).toBe(400);
      expect(errorsOf(res)[0], path).toMatchObject({ FieldName: 'To' });
      expect(errorsOf(res)[0].Message).toContain(String(RANGE_LIMIT_DAYS.scheduleTest));
    }
  });

  it('refuses a range that would list more times than the limit instead of building a huge answer', async () => {
    const dense = { ...weekdays, TimeInterval: 1, Duration: 1, From: '2030-01-01', To: '2030-01-31' };
    const res = await server.api({ method: 'POST', url: '/api/schedules/recurring/test', payload: dense });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)[0]).toMatchObject({ FieldName: 'To' });
    expect(errorsOf(res)[0].Message).toContain(MAX_AVAILABLE_TIMES.toLocaleString('en').replace(/,/g, ''));
    const days = await server.api({ method: 'POST', url: '/api/schedules/recurring/test', payload: { ...dense, To: '2030-01-03' } });
    expect(days.statusCode, days.body).toBe(200);
    expect((days.json() as { Times: unknown[] }).Times).toHaveLength(3 * 24 * 60);
  });
});

describe('lengths', () => {
  it('limits an access key value and description to the stored length', async () => {
    const customer = (key: Record<string, unknown>) => ({ Firstname: 'Kim', Lastname: 'Nyckel', CustomFieldValues: [], AccessKeys: [{ AccessKeyTypeId: 1, Value: 'A1', ...key }] });
    const count = async () => (await server.db.one<{ n: number }>('select count(*)::int as n from customers'))!.n;
    const before = await count();
    for (const [key, fieldName] of [
      [{ Value: 'x'.repeat(201) }, 'AccessKeys[0].Value'],
      [{ Description: 'x'.repeat(201) }, 'AccessKeys[0].Description'],
    ] as const) {
      const res = await server.api({ method: 'POST', url: '/api/customers', payload: customer(key) });
      expect(res.statusCode, fieldName).toBe(400);
      expect(errorsOf(res).map((e) => e.FieldName)).toContain(fieldName);
    }
    expect(await count()).toBe(before);
  });
});

describe('security headers', () => {
  const expectProtected = (res: { headers: Record<string, unknown> }, what: string) => {
    const csp = String(res.headers['content-security-policy'] ?? '');
    expect(csp, what).toContain("frame-ancestors 'none'");
    expect(csp, what).toMatch(/script-src 'self'/);
    expect(csp, what).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(res.headers['x-frame-options'], what).toBe('DENY');
    expect(res.headers['x-content-type-options'], what).toBe('nosniff');
    expect(res.headers['referrer-policy'], what).toBe('no-referrer');
  };

  it('protects API answers, errors and the configuration, and keeps personal data out of caches', async () => {
    const list = await server.api({ method: 'GET', url: '/api/customers?Take=1' });
    expectProtected(list, 'customers');
    expect(list.headers['cache-control']).toBe('no-store');
    const missing = await server.api({ method: 'GET', url: '/api/nothing-here' });
    expect(missing.statusCode).toBe(404);
    expectProtected(missing, '404');
    const anonymous = await server.app.inject({ method: 'GET', url: '/api/customers' });
    expect(anonymous.statusCode).toBe(401);
    expectProtected(anonymous, '401');
    expect(anonymous.headers['cache-control']).toBe('no-store');
    expectProtected(await server.app.inject({ method: 'GET', url: '/config.json' }), 'config.json');
  });

  it("protects the identity provider's own pages: error, sign-out and signed-out", async () => {
    const realm = `/realms/${server.config.realm}/protocol/openid-connect`;
    const error = await server.app.inject({ method: 'GET', url: `${realm}/auth?client_id=nobody&response_type=code` });
    expect(error.statusCode).toBeGreaterThanOrEqual(400);
    expect(error.headers['content-type']).toMatch(/text\/html/);
    expectProtected(error, 'error page');

    const logout = await server.app.inject({ method: 'GET', url: `${realm}/logout` });
    expect(logout.statusCode).toBe(200);
    expectProtected(logout, 'sign-out page');
    const script = /<script>([^<]*)<\/script>/.exec(logout.body)?.[1];
    if (script !== undefined) {
      const { createHash } = await import('node:crypto');
      const hash = createHash('sha256').update(script).digest('base64');
      expect(String(logout.headers['content-security-policy'])).toContain(`'sha256-${hash}'`);
    }

    const form = /action="([^"]+)"[\s\S]*?name="xsrf" value="([^"]+)"/.exec(logout.body);
    expect(form, logout.body).not.toBeNull();
    const cookie = ([] as string[]).concat(logout.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
    const action = new URL(form![1].replace(/&amp;/g, '&'), 'http://localhost:8080');
    const confirm = await server.app.inject({
      method: 'POST',
      url: action.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
      payload: new URLSearchParams({ xsrf: form![2], logout: 'yes' }).toString(),
    });
    let signedOut = confirm;
    if (confirm.statusCode >= 300 && confirm.statusCode < 400) {
      const next = new URL(String(confirm.headers.location), 'http://localhost:8080');
      signedOut = await server.app.inject({ method: 'GET', url: `${next.pathname}${next.search}`, headers: { cookie } });
    }
    expect(signedOut.statusCode, signedOut.body).toBe(200);
    expectProtected(signedOut, 'signed-out page');
  });
});
