import type { Id, LocalDate, LocalDateTime, QueryBase, QueryResponse } from './common';

/** What happened to a record (erase: a customer's personal data erased, DELETE /gdpr/customers/{Id}). */
export type HistoryAction = 'create' | 'update' | 'delete' | 'erase';

/** One changed field: its wire name and its value before and after, as the API answers it (null when none). */
export interface HistoryChange {
  Field: string;
  Before: unknown;
  After: unknown;
}

/**
 * One entry of a record's history (issue 39): who created, changed or deleted a record written
 * through a declared route, when, and which fields changed from what to what. Written in the same
 * transaction as the change; passwords, secrets and tokens are never in it.
 */
export interface HistoryEntry {
  Id: Id;
  /** The record's API path, e.g. /customers or /schedules/recurring. */
  Resource: string;
  RecordId: Id;
  Action: HistoryAction;
  /** The user who made the change; null once that user is removed (Actor still names them). */
  UserId: Id | null;
  /** The e-mail address of the user who made the change, as it was then. */
  Actor: string;
  /** When, in the company's time zone. */
  At: LocalDateTime;
  Changes: HistoryChange[];
}

/**
 * Querystring of GET /history: the audit list, newest first (OrderBy Id or At, either way); one
 * record's history with Resource and RecordId.
 */
export interface HistoryQuery extends QueryBase {
  /** @minLength 1 @maxLength 100 @pattern ^/[A-Za-z0-9_/-]+$ */
  Resource?: string;
  /** @minimum 1 @maximum 2147483647 @asType integer */
  RecordId?: number;
  /** @minimum 1 @maximum 2147483647 @asType integer */
  UserId?: number;
  Action?: HistoryAction;
  /** Changes from this day on (company-local). */
  From?: LocalDate;
  /** Changes before the end of this day (company-local). */
  To?: LocalDate;
}

export type HistoryPage = QueryResponse<HistoryEntry>;
