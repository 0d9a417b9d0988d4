/**
 * (Kept in a folder of its own so that the contract generator, which reads schema/*.ts, skips it.)
 *
 * The permission matrix: which role may use which area of the back office, and how. Read by the API
 * (server/shared/permissions.ts guards every route) and by the admin (the sidebar and the screens hide what
 * the signed-in user's roles cannot use). Change access here and both sides follow.
 *
 * An area is named after the first segment of its API path (`/api/customers/…` → `customers`) and of
 * its admin path (`/customers/…`); the maps below only list the segments whose area has another name.
 * A new area therefore needs no code: its routes are guarded as `<segment>` (the Administrator may use
 * it, other roles not until they are granted it here). GET reads; every other method writes.
 */

/** Role ids of the `roles` table (server/db/migrations/001_core.sql). */
export const ROLE_IDS = { Administrator: 1, Staff: 2, Accountant: 3 } as const;
export type RoleName = keyof typeof ROLE_IDS;

export type Action = 'read' | 'write';

/** What one role may do per area; an area not listed is refused. */
type Grants = Readonly<Partial<Record<string, readonly Action[]>>>;

const RW: readonly Action[] = ['read', 'write'];
const R: readonly Action[] = ['read'];

/**
 * Areas everyone signed in may use: their own account (`/users/…`: profile, own password, agreement)
 * and what the shell needs to start (company name, reference lists, client error reports, support).
 */
export const SIGNED_IN_AREAS: Grants = { account: RW, shell: RW };

/** The matrix. The Administrator may use every area, including areas added later. */
export const PERMISSIONS: Readonly<Record<RoleName, Grants | 'everything'>> = {
  Administrator: 'everything',
  Staff: {
    bookings: RW,
    scheduler: RW,
    customers: RW,
    // What the booking, scheduler and customer screens read.
    customFields: R,
    services: R,
    articles: R,
    resources: R,
    schedules: R,
  },
  Accountant: {
    bookings: R,
    bookingReports: R,
    promoCodeReports: R,
    billing: RW,
    invoices: RW,
    accounting: RW,
    // What the accounting screens read (mapping services, prices and articles to accounts).
    services: R,
    articles: R,
  },
};

/** API path segments (after /api/) whose area has another name. */
export const API_SEGMENT_AREAS: Readonly<Record<string, string>> = {
  users: 'account',
  countries: 'shell',
  currencies: 'shell',
  categories: 'shell',
  errors: 'shell',
  companies: 'company',
  licenses: 'billing',
  trials: 'billing',
  Token: 'billing',
  customfields: 'customFields',
  accesskeytypes: 'customers',
  gdpr: 'customers',
  resource: 'resources',
  resourcetypes: 'resources',
  timeexceptions: 'schedules',
  rebatecodes: 'promoCodes',
  eaccounting: 'accounting',
  bookinglog: 'bookings',
  bookinguserqueue: 'bookings',
  reports: 'settings',
  // Support cases: everyone signed in opens and follows their company's cases (the desk: server/areas/support).
  support: 'shell',
  // Reviews of bookings: the /reviews screen's area.
  reviews: 'bookings',
};

export interface Permission {
  area: string;
  action: Action;
}

/**
 * API routes whose area or action is not the one derived from the path and method, keyed
 * `METHOD /path` as registered (without /api).
 */
export const API_OVERRIDES: Readonly<Record<string, Permission>> = {
  // The shell shows the company's name and settings to everyone signed in.
  'GET /companies': { area: 'shell', action: 'read' },
  'GET /companies/types': { area: 'shell', action: 'read' },
  // Sending another administrator a verification mail manages administrators.
  'POST /users/:id/verify': { area: 'administrators', action: 'write' },
  // Price calculation changes nothing; the booking screens use it.
  'PUT /services/:Id/calculateprice': { area: 'services', action: 'read' },
  // Reports of promo codes and value cards.
  'GET /rebatecodes/usages': { area: 'promoCodeReports', action: 'read' },
  'GET /rebatecodes/:Id/usages': { area: 'promoCodeReports', action: 'read' },
  'GET /rebatecodes/:Id/reports': { area: 'promoCodeReports', action: 'read' },
  'GET /rebatecodes/transactions': { area: 'promoCodeReports', action: 'read' },
  'GET /rebatecodes/types': { area: 'promoCodeReports', action: 'read' },
  'GET /timeexceptions/report': { area: 'schedules', action: 'read' },
  // A booking (and the price check) looks up the code a customer gives.
  'GET /rebatecodes/getbysign': { area: 'bookings', action: 'read' },
  // The booking settings govern every booking: only those who may change settings change them.
  'PUT /bookings/settings': { area: 'settings', action: 'write' },
  // A payment request is a booking action (the route's path is the payment provider's).
  'PUT /payment/payson/v2/checkout/:Id/sendpaymentrequest': { area: 'bookings', action: 'write' },
  // Erasing a customer's personal data cannot be undone: Administrators only (issue 36).
  'DELETE /gdpr/customers/:Id': { area: 'gdpr', action: 'write' },
  // So is deleting every inactive customer at once.
  'DELETE /gdpr/customers/inactive': { area: 'gdpr', action: 'write' },
};

/** Admin path segments (the first one of a screen's path) whose area has another name. */
export const SCREEN_SEGMENT_AREAS: Readonly<Record<string, string>> = {
  dashboard: 'shell',
  support: 'shell',
  'change-password': 'account',
  'extra-licenses': 'billing',
  licenses: 'billing',
  'bookings-new': 'bookings',
  'bookings-report': 'bookingReports',
  prices: 'services',
  'promo-codes': 'promoCodes',
  'promo-codes-value-cards': 'promoCodes',
  'promo-codes-usages': 'promoCodeReports',
  'promo-codes-transactions-report': 'promoCodeReports',
  // react-admin resource names that are not paths of their own.
  'promo-code-usages': 'promoCodeReports',
  'promo-code-transactions': 'promoCodeReports',
  recurringSchedules: 'schedules',
  dateSchedules: 'schedules',
  'custom-fields': 'customFields',
  'resource-types': 'resources',
  'create-resources-wizard': 'resources',
  'time-exceptions': 'schedules',
  'time-exceptions-report': 'schedules',
  eaccounting: 'accounting',
  'setup-account': 'company',
  reviews: 'bookings',
  'booking-settings': 'settings',
  'system-settings': 'settings',
  'payment-settings': 'settings',
  'stripe-auth': 'settings',
  'booking-printout': 'settings',
  'codelock-settings': 'settings',
  sync: 'settings',
  'mailchimp-settings': 'settings',
  'webhook-settings': 'settings',
  webhooks: 'settings',
  homepage: 'settings',
  images: 'settings',
  posts: 'settings',
  messages: 'settings',
};

/** The role ids named in a token's `realm_access.roles` (names, any case) or given as ids. */
export function roleIdsOf(roles: readonly (string | number)[]): number[] {
  const byName = new Map(Object.entries(ROLE_IDS).map(([name, id]) => [name.toLowerCase(), id]));
  const ids = roles.map((r) => (typeof r === 'number' ? r : byName.get(r.toLowerCase())));
  return [...new Set(ids.filter((id): id is number => id !== undefined))];
}

/**
 * Whether someone with these role ids may take `action` in `area`.
 * @example
 * can([ROLE_IDS.Staff], 'customers', 'write'); // true
 * can([ROLE_IDS.Staff], 'administrators', 'read'); // false
 */
export function can(roleIds: readonly number[], area: string, action: Action): boolean {
  if (SIGNED_IN_AREAS[area]?.includes(action)) return true;
  return (Object.keys(ROLE_IDS) as RoleName[]).some((name) => {
    if (!roleIds.includes(ROLE_IDS[name])) return false;
    const grants = PERMISSIONS[name];
    return grants === 'everything' || (grants[area]?.includes(action) ?? false);
  });
}

/**
 * Whether going from roles `current` to `next` would give someone more than they have: a role they
 * lack, unless they are an Administrator already (who may use everything).
 * @example
 * raisesRole([ROLE_IDS.Staff], [ROLE_IDS.Staff, ROLE_IDS.Administrator]); // true
 */
export function raisesRole(current: readonly number[], next: readonly number[]): boolean {
  if (current.includes(ROLE_IDS.Administrator)) return false;
  return next.some((id) => !current.includes(id));
}

/** Every area that grants something to a role other than the Administrator (for tests and the docs). */
export function grantedAreas(): string[] {
  const areas = new Set(Object.keys(SIGNED_IN_AREAS));
  for (const grants of Object.values(PERMISSIONS)) if (grants !== 'everything') for (const a of Object.keys(grants)) areas.add(a);
  return [...areas];
}

/**
 * What an API route needs, from its method and path as registered (without /api); undefined when
 * nothing can be derived (a path without a fixed first segment), which the API refuses.
 * @example
 * apiPermission('DELETE', '/customers/:Id'); // { area: 'customers', action: 'write' }
 */
export function apiPermission(method: string, path: string): Permission | undefined {
  const verb = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
  const override = API_OVERRIDES[`${verb} ${path}`];
  if (override) return override;
  const segment = /^\/([a-z][a-z0-9-]*)(?:\/|$)/i.exec(path)?.[1]?.toLowerCase();
  if (!segment) return undefined;
  const action: Action | undefined = verb === 'GET' ? 'read' : ['POST', 'PUT', 'PATCH', 'DELETE'].includes(verb) ? 'write' : undefined;
  if (!action) return undefined;
  return { area: API_SEGMENT_AREAS[segment] ?? segment, action };
}

/**
 * The area of an admin screen from its path (`/customers/12` → customers).
 * @example
 * screenArea('/administrators/new'); // 'administrators'
 */
export function screenArea(path: string): string {
  const segment = path.split(/[/?#]/).find((s) => s !== '') ?? 'dashboard';
  return SCREEN_SEGMENT_AREAS[segment] ?? segment;
}
