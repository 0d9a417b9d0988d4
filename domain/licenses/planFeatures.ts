/**
 * The rows of the plan comparison (spec core.md §2, GET /licenses/information): the limits a plan
 * counts (plan_limits' max_* columns) and the areas a plan may include (plan_limits.included_areas,
 * migration 115). Which plan includes what is data; this is the catalogue of the rows, with where
 * each feature is used: the admin screens it opens and a read of the API behind them.
 */
export interface PlanFeature {
  /** The row's Id in GET /licenses/information; stable whatever else is built. */
  id: number;
  /** The limit ('services', as planLimits counts it) or the area ('newsletters', as included_areas names it). */
  key: string;
  kind: 'limit' | 'area';
  /** The admin paths of the feature (spec route table): none may answer "not available yet" while the row is listed. */
  screens: readonly string[];
  /** A read of the API behind the screens (under /api): answered for a company whose plan includes the feature. */
  api: string;
}

export const PLAN_FEATURES: readonly PlanFeature[] = [
  { id: 1, key: 'services', kind: 'limit', screens: ['/services', '/services/new'], api: '/services' },
  { id: 2, key: 'resources', kind: 'limit', screens: ['/resources', '/resources/new'], api: '/resource' },
  { id: 3, key: 'administrators', kind: 'limit', screens: ['/company', '/administrators/new'], api: '/administrators' },
  { id: 4, key: 'bookings', kind: 'limit', screens: ['/bookings', '/bookings-new'], api: '/bookings' },
  { id: 100, key: 'newsletters', kind: 'area', screens: ['/newsletters', '/newsletters/send', '/newsletters/new'], api: '/newsletter/log' },
  { id: 101, key: 'webhooks', kind: 'area', screens: ['/webhook-settings', '/webhooks/endpoint/new'], api: '/webhook/endpoints' },
  { id: 102, key: 'accounting', kind: 'area', screens: ['/eaccounting/settings', '/eaccounting/service-price-mappings'], api: '/eaccounting/settings' },
  { id: 103, key: 'codelock', kind: 'area', screens: ['/codelock-settings'], api: '/codelock/settings' },
  { id: 104, key: 'sync', kind: 'area', screens: ['/sync'], api: '/sync/icalsync/feeds' },
  { id: 105, key: 'statistics', kind: 'area', screens: ['/statistics'], api: '/statistics/today' },
];

/**
 * The features the product has today: the one list the plan comparison shows (and so sells). A
 * plan may include more (its entitlements stay data), but a feature not built is not listed.
 * When an area lands (its screens and its API), add its key here and the plan table lists it;
 * tests/server/licenses.test.ts and tests/admin/licenses.test.tsx ('the plan features') hold this
 * list to the product both ways (every listed feature works on each plan that lists it; every feature left
 * out still answers "not available yet").
 */
export const BUILT_PLAN_FEATURES: readonly string[] = ['services', 'resources', 'administrators', 'bookings', 'newsletters', 'webhooks', 'accounting', 'codelock', 'sync', 'statistics'];

/**
 * Features whose API has landed but whose screens have not: they answer on the API (for integrators
 * and the tests) but are not sold in the plan comparison until a user can use them from the admin,
 * when they move to BUILT_PLAN_FEATURES. None now: webhooks moved there with their screens (issue 31).
 */
export const PLAN_FEATURES_IN_PROGRESS: readonly string[] = [];

/**
 * The rows the plan comparison lists, in its order.
 * @example listedPlanFeatures().map((f) => f.key) // ['services', …, 'newsletters', 'webhooks']
 */
export function listedPlanFeatures(built: readonly string[] = BUILT_PLAN_FEATURES): PlanFeature[] {
  return PLAN_FEATURES.filter((f) => built.includes(f.key));
}
