import type { Db } from '../../db/db';

/** The digits of an organisation number: how two spellings of one number compare (556677-8899 = 5566778899). */
export const orgDigits = (value: string): string => value.replace(/\D/g, '');

/** Whether the address has an active administrator account in any company. */
export async function emailHasAccount(db: Db, email: string): Promise<boolean> {
  return !!(await db.one('select 1 as found from users where lower(email) = lower($1) and active limit 1', [email]));
}

/** The oldest company of the country with this organisation number (compared by its digits). */
export async function companyWithOrganisationNumber(db: Db, countryId: string, organisationNumber: string): Promise<{ id: number; email: string } | undefined> {
  return db.one<{ id: number; email: string }>(
    `select id, email from companies
      where country_id = $1 and regexp_replace(organisation_number, '\\D', '', 'g') = $2
      order by id limit 1`,
    [countryId, orgDigits(organisationNumber)],
  );
}

export interface SignUpRequestRow {
  id: number;
  company_name: string;
  organisation_number: string;
  country_id: string;
  email: string;
  password_hash: string;
  lang: string;
  usable: boolean;
}

/** The request a verification token names, locked for the verifying transaction. */
export async function requestByTokenHash(db: Db, tokenHash: string): Promise<SignUpRequestRow | undefined> {
  return db.one<SignUpRequestRow>(
    `select id, company_name, organisation_number, country_id, email, password_hash, lang,
            (used_at is null and expires_at > now()) as usable
       from signup_requests where token_hash = $1 for update`,
    [tokenHash],
  );
}
