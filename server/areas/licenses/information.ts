import type { FastifyInstance } from 'fastify';
import type { LicenseInformation, LicenseInformationType } from '../../../schema/licenses';
import { envelope } from '../../shared/reference';
import { planLimits, type LimitedThing } from '../../shared/planLimits';
import { AREA_NAMES } from '../../shared/planLimitMessages';
import type { Lang } from '../../shared/messages';
import { INFORMATION_WORDS as W } from './messages';

const LIMIT_ROWS: { thing: LimitedThing; column: 'max_services' | 'max_resources' | 'max_administrators' | 'max_bookings_per_month'; perMonth?: boolean }[] = [
  { thing: 'services', column: 'max_services' },
  { thing: 'resources', column: 'max_resources' },
  { thing: 'administrators', column: 'max_administrators' },
  { thing: 'bookings', column: 'max_bookings_per_month', perMonth: true },
];

/**
 * The plan comparison's rows (GET /licenses/information), made from the plans' limits so that the
 * table shows what the server enforces: each plan's value, 'value|note' where a note belongs.
 */
async function information(app: FastifyInstance, lang: Lang): Promise<LicenseInformation[]> {
  const plans = await planLimits(app.db);
  const rows: LicenseInformation[] = [];
  const row = (id: number, typeId: number, name: string, description: string, value: (p: (typeof plans)[number]) => string) => {
    const values = plans.map((p) => ({ LicenseTypeId: p.license_type_id, Value: value(p) }));
    rows.push({ Id: id, Name: name, Description: description, Url: null, LicenseInformationTypeId: typeId, FreeEdition: values.find((v) => v.LicenseTypeId === 1)?.Value ?? '', Values: values });
  };
  LIMIT_ROWS.forEach(({ thing, column, perMonth }, i) =>
    row(i + 1, 1, W[thing][lang], W[`${thing}Text`][lang], (p) => {
      const v = p[column];
      const shown = v === null ? W.unlimited[lang] : String(v);
      return perMonth && v !== null ? `${shown}|${W.perMonth[lang]}` : shown;
    }),
  );
  Object.entries(AREA_NAMES).forEach(([area, names], i) => row(100 + i, 2, names[lang], '', (p) => (p.included_areas.includes(area) ? W.yes[lang] : W.no[lang])));
  return rows;
}

export default async function informationRoutes(app: FastifyInstance): Promise<void> {
  app.get('/licenses/information', async (request) => envelope(await information(app, request.ctx.lang)));
  app.get('/licenses/informationtypes', async (request) =>
    envelope<LicenseInformationType>([
      { Id: 1, Name: W.limits[request.ctx.lang] },
      { Id: 2, Name: W.areas[request.ctx.lang] },
    ]),
  );
}
