/** A screen of the spec: its message key (shell.screens.<key>) and paths. */
export interface ScreenDef {
  key: string;
  paths: string[];
}

/**
 * The paths of every screen of spec core.md §2 and areas.md §2 except the dashboard. The app renders
 * NotYetAvailable for the paths no resource or custom page has claimed yet. Not the sidebar: that is
 * src/registry.ts, which lists only what works.
 */
export const SCREENS: ScreenDef[] = [
  { key: 'scheduler', paths: ['/scheduler'] },
  { key: 'bookings', paths: ['/bookings', '/bookings/:id', '/bookings-new', '/bookings-report'] },
  { key: 'newsletters', paths: ['/newsletters', '/newsletters/send', '/newsletters/new', '/newsletters/templates/:id'] },
  { key: 'services', paths: ['/services', '/services/new', '/services/:id'] },
  { key: 'articles', paths: ['/articles', '/articles/new', '/articles/:id'] },
  {
    key: 'promoCodes',
    paths: ['/promo-codes-value-cards', '/promo-codes', '/promo-codes/new', '/promo-codes/:id', '/promo-codes-usages', '/promo-codes-transactions-report'],
  },
  { key: 'customFields', paths: ['/custom-fields', '/custom-fields/new', '/custom-fields/:id'] },
  { key: 'prices', paths: ['/prices', '/prices/new', '/prices/:id'] },
  {
    key: 'schedules',
    paths: ['/schedules', '/schedules/recurring/new', '/schedules/recurring/:id', '/schedules/date/new', '/schedules/date/:id'],
  },
  {
    key: 'resources',
    paths: ['/resources', '/resources/new', '/resources/:id', '/resource-types/new', '/resource-types/:id', '/create-resources-wizard/new', '/create-resources-wizard/:id'],
  },
  { key: 'timeExceptions', paths: ['/time-exceptions', '/time-exceptions/new', '/time-exceptions/:id', '/time-exceptions-report'] },
  { key: 'customers', paths: ['/customers', '/customers/inactive', '/customers/new', '/customers/:id'] },
  { key: 'accountingSettings', paths: ['/eaccounting/settings', '/eaccounting'] },
  { key: 'priceMappings', paths: ['/eaccounting/service-price-mappings', '/eaccounting/articles'] },
  { key: 'company', paths: ['/company'] },
  { key: 'administrators', paths: ['/administrators/new', '/administrators/:id'] },
  { key: 'bookingSettings', paths: ['/booking-settings'] },
  { key: 'systemSettings', paths: ['/system-settings'] },
  { key: 'paymentSettings', paths: ['/payment-settings', '/stripe-auth'] },
  { key: 'messageTemplates', paths: ['/messages/templates/new', '/messages/templates/:id'] },
  { key: 'bookingPrintouts', paths: ['/booking-printout', '/booking-printout/new', '/booking-printout/:id'] },
  { key: 'codelockSettings', paths: ['/codelock-settings'] },
  { key: 'calendarSync', paths: ['/sync'] },
  { key: 'mailchimpSettings', paths: ['/mailchimp-settings'] },
  { key: 'webhooks', paths: ['/webhook-settings', '/webhooks/endpoint/new', '/webhooks/endpoint/:id'] },
  { key: 'homepage', paths: ['/homepage/*', '/images/new', '/images/:id', '/posts/new', '/posts/:id'] },
  {
    key: 'support',
    paths: ['/support', '/support/manuals', '/support/tickets', '/support/tickets/new', '/support/tickets/:id', '/support/tickets/:id/edit', '/support/cases'],
  },
  { key: 'account', paths: ['/account', '/extra-licenses', '/billing/add-credit-card', '/billing/accept', '/billing/callback', '/billing/cancel', '/billing/settings'] },
  { key: 'reviews', paths: ['/reviews'] },
  { key: 'changePassword', paths: ['/change-password'] },
  { key: 'setupAccount', paths: ['/setup-account', '/setup-account/create-service'] },
];

/** Paths that only lead to another screen (or one of its tabs). */
export const REDIRECTS: Record<string, string> = {
  '/administrators': '/company#administrators',
  '/resource-types': '/resources',
  '/schedules/recurring': '/schedules',
  '/schedules/date': '/schedules',
  '/messages/log': '/bookings#message-log',
  '/messages/templates': '/bookings#message-templates',
  '/newsletters/log': '/newsletters#newsletterlog',
  '/newsletters/templates': '/newsletters#newslettertemplates',
  '/homepage/images': '/homepage#images',
  '/images': '/homepage#images',
  '/posts': '/homepage#posts',
};

/** Screens shown without the 1400 px / 20 px content frame. */
export const UNPADDED_PATHS = ['/scheduler', '/newsletters/new', '/newsletters/templates/:id'];

/**
 * Whether a resource or custom page already serves `path`: a resource `name` claims `/name` and everything under it.
 * @example
 * isClaimed('/services/:id', ['services'], []); // true
 */
export function isClaimed(path: string, resourceNames: readonly string[], customPaths: readonly string[]): boolean {
  const bare = (p: string) => p.replace(/\/\*$/, '');
  if (customPaths.some((p) => bare(p) === bare(path))) return true;
  return resourceNames.some((name) => bare(path) === `/${name}` || path.startsWith(`/${name}/`));
}
