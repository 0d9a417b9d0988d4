import type { Id, LocalDateTime } from './common';

/**
 * Support cases and manuals (issue 36; spec areas.md: /support, /support/manuals, /support/tickets…;
 * GET, POST /support/cases, PUT, DELETE /support/cases/{id}, GET /support/cases/status, /areas,
 * /types, comments and attachments of a case). A company's staff open and follow cases; the support
 * desk (role Support, the product's own staff) answers the cases of every company and sees nothing
 * else of a company's data.
 */

/** A status, type or area of a case, named in the caller's language. */
export interface SupportCaseOption {
  Id: number;
  Name: string;
}

/** List query of GET /support/cases: 25 a page unless Take says otherwise. */
export interface SupportCaseQuery {
  /** @minimum 1 @maximum 2147483647 */
  Id?: Id;
  /** @minimum 1 @maximum 4 */
  StatusId?: number;
  /** @minimum 1 @maximum 100 */
  TypeId?: number;
  /** @minimum 1 @maximum 100 */
  AreaId?: number;
  /** Words of the subject or description. @maxLength 200 */
  Search?: string;
  /** Only cases that are not closed. */
  Open?: boolean;
  /** @minimum 0 @maximum 1000000 */
  Skip?: number;
  /** @minimum 1 @maximum 100 */
  Take?: number;
  /** Created, Updated or StatusId; a leading '-' reverses. @maxLength 20 */
  OrderBy?: string;
}

/** One case as the list and the case page show it. */
export interface SupportCase {
  Id: Id;
  CompanyId: Id;
  /** The company's name (the support desk answers many). */
  CompanyName: string;
  StatusId: number;
  StatusName: string;
  TypeId: number;
  TypeName: string;
  AreaId: number;
  AreaName: string;
  Subject: string;
  Description: string;
  OpenedByName: string;
  /** The caller opened the case. */
  Own: boolean;
  CommentCount: number;
  AttachmentCount: number;
  Created: LocalDateTime;
  Updated: LocalDateTime;
}

/** Body of POST /support/cases. */
export interface SupportCaseInput {
  /** @minimum 1 @maximum 100 */
  TypeId: number;
  /** @minimum 1 @maximum 100 */
  AreaId: number;
  /** @maxLength 200 */
  Subject: string;
  /** @maxLength 10000 */
  Description: string;
}

/** Body of PUT /support/cases/{id}: what is given changes; StatusId 4 closes the case, 1 reopens it. */
export interface SupportCaseUpdate {
  /** @minimum 1 @maximum 100 */
  TypeId?: number;
  /** @minimum 1 @maximum 100 */
  AreaId?: number;
  /** @maxLength 200 */
  Subject?: string;
  /** @maxLength 10000 */
  Description?: string;
  /** @minimum 1 @maximum 4 */
  StatusId?: number;
}

export interface SupportCaseParams {
  /** @minimum 1 @maximum 2147483647 */
  Id: Id;
}

export interface SupportCaseChildParams {
  /** @minimum 1 @maximum 2147483647 */
  caseId: Id;
}

export interface SupportCommentParams {
  /** @minimum 1 @maximum 2147483647 */
  caseId: Id;
  /** @minimum 1 @maximum 2147483647 */
  commentId: Id;
}

export interface SupportAttachmentParams {
  /** @minimum 1 @maximum 2147483647 */
  caseId: Id;
  /** @minimum 1 @maximum 2147483647 */
  attachmentId: Id;
}

/** One comment of a case's thread. */
export interface SupportComment {
  Id: Id;
  CaseId: Id;
  Text: string;
  AuthorName: string;
  /** Written by the support desk. */
  FromSupport: boolean;
  /** Written by the caller (only those may be deleted). */
  Own: boolean;
  Created: LocalDateTime;
}

/** Body of POST /support/cases/{caseId}/comments. */
export interface SupportCommentInput {
  /** @maxLength 10000 */
  Text: string;
}

/** One attachment of a case (an image, re-encoded, or a PDF); Url serves it to those allowed. */
export interface SupportAttachment {
  Id: Id;
  CaseId: Id;
  FileName: string;
  ContentType: string;
  Size: number;
  Url: string;
  Created: LocalDateTime;
}

/** Query of GET /support/manuals. */
export interface SupportManualQuery {
  /** Words of the title or text. @maxLength 200 */
  Search?: string;
}

/** A manual article in the caller's language. */
export interface SupportManual {
  Id: string;
  Title: string;
  Summary: string;
  Body: string;
}

export interface SupportManualList {
  Results: SupportManual[];
  Total: number;
}

/** Answer of GET /support/cases/desk: whether the caller is the support desk (which answers every company's cases). */
export interface SupportDesk {
  Desk: boolean;
}
