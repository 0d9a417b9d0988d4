import type { Id, IdName, LocalDate, LocalDateTime } from './common';

/**
 * Reviews (issue 36, spec core.md /reviews): after a booking has taken place the customer may be asked
 * (message type 9, review request; off by default, GET/PUT /messages/settings) for a rating and a
 * comment through a signed link; the company lists them, sees the averages and hides a review with a
 * reason (and shows it again).
 */
export interface Review {
  Id: Id;
  BookingId: Id;
  /** When the booking took place (company-local). */
  BookingFrom: LocalDateTime;
  ServiceId: Id;
  ServiceName: string;
  Resources: IdName[];
  /** Null once the customer is deleted. */
  CustomerId: Id | null;
  CustomerName: string;
  /** 1 (poor) to 5 (excellent). */
  Rating: number;
  Comment: string | null;
  Created: LocalDateTime;
  Hidden: boolean;
  HiddenReason: string | null;
  /** Who hid it (the administrator's e-mail address), and when. */
  HiddenBy: string | null;
  HiddenAt: LocalDateTime | null;
}

/** GET /reviews: newest first unless OrderBy says otherwise (Created, Rating, BookingFrom; '-' reverses). */
export interface ReviewQuery {
  /** @minimum 1 @maximum 2147483647 @asType integer */
  Id?: number;
  /** @minimum 1 @maximum 2147483647 @asType integer */
  ServiceId?: number;
  /** @minimum 1 @maximum 2147483647 @asType integer */
  ResourceId?: number;
  /** @minimum 1 @maximum 5 @asType integer */
  Rating?: number;
  /** Reviews of bookings from this day on (company-local). */
  From?: LocalDate;
  /** Reviews of bookings up to and including this day (company-local). */
  To?: LocalDate;
  /** true: only hidden reviews; false: only shown ones; absent: both. */
  Hidden?: boolean;
  /** @minimum 0 @maximum 1000000 @asType integer */
  Skip?: number;
  /** @minimum 1 @maximum 100 @asType integer */
  Take?: number;
  /** @maxLength 20 @pattern ^-?(Created|Rating|BookingFrom|Id)$ */
  OrderBy?: string;
}

/** GET /reviews/averages: the shown reviews' average per service and per resource, with the same date and rating filters. */
export interface ReviewAveragesQuery {
  /** @minimum 1 @maximum 2147483647 @asType integer */
  ServiceId?: number;
  /** @minimum 1 @maximum 2147483647 @asType integer */
  ResourceId?: number;
  /** @minimum 1 @maximum 5 @asType integer */
  Rating?: number;
  From?: LocalDate;
  To?: LocalDate;
}

export interface ReviewAverage {
  Id: Id;
  Name: string;
  /** Mean rating, two decimals. */
  Average: number;
  Count: number;
}

export interface ReviewAverages {
  /** Every shown review that matches. */
  Overall: { Average: number | null; Count: number };
  Services: ReviewAverage[];
  Resources: ReviewAverage[];
}

/** Body of PUT /reviews/{Id}: hide a review (a reason is required) or show it again. */
export interface ReviewVisibilityInput {
  Hidden: boolean;
  /** Required when hiding. @maxLength 500 */
  HiddenReason?: string | null;
}

/** The path of the public review page: company, booking and signature. */
export interface ReviewToken {
  /** @minLength 10 @maxLength 80 @pattern ^\d{1,10}\.\d{1,10}\.[A-Za-z0-9_-]{32}$ */
  Token: string;
}

/** Query of the public review page: the language it is written in. */
export interface ReviewPageQuery {
  lang?: 'sv' | 'en' | 'fi' | 'no';
}

/** What the customer sends from the review page (a form post or JSON). */
export interface ReviewAnswerInput {
  /** @minimum 1 @maximum 5 @asType integer */
  Rating: number;
  /** @maxLength 2000 */
  Comment?: string | null;
}
