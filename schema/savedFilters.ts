import type { Id, LocalDateTime } from './common';

/**
 * A list's filter saved under a name (issue 39): the admin's list filter state (the values of its
 * filter form, as react-admin keeps them in the URL) for one list (`Resource`, e.g. `customers`).
 * Private ones are seen only by the administrator who saved them; shared ones by the whole company.
 */
export interface SavedFilter {
  Id: Id;
  /** The admin list the filter belongs to, e.g. customers. */
  Resource: string;
  Name: string;
  /** The filter values, as the list keeps them in its URL. */
  Filter: Record<string, unknown>;
  /** Seen by everyone in the company (true) or only by its owner (false). */
  Shared: boolean;
  /** Whether the caller saved it (and may delete it). */
  Mine: boolean;
  Created: LocalDateTime;
}

/** Querystring of GET /savedfilters: the caller's own and the company's shared filters. */
export interface SavedFilterQuery {
  /** Only this list's filters. @minLength 1 @maxLength 100 @pattern ^[A-Za-z0-9_./-]+$ */
  Resource?: string;
}

/** Body of POST /savedfilters. */
export interface SavedFilterInput {
  /** @minLength 1 @maxLength 100 @pattern ^[A-Za-z0-9_./-]+$ */
  Resource: string;
  /** @minLength 1 @maxLength 100 */
  Name: string;
  /** The filter values (at most 50 of them). @maxProperties 50 */
  Filter: Record<string, unknown>;
  /** Share with the company; private when missing. */
  Shared?: boolean;
}

/** Answer of GET /savedfilters. */
export interface SavedFilterList {
  Results: SavedFilter[];
}

/** Path of DELETE /savedfilters/{Id}. */
export interface SavedFilterId {
  /** @minimum 1 @maximum 2147483647 */
  Id: Id;
}
