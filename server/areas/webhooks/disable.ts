/**
 * An endpoint that has failed every attempt for five days is disabled, and the company's
 * administrators are told by mail (issue 31), so a dead receiver stops taking deliveries and
 * someone who can fix it hears of it. Checked when a message has failed its last retry.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db';
import { queueMail } from '../../integrations/mail/queue';
import { languageOfCountry, type Lang } from '../../shared/messages';
import { ROLE_IDS } from '../../../schema/access/permissions';

/** How long an endpoint may fail every attempt before it is disabled. */
export const DISABLE_AFTER_DAYS = 5;

const MAIL: Record<Lang, { subject: (url: string) => string; text: (url: string, link: string) => string }> = {
  sv: {
    subject: (url) => `Webhook-slutpunkten ${url} har stängts av`,
    text: (url, link) => `Alla leveranser till ${url} har misslyckats i ${DISABLE_AFTER_DAYS} dagar, så slutpunkten har stängts av och får inga fler händelser.\n\nRätta mottagaren och slå på slutpunkten igen, och skicka om de missade meddelandena från loggen: ${link}`,
  },
  en: {
    subject: (url) => `The webhook endpoint ${url} has been disabled`,
    text: (url, link) => `Every delivery to ${url} has failed for ${DISABLE_AFTER_DAYS} days, so the endpoint has been disabled and gets no more events.\n\nFix the receiver, enable the endpoint again and resend the missed messages from the log: ${link}`,
  },
  fi: {
    subject: (url) => `Webhook-päätepiste ${url} on poistettu käytöstä`,
    text: (url, link) => `Kaikki toimitukset osoitteeseen ${url} ovat epäonnistuneet ${DISABLE_AFTER_DAYS} päivän ajan, joten päätepiste on poistettu käytöstä eikä se saa enää tapahtumia.\n\nKorjaa vastaanottaja, ota päätepiste uudelleen käyttöön ja lähetä puuttuvat viestit uudelleen lokista: ${link}`,
  },
  no: {
    subject: (url) => `Webhook-endepunktet ${url} er slått av`,
    text: (url, link) => `Alle leveranser til ${url} har feilet i ${DISABLE_AFTER_DAYS} dager, så endepunktet er slått av og får ingen flere hendelser.\n\nRett mottakeren, slå på endepunktet igjen og send de tapte meldingene på nytt fra loggen: ${link}`,
  },
};

/**
 * Disables the endpoint when its attempts since its last success (or ever) have all failed and the
 * first of them is at least DISABLE_AFTER_DAYS old, and queues one mail per administrator, in the
 * caller's transaction. Answers whether it disabled the endpoint.
 * @example if (!ok && last) await disableWhenFailing(app, tx, endpointId);
 */
export async function disableWhenFailing(app: FastifyInstance, tx: Db, endpointId: number): Promise<boolean> {
  const row = await tx.one<{ company_id: number; url: string; country_id: string }>(
    `update webhook_endpoints e set disabled = true, updated = now()
       from companies c
      where e.id = $1 and c.id = e.company_id and not e.disabled
        and (select min(a.attempted) from webhook_attempts a join webhook_messages m on m.id = a.message_id
              where m.endpoint_id = e.id
                and a.attempted > coalesce((select max(s.attempted) from webhook_attempts s join webhook_messages sm on sm.id = s.message_id
                                             where sm.endpoint_id = e.id and s.http_status between 200 and 299), '-infinity'))
            <= now() - make_interval(days => $2)
      returning e.company_id, e.url, c.country_id`,
    [endpointId, DISABLE_AFTER_DAYS],
  );
  if (!row) return false;
  const lang = languageOfCountry(row.country_id);
  const admins = await tx.query<{ email: string }>(
    `select u.email from users u join user_roles ur on ur.user_id = u.id and ur.role_id = $2
      where u.company_id = $1 and u.active order by u.id`,
    [row.company_id, ROLE_IDS.Administrator],
  );
  const link = `${app.config.publicUrl}/webhooks/endpoint/${endpointId}`;
  for (const { email } of admins) {
    await queueMail(app.outbox, tx, { companyId: row.company_id, to: email, subject: MAIL[lang].subject(row.url), text: MAIL[lang].text(row.url, link), kind: 'webhook_disabled' }, `webhook-disabled:${endpointId}:${email}:${Date.now()}`);
  }
  return true;
}
