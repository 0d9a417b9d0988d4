import { expect } from 'vitest';
import type { TestServer } from './harness';

/**
 * Connects the demo company to the embedded Google as an administrator's browser would: POST
 * /sync/googlecalendar, the consent page's Allow, the callback, back to /sync. The server must listen
 * (the token exchange is real HTTP), with `config.publicUrl` its address.
 */
export async function connectGoogle(server: TestServer): Promise<void> {
  const started = await server.api({ method: 'POST', url: '/api/sync/googlecalendar', payload: {} });
  expect(started.statusCode, started.body).toBe(200);
  const authorize = new URL((started.json() as { Url: string }).Url);
  const page = await fetch(authorize);
  expect(await page.text()).toContain('Allow');
  const approved = await fetch(`${server.config.publicUrl}/google-sandbox/o/oauth2/v2/auth/approve`, {
    method: 'POST',
    body: new URLSearchParams({ redirect_uri: authorize.searchParams.get('redirect_uri')!, state: authorize.searchParams.get('state')!, decision: 'allow' }),
    redirect: 'manual',
  });
  const callback = approved.headers.get('location')!;
  expect(callback).toContain('/api/sync/googlecalendar/callback?');
  const back = await fetch(callback, { redirect: 'manual' });
  expect(back.headers.get('location')).toBe(`${server.config.publicUrl}/sync?google=connected`);
}

/** A server listening on a free port, its public URL set to it (Google's redirects and token calls reach it). */
export async function listen(server: TestServer): Promise<void> {
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  server.config.publicUrl = `http://127.0.0.1:${(server.app.server.address() as { port: number }).port}`;
}
