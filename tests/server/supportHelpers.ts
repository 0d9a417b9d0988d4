import { expect } from 'vitest';
import { hashPassword } from '../../server/identity/passwords';
import type { TestServer } from './harness';

export interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
  type?: string;
}

/** A multipart/form-data body, written by hand so a test controls every byte and header. */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----support-boundary-5Xk2';
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`;
    chunks.push(Buffer.from(head), Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const PASSWORD = 'long-enough-pw';

/** A new user of the caller's company (token) with these roles; returns its e-mail. */
export async function addUser(server: TestServer, roles: number[], token?: string, name = 'Rolf'): Promise<{ id: number; email: string }> {
  const email = `${name.toLowerCase()}.${Math.random().toString(36).slice(2)}@example.com`;
  const res = await server.api({ method: 'POST', url: '/api/administrators', token, payload: { Firstname: name, Lastname: 'Test', Email: email, Password: PASSWORD, Roles: roles } });
  expect(res.statusCode, res.body).toBe(200);
  return { id: (res.json() as { Id: number }).Id, email };
}

/**
 * A support desk agent: a user of the other company who holds no company role and is named in
 * support_desk_agents (as the product's operators add them; the API never does).
 */
export async function addDeskAgent(server: TestServer, companyEmail: string): Promise<{ id: number; email: string }> {
  const email = `desk.${Math.random().toString(36).slice(2)}@example.com`;
  const row = await server.db.one<{ id: number }>(
    `insert into users (company_id, subject, email, firstname, lastname, password_hash, email_verified)
     select company_id, gen_random_uuid()::text, $2, 'Desk', 'Agent', $3, true from users where email = $1 returning id`,
    [companyEmail, email, await hashPassword(PASSWORD)],
  );
  await server.db.query('insert into support_desk_agents (user_id, company_id) select id, company_id from users where id = $1', [row!.id]);
  return { id: row!.id, email };
}

export const NEW_CASE = { TypeId: 2, AreaId: 1, Subject: 'The scheduler shows no times', Description: 'Since Monday the scheduler is empty for Court 1.' };
