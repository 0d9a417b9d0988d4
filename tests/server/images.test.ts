import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, OTHER_EMAIL, OTHER_PASSWORD, type TestServer } from './harness';

interface ResponseStatusBody {
  ResponseStatus: { ErrorCode: string; Message: string; Errors: { ErrorCode: string; FieldName: string; Message: string }[] };
}

let server: TestServer;

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
  type?: string;
}

function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----test-boundary-7MA4YWxkTrZu0gW';
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`;
    chunks.push(Buffer.from(head), Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function upload(parts: Part[], headers: Record<string, string> = {}, token?: string) {
  const body = multipart(parts);
  return server.api({ method: 'POST', url: '/api/images', payload: body.payload, headers: { ...body.headers, ...headers }, token });
}

const imageCount = async (): Promise<number> => (await server.db.one<{ n: number }>('select count(*)::int as n from images'))!.n;
const fields = (body: ResponseStatusBody): string[] => body.ResponseStatus.Errors.map((e) => e.FieldName);

beforeAll(async () => {
  server = await createTestServer();
});

afterAll(async () => {
  await server?.close();
});

describe('image upload', () => {
  it('stores an image and serves it publicly with its type and caching headers', async () => {
    const res = await upload([
      { name: 'FolderType', value: '5' },
      { name: 'file', value: PNG, filename: 'pixel.png', type: 'image/png' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { Id: number; ImageUrl: string; FolderType: number };
    expect(body.ImageUrl).toMatch(/^\/api\/images\/[A-Za-z0-9_-]{22}$/);
    // The public address is a random key, not the sequential id.
    expect((await server.app.inject({ method: 'GET', url: `/api/images/${body.Id}` })).statusCode).toBe(400);
    expect(body.FolderType).toBe(5);

    const get = await server.app.inject({ method: 'GET', url: body.ImageUrl });
    expect(get.statusCode).toBe(200);
    expect(get.headers['content-type']).toBe('image/png');
    expect(get.headers['cache-control']).toContain('max-age');
    expect(get.rawPayload.equals(PNG)).toBe(true);
    const etag = String(get.headers.etag);
    const cached = await server.app.inject({ method: 'GET', url: body.ImageUrl, headers: { 'if-none-match': etag } });
    expect(cached.statusCode).toBe(304);
  });

  it('serves the type the bytes are, not the one declared, and takes FolderType after the file', async () => {
    const res = await upload([
      { name: 'file', value: GIF, filename: 'pixel.png', type: 'image/png' },
      { name: 'FolderType', value: '1' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const get = await server.app.inject({ method: 'GET', url: (res.json() as { ImageUrl: string }).ImageUrl });
    expect(get.headers['content-type']).toBe('image/gif');
  });

  it.each([
    ['a text file declared as an image', { value: Buffer.from('hello world, not an image'), filename: 'a.png', type: 'image/png' }],
    ['an SVG', { value: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), filename: 'a.svg', type: 'image/svg+xml' }],
    ['an image declared as a document', { value: PNG, filename: 'a.pdf', type: 'application/pdf' }],
  ])("refuses %s with the 'wrong type' message naming file", async (_name, file) => {
    const before = await imageCount();
    const res = await upload([{ name: 'FolderType', value: '2' }, { name: 'file', ...file }]);
    expect(res.statusCode).toBe(400);
    const body = res.json() as ResponseStatusBody;
    expect(fields(body)).toEqual(['file']);
    expect(body.ResponseStatus.Errors[0].ErrorCode).toBe('ImageWrongType');
    expect(await imageCount()).toBe(before);
  });

  it("refuses an image over 100000 bytes with the 'size limit' message in each language", async () => {
    const before = await imageCount();
    const big = Buffer.concat([PNG, Buffer.alloc(100001)]);
    const messages = new Set<string>();
    for (const lang of ['sv', 'en', 'fi', 'no']) {
      const res = await upload([{ name: 'FolderType', value: '2' }, { name: 'file', value: big, filename: 'big.png', type: 'image/png' }], { 'x-language': lang });
      expect(res.statusCode).toBe(400);
      const body = res.json() as ResponseStatusBody;
      expect(fields(body)).toEqual(['file']);
      expect(body.ResponseStatus.ErrorCode).toBe('ImageSizeLimit');
      messages.add(body.ResponseStatus.Message);
    }
    expect(messages.size).toBe(4);
    expect([...messages].some((m) => m.includes('size limit'))).toBe(true);
    expect(await imageCount()).toBe(before);
  });

  it('accepts an image of exactly 100000 bytes', async () => {
    const exact = Buffer.concat([PNG, Buffer.alloc(100000 - PNG.length)]);
    const res = await upload([{ name: 'FolderType', value: '3' }, { name: 'file', value: exact, filename: 'exact.png', type: 'image/png' }]);
    expect(res.statusCode, res.body).toBe(200);
  });

  it.each([
    ['FolderType', [{ name: 'file', value: PNG, filename: 'p.png', type: 'image/png' }]],
    ['FolderType', [{ name: 'FolderType', value: '8' }, { name: 'file', value: PNG, filename: 'p.png', type: 'image/png' }]],
    ['FolderType', [{ name: 'FolderType', value: 'logo' }, { name: 'file', value: PNG, filename: 'p.png', type: 'image/png' }]],
    ['file', [{ name: 'FolderType', value: '1' }]],
    ['file', [{ name: 'FolderType', value: '1' }, { name: 'file', value: Buffer.alloc(0), filename: 'empty.png', type: 'image/png' }]],
    [
      'file',
      [
        { name: 'FolderType', value: '1' },
        { name: 'file', value: PNG, filename: 'a.png', type: 'image/png' },
        { name: 'file', value: PNG, filename: 'b.png', type: 'image/png' },
      ],
    ],
  ] as [string, Part[]][])('answers 400 naming %s for a bad form and stores nothing', async (field, parts) => {
    const before = await imageCount();
    const res = await upload(parts);
    expect(res.statusCode).toBe(400);
    expect(fields(res.json())).toContain(field);
    expect(await imageCount()).toBe(before);
  });

  it('answers 400 naming file for a body that is not multipart, or is broken', async () => {
    const json = await server.api({ method: 'POST', url: '/api/images', payload: { FolderType: 1, file: 'aGVsbG8=' } });
    expect(json.statusCode).toBe(400);
    expect(fields(json.json())).toEqual(['file']);
    const broken = await server.api({
      method: 'POST',
      url: '/api/images',
      payload: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(broken.statusCode).toBeGreaterThanOrEqual(400);
    expect(broken.statusCode).toBeLessThan(500);
  });

  it('requires a signed-in caller to upload; reading is public; unknown ids answer 404', async () => {
    const body = multipart([{ name: 'FolderType', value: '1' }, { name: 'file', value: PNG, filename: 'p.png', type: 'image/png' }]);
    const anon = await server.app.inject({ method: 'POST', url: '/api/images', payload: body.payload, headers: body.headers });
    expect(anon.statusCode).toBe(401);
    expect((await server.app.inject({ method: 'GET', url: '/api/images/AAAAAAAAAAAAAAAAAAAAAA' })).statusCode).toBe(404);
    expect((await server.app.inject({ method: 'GET', url: '/api/images/abc' })).statusCode).toBe(400);
    expect((await server.app.inject({ method: 'GET', url: '/api/images/999999' })).statusCode).toBe(400);
  });

  it('stores an upload of another company under that company', async () => {
    const token = await server.login(OTHER_EMAIL, OTHER_PASSWORD);
    const res = await upload([{ name: 'FolderType', value: '4' }, { name: 'file', value: PNG, filename: 'p.png', type: 'image/png' }], {}, token);
    const id = (res.json() as { Id: number }).Id;
    const row = await server.db.one<{ company_id: number }>('select company_id from images where id = $1', [id]);
    const other = await server.db.one<{ company_id: number }>('select company_id from users where email = $1', [OTHER_EMAIL]);
    expect(row!.company_id).toBe(other!.company_id);
  });

  it('checks a bitmap by its header: an HTML page that starts with BM is refused, a real BMP is stored', async () => {
    const before = await imageCount();
    const html = Buffer.from(`BM<!doctype html><html><body><script>alert(document.cookie)</script>${' '.repeat(64)}</body></html>`);
    const fake = await upload([{ name: 'FolderType', value: '1' }, { name: 'file', value: html, filename: 'x.bmp', type: 'image/bmp' }]);
    expect(fake.statusCode, fake.body).toBe(400);
    expect(fields(fake.json() as ResponseStatusBody)).toEqual(['file']);
    expect(await imageCount()).toBe(before);

    const bmp = Buffer.alloc(58);
    bmp.write('BM', 0, 'latin1');
    bmp.writeUInt32LE(58, 2);
    bmp.writeUInt32LE(54, 10);
    bmp.writeUInt32LE(40, 14);
    bmp.writeInt32LE(1, 18);
    bmp.writeInt32LE(1, 22);
    bmp.writeUInt16LE(1, 26);
    bmp.writeUInt16LE(24, 28);
    bmp.writeUInt32LE(4, 34);
    bmp.set([0x00, 0x00, 0xff], 54);
    const real = await upload([{ name: 'FolderType', value: '1' }, { name: 'file', value: bmp, filename: 'red.bmp', type: 'image/bmp' }]);
    expect(real.statusCode, real.body).toBe(200);
    const served = await server.app.inject({ method: 'GET', url: (real.json() as { ImageUrl: string }).ImageUrl });
    expect(served.headers['content-type']).toBe('image/bmp');
  });
});
