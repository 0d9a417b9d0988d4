import { DateTime } from 'luxon';
import type { Db } from '../db';

/** A demo booking: service, local weekday (1 = Monday), start, resource, spots and status. */
interface DemoBooking {
  service: string;
  days: number[];
  at: string;
  resource: string;
  spots?: number;
  status?: number;
}

const WEEKDAYS = [1, 2, 3, 4, 5];
const BOOKED = 1;
const RESERVED = 3;
const CANCELED = 4;
const PAID = 7;

/** Inside the demo schedules (weekdays 07–21, weekends 09–17), so every booking lies in open hours. */
const WEEK: DemoBooking[] = [
  { service: 'Padel 60 min', days: WEEKDAYS, at: '08:00', resource: 'Bana 1' },
  { service: 'Padel 60 min', days: [1, 3, 5], at: '10:00', resource: 'Bana 2' },
  { service: 'Padel 60 min', days: [2, 4], at: '12:00', resource: 'Bana 3', status: PAID },
  { service: 'Padel 60 min', days: WEEKDAYS, at: '17:00', resource: 'Bana 1' },
  { service: 'Padel 60 min', days: WEEKDAYS, at: '17:00', resource: 'Bana 2' },
  { service: 'Padel 60 min', days: [1, 2, 3, 4], at: '18:00', resource: 'Bana 3' },
  { service: 'Padel 60 min', days: [2, 4], at: '19:00', resource: 'Bana 1', status: RESERVED },
  { service: 'Padel 60 min', days: [6, 7], at: '10:00', resource: 'Bana 1' },
  { service: 'Padel 60 min', days: [6], at: '11:00', resource: 'Bana 2', status: CANCELED },
  { service: 'Yoga drop-in', days: [1, 3, 5], at: '09:00', resource: 'Yogasalen', spots: 6 },
  { service: 'Yoga drop-in', days: [2, 4], at: '18:00', resource: 'Yogasalen', spots: 11 },
  { service: 'Massage', days: [2, 4], at: '10:00', resource: 'Anna Lind' },
  { service: 'Massage', days: [1, 5], at: '14:00', resource: 'Maria Ek' },
  { service: 'Personlig träning', days: [1, 3], at: '07:00', resource: 'Erik Holm' },
  { service: 'Konferensrum per timme', days: [3], at: '13:00', resource: 'Konferensrummet', status: PAID },
];

/**
 * Bookings of the demo company for this week and the next (company-local), so a first look at the
 * scheduler, the bookings list and the dashboard has something on it: padel courts through the day,
 * yoga classes with several spots, massages and training with an instructor, one reserved and one
 * canceled time, each with its price line, resource, allocation and a log entry by the system.
 * Written straight into the tables in the seed's transaction, on times the demo schedules open and
 * that do not collide (the allocation constraint would refuse them). Only the server's first start
 * adds them (server/index.ts); the tests' demo company has no bookings.
 */
export async function seedDemoBookings(db: Db, companyId: number, now = DateTime.now()): Promise<number> {
  const company = await db.one<{ time_zone: string }>('select time_zone from companies where id = $1', [companyId]);
  const zone = company!.time_zone;
  const services = new Map(
    (await db.query<{ id: number; name: string; duration: number }>('select id, name, duration from services where company_id = $1', [companyId])).map((s) => [s.name, s]),
  );
  const resources = new Map(
    (await db.query<{ id: number; name: string; type_id: number }>('select r.id, r.name, min(rtr.resource_type_id)::int as type_id from resources r join resource_type_resources rtr on rtr.resource_id = r.id where r.company_id = $1 group by r.id, r.name', [companyId])).map((r) => [r.name, r]),
  );
  const prices = await db.query<{ id: number; service_id: number; price_minor: string; vat: string; category: string; price_text: string | null; days_of_week: number[] | null; from_time: string | null; to_time: string | null }>(
    `select id, service_id, price_minor, vat, category, price_text, days_of_week, to_char(from_time, 'HH24:MI') as from_time,
            to_char(to_time, 'HH24:MI') as to_time
       from service_prices where company_id = $1 order by id`,
    [companyId],
  );
  const customers = (await db.query<{ id: number }>('select id from customers where company_id = $1 and visible order by id limit 40', [companyId])).map((c) => c.id);
  const monday = now.setZone(zone).startOf('week');
  let n = 0;
  for (let week = 0; week < 2; week++) {
    for (const demo of WEEK) {
      const service = services.get(demo.service);
      const resource = resources.get(demo.resource);
      if (!service || !resource) continue;
      for (const day of demo.days) {
        const [hour, minute] = demo.at.split(':').map(Number);
        const from = monday.plus({ weeks: week, days: day - 1 }).set({ hour, minute });
        const to = from.plus({ minutes: service.duration });
        // The price of the weekday and time, else the service's first (padel's depend on both).
        const own = prices.filter((p) => p.service_id === service.id);
        const price =
          own.find((p) => (!p.days_of_week?.length || p.days_of_week.includes(from.weekday)) && (!p.from_time || p.from_time <= demo.at) && (!p.to_time || demo.at < p.to_time) && (p.category === '' || p.category === 'Vuxen')) ?? own[0];
        const spots = demo.spots ?? 1;
        const unit = Number(price?.price_minor ?? 0);
        const vatRate = Number(price?.vat ?? 0);
        const total = unit * spots;
        const vat = Math.round(total - total / (1 + vatRate / 100));
        const status = demo.status ?? BOOKED;
        const customer = customers[n++ % customers.length] ?? null;
        const booking = await db.one<{ id: number }>(
          `insert into bookings (company_id, service_id, customer_id, starts_at, ends_at, status_id, hold_until, spots, total_price_minor,
                                 total_vat_minor, total_before_rebate_minor, currency_id, price_sign, paid_minor, send_email_confirmation)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $9, 'SEK', 'kr', $11, true) returning id`,
          [companyId, service.id, customer, from.toJSDate(), to.toJSDate(), status, status === RESERVED ? from.minus({ hours: 2 }).toJSDate() : null, spots, total, vat, status === PAID ? total : 0],
        );
        const id = booking!.id;
        if (price) {
          await db.query(
            `insert into booking_quantities (company_id, booking_id, price_id, quantity, price_minor, price_before_rebate_minor, vat_minor, vat, category, price_text)
             values ($1, $2, $3, $4, $5, $5, $6, $7, $8, $9)`,
            [companyId, id, price.id, spots, total, vat, vatRate, price.category, price.price_text],
          );
        }
        await db.query('insert into booking_resources (company_id, booking_id, resource_type_id, resource_id) values ($1, $2, $3, $4)', [companyId, id, resource.type_id, resource.id]);
        await db.query(
          `insert into booking_allocations (company_id, booking_id, resource_id, during, blocks)
           select b.company_id, b.id, $3, tstzrange(b.starts_at, b.ends_at, '[)'), st.holds_slot and s.total_spots <= 1
             from bookings b join services s on s.id = b.service_id join booking_statuses st on st.id = b.status_id
            where b.id = $2 and b.company_id = $1`,
          [companyId, id, resource.id],
        );
        await db.query(`insert into booking_log (company_id, booking_id, event, actor_type, comment) values ($1, $2, 'Created', 'System', 'Demo')`, [companyId, id]);
        // A paid booking has its payment in the payment log, so it can be refunded like any other.
        if (status === PAID) {
          await db.query(`insert into booking_payments (company_id, booking_id, kind, amount_minor, comment) values ($1, $2, 'Payment', $3, 'Demo')`, [companyId, id, total]);
        }
      }
    }
  }
  return n;
}
