import type { FastifyInstance } from 'fastify';
import type { LicenseInformation, LicenseInformationType } from '../../../schema/licenses';
import { listedPlanFeatures } from '../../../domain/licenses/planFeatures';
import { envelope } from '../../shared/reference';
import { page } from '../../shared/schemas';
import { planLimits, type LimitedThing } from '../../shared/planLimits';
import { AREA_NAMES } from '../../shared/planLimitMessages';
import type { Lang } from '../../shared/messages';
import { INFORMATION_WORDS as W } from './messages';

const LIMIT_COLUMNS: Record<LimitedThing, 'max_services' | 'max_resources' | 'max_administrators' | 'max_bookings_per_month'> = {
  services: 'max_services',
  resources: 'max_resources',
  administrators: 'max_administrators',
  bookings: 'max_bookings_per_month',
};

/**
 * The plan comparison's rows (GET /licenses/information), made from the plans' limits so that the
 * table shows what the server enforces: each plan's value, 'value|note' where a note belongs. Only
 * the features the product has are listed (domain/licenses/planFeatures.ts): a plan's entitlement
 * to an area not built yet stays in its data but is not sold.
 */
async function information(app: FastifyInstance, lang: Lang): Promise<LicenseInformation[]> {
  const plans = await planLimits(app.db);
  return listedPlanFeatures().map((feature): LicenseInformation => {
    const limit = feature.kind === 'limit' ? LIMIT_COLUMNS[feature.key as LimitedThing] : undefined;
    const value = (p: (typeof plans)[number]): string => {
      if (!limit) return p.included_areas.includes(feature.key) ? W.yes[lang] : W.no[lang];
      const v = p[limit];
      const shown = v === null ? W.unlimited[lang] : String(v);
      return feature.key === 'bookings' && v !== null ? `${shown}|${W.perMonth[lang]}` : shown;
    };
    const values = plans.map((p) => ({ LicenseTypeId: p.license_type_id, Value: value(p) }));
    return {
      Id: feature.id,
      Name: limit ? W[feature.key][lang] : (AREA_NAMES[feature.key]?.[lang] ?? feature.key),
      Description: limit ? W[`${feature.key}Text`][lang] : '',
      Url: null,
      LicenseInformationTypeId: limit ? 1 : 2,
      FreeEdition: values.find((v) => v.LicenseTypeId === 1)?.Value ?? '',
      Values: values,
    };
  });
}

export default async function informationRoutes(app: FastifyInstance): Promise<void> {
  app.get('/licenses/information', { schema: { response: { 200: page('LicenseInformation') } } }, async (request) => envelope(await information(app, request.ctx.lang)));
  app.get('/licenses/informationtypes', { schema: { response: { 200: page('LicenseInformationType') } } }, async (request) =>
    envelope<LicenseInformationType>([
      { Id: 1, Name: W.limits[request.ctx.lang] },
      { Id: 2, Name: W.areas[request.ctx.lang] },
    ]),
  );
}
