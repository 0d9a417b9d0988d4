import type { Id, LocalDateTime } from './common';

/**
 * Calendar sync (issue 33; spec areas.md: /sync, GET, POST, DELETE /sync/icalsync and
 * /sync/googlecalendar carrying a Token; a 404 on read means not connected). An iCal feed is a
 * secret URL (256 random bits) a calendar subscribes to: the company's, a resource's, or an
 * administrator's own bookings'.
 */

/** Which feed: none named = the company's; ResourceId = that resource's; Own = the caller's own bookings. */
export interface IcalSyncQuery {
  /** @minimum 1 @maximum 2147483647 */
  CompanyId?: Id;
  /** @minimum 1 @maximum 2147483647 */
  ResourceId?: Id;
  Own?: boolean;
}

/** Body of POST /sync/icalsync: makes the feed (a new Token replaces the old one, which answers 404 from then on). */
export interface IcalSyncInput {
  /** @minimum 1 @maximum 2147483647 */
  CompanyId?: Id;
  /** @minimum 1 @maximum 2147483647 */
  ResourceId?: Id;
  Own?: boolean;
}

/** One iCal feed as GET /sync/icalsync answers it. */
export interface IcalSync {
  /** The feed's secret; the URL carries it. */
  Token: string;
  /** The address a calendar subscribes to (…/api/sync/ical/{Token}.ics). */
  Url: string;
  Scope: 'company' | 'resource' | 'user';
  ResourceId?: Id;
  /** The company's, the resource's or the administrator's name. */
  Name: string;
  Created: LocalDateTime;
}

/** Answer of GET /sync/icalsync/feeds: every feed of the company the caller may see (the company's, the resources', the caller's own). */
export interface IcalSyncList {
  Feeds: IcalSync[];
}

/** Path of the public feed GET /sync/ical/{Token}. */
export interface IcalFeedParams {
  /**
   * The feed's token, with or without `.ics`.
   * @pattern ^[A-Za-z0-9_-]{43}(\.ics)?$
   */
  Token: string;
}

/** Answer of GET /sync/googlecalendar (404 while not connected); the tokens are never sent back. */
export interface GoogleCalendarSync {
  /** The company's calendar: bookings of a resource without a calendar of its own are pushed here ('primary' unless chosen). */
  CalendarId: string;
  /** Busy times in the company's calendar close every resource. */
  BlockBusy: boolean;
  /** The calendars chosen for resources: their bookings are pushed there, and busy times there close the resource when BlockBusy. */
  Resources: GoogleCalendarResource[];
  /** The account's calendars to choose from (empty when Google could not be asked). */
  Calendars: GoogleCalendarOption[];
  /** 'expired' when Google refused the token: connect again. */
  State: 'connected' | 'expired';
  /** What Google last refused (an expired token, an event deleted there), for the sync screen. */
  LastError?: string;
  Connected: LocalDateTime;
  /** When busy times were last read from Google. */
  BusyPulled?: LocalDateTime;
  /** How many busy times close resources now. */
  BusyTimes: number;
  /** Busy times are being read again after a choice (the screen asks again until done). */
  BusyPending: boolean;
}

export interface GoogleCalendarResource {
  ResourceId: Id;
  CalendarId: string;
  BlockBusy: boolean;
}

export interface GoogleCalendarOption {
  Id: string;
  Summary: string;
  Primary: boolean;
}

/** Body of POST /sync/googlecalendar: start connecting (answers the authorize URL), or choose the calendar when connected. */
export interface GoogleCalendarInput {
  /** @minimum 1 @maximum 2147483647 */
  CompanyId?: Id;
  /**
   * The calendar to push to, once connected: the company's, or with ResourceId that resource's (empty: the resource has none).
   * @maxLength 200
   */
  CalendarId?: string;
  /** @minimum 1 @maximum 2147483647 */
  ResourceId?: Id;
  /** Whether busy times in that calendar close the resource (the company's: every resource). */
  BlockBusy?: boolean;
}

/** Answer of POST /sync/googlecalendar. */
export interface GoogleCalendarConnect {
  /** The Google page to send the administrator to (empty when only the calendar was chosen). */
  Url: string;
}

/** Querystring of the OAuth callback GET /sync/googlecalendar/callback. */
export interface GoogleCalendarCallbackQuery {
  /** @maxLength 500 */
  code?: string;
  /** @maxLength 100 */
  state?: string;
  /** @maxLength 100 */
  error?: string;
}
