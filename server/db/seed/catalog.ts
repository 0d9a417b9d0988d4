import type { Db } from '../db';
import { seedCustomers } from './customers';

export interface CatalogOptions {
  /** How many customers to create (the demo has about 200). */
  customers?: number;
}

interface DemoService {
  key: string;
  name: string;
  description: string;
  group: string;
  duration: number;
  min?: number;
  max?: number;
  interval?: number;
  /** 1 fixed, 2 slider, 3 dropdown. */
  durationType: 1 | 2 | 3;
  spots: number;
  groupBooking?: { Min: number; Max: number };
}

const SERVICES: DemoService[] = [
  {
    key: 'padel',
    name: 'Padel 60 min',
    description: 'Boka en padelbana inomhus. Välj 60, 90 eller 120 minuter.',
    group: 'Padel',
    duration: 60,
    min: 60,
    max: 120,
    interval: 30,
    durationType: 3,
    spots: 1,
  },
  {
    key: 'yoga',
    name: 'Yoga drop-in',
    description: 'Hatha yoga för alla nivåer. Ta med egen matta eller låna av oss.',
    group: 'Yoga',
    duration: 75,
    durationType: 1,
    spots: 20,
    groupBooking: { Min: 1, Max: 20 },
  },
  {
    key: 'massage',
    name: 'Massage',
    description: 'Klassisk massage, 45 eller 90 minuter.',
    group: 'Hälsa',
    duration: 45,
    min: 45,
    max: 90,
    interval: 45,
    durationType: 3,
    spots: 1,
  },
  {
    key: 'sauna',
    name: 'Bastu',
    description: 'Vedeldad bastu vid vattnet, upp till åtta personer.',
    group: 'Hälsa',
    duration: 60,
    durationType: 1,
    spots: 8,
    groupBooking: { Min: 1, Max: 8 },
  },
  {
    key: 'pt',
    name: 'Personlig träning',
    description: 'En timme med personlig tränare, program anpassat efter dig.',
    group: 'Träning',
    duration: 60,
    durationType: 1,
    spots: 1,
  },
  {
    key: 'conference',
    name: 'Konferensrum per timme',
    description: 'Konferensrum för tolv personer med skärm och whiteboard.',
    group: 'Lokaler',
    duration: 60,
    min: 60,
    max: 480,
    interval: 60,
    durationType: 2,
    spots: 1,
  },
];

interface DemoPrice {
  service: string;
  /** Whole kronor. */
  price: number;
  vat: 0 | 6 | 12 | 25;
  category?: string;
  text?: string;
  calculationType?: 1 | 2 | 3 | 4;
  days?: number[];
  fromTime?: string;
  toTime?: string;
}

const PRICES: DemoPrice[] = [
  { service: 'padel', price: 280, vat: 6, text: 'Lågtrafik vardagar', days: [1, 2, 3, 4, 5], fromTime: '07:00', toTime: '17:00' },
  { service: 'padel', price: 400, vat: 6, text: 'Högtrafik vardagskvällar', days: [1, 2, 3, 4, 5], fromTime: '17:00', toTime: '22:00' },
  { service: 'padel', price: 350, vat: 6, text: 'Helg', days: [6, 7] },
  { service: 'yoga', price: 180, vat: 6, category: 'Vuxen' },
  { service: 'yoga', price: 90, vat: 6, category: 'Barn' },
  { service: 'massage', price: 695, vat: 25 },
  { service: 'sauna', price: 120, vat: 6 },
  { service: 'pt', price: 850, vat: 6 },
  { service: 'conference', price: 450, vat: 25, calculationType: 3, text: 'Per timme' },
];

/**
 * Services, prices, articles, custom fields and customers of a demo company (a Swedish yoga &
 * padel business).
 */
export async function seedCatalog(db: Db, companyId: number, options: CatalogOptions = {}): Promise<void> {
  const serviceIds = new Map<string, number>();
  for (const [i, s] of SERVICES.entries()) {
    const min = s.min ?? s.duration;
    const row = await db.one<{ id: number }>(
      `insert into services (company_id, name, description, group_name, duration, min_duration, max_duration, duration_interval,
                             duration_type_id, sort_order, total_spots, group_booking, is_payment_enabled)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::text::jsonb, true) returning id`,
      [
        companyId,
        s.name,
        s.description,
        s.group,
        s.duration,
        min,
        s.max ?? s.duration * 3,
        s.interval ?? s.duration,
        s.durationType,
        (i + 1) * 10,
        s.spots,
        JSON.stringify({ Active: Boolean(s.groupBooking), Min: s.groupBooking?.Min ?? 1, Max: s.groupBooking?.Max ?? 1 }),
      ],
    );
    serviceIds.set(s.key, row!.id);
  }

  for (const p of PRICES) {
    await db.query(
      `insert into service_prices (company_id, service_id, price_minor, calculation_type_id, currency_id, vat, category, price_text,
                                   days_of_week, from_time, to_time)
       values ($1, $2, $3, $4, 'SEK', $5, $6, $7, $8::text::jsonb, $9, $10)`,
      [
        companyId,
        serviceIds.get(p.service)!,
        p.price * 100,
        p.calculationType ?? 1,
        p.vat,
        p.category ?? '',
        p.text ?? '',
        JSON.stringify(p.days ?? []),
        p.fromTime ?? null,
        p.toTime ?? null,
      ],
    );
  }

  const articles: [string, string, number, number, number, string][] = [
    ['Hyra padelracket', 'Racket att låna under bokad tid.', 1, 7500, 25, 'ART-RACKET'],
    ['Presentkort 500 kr', 'Presentkort att använda på alla tjänster.', 2, 50000, 0, 'ART-GIFT500'],
    ['Klippkort yoga 10 gånger', 'Tio drop-in-klasser, giltigt ett år.', 4, 150000, 6, 'ART-YOGA10'],
  ];
  for (const [name, description, type, priceMinor, vat, reference] of articles) {
    await db.query(
      `insert into articles (company_id, name, description, article_type_id, price_minor, vat, currency_id, internal_reference)
       values ($1, $2, $3, $4, $5, $6, 'SEK', $7)`,
      [companyId, name, description, type, priceMinor, vat, reference],
    );
  }

  const level = await db.one<{ id: number }>(
    `insert into custom_fields (company_id, name, description, data_type, table_name, sort_order, width, max_length, "values")
     values ($1, 'Nivå', 'Vilken nivå passet riktar sig till', 'DropDown', 'Event', 0, 6, 100, $2::text::jsonb) returning id`,
    [
      companyId,
      JSON.stringify([
        { Value: 'Nybörjare', SortOrder: 1 },
        { Value: 'Medel', SortOrder: 2 },
        { Value: 'Avancerad', SortOrder: 3 },
      ]),
    ],
  );
  for (const key of ['padel', 'yoga']) {
    await db.query('insert into custom_field_services (company_id, custom_field_id, service_id) values ($1, $2, $3)', [
      companyId,
      level!.id,
      serviceIds.get(key)!,
    ]);
  }
  await db.query(
    `insert into custom_field_values (company_id, custom_field_id, entity_type, entity_id, value)
     values ($1, $2, 'Event', $3, 'Medel'), ($1, $2, 'Event', $4, 'Nybörjare')`,
    [companyId, level!.id, serviceIds.get('padel')!, serviceIds.get('yoga')!],
  );
  await db.query(
    `insert into custom_fields (company_id, name, description, data_type, table_name, sort_order, width, max_length,
                                is_mandatory, mandatory_error_message, reg_ex, reg_ex_error_message)
     values ($1, 'Medlemsnummer', 'Medlemsnumret från ditt medlemskort', 'TextBox', 'RegisteredUsers', 0, 6, 7,
             true, 'Ange ditt medlemsnummer.', $2, 'Medlemsnumret är ett M följt av 4–6 siffror, t.ex. M12345.')`,
    [companyId, String.raw`^M\d{4,6}$`],
  );
  await db.query(
    `insert into custom_fields (company_id, name, description, data_type, table_name, sort_order, width, max_length, multiple_line_text)
     values ($1, 'Allergier', 'Allergier eller annat vi bör känna till', 'TextBox', 'BookedEvent', 0, 12, 500, true)`,
    [companyId],
  );

  await seedCustomers(db, companyId, options.customers ?? 200);
}
