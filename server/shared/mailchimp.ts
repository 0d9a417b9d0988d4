/**
 * What the mailing-list area (server/areas/mailchimp) and the embedded Mailchimp
 * (server/sandboxes/mailchimp) both know: where the sandbox lives, and how Mailchimp names a member.
 */
import { createHash } from 'node:crypto';

/** The path the embedded Mailchimp answers under: {path}/{dc}/3.0/… */
export const MAILCHIMP_SANDBOX_PATH = '/mailchimp-sandbox';

/** The subscriber hash Mailchimp names a member by: MD5 of the lowercased e-mail. */
export const subscriberHash = (email: string): string => createHash('md5').update(email.trim().toLowerCase()).digest('hex');
