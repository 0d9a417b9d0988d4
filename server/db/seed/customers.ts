import { Faker, base, en, sv } from '@faker-js/faker';
import Personnummer from 'personnummer';
import type { Db } from '../db';

const CHUNK = 5000;
const DAY_MS = 86400000;
/** Fixed so that every seeded database holds the same customers. */
const SEED = 20240611;

/** A valid Swedish personnummer (YYYYMMDD-NNNC) for a birth date, with the Luhn check digit. */
function personnummer(faker: Faker): string {
  const birth = faker.date.birthdate({ mode: 'age', min: 18, max: 80 });
  const yyyy = String(birth.getUTCFullYear());
  const mm = String(birth.getUTCMonth() + 1).padStart(2, '0');
  const dd = String(birth.getUTCDate()).padStart(2, '0');
  const serial = faker.string.numeric(3);
  const nine = `${yyyy.slice(2)}${mm}${dd}${serial}`;
  let sum = 0;
  for (let i = 0; i < nine.length; i++) {
    let d = Number(nine[i]) * (i % 2 === 0 ? 2 : 1);
    if (d > 9) d -= 9;
    sum += d;
  }
  const check = (10 - (sum % 10)) % 10;
  const pin = `${yyyy}${mm}${dd}-${serial}${check}`;
  return Personnummer.valid(pin) ? pin : '';
}

function asciiSlug(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
}

const COMMENTS: readonly [string, string][] = [
  ['Föredrar morgontider', 'Vill helst boka pass före klockan 9 på vardagar.'],
  ['Knäskada', 'Undvik djupa knäböj; har meddelat att knät är bättre men var försiktig.'],
  ['Företagsfaktura', 'Fakturan ska skickas till arbetsgivaren, se fakturaadressen.'],
  ['Nyckelbricka', 'Har fått en ny RFID-bricka efter att den gamla tappades bort.'],
  ['Stamkund', 'Har spelat padel hos oss varje vecka sedan starten.'],
  ['Påminnelse', 'Vill ha påminnelse via SMS i stället för e-post.'],
];

/**
 * Adds `count` Swedish customers to a company, deterministically (faker, sv locale, fixed seed):
 * names, example.com e-mail addresses, Swedish mobile numbers, some personnummer and invoice
 * addresses, a member number for every mandatory customer custom field matching M + digits,
 * a few comments, and activity spread over three years (about a tenth inactive for 30 months).
 * @example
 * await seedCustomers(tx, companyId, 200);
 */
export async function seedCustomers(db: Db, companyId: number, count: number): Promise<void> {
  const faker = new Faker({ locale: [sv, en, base] });
  faker.seed(SEED + companyId);
  const now = Math.floor(Date.now() / DAY_MS) * DAY_MS;
  const ids: number[] = [];
  for (let start = 0; start < count; start += CHUNK) {
    const rows = [];
    for (let i = start; i < Math.min(count, start + CHUNK); i++) {
      const firstname = faker.person.firstName();
      const lastname = faker.person.lastName();
      const inactive = faker.number.int({ min: 1, max: 10 }) === 1;
      const createdDaysAgo = inactive ? faker.number.int({ min: 900, max: 1400 }) : faker.number.int({ min: 1, max: 1000 });
      const created = now - createdDaysAgo * DAY_MS;
      const updated = created + faker.number.int({ min: 0, max: inactive ? 10 : createdDaysAgo }) * DAY_MS;
      const activity = inactive ? updated : now - faker.number.int({ min: 0, max: Math.min(365, createdDaysAgo) }) * DAY_MS;
      const withInvoice = faker.number.int({ min: 1, max: 8 }) === 1;
      rows.push({
        n: i,
        firstname,
        lastname,
        email: `${asciiSlug(firstname)}.${asciiSlug(lastname)}${i}@example.com`,
        // Stored as the API stores a valid number: E.164.
        phone: `+467${faker.helpers.arrayElement(['0', '2', '3', '6'])}${faker.string.numeric(3)}${faker.string.numeric(2)}${faker.string.numeric(2)}`,
        pin: faker.number.int({ min: 1, max: 3 }) === 1 ? personnummer(faker) || null : null,
        newsletter: faker.datatype.boolean(),
        visible: faker.number.int({ min: 1, max: 20 }) !== 1,
        corporate: withInvoice ? `55${faker.string.numeric(4)}-${faker.string.numeric(4)}` : null,
        address1: withInvoice ? faker.location.streetAddress() : null,
        city: withInvoice ? faker.location.city() : null,
        postal: withInvoice ? faker.location.zipCode('### ##') : null,
        created: new Date(created).toISOString(),
        updated: new Date(Math.min(updated, now)).toISOString(),
        activity: createdDaysAgo < 30 && !inactive ? null : new Date(Math.min(activity, now)).toISOString(),
      });
    }
    const inserted = await db.query<{ id: number }>(
      `insert into customers (company_id, firstname, lastname, email, phone, personal_identity_number, subscribed_to_newsletter, visible,
                              corporate_identity_number, invoice_address1, invoice_city, invoice_postal_code, invoice_country_code,
                              created, updated, last_activity)
       select $1, x.firstname, x.lastname, x.email, x.phone, x.pin, x.newsletter, x.visible,
              x.corporate, x.address1, x.city, x.postal, case when x.address1 is null then null else 'SE' end,
              x.created, x.updated, x.activity
         from json_to_recordset($2::text::json) as x(firstname text, lastname text, email text, phone text, pin text,
              newsletter boolean, visible boolean, corporate text, address1 text, city text, postal text,
              created timestamptz, updated timestamptz, activity timestamptz, n bigint)
        order by x.n
       returning id`,
      [companyId, JSON.stringify(rows)],
    );
    ids.push(...inserted.map((r) => r.id));
  }
  if (!ids.length) return;
  const idList = `{${ids.join(',')}}`;
  await db.query(
    `insert into custom_field_values (company_id, custom_field_id, entity_type, entity_id, value)
     select $1, f.id, 'RegisteredUsers', c.id, 'M' || (10000 + c.id % 90000)::text
       from customers c join custom_fields f on f.company_id = c.company_id and f.table_name = 'RegisteredUsers' and f.data_type = 'TextBox'
      where c.company_id = $1 and c.id = any($2::text::int[]) and coalesce(f.reg_ex, '') like '^M%'
     on conflict do nothing`,
    [companyId, idList],
  );
  const comments = [];
  for (let i = 0; i < Math.min(ids.length, Math.max(1, Math.round(count / 8))); i++) {
    const [heading, comment] = faker.helpers.arrayElement(COMMENTS);
    comments.push({ customer: faker.helpers.arrayElement(ids), heading, comment, created: new Date(now - faker.number.int({ min: 1, max: 500 }) * DAY_MS).toISOString() });
  }
  await db.query(
    `insert into customer_comments (company_id, customer_id, heading, comment, created, updated)
     select $1, x.customer, x.heading, x.comment, x.created, x.created
       from json_to_recordset($2::text::json) as x(customer int, heading text, comment text, created timestamptz)`,
    [companyId, JSON.stringify(comments)],
  );
}
