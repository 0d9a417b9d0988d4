import type { Id, IdName, LocalDateTime, QueryBase } from './common';

/** 1 e-mail, 2 SMS (spec: "SendMethodId (1 e-mail, otherwise SMS)"). */
export type NewsletterSendMethodId = 1 | 2;

/** Where a log entry is: waiting for its send date, sent, failed, or cancelled before it was sent. */
export type NewsletterEntryStatus = 'queued' | 'sending' | 'sent' | 'failed' | 'canceled';

/** Where a send is: waiting for its date, being sent by the queue in batches, done, or cancelled. */
export type NewsletterSendState = 'scheduled' | 'sending' | 'sent' | 'canceled';

/** A newsletter template: heading, rich-text body, image and send method. */
export interface NewsletterTemplate {
  Id: Id;
  Heading: string;
  /** Rich text (HTML), sanitised when saved and when shown; merge fields as {{ Customer.Firstname }}. */
  Body: string;
  ImageUrl: string | null;
  SendMethodId: NewsletterSendMethodId;
  Created: LocalDateTime;
  ModifiedDate: LocalDateTime;
}

/** Body of POST /newsletter/templates and PUT /newsletter/templates/{Id}. */
export interface NewsletterTemplateInput {
  /** @minLength 1 @maxLength 200 */
  Heading: string;
  /** @maxLength 100000 */
  Body?: string;
  /** @maxLength 2000 */
  ImageUrl?: string | null;
  /** 1 e-mail, 2 SMS. @minimum 1 @maximum 2 @asType integer */
  SendMethodId?: number;
  /** @minimum 1 */
  CompanyId?: number;
}

/** GET /newsletter/templates (the admin sends Take=25, ReceiverContains, Sent, Skip, OrderBy '-Id,-ModifiedDate'). */
export interface NewsletterTemplateQuery extends QueryBase {
  /** @maxItems 1000 */
  Id?: Id[];
  /** Looks in the heading and the body. @maxLength 200 */
  ReceiverContains?: string;
  /** Accepted for the admin's shared filter; templates are never sent themselves. */
  Sent?: boolean;
  /** @minimum 1 @maximum 2 @asType integer */
  SendMethodId?: number;
}

/** One entry of the newsletter log: one receiver of one send. */
export interface Newsletter {
  Id: Id;
  /** The send it belongs to (cancel it with DELETE /newsletter/send/{SendId}). */
  SendId: Id;
  Created: LocalDateTime;
  ModifiedDate: LocalDateTime;
  /** E-mail address or mobile number. */
  Receiver: string;
  CustomerId: Id | null;
  MessageTitle: string;
  /** The body as sent (sanitised HTML; merge fields are filled in per receiver when it is sent). */
  MessageBody: string;
  Sent: boolean;
  Status: NewsletterEntryStatus;
  SentDate: LocalDateTime | null;
  ToSendDate: LocalDateTime;
  SendMethodId: NewsletterSendMethodId;
  /** The template's heading. */
  Heading: string;
  ImageUrl: string | null;
  /** Why sending failed, when it did. */
  Error: string | null;
}

/** GET /newsletter/log. */
export interface NewsletterQuery extends QueryBase {
  /** @maxItems 1000 */
  Id?: Id[];
  /** @maxLength 200 */
  ReceiverContains?: string;
  Sent?: boolean;
  /** @minimum 1 */
  SendId?: Id;
}

/** POST /newsletter/send: the template (Id) to chosen customers, one receiver, or every subscribed customer. */
export interface SendNewsletter {
  /** The template. @minimum 1 */
  Id: Id;
  /** Customers to send to; when empty (and no Receiver), every customer who subscribed. @maxItems 100000 */
  Customers?: Id[];
  /** One address (or mobile number for SMS) to send to instead of customers. @maxLength 200 */
  Receiver?: string;
  /** When to send (company time); missing means one minute from now. Not in the past. */
  SendDate?: LocalDateTime;
  /** @minimum 1 */
  CompanyId?: number;
}

/** A send: what POST /newsletter/send answers and GET /newsletter/sends lists (the queue's progress). */
export interface NewsletterSend {
  Id: Id;
  TemplateId: Id | null;
  Heading: string;
  SendMethodId: NewsletterSendMethodId;
  ToSendDate: LocalDateTime;
  State: NewsletterSendState;
  /** Receivers in all. */
  Total: number;
  SentCount: number;
  FailedCount: number;
  Created: LocalDateTime;
  ModifiedDate: LocalDateTime;
}

export interface NewsletterSendQuery extends QueryBase {
  /** @maxItems 1000 */
  Id?: Id[];
  /** Only sends not yet done (scheduled or sending). */
  Pending?: boolean;
}

/** POST /newsletter/templates/test: the template sent now to one receiver. */
export interface NewsletterTest {
  /** The template. @minimum 1 */
  Id: Id;
  /** @maxLength 200 */
  Receiver?: string;
  /** Overrides the template's image. @maxLength 2000 */
  ImageUrl?: string | null;
  /** @minimum 1 */
  CompanyId?: number;
}

export interface NewsletterTestResponse {
  Receiver: string;
  SendMethodId: NewsletterSendMethodId;
}

/** GET /newsletter/customers: customers who can receive a newsletter (subscribed by default). */
export interface NewsletterCustomer {
  Id: Id;
  Firstname: string;
  Lastname: string;
  Email: string | null;
  Phone: string | null;
  SubscribedToNewsletter: boolean;
}

export interface NewsletterCustomerQuery extends QueryBase {
  /** @maxLength 200 */
  Search?: string;
  /** Default true. */
  SubscribedToNewsletter?: boolean;
}

/** GET /newsletter/sendmethods. */
export type NewsletterSendMethod = IdName;

/** GET /newsletter/emailtemplates: the layouts an e-mail newsletter is wrapped in. */
export interface NewsletterEmailTemplate {
  Id: Id;
  Name: string;
  Description: string;
}

/** The shared list filter of the three newsletter lists. */
export interface NewsletterEmailTemplateQuery extends QueryBase {
  /** @maxLength 200 */
  ReceiverContains?: string;
  Sent?: boolean;
}
