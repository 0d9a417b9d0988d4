import { randomUUID } from 'node:crypto';
import type { TestServer } from './harness';
import { hashPassword } from '../../server/identity/public';

/**
 * A new company as sign-up leaves it: the free plan, no trial, one administrator and nothing else;
 * answers its id and its administrator's token.
 * @example const { companyId, token } = await newCompany(server, 'Ettan');
 */
export async function newCompany(server: TestServer, name: string, country: 'SE' | 'FI' = 'SE'): Promise<{ companyId: number; token: string }> {
  const email = `${randomUUID().slice(0, 8)}@${name.toLowerCase()}.example.com`;
  const company = (await server.db.one<{ id: number }>(
    `insert into companies (name, email, street1, zip_code, city, country_id, organisation_number, time_zone)
     values ($1, $2, 'Vägen 1', $3, 'Stad', $4, $5, 'Europe/Stockholm') returning id`,
    [name, email, country === 'SE' ? '111 22' : '00100', country, country === 'SE' ? '556016-0680' : '1572860-0'],
  ))!;
  const user = (await server.db.one<{ id: number }>(
    `insert into users (company_id, subject, email, firstname, lastname, password_hash, email_verified, agreement_id)
     values ($1, $2, $3, 'First', 'Admin', $4, true, (select max(id) from agreements)) returning id`,
    [company.id, randomUUID(), email, await hashPassword('company-password')],
  ))!;
  await server.db.query('insert into user_roles (company_id, user_id, role_id) values ($1, $2, 1)', [company.id, user.id]);
  return { companyId: company.id, token: await server.login(email, 'company-password') };
}
