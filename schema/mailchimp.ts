import type { Id, LocalDateTime } from './common';

/**
 * The mailing list (issue 33; spec areas.md: /mailchimp-settings with GET, PUT /mailchimp/profile,
 * PUT /mailchimp/member/company/customer/sync and GET /mailchimp/audience/company). The customers who
 * subscribed to the newsletter are kept subscribed in the chosen Mailchimp audience.
 */

/** Querystring of the /mailchimp reads. */
export interface MailchimpQuery {
  /** @minimum 1 @maximum 2147483647 */
  CompanyId?: Id;
}

/** One sync: when, how far, and what went wrong. */
export interface MailchimpSync {
  /** 'full' (sync now) or 'changes' (customers changed since the last push). */
  Kind: 'full' | 'changes';
  State: 'running' | 'done' | 'failed';
  Started: LocalDateTime;
  Finished?: LocalDateTime;
  /** Members set to subscribed. */
  Subscribed: number;
  /** Members set to unsubscribed (customers who withdrew their consent, changed e-mail or were deleted). */
  Unsubscribed: number;
  Errors: number;
  /** The provider's words for the first errors. */
  ErrorMessages: string[];
}

/** Answer of GET and PUT /mailchimp/profile; the API key is never sent back. */
export interface MailchimpProfile {
  /** An API key is saved. */
  Connected: boolean;
  /** The data centre of the key (us21). */
  ServerPrefix: string;
  /** The last characters of the saved key, to recognise it. */
  ApiKeyEnd: string;
  /** The audience the customers are synced to ('' = none chosen yet). */
  ListId: string;
  ListName: string;
  /** Customers who subscribed to the newsletter and have an e-mail: the ones synced. */
  SubscribedCustomers: number;
  LastSync?: MailchimpSync;
}

/** Body of PUT /mailchimp/profile. The key is checked with the provider before it is saved. */
export interface MailchimpProfileInput {
  /** @minimum 1 @maximum 2147483647 */
  CompanyId?: Id;
  /**
   * A new API key; left out keeps the saved one.
   * @maxLength 100
   */
  ApiKey?: string;
  /**
   * The data centre; left out, the key's suffix (…-us21) is used.
   * @maxLength 20
   */
  ServerPrefix?: string;
  /**
   * The audience to sync to, from GET /mailchimp/audience/company.
   * @maxLength 50
   */
  ListId?: string;
  /** Forget the connection (key, audience and sync history). */
  Disconnect?: boolean;
}

/** Body of PUT /mailchimp/member/company/customer/sync: sync now. */
export interface MailchimpSyncInput {
  /** @minimum 1 @maximum 2147483647 */
  CompanyId?: Id;
}

/** One audience of the connected account. */
export interface MailchimpAudience {
  Id: string;
  Name: string;
  MemberCount: number;
}

/** Answer of GET /mailchimp/audience/company. */
export interface MailchimpAudienceList {
  Audiences: MailchimpAudience[];
}
