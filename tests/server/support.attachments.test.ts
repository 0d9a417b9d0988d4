/**
 * Support case attachments (issue 36): images and PDFs, checked by their content (never the name or
 * the declared type), size-limited, images re-encoded, served only to the case's company and the desk.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, OTHER_EMAIL, OTHER_PASSWORD, type TestServer } from './harness';
import { addDeskAgent, addUser, multipart, NEW_CASE, PASSWORD, type Part } from './supportHelpers';

interface Attachment {
  Id: number;
  FileName: string;
  ContentType: string;
  Size: number;
  Url: string;
}
interface ErrorBody {
  ResponseStatus: { ErrorCode: string; Message: string; Errors: { FieldName: string }[] };
}

let server: TestServer;
let staffToken: string;
let otherToken: string;
let deskToken: string;
let caseId: number;
let png: Buffer;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

beforeAll(async () => {
  server = await createTestServer();
  const staff = await addUser(server, [2]);
  staffToken = await server.login(staff.email, PASSWORD);
  otherToken = await server.login(OTHER_EMAIL, OTHER_PASSWORD);
  deskToken = await server.login((await addDeskAgent(server, OTHER_EMAIL)).email, PASSWORD);
  caseId = ((await server.api({ method: 'POST', url: '/api/support/cases', token: staffToken, payload: NEW_CASE })).json() as { Id: number }).Id;
  png = await sharp({ create: { width: 8, height: 6, channels: 3, background: '#3366cc' } }).png().toBuffer();
});
afterAll(async () => {
  await server?.close();
});

async function attach(parts: Part[], token = staffToken, id = caseId) {
  const body = multipart(parts);
  return server.api({ method: 'POST', url: `/api/support/cases/${id}/attachments`, token, payload: body.payload, headers: body.headers });
}
const count = async () => (await server.db.one<{ n: number }>('select count(*)::int as n from support_case_attachments'))!.n;

describe('attachments of a case', () => {
  it('stores an image re-encoded: what was hidden after it is gone, the picture stays', async () => {
    const hidden = Buffer.concat([png, Buffer.from('<script>alert(1)</script>')]);
    const res = await attach([{ name: 'file', value: hidden, filename: 'screen shot.png', type: 'image/png' }]);
    expect(res.statusCode, res.body).toBe(200);
    const a = res.json() as Attachment;
    expect(a).toMatchObject({ FileName: 'screen shot.png', ContentType: 'image/png' });
    const file = await server.api({ method: 'GET', url: a.Url, token: staffToken });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.includes(Buffer.from('<script>'))).toBe(false);
    const meta = await sharp(file.rawPayload).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([8, 6, 'png']);
  });

  it('takes a PDF, and a JPEG named .txt as the JPEG it is', async () => {
    const pdf = await attach([{ name: 'file', value: PDF, filename: 'invoice.pdf', type: 'application/pdf' }]);
    expect(pdf.json()).toMatchObject({ FileName: 'invoice.pdf', ContentType: 'application/pdf', Size: PDF.length });
    const jpeg = await sharp({ create: { width: 4, height: 4, channels: 3, background: 'red' } }).jpeg().toBuffer();
    const named = await attach([{ name: 'file', value: jpeg, filename: 'notes.txt', type: 'text/plain' }]);
    expect(named.json()).toMatchObject({ FileName: 'notes.jpg', ContentType: 'image/jpeg' });
    const list = (await server.api({ method: 'GET', url: `/api/support/cases/${caseId}/attachments`, token: staffToken })).json() as { Results: Attachment[] };
    expect(list.Results.map((r) => r.FileName)).toEqual(['screen shot.png', 'invoice.pdf', 'notes.jpg']);
    const file = await server.api({ method: 'GET', url: list.Results[1]!.Url, token: staffToken });
    expect(file.headers['content-disposition']).toMatch(/^attachment;/);
    expect(file.rawPayload.equals(PDF)).toBe(true);
  });

  it('refuses by content: a page named .png, a broken image, an SVG, a PDF with script', async () => {
    const before = await count();
    const cases: Part[] = [
      { name: 'file', value: '<html><body>hi</body></html>', filename: 'x.png', type: 'image/png' },
      { name: 'file', value: Buffer.concat([png.subarray(0, 40)]), filename: 'broken.png', type: 'image/png' },
      { name: 'file', value: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', filename: 'x.svg', type: 'image/svg+xml' },
      { name: 'file', value: Buffer.from('%PDF-1.4\n1 0 obj << /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >> endobj\n%%EOF\n'), filename: 'x.pdf', type: 'application/pdf' },
    ];
    for (const part of cases) {
      const res = await attach([part]);
      expect(res.statusCode, part.filename).toBe(400);
      const body = res.json() as ErrorBody;
      expect(body.ResponseStatus.Errors[0]!.FieldName).toBe('file');
      expect(body.ResponseStatus.Message).toBe('Attach an image (PNG, JPEG, GIF, WebP) or a PDF.');
    }
    expect(await count()).toBe(before);
  });

  it('refuses a file over 5 MB and an upload without a file', async () => {
    const big = Buffer.concat([PDF.subarray(0, 9), Buffer.alloc(5_000_001, 0x20), Buffer.from('\n%%EOF\n')]);
    const res = await attach([{ name: 'file', value: big, filename: 'big.pdf', type: 'application/pdf' }]);
    expect(res.statusCode).toBe(400);
    expect((res.json() as ErrorBody).ResponseStatus.Message).toBe('The file may be at most 5000000 bytes.');
    const none = await attach([{ name: 'note', value: 'no file' }]);
    expect(none.statusCode).toBe(400);
    expect((none.json() as ErrorBody).ResponseStatus.Errors[0]!.FieldName).toBe('file');
  });

  it('serves the files to the company and the desk, never to another company or without a token', async () => {
    const a = (await attach([{ name: 'file', value: png, filename: 'p.png', type: 'image/png' }])).json() as Attachment;
    expect((await server.api({ method: 'GET', url: a.Url, token: deskToken })).statusCode).toBe(200);
    expect((await server.api({ method: 'GET', url: a.Url, token: otherToken })).statusCode).toBe(404);
    expect((await attach([{ name: 'file', value: png, filename: 'p.png', type: 'image/png' }], otherToken)).statusCode).toBe(404);
    expect((await server.app.inject({ method: 'GET', url: a.Url })).statusCode).toBe(401);
    const reads = await server.db.query<{ what: string }>("select what from support_reads where case_id = $1 and what = 'attachment'", [caseId]);
    expect(reads).toHaveLength(1);
  });

  it('lets the desk attach to a case, but nobody to a closed one', async () => {
    expect((await attach([{ name: 'file', value: PDF, filename: 'answer.pdf', type: 'application/pdf' }], deskToken)).statusCode).toBe(200);
    await server.api({ method: 'PUT', url: `/api/support/cases/${caseId}`, token: staffToken, payload: { StatusId: 4 } });
    const res = await attach([{ name: 'file', value: PDF, filename: 'late.pdf', type: 'application/pdf' }]);
    expect(res.statusCode).toBe(409);
  });
});
