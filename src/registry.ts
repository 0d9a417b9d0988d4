import { createElement, lazy, Suspense, type ComponentType, type ReactElement } from 'react';
import { Loading } from 'react-admin';
import type { Embeds } from './common/embeds';
import type { CustomPage, PageEntry, ShellMenuEntry } from './common/registry';
import type { ResourceEntry } from './engine/types';
import { screensOf } from './engine/define';
import { administratorsMeta } from './resources/administrators';
import { articlesMeta } from './resources/articles';
import { historyMeta } from './resources/history';
import { bookingPrintoutsMeta } from './resources/bookingPrintouts';
import { customersMeta } from './resources/customers';
import { customFieldsMeta } from './resources/customFields';
import { pricesMeta } from './resources/prices';
import { rebateCodesMeta, rebateCodeTransactions, rebateCodeUsages } from './resources/rebatecodes';
import { resourcesMeta } from './resources/resources';
import { resourceTypesMeta } from './resources/resourcetypes';
import { dateSchedules, recurringSchedules, schedulesMeta } from './resources/schedules';
import { servicesMeta } from './resources/services';
import { timeExceptionsMeta } from './resources/timeexceptions';
import { bookingLog, bookingQueue, bookings } from './resources/bookings';
import { accountPages } from './custom/account';
import { bookingPages } from './custom/bookingPage';
import { bookingSettingsPages } from './custom/bookingSettings';
import { webhookPages } from './custom/webhooks';
import { syncPages } from './custom/sync';
import { codelockPages } from './custom/codelock';
import { paymentPages } from './custom/payments';
import { eaccountingPages } from './custom/eaccounting';
import { bookingsReportPages } from './custom/bookingsReport';
import { companyPages } from './custom/company';
import { dashboardPages } from './custom/dashboard';
import { licensesPages } from './custom/licenses';
import { billingPages } from './custom/billing';
import { newBookingPages } from './custom/newBooking';
import { newsletterPages } from './custom/newsletters';
import { promoCodesPages } from './custom/promoCodes';
import { schedulingPages } from './custom/scheduling';
import { schedulerPages } from './custom/scheduler';
import { setupAccountPages } from './custom/setupAccount';
import { signUpPages } from './custom/signup';
import { messagePages } from './custom/messages';
import { supportPages } from './custom/support';
import { reviewPages } from './custom/reviews';
import { systemSettingsPages } from './custom/systemSettings';
import { statisticsPages } from './custom/statistics';

/** An entry of the registry: a declared entity (src/resources/<entity>/index.ts) or a page (src/custom/<page>/index.ts). */
export type RegistryEntry = ResourceEntry | PageEntry;

/**
 * Everything the admin shows, in sidebar order within each group (the groups follow MENU_GROUPS).
 * The only place where resources and custom pages meet: the shell builds routes and the sidebar from
 * it and from nothing else. A new entity or page adds its entry here (README, "adding an entity").
 */
export const registry: readonly RegistryEntry[] = [
  ...dashboardPages,
  // "Get started" sits right under the dashboard while a new company has steps left.
  ...setupAccountPages,
  ...schedulerPages,
  bookings,
  bookingLog,
  bookingQueue,
  ...bookingPages,
  ...bookingsReportPages,
  ...newBookingPages,
  ...statisticsPages,
  servicesMeta,
  articlesMeta,
  ...promoCodesPages,
  customFieldsMeta,
  pricesMeta,
  rebateCodesMeta,
  rebateCodeUsages,
  rebateCodeTransactions,
  schedulesMeta,
  resourcesMeta,
  timeExceptionsMeta,
  resourceTypesMeta,
  recurringSchedules,
  dateSchedules,
  ...schedulingPages,
  customersMeta,
  ...reviewPages,
  ...newsletterPages,
  ...companyPages,
  ...bookingSettingsPages,
  ...systemSettingsPages,
  ...webhookPages,
  ...syncPages,
  ...codelockPages,
  ...paymentPages,
  ...eaccountingPages,
  administratorsMeta,
  historyMeta,
  bookingPrintoutsMeta,
  ...accountPages,
  ...licensesPages,
  ...billingPages,
  ...signUpPages,
  ...messagePages,
  ...supportPages,
];

const isPage = (entry: RegistryEntry): entry is PageEntry => 'path' in entry;

/** The declared entities, for react-admin's `<Resource>`s and the data provider. */
export const declarations: ResourceEntry[] = registry.filter((e): e is ResourceEntry => !isPage(e));

const pageElement = (load: PageEntry['load']): ReactElement =>
  createElement(Suspense, { fallback: createElement(Loading) }, createElement(lazy(load)));

/** The hand-built pages as routes; each loads on first visit. */
export const customPages: CustomPage[] = registry
  .filter(isPage)
  .filter((p) => !p.public)
  .map((p) => ({ path: p.path, element: pageElement(p.load), noLayout: p.noLayout, unpadded: p.unpadded }));

/** The pages a visitor sees without signing in (sign-up), by path; App renders them before the sign-in gate. */
export const publicPages: CustomPage[] = registry.filter(isPage).filter((p) => p.public).map((p) => ({ path: p.path, element: pageElement(p.load) }));

/**
 * The sidebar: entities that sit in a group and have a list, and pages with a `menu`, in registry order.
 * @example sidebarOf(registry).filter((e) => e.group === 'services')
 */
export function sidebarOf(entries: readonly RegistryEntry[]): ShellMenuEntry[] {
  return entries.flatMap((e): ShellMenuEntry[] => {
    if (isPage(e)) return e.menu ? [{ ...e.menu, to: e.path }] : [];
    if (!e.group || !screensOf(e).list) return [];
    return [{ group: e.group, name: e.name, label: `resources.${e.name}.name`, icon: e.icon, to: `/${e.name}`, area: e.area }];
  });
}

export const sidebar: ShellMenuEntry[] = sidebarOf(registry);

const embedded = <P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> => lazy(() => load().then((c) => ({ default: c })));

/** The views one part shows inside another (src/common/embeds.tsx). */
export const embeds: Embeds = {
  administratorList: embedded(() => import('./resources/administrators/AdministratorList').then((m) => m.AdministratorList)),
  promoCodeList: embedded(() => import('./resources/rebatecodes/RebateCodeList').then((m) => m.RebateCodeList)),
  servicePriceCheck: embedded(() => import('./custom/priceCheck/ServicePriceCheck').then((m) => m.ServicePriceCheck)),
  bookingsReport: embedded(() => import('./custom/bookingsReport/BookingsReport').then((m) => m.default)),
  newBookingWidget: embedded(() => import('./custom/newBooking/NewBookingTab').then((m) => m.default)),
  messageLog: embedded(() => import('./custom/messages/MessageLogTab').then((m) => m.default)),
  bookingDoorCode: embedded(() => import('./custom/codelock/DoorCodeSection').then((m) => m.DoorCodeSection)),
  messageTemplates: embedded(() => import('./custom/messages/MessageTemplatesTab').then((m) => m.default)),
  bookingInvoice: embedded(() => import('./custom/eaccounting/InvoiceAction').then((m) => m.BookingInvoice)),
  bookingsInvoice: embedded(() => import('./custom/eaccounting/InvoiceAction').then((m) => m.BookingsInvoice)),
};
