import type { LocalDateTime } from './common';

/**
 * POST /signup: a new company asks for an account (no sign-in). The answer is the same whether or
 * not the e-mail or the organisation number already has an account: a verification link, or a
 * notice to the existing account, goes out by e-mail.
 */
export interface SignUp {
  /** @minLength 1 @maxLength 200 */
  CompanyName: string;
  /** Checked with the country's rules (SE, DK, FI, NO). @minLength 1 @maxLength 30 */
  OrganisationNumber: string;
  /** SE, DK, FI or NO (as CountryId of the company). */
  CountryId: 'SE' | 'DK' | 'FI' | 'NO';
  /** The first administrator's e-mail; the company's e-mail too. @minLength 3 @maxLength 200 @format email */
  Email: string;
  /** The first administrator's password, with the sign-in's password rules. @minLength 1 @maxLength 200 */
  Password: string;
}

/** What POST /signup answers, whatever happened to the address. */
export interface SignUpResponse {
  /** The address the mail went to (as given). */
  Email: string;
  /** How long the link in the mail works, in hours. */
  LinkValidHours: number;
  /**
   * Only without a mail server (SMTP_URL not set: mail stays in the sandbox): the key that opens this
   * sign-up's own mail with POST /signup/mail. Given for every valid sign-up alike; never with SMTP_URL.
   */
  MailboxToken?: string;
}

/** POST /signup/mail: the mail one sign-up sent, read with the MailboxToken of its answer (sandbox only). */
export interface SignUpMailRequest {
  /** @minLength 1 @maxLength 200 */
  Token: string;
}

/** One mail as the sandbox caught it. */
export interface SignUpMail {
  To: string;
  Subject: string;
  /** The mail's text, as sent. */
  Text: string;
  /** When the sandbox caught it, in the time zone of the country the sign-up named (the new company's zone). */
  Sent: LocalDateTime;
}

/**
 * What POST /signup/mail answers: the mail the sign-up sent to the address it gave (the verification
 * link, or the notice that the address already has an account); never mail to anyone else.
 */
export interface SignUpMailbox {
  /** The address the sign-up gave. */
  Email: string;
  Mails: SignUpMail[];
  /** True while a mail of this sign-up is still on its way to the sandbox (ask again shortly). */
  Waiting: boolean;
}

/** GET /signup/progress: how far the signed-in company is with its first steps (/setup-account). */
export interface SetupProgress {
  /**
   * Whether the company has a service customers can book, as the first-service wizard makes it: an
   * active service with a price, an active resource of a resource type it needs, and an active schedule.
   */
  HasBookableService: boolean;
  /** The company's status: 1 registered, 2 awaiting approval, 3 approved, 4 declined, 5 closed, 6 not approved. */
  StatusId: 1 | 2 | 3 | 4 | 5 | 6;
}

/** POST /signup/verify: the link from the verification mail creates the company and its administrator. */
export interface SignUpVerify {
  /** @minLength 1 @maxLength 200 */
  Token: string;
}

export interface SignUpVerifyResponse {
  /** The administrator's e-mail, to sign in with. */
  Email: string;
  CompanyName: string;
}
