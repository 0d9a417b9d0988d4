import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMAIL } from '../../server/db/seed';
import { startE2e, type E2eEnv } from './harness';

/**
 * The engine's promise on three declared entities of three areas (issue 39): filter a list (kept in
 * the URL), save the filter and pick it again, export every match, set a field on every match in
 * bulk after a confirmation that names the count, and read the change with the user on the record's
 * History tab. Nothing here is written per entity beyond the names a user reads.
 */
const MARKER = 'Listprov';

interface Entity {
  path: string;
  table: string;
  /** The field set in bulk: its column, its label and the choice picked. */
  column: string;
  label: string;
  choice: 'Ja' | 'Nej';
  plural: string;
  insert: (n: number) => [string, unknown[]];
}

const ENTITIES: Entity[] = [
  {
    path: '/articles',
    table: 'articles',
    column: 'active',
    label: 'Aktiv',
    choice: 'Nej',
    plural: 'artiklar',
    insert: (n) => [
      `insert into articles (company_id, name, article_type_id, price_minor, vat, currency_id) select id, $1, 1, 5000, 25, 'SEK' from companies order by id limit 1`,
      [`${MARKER} artikel ${n}`],
    ],
  },
  {
    path: '/booking-printout',
    table: 'booking_printouts',
    column: 'active',
    label: 'Aktiv',
    choice: 'Nej',
    plural: 'bokningsutskrifter',
    insert: (n) => [`insert into booking_printouts (company_id, name, body) select id, $1, '<p>Hej</p>' from companies order by id limit 1`, [`${MARKER} utskrift ${n}`]],
  },
  {
    path: '/customers',
    table: 'customers',
    column: 'subscribed_to_newsletter',
    label: 'Prenumererar på nyhetsbrev',
    choice: 'Ja',
    plural: 'kunder',
    // Three of the demo's customers (they carry the company's required custom field, as real ones do).
    insert: (n) => [
      `update customers set lastname = $1, subscribed_to_newsletter = false where id = (select id from customers where lastname <> $1 order by id limit 1 offset $2)`,
      [`${MARKER}sson`, n],
    ],
  },
];

describe('every declared list filters, saves its filter, exports, acts in bulk and shows history', () => {
  let env: E2eEnv;

  beforeAll(async () => {
    env = await startE2e({ locale: 'sv-SE' });
    for (const entity of ENTITIES) {
      for (const n of [1, 2, 3]) {
        const [sql, params] = entity.insert(n);
        await env.db.query(sql, params as never[]);
      }
    }
    await env.login();
  });

  afterAll(async () => {
    await env?.close();
  });

  for (const entity of ENTITIES) {
    it(`${entity.path}: filter, saved filter, export of every match, bulk change and its history`, async () => {
      const { page, baseUrl } = env;
      await page.goto(`${baseUrl}${entity.path}`);
      const search = page.getByPlaceholder('Sök');
      await search.fill(MARKER);
      await expect.poll(() => decodeURIComponent(page.url()), { timeout: 15000 }).toContain(MARKER);
      const rows = page.locator('table tbody tr');
      await expect.poll(() => rows.count(), { timeout: 15000 }).toBe(3);

      // Save the filter, leave it, and pick it again from the menu.
      await page.getByRole('button', { name: 'Sparade filter' }).click();
      await page.getByRole('menuitem', { name: 'Spara aktuellt filter' }).click();
      const dialog = page.getByRole('dialog', { name: 'Spara aktuellt filter' });
      await dialog.getByLabel('Namn').fill(`Bara ${MARKER}`);
      await dialog.getByRole('button', { name: 'Spara' }).click();
      await page.getByText(`Filtret Bara ${MARKER} är sparat`).waitFor();
      await page.goto(`${baseUrl}${entity.path}?filter=${encodeURIComponent('{}')}`);
      await expect.poll(() => decodeURIComponent(page.url()), { timeout: 15000 }).not.toContain(MARKER);
      await page.getByRole('button', { name: 'Sparade filter' }).click();
      await page.getByRole('menuitem', { name: new RegExp(`Bara ${MARKER}`) }).click();
      await expect.poll(() => decodeURIComponent(page.url()), { timeout: 15000 }).toContain(MARKER);
      await expect.poll(() => rows.count(), { timeout: 15000 }).toBe(3);

      // Export every match (a file of the three, whatever the page size).
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Exportera', exact: true }).click();
      const file = await download;
      const text = readFileSync((await file.path())!, 'utf8');
      const lines = text.trim().split(/\r?\n/);
      expect(lines.length, text).toBe(4);
      expect(lines.slice(1).every((line) => line.includes(MARKER))).toBe(true);

      // Set the field on every match, after a confirmation that names the count.
      await page.getByRole('checkbox', { name: 'Markera alla' }).check();
      await page.getByRole("button", { name: `Ändra ${entity.label}` }).waitFor();
      await page.waitForTimeout(400);
      await env.screenshot(`engine-list-selected${entity.path.replace(/\//g, '-')}-sv`);
      await page.getByRole('button', { name: `Ändra ${entity.label}` }).click();
      const field = page.getByRole('dialog', { name: `Ändra ${entity.label}` });
      await field.getByRole('combobox').click();
      await page.getByRole('option', { name: entity.choice, exact: true }).click();
      await field.getByRole('button', { name: 'Fortsätt' }).click();
      const confirm = page.getByRole('dialog').filter({ hasText: `3 ${entity.plural}` });
      await expect.poll(() => confirm.innerText(), { timeout: 15000 }).toContain(`Sätt ${entity.label} till ${entity.choice} på 3 ${entity.plural}?`);
      await confirm.getByRole('button', { name: 'Bekräfta' }).click();
      await page.getByText(`3 ${entity.plural} ändrade`).waitFor({ timeout: 15000 });
      const values = await env.db.query<{ v: boolean }>(`select ${entity.column} as v from ${entity.table} where ${entity.table === 'customers' ? 'lastname' : 'name'} like $1`, [`${MARKER}%`]);
      expect(values.map((r) => r.v)).toEqual([entity.choice === 'Ja', entity.choice === 'Ja', entity.choice === 'Ja']);
      await env.screenshot(`engine-list-bulk${entity.path.replace(/\//g, '-')}-sv`);

      // The record's History tab names the user and the change.
      await rows.first().click();
      await page.getByRole('tab', { name: 'Historik' }).click();
      const history = page.getByRole('region', { name: 'Historik' });
      await expect.poll(() => history.innerText(), { timeout: 15000 }).toContain(DEMO_EMAIL);
      expect(await history.innerText()).toContain(entity.label);
    });
  }
});
