/**
 * Requests the framework refuses before a route runs answer in the contract's ResponseStatus shape
 * too (issue 10 item 9), in the caller's language where a language header could be read.
 */
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestServer, type TestServer } from './harness';

let server: TestServer;

beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

interface ErrorBody {
  ResponseStatus: { ErrorCode: string; Message: string; Errors: { FieldName: string; ErrorCode: string; Message: string }[] };
}

function status(res: LightMyRequestResponse): ErrorBody['ResponseStatus'] {
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return (res.json() as ErrorBody).ResponseStatus;
}

describe('framework errors', () => {
  it('a malformed JSON body answers 400 InvalidJson naming the body, in the caller language', async () => {
    const res = await server.api({
      method: 'POST',
      url: '/api/services',
      payload: '{"Name": "Yoga",',
      headers: { 'content-type': 'application/json', 'x-language': 'fi' },
    });
    expect(res.statusCode).toBe(400);
    expect(status(res)).toEqual({
      ErrorCode: 'InvalidJson',
      Message: 'Pyynnön sisältö ei ole kelvollista JSONia.',
      Errors: [{ ErrorCode: 'InvalidJson', FieldName: 'body', Message: 'Pyynnön sisältö ei ole kelvollista JSONia.' }],
    });
  });

  it('a path parameter longer than the router takes answers 414', async () => {
    const res = await server.api({ method: 'PUT', url: `/api/services/${'1'.repeat(5000)}`, payload: {}, headers: { 'x-language': 'en' } });
    expect(res.statusCode).toBe(414);
    expect(status(res)).toMatchObject({ ErrorCode: 'UriTooLong', Message: 'A part of the address is too long (at most 100 characters).' });
  });

  it('an unsupported media type answers 415', async () => {
    const res = await server.api({ method: 'POST', url: '/api/services', payload: '<service/>', headers: { 'content-type': 'application/xml', 'x-language': 'sv' } });
    expect(res.statusCode).toBe(415);
    expect(status(res)).toMatchObject({ ErrorCode: 'UnsupportedMediaType', Message: 'Innehållstypen application/xml stöds inte.' });
  });

  it('a body over the limit answers 413', async () => {
    const res = await server.api({
      method: 'POST',
      url: '/api/services',
      payload: JSON.stringify({ Name: 'x'.repeat(3 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json', 'x-language': 'no' },
    });
    expect(res.statusCode).toBe(413);
    expect(status(res)).toMatchObject({ ErrorCode: 'PayloadTooLarge', Message: 'Innholdet i forespørselen er for stort (maks 2097152 byte).' });
  });

  it('oversized headers answer 431 with a ResponseStatus body', async () => {
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = server.app.server.address() as AddressInfo;
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(`GET /api/services HTTP/1.1\r\nHost: localhost\r\nX-Padding: ${'x'.repeat(64 * 1024)}\r\n\r\n`);
      });
      let data = '';
      socket.on('data', (chunk) => (data += chunk.toString()));
      socket.on('close', () => resolve(data));
      socket.on('error', (err) => (data ? resolve(data) : reject(err)));
    });
    const [head, body] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 431 /);
    expect(head).toMatch(/content-type: application\/json/i);
    expect((JSON.parse(body) as ErrorBody).ResponseStatus).toMatchObject({ ErrorCode: 'HeadersTooLarge', Message: 'Anropets huvuden är för stora.' });
  });
});
