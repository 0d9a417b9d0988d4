import type { Id, LocalDateTime } from './common';

/**
 * Webhooks (issue 31): a company's endpoints hear the events they subscribe to, signed per Standard
 * Webhooks with the endpoint's secret. Records and inputs of /webhook/* together.
 */

/** Answer of GET /webhook/settings and body of PUT /webhook/settings. */
export interface WebhookSettings {
  /** Webhooks are sent for the company. */
  Enabled: boolean;
}

/** Querystring of GET /webhook/settings. */
export interface WebhookSettingsQuery {
  /** @minimum 1 @maximum 2147483647 */
  CompanyId?: Id;
}

/** An endpoint as GET /webhook/endpoints answers it (the secret is never returned after creation). */
export interface WebhookEndpoint {
  Id: Id;
  Url: string;
  Description: string;
  /** The event types the endpoint hears, from GET /webhook/eventtypes. */
  EventTypes: string[];
  Disabled: boolean;
  Created: LocalDateTime;
  Updated: LocalDateTime;
}

/** Answer of POST /webhook/endpoints and of a rotation: the endpoint with its secret, shown once. */
export interface WebhookEndpointWithSecret extends WebhookEndpoint {
  /** The signing secret (whsec_…), shown only in this answer. */
  Secret: string;
}

/** Body of POST /webhook/endpoints and PUT /webhook/endpoints/{Id}. */
export interface WebhookEndpointInput {
  /** @minLength 1 @maxLength 2000 */
  Url: string;
  /** @maxLength 500 */
  Description?: string;
  /** @maxItems 50 */
  EventTypes: string[];
  Disabled?: boolean;
  /** PUT only: make a new secret (the old one stays valid 24 h). */
  RotateSecret?: boolean;
}

/** Path of PUT and DELETE /webhook/endpoints/{Id}. */
export interface WebhookEndpointId {
  /** @minimum 1 @maximum 2147483647 */
  Id: Id;
}

/** Answer of POST /webhook/endpoints/{Id}/test (one message) and /replay (each failed one sent again): the messages queued. */
export interface WebhookQueuedMessages {
  MessageIds: Id[];
}

/** Body of POST /webhook/endpoints/{Id}/replay: send again every message to the endpoint that failed, from this time on. */
export interface WebhookReplayInput {
  /** Company-local; messages created at or after it. */
  Since: LocalDateTime;
}

/** Querystring of GET /webhook/endpoints. */
export interface WebhookEndpointQuery {
  /** @minimum 1 @maximum 2147483647 */
  CompanyId?: Id;
}

/** Answer of GET /webhook/endpoints. */
export interface WebhookEndpointList {
  Endpoints: WebhookEndpoint[];
}

/** One event type an endpoint may hear. */
export interface WebhookEventType {
  Name: string;
  Description: string;
}

/** Answer of GET /webhook/eventtypes. */
export interface WebhookEventTypeList {
  Data: WebhookEventType[];
}

/** Querystring of GET /webhook/messages: the log, newest first. */
export interface WebhookMessageQuery {
  /** @minimum 1 @maximum 2147483647 */
  CompanyId?: Id;
  /** Only this endpoint's messages. @minimum 1 @maximum 2147483647 */
  EndpointId?: Id;
  /** @minimum 0 @maximum 1000000 */
  Skip?: number;
  /** @minimum 1 @maximum 200 */
  Take?: number;
}

/** One delivery attempt of a message. */
export interface WebhookAttempt {
  /** When the attempt was made, in the company's time zone. */
  Timestamp: LocalDateTime;
  /** The receiver's HTTP status; null when no answer came (refused, timed out). */
  HttpStatus: number | null;
  DurationMs: number;
  /** The start of the receiver's answer, or why there was none. */
  ResponseExcerpt: string;
}

/** A channel a message went to: its endpoint. */
export interface WebhookChannel {
  EndpointId: Id;
  Url: string;
}

/** One message of the log, with its attempts, oldest attempt first. */
export interface WebhookMessage {
  Id: Id;
  /** The webhook-id header, the same in every attempt. */
  EventId: string;
  EventType: string;
  Channels: WebhookChannel[];
  /** When the event happened, in the company's time zone. */
  Timestamp: LocalDateTime;
  /** pending, delivered or failed. */
  Status: string;
  Attempts: WebhookAttempt[];
}

/** Answer of GET /webhook/messages. */
export interface WebhookMessageList {
  Data: WebhookMessage[];
  Total: number;
}

/** Path of POST /webhook/messages/{Id}/resend. */
export interface WebhookMessageId {
  /** @minimum 1 @maximum 9007199254740991 */
  Id: Id;
}

/** Answer of POST /webhook/messages/{Id}/resend. */
export interface WebhookResend {
  Id: Id;
  Status: string;
}
