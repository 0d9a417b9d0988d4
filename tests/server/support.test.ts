/**
 * Support cases (issue 36): open, list, filter, page, change and delete a case; comments and the
 * answer's mail; the support desk sees every company's cases and nothing else, and its reads are logged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, OTHER_EMAIL, OTHER_PASSWORD, type TestServer } from './harness';
import { addDeskAgent, addUser, NEW_CASE, PASSWORD } from './supportHelpers';

interface SupportCase {
  Id: number;
  CompanyName: string;
  StatusId: number;
  StatusName: string;
  TypeName: string;
  AreaName: string;
  Subject: string;
  Own: boolean;
  CommentCount: number;
}
interface Page<T> {
  Total: number;
  Results: T[];
}
interface ErrorBody {
  ResponseStatus: { ErrorCode: string; Message: string; Errors: { FieldName: string }[] };
}

let server: TestServer;
let staff: { id: number; email: string };
let staffToken: string;
let otherToken: string;
let deskToken: string;
let deskId: number;

beforeAll(async () => {
  server = await createTestServer();
  staff = await addUser(server, [2]);
  staffToken = await server.login(staff.email, PASSWORD);
  otherToken = await server.login(OTHER_EMAIL, OTHER_PASSWORD);
  const desk = await addDeskAgent(server, OTHER_EMAIL);
  deskId = desk.id;
  deskToken = await server.login(desk.email, PASSWORD);
});
afterAll(async () => {
  await server?.close();
});

const open = async (token: string, body: Record<string, unknown> = NEW_CASE) => server.api({ method: 'POST', url: '/api/support/cases', token, payload: body });

describe('a company opens and follows its cases', () => {
  it('names the statuses, types and areas in the caller language', async () => {
    const statuses = (await server.api({ method: 'GET', url: '/api/support/cases/status', token: staffToken, headers: { 'x-language': 'sv' } })).json() as Page<{ Id: number; Name: string }>;
    expect(statuses.Results.map((s) => s.Name)).toEqual(['Ny', 'Pågår', 'Besvarad', 'Stängd']);
    const types = (await server.api({ method: 'GET', url: '/api/support/cases/types', token: staffToken })).json() as Page<{ Name: string }>;
    expect(types.Results.map((t) => t.Name)).toContain('Question');
    const areas = (await server.api({ method: 'GET', url: '/api/support/cases/areas', token: staffToken, headers: { 'x-language': 'fi' } })).json() as Page<{ Name: string }>;
    expect(areas.Results.map((a) => a.Name)).toContain('Varaukset');
  });

  it('lets Staff open a case that the company then lists as new', async () => {
    const res = await open(staffToken);
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json() as SupportCase;
    expect(created).toMatchObject({ Subject: NEW_CASE.Subject, StatusId: 1, StatusName: 'New', TypeName: 'Problem', AreaName: 'Bookings', Own: true });
    const list = (await server.api({ method: 'GET', url: '/api/support/cases' })).json() as Page<SupportCase>;
    expect(list.Results.map((c) => c.Id)).toContain(created.Id);
    expect(list.Results.find((c) => c.Id === created.Id)!.Own).toBe(false);
  });

  it('refuses a case without a subject, naming the field, and writes nothing', async () => {
    const before = (await server.db.one<{ n: number }>('select count(*)::int as n from support_cases'))!.n;
    const res = await open(staffToken, { ...NEW_CASE, Subject: '  ' });
    expect(res.statusCode).toBe(400);
    expect((res.json() as ErrorBody).ResponseStatus.Errors.map((e) => e.FieldName)).toEqual(['Subject']);
    const bad = await open(staffToken, { ...NEW_CASE, AreaId: 77 });
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as ErrorBody).ResponseStatus.Errors.map((e) => e.FieldName)).toEqual(['AreaId']);
    expect((await server.db.one<{ n: number }>('select count(*)::int as n from support_cases'))!.n).toBe(before);
  });

  it('pages 25 at a time and filters by status, type and words', async () => {
    for (let i = 0; i < 26; i++) expect((await open(staffToken, { ...NEW_CASE, TypeId: 1, Subject: `Question ${i}` })).statusCode).toBe(200);
    const first = (await server.api({ method: 'GET', url: '/api/support/cases?TypeId=1' })).json() as Page<SupportCase>;
    expect(first.Total).toBe(26);
    expect(first.Results).toHaveLength(25);
    const second = (await server.api({ method: 'GET', url: '/api/support/cases?TypeId=1&Skip=25' })).json() as Page<SupportCase>;
    expect(second.Results).toHaveLength(1);
    const found = (await server.api({ method: 'GET', url: '/api/support/cases?Search=question%2017' })).json() as Page<SupportCase>;
    expect(found.Results.map((c) => c.Subject)).toEqual(['Question 17']);
    const closed = (await server.api({ method: 'GET', url: '/api/support/cases?StatusId=4' })).json() as Page<SupportCase>;
    expect(closed.Total).toBe(0);
  });

  it('closes and reopens a case, but leaves answered and in progress to support', async () => {
    const kase = (await open(staffToken)).json() as SupportCase;
    const refused = await server.api({ method: 'PUT', url: `/api/support/cases/${kase.Id}`, token: staffToken, payload: { StatusId: 3 } });
    expect(refused.statusCode).toBe(400);
    expect((refused.json() as ErrorBody).ResponseStatus.Errors[0]!.FieldName).toBe('StatusId');
    const closed = await server.api({ method: 'PUT', url: `/api/support/cases/${kase.Id}`, token: staffToken, payload: { StatusId: 4, Subject: 'Scheduler empty' } });
    expect(closed.json()).toMatchObject({ StatusId: 4, Subject: 'Scheduler empty' });
    const comment = await server.api({ method: 'POST', url: `/api/support/cases/${kase.Id}/comments`, token: staffToken, payload: { Text: 'Still there?' } });
    expect(comment.statusCode).toBe(409);
    expect((comment.json() as ErrorBody).ResponseStatus.Message).toBe('The case is closed. Reopen it to write.');
    const reopened = await server.api({ method: 'PUT', url: `/api/support/cases/${kase.Id}`, token: staffToken, payload: { StatusId: 1 } });
    expect(reopened.json()).toMatchObject({ StatusId: 1 });
  });

  it('deletes a case of its own company; another company gets 404 and sees none of them', async () => {
    const kase = (await open(staffToken)).json() as SupportCase;
    const list = (await server.api({ method: 'GET', url: '/api/support/cases', token: otherToken })).json() as Page<SupportCase>;
    expect(list.Results.map((c) => c.Id)).not.toContain(kase.Id);
    for (const [method, url] of [
      ['GET', `/api/support/cases/${kase.Id}`],
      ['PUT', `/api/support/cases/${kase.Id}`],
      ['GET', `/api/support/cases/${kase.Id}/comments`],
      ['GET', `/api/support/cases/${kase.Id}/attachments`],
      ['DELETE', `/api/support/cases/${kase.Id}`],
    ] as const) {
      const res = await server.api({ method, url, token: otherToken, payload: method === 'PUT' ? { StatusId: 4 } : undefined });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await server.api({ method: 'DELETE', url: `/api/support/cases/${kase.Id}`, token: staffToken })).statusCode).toBe(204);
    expect((await server.api({ method: 'GET', url: `/api/support/cases/${kase.Id}` })).statusCode).toBe(404);
  });
});

describe('the support desk', () => {
  it('sees every company’s cases, named, and is refused the companies’ data', async () => {
    const mine = (await open(staffToken, { ...NEW_CASE, Subject: 'Demo company asks' })).json() as SupportCase;
    const theirs = (await open(otherToken, { ...NEW_CASE, Subject: 'Other company asks' })).json() as SupportCase;
    const list = (await server.api({ method: 'GET', url: '/api/support/cases?Take=100&Search=company%20asks', token: deskToken })).json() as Page<SupportCase>;
    const names = Object.fromEntries(list.Results.map((c) => [c.Id, c.CompanyName]));
    expect(names[mine.Id]).toBe((await server.db.one<{ name: string }>('select c.name from companies c join users u on u.company_id = c.id where u.id = $1', [staff.id]))!.name);
    expect(names[theirs.Id]).toBeDefined();
    for (const url of ['/api/customers', '/api/bookings', '/api/services', '/api/administrators', '/api/bookings/settings']) {
      expect((await server.api({ method: 'GET', url, token: deskToken })).statusCode, url).toBe(403);
    }
  });

  it('is told it is the desk; a company is not', async () => {
    expect((await server.api({ method: 'GET', url: '/api/support/cases/desk', token: deskToken })).json()).toEqual({ Desk: true });
    expect((await server.api({ method: 'GET', url: '/api/support/cases/desk', token: staffToken })).json()).toEqual({ Desk: false });
  });

  it('logs every read of a case', async () => {
    const kase = (await open(staffToken, { ...NEW_CASE, Subject: 'Logged read' })).json() as SupportCase;
    const company = (await server.db.one<{ company_id: number }>('select company_id from support_cases where id = $1', [kase.Id]))!.company_id;
    await server.api({ method: 'GET', url: `/api/support/cases/${kase.Id}`, token: deskToken });
    await server.api({ method: 'GET', url: `/api/support/cases/${kase.Id}/comments`, token: deskToken });
    await server.api({ method: 'GET', url: `/api/support/cases/${kase.Id}`, token: staffToken });
    const reads = await server.db.query<{ what: string; user_id: number; company_id: number }>('select what, user_id, company_id from support_reads where case_id = $1 order by id', [kase.Id]);
    expect(reads).toEqual([
      { what: 'case', user_id: deskId, company_id: company },
      { what: 'comments', user_id: deskId, company_id: company },
    ]);
  });

  it('answers a case: the case is answered, the opener gets a mail, and the company sees the answer', async () => {
    const kase = (await open(staffToken, { ...NEW_CASE, Subject: 'Please answer' })).json() as SupportCase;
    const own = await server.api({ method: 'POST', url: `/api/support/cases/${kase.Id}/comments`, token: staffToken, payload: { Text: 'It happens on Mondays.' } });
    expect(own.statusCode).toBe(200);
    const answer = await server.api({ method: 'POST', url: `/api/support/cases/${kase.Id}/comments`, token: deskToken, payload: { Text: 'Fixed: the schedule had ended.' } });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ FromSupport: true, Own: true });
    expect((await server.api({ method: 'GET', url: `/api/support/cases/${kase.Id}`, token: staffToken })).json()).toMatchObject({ StatusId: 3, CommentCount: 2 });
    await server.app.jobs.drain();
    const mails = await server.db.query<{ subject: string; text_body: string }>("select subject, text_body from mail_outbox where to_address = $1 and kind = 'support_answer'", [staff.email]);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('Please answer');
    expect(mails[0]!.text_body).toContain('Fixed: the schedule had ended.');
    const thread = (await server.api({ method: 'GET', url: `/api/support/cases/${kase.Id}/comments`, token: staffToken })).json() as Page<{ Text: string; FromSupport: boolean; Own: boolean }>;
    expect(thread.Results.map((c) => [c.Text, c.FromSupport, c.Own])).toEqual([
      ['It happens on Mondays.', false, true],
      ['Fixed: the schedule had ended.', true, false],
    ]);
    // The company writing again puts the case back in progress.
    await server.api({ method: 'POST', url: `/api/support/cases/${kase.Id}/comments`, token: staffToken, payload: { Text: 'Thanks!' } });
    expect((await server.api({ method: 'GET', url: `/api/support/cases/${kase.Id}`, token: staffToken })).json()).toMatchObject({ StatusId: 2 });
  });

  it('deletes only one’s own comments, and never a company’s case', async () => {
    const kase = (await open(staffToken, { ...NEW_CASE, Subject: 'Comments' })).json() as SupportCase;
    const theirs = (await server.api({ method: 'POST', url: `/api/support/cases/${kase.Id}/comments`, token: staffToken, payload: { Text: 'Mine' } })).json() as { Id: number };
    const desks = (await server.api({ method: 'POST', url: `/api/support/cases/${kase.Id}/comments`, token: deskToken, payload: { Text: 'Support’s' } })).json() as { Id: number };
    const refused = await server.api({ method: 'DELETE', url: `/api/support/cases/${kase.Id}/comments/${theirs.Id}`, token: deskToken });
    expect(refused.statusCode).toBe(403);
    expect((refused.json() as ErrorBody).ResponseStatus.Message).toBe('You can only delete your own comments.');
    expect((await server.api({ method: 'DELETE', url: `/api/support/cases/${kase.Id}/comments/${desks.Id}`, token: staffToken })).statusCode).toBe(403);
    // Another administrator of the same company did not write it either.
    expect((await server.api({ method: 'DELETE', url: `/api/support/cases/${kase.Id}/comments/${theirs.Id}` })).statusCode).toBe(403);
    expect((await server.api({ method: 'DELETE', url: `/api/support/cases/${kase.Id}/comments/${theirs.Id}`, token: staffToken })).statusCode).toBe(204);
    const thread = (await server.api({ method: 'GET', url: `/api/support/cases/${kase.Id}/comments`, token: staffToken })).json() as Page<{ Text: string }>;
    expect(thread.Results.map((c) => c.Text)).toEqual(['Support’s']);
    expect((await server.api({ method: 'DELETE', url: `/api/support/cases/${kase.Id}`, token: deskToken })).statusCode).toBe(403);
  });

  it('sets the status but not the company’s words', async () => {
    const kase = (await open(staffToken, { ...NEW_CASE, Subject: 'Original words' })).json() as SupportCase;
    const res = await server.api({ method: 'PUT', url: `/api/support/cases/${kase.Id}`, token: deskToken, payload: { StatusId: 2, Subject: 'Rewritten' } });
    expect(res.json()).toMatchObject({ StatusId: 2, Subject: 'Original words' });
  });

  it('cannot be made by a company administrator: the role is not among the company roles', async () => {
    const roles = (await server.api({ method: 'GET', url: '/api/administrators/roles' })).json() as Page<{ Name: string }>;
    expect(roles.Results.map((r) => r.Name)).not.toContain('Support');
    const admin = await addUser(server, [1]);
    const list = (await server.api({ method: 'GET', url: '/api/support/cases?Take=100', token: await server.login(admin.email, PASSWORD) })).json() as Page<SupportCase>;
    expect(new Set(list.Results.map((c) => c.CompanyName)).size).toBe(1);
  });
});

describe('manuals', () => {
  it('answers the articles in the caller language and finds them by words', async () => {
    const all = (await server.api({ method: 'GET', url: '/api/support/manuals', token: staffToken, headers: { 'x-language': 'sv' } })).json() as Page<{ Title: string }>;
    expect(all.Total).toBeGreaterThanOrEqual(5);
    expect(all.Results.map((m) => m.Title)).toContain('Kontakta supporten');
    const found = (await server.api({ method: 'GET', url: '/api/support/manuals?Search=tidsundantag', token: staffToken, headers: { 'x-language': 'sv' } })).json() as Page<{ Title: string }>;
    expect(found.Results.map((m) => m.Title)).toEqual(['Scheman och undantag']);
    const none = (await server.api({ method: 'GET', url: '/api/support/manuals?Search=zebra', token: staffToken })).json() as Page<unknown>;
    expect(none.Total).toBe(0);
  });
});
