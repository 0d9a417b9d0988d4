import { createServer, type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createTestServer } from './harness';

// Real-Keycloak mode (KEYCLOAK_URL): a users row linked to one Keycloak subject is never taken
// over by another subject that presents the same verified e-mail (issue 21 item 9).

const OIDC = '/realms/booking-admin/protocol/openid-connect';

describe('a real Keycloak (KEYCLOAK_URL)', () => {
  it('links an administrator to the first subject only; a second subject with the same verified e-mail is refused', async () => {
    const port = await freePort();
    const address = `http://127.0.0.1:${port}`;
    // The embedded provider of one server plays Keycloak for a second server.
    const kc = await createTestServer({ publicUrl: address });
    await kc.app.listen({ host: '127.0.0.1', port });
    const api = await createTestServer({ keycloakUrl: address });
    try {
      const bearer = async () => {
        const res = await fetch(`${address}${OIDC}/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ grant_type: 'password', client_id: 'api-users', username: 'demo@example.com', password: 'demo' }),
        });
        return ((await res.json()) as { access_token: string }).access_token;
      };
      const call = async (token: string) => api.app.inject({ method: 'GET', url: '/api/users', headers: { authorization: `Bearer ${token}` } });
      await kc.db.query("update users set email_verified = true where lower(email) = 'demo@example.com'");

      expect((await call(await bearer())).statusCode).toBe(200);

      // Keycloak now has a different account (subject) claiming the same verified address.
      await kc.db.query("update users set subject = 'second-keycloak-account' where lower(email) = 'demo@example.com'");
      expect((await call(await bearer())).statusCode).toBe(401);
      const linked = await api.db.one<{ subject: string }>("select subject from users where lower(email) = 'demo@example.com'");
      expect(linked!.subject).not.toBe('second-keycloak-account');
    } finally {
      await api.close();
      await kc.close();
    }
  }, 90_000);
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
