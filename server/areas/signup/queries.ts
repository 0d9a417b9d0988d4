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

/** The request a mailbox token names (sandbox mail only), with what its mail is kept under. */
export async function requestByMailboxTokenHash(db: Db, mailboxTokenHash: string): Promise<{ token_hash: string; email: string; country_id: string } | undefined> {
  return db.one<{ token_hash: string; email: string; country_id: string }>(
    'select token_hash, email, country_id from signup_requests where mailbox_token_hash = $1',
    [mailboxTokenHash],
  );
}

export interface SignUpMailRow {
  to: string;
  subject: string;
  text: string;
  state: 'queued' | 'sent' | 'failed';
  sent: string | null;
}

/**
 * The mails one sign-up queued to the address it gave, by the outbox key its request wrote them
 * under: outside any company (so never the notice to a company whose number was taken) and to that
 * address only. `sent` is the caught time on the company's wall clock in `timeZone`.
 */
export async function signUpMails(db: Db, key: string, email: string, timeZone: string): Promise<SignUpMailRow[]> {
  return db.query<SignUpMailRow>(
    `select payload ->> 'to' as "to", payload ->> 'subject' as subject, payload ->> 'text' as text, state,
            to_char(sent_at at time zone $3, 'YYYY-MM-DD"T"HH24:MI:SS') as sent
       from outbox
      where company_id is null and kind = 'mail' and key = $1 and lower(payload ->> 'to') = lower($2)
      order by id`,
    [key, email, timeZone],
  );
}

/**
 * Whether the company has a service customers can book, as the first-service wizard makes it: an
 * active service with a price, an active resource of an active resource type the service needs (all
 * of the type's resources, or the ones chosen for the service), and an active recurring or date schedule.
 */
export async function hasBookableService(db: Db, companyId: number): Promise<boolean> {
  const row = await db.one<{ bookable: boolean }>(
    `select exists (
       select 1 from services s
        where s.company_id = $1 and s.active
          and exists (select 1 from service_prices p where p.company_id = $1 and p.service_id = s.id)
          and exists (
            select 1 from service_resource_types srt
              join resource_types rt on rt.id = srt.resource_type_id and rt.active
              join resources r on r.company_id = $1 and r.active
             where srt.company_id = $1 and srt.service_id = s.id
               and case when srt.all_resources
                        then exists (select 1 from resource_type_resources rtr where rtr.resource_type_id = srt.resource_type_id and rtr.resource_id = r.id)
                        else exists (select 1 from service_resources sr
                                      where sr.service_id = s.id and sr.resource_type_id = srt.resource_type_id and sr.resource_id = r.id) end)
          and (exists (select 1 from recurring_schedule_services rss join recurring_schedules rs on rs.id = rss.schedule_id and rs.active
                        where rss.company_id = $1 and rss.service_id = s.id)
               or exists (select 1 from date_schedule_services dss join date_schedules ds on ds.id = dss.schedule_id and ds.active
                           where dss.company_id = $1 and dss.service_id = s.id))
     ) as bookable`,
    [companyId],
  );
  return !!row?.bookable;
}
