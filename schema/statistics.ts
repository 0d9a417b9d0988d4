import type { Id, LocalDate, LocalDateTime } from './common';

/**
 * Statistics (issue 37; spec areas.md: GET /statistics and the statistics screen). Figures over the
 * bookings that start in a range of company-local days, beside the range compared with, in the
 * company's zone and currency; money in whole minor units (öre, cents), summed exactly.
 */

/** What the rows of GET /statistics are per. */
export type StatisticsGroupBy = 'service' | 'resource' | 'administrator' | 'customerGroup';

/** Querystring of GET /statistics. */
export interface StatisticsQuery {
  /** First day (company zone); default: 29 days before To. */
  From?: LocalDate;
  /** Last day, included (company zone); default: today. At most 1,096 days after From. */
  To?: LocalDate;
  /** First day of the range compared with; default: the range of the same length right before From. */
  CompareFrom?: LocalDate;
  /** Last day of the range compared with, included; given together with CompareFrom. */
  CompareTo?: LocalDate;
  /** Default: service. */
  GroupBy?: StatisticsGroupBy;
  /** Only these services' bookings. @maxItems 100 */
  ServiceIds?: Id[];
  /** Only bookings on these resources (a booking on two of them counts on each). @maxItems 100 */
  ResourceIds?: Id[];
  /** @minimum 1 @maximum 2147483647 */
  CompanyId?: Id;
}

/** The figures of a range (or of one group in it). */
export interface StatisticsFigures {
  /** Bookings that were not canceled (status Unbooked or Canceled). */
  Bookings: number;
  /** Spots those bookings take. */
  Spots: number;
  /** Their total price, VAT included, in minor units. */
  RevenueMinor: number;
  /** Their total price without VAT, in minor units. */
  RevenueExVatMinor: number;
  /** The VAT in their prices, in minor units. */
  VatMinor: number;
  /** Bookings canceled or unbooked. */
  Cancellations: number;
  /** Bookings (not canceled) marked as no-shows: the customer did not come. */
  NoShows: number;
  /** Customers whose first booking (not canceled) is in the range. */
  NewCustomers: number;
  /** Bookings of customers who had booked before. */
  ReturningBookings: number;
  /** Average minutes from booking to start; null without bookings. */
  AverageLeadMinutes: number | null;
  /** Minutes the resources (or services without resources) were open by their schedules, closing exceptions taken out; null where not reckoned (per administrator or customer group). */
  OpenMinutes: number | null;
  /** Minutes booked on them: each booking's time × its spots ÷ the service's spots; null where OpenMinutes is. */
  BookedMinutes: number | null;
  /** BookedMinutes ÷ OpenMinutes (0.5 = half); null without open time. */
  Occupancy: number | null;
}

/** One row of the grouping: a service, resource, administrator or customer group. */
export interface StatisticsGroup {
  /** The service, resource or administrator id; 0 for none (no resource, booked by the customer); customer groups 1 new, 2 returning, 0 no customer. */
  Id: number;
  Name: string;
  Figures: StatisticsFigures;
  Compare: StatisticsFigures;
}

/** One day of the range: what the line chart draws. */
export interface StatisticsDay {
  Date: LocalDate;
  Bookings: number;
  RevenueMinor: number;
  Cancellations: number;
}

/** Bookings starting in one hour of one weekday over the range (1 = Monday … 7 = Sunday, hour 0–23). */
export interface StatisticsHeatCell {
  DayOfWeekId: number;
  Hour: number;
  Bookings: number;
}

/** A promo code's use in the range: bookings that kept it and what it took off. */
export interface StatisticsPromoCode {
  RebateCodeId: Id;
  RebateCodeSign: string;
  Bookings: number;
  /** The amount taken from the code for those bookings, in minor units. */
  AmountMinor: number;
}

/** Answer of GET /statistics. */
export interface Statistics {
  From: LocalDate;
  To: LocalDate;
  CompareFrom: LocalDate;
  CompareTo: LocalDate;
  GroupBy: StatisticsGroupBy;
  /** The company's currency (ISO 4217), which every *Minor figure is in. */
  CurrencyId: string;
  /** The company's IANA zone, in which days and hours are counted. */
  TimeZone: string;
  Totals: StatisticsFigures;
  CompareTotals: StatisticsFigures;
  Groups: StatisticsGroup[];
  Days: StatisticsDay[];
  CompareDays: StatisticsDay[];
  HeatMap: StatisticsHeatCell[];
  PromoCodes: StatisticsPromoCode[];
}

/** Querystring of GET /statistics/today. */
export interface StatisticsTodayQuery {
  /** @minimum 1 @maximum 2147483647 */
  CompanyId?: Id;
}

/** Bookings starting in one hour of today. */
export interface StatisticsHour {
  Hour: number;
  Bookings: number;
}

/** A resource's week ahead. */
export interface StatisticsResourceWeek {
  ResourceId: Id;
  Name: string;
  OpenMinutes: number;
  BookedMinutes: number;
  /** null when the resource is not open in the week. */
  Occupancy: number | null;
}

/** Answer of GET /statistics/today: the dashboard's day at a glance and the week ahead. */
export interface StatisticsToday {
  Date: LocalDate;
  Now: LocalDateTime;
  /** Today's bookings (not canceled) by start hour, every hour that has one. */
  Hours: StatisticsHour[];
  /** Today through six days ahead, per active resource. */
  WeekAhead: StatisticsResourceWeek[];
}
