/**
 * Every admin message catalogue, in one explicit list (nothing registers itself on import).
 *
 * The shell's catalogue is `locales/` (shell, app, auth, newAuth, engine, errors, apiMessages, custom.common);
 * each declared entity `src/resources/<entity>/` and hand-built page `src/custom/<page>/` owns the keys
 * it shows in its `messages/{sv,en,fi,no}.json`, at their full key paths (`resources.services.…`,
 * `custom.company.…`, or a top-level key of its own). sv and en are in the first bundle; fi and no
 * load when chosen. No two catalogues define the same key, and each has every key in all four
 * languages (tests/admin/i18n.test.ts).
 *
 * Adding a catalogue: create `messages/{sv,en,fi,no}.json` in the folder, import its sv and en here,
 * and add one line to the list.
 */
import shellEn from '../../locales/en.json';
import shellSv from '../../locales/sv.json';
import administratorsEn from '../resources/administrators/messages/en.json';
import administratorsSv from '../resources/administrators/messages/sv.json';
import articlesEn from '../resources/articles/messages/en.json';
import articlesSv from '../resources/articles/messages/sv.json';
import historyEn from '../resources/history/messages/en.json';
import historySv from '../resources/history/messages/sv.json';
import bookingPrintoutsEn from '../resources/bookingPrintouts/messages/en.json';
import bookingPrintoutsSv from '../resources/bookingPrintouts/messages/sv.json';
import bookingsEn from '../resources/bookings/messages/en.json';
import bookingsSv from '../resources/bookings/messages/sv.json';
import customFieldsEn from '../resources/customFields/messages/en.json';
import customFieldsSv from '../resources/customFields/messages/sv.json';
import customersEn from '../resources/customers/messages/en.json';
import customersSv from '../resources/customers/messages/sv.json';
import pricesEn from '../resources/prices/messages/en.json';
import pricesSv from '../resources/prices/messages/sv.json';
import rebatecodesEn from '../resources/rebatecodes/messages/en.json';
import rebatecodesSv from '../resources/rebatecodes/messages/sv.json';
import resourcesEn from '../resources/resources/messages/en.json';
import resourcesSv from '../resources/resources/messages/sv.json';
import resourcetypesEn from '../resources/resourcetypes/messages/en.json';
import resourcetypesSv from '../resources/resourcetypes/messages/sv.json';
import schedulesEn from '../resources/schedules/messages/en.json';
import schedulesSv from '../resources/schedules/messages/sv.json';
import servicesEn from '../resources/services/messages/en.json';
import servicesSv from '../resources/services/messages/sv.json';
import timeexceptionsEn from '../resources/timeexceptions/messages/en.json';
import timeexceptionsSv from '../resources/timeexceptions/messages/sv.json';
import accountEn from '../custom/account/messages/en.json';
import accountSv from '../custom/account/messages/sv.json';
import billingEn from '../custom/billing/messages/en.json';
import billingSv from '../custom/billing/messages/sv.json';
import bookingPageEn from '../custom/bookingPage/messages/en.json';
import bookingPageSv from '../custom/bookingPage/messages/sv.json';
import bookingSettingsEn from '../custom/bookingSettings/messages/en.json';
import bookingSettingsSv from '../custom/bookingSettings/messages/sv.json';
import webhooksEn from '../custom/webhooks/messages/en.json';
import webhooksSv from '../custom/webhooks/messages/sv.json';
import syncEn from '../custom/sync/messages/en.json';
import codelockEn from '../custom/codelock/messages/en.json';
import codelockSv from '../custom/codelock/messages/sv.json';
import syncSv from '../custom/sync/messages/sv.json';
import supportEn from '../custom/support/messages/en.json';
import supportSv from '../custom/support/messages/sv.json';
import systemSettingsEn from '../custom/systemSettings/messages/en.json';
import systemSettingsSv from '../custom/systemSettings/messages/sv.json';
import paymentsEn from '../custom/payments/messages/en.json';
import eaccountingEn from '../custom/eaccounting/messages/en.json';
import eaccountingSv from '../custom/eaccounting/messages/sv.json';
import paymentsSv from '../custom/payments/messages/sv.json';
import companyEn from '../custom/company/messages/en.json';
import companySv from '../custom/company/messages/sv.json';
import dashboardEn from '../custom/dashboard/messages/en.json';
import dashboardSv from '../custom/dashboard/messages/sv.json';
import licensesEn from '../custom/licenses/messages/en.json';
import licensesSv from '../custom/licenses/messages/sv.json';
import newBookingEn from '../custom/newBooking/messages/en.json';
import newBookingSv from '../custom/newBooking/messages/sv.json';
import promoCodesEn from '../custom/promoCodes/messages/en.json';
import promoCodesSv from '../custom/promoCodes/messages/sv.json';
import messagesEn from '../custom/messages/messages/en.json';
import messagesSv from '../custom/messages/messages/sv.json';
import newslettersEn from '../custom/newsletters/messages/en.json';
import newslettersSv from '../custom/newsletters/messages/sv.json';
import schedulingEn from '../custom/scheduling/messages/en.json';
import schedulingSv from '../custom/scheduling/messages/sv.json';
import schedulerEn from '../custom/scheduler/messages/en.json';
import schedulerSv from '../custom/scheduler/messages/sv.json';
import setupAccountEn from '../custom/setupAccount/messages/en.json';
import setupAccountSv from '../custom/setupAccount/messages/sv.json';
import reviewsEn from '../custom/reviews/messages/en.json';
import reviewsSv from '../custom/reviews/messages/sv.json';
import signupEn from '../custom/signup/messages/en.json';
import signupSv from '../custom/signup/messages/sv.json';
import statisticsEn from '../custom/statistics/messages/en.json';
import statisticsSv from '../custom/statistics/messages/sv.json';

type Messages = Record<string, unknown>;

/** One folder's messages: sv and en as loaded, fi and no on demand. */
export interface Catalogue {
  /** Where it lives: `locales` (the shell) or `resources/<entity>`, `custom/<page>` under src/. */
  folder: string;
  sv: Messages;
  en: Messages;
  fi: () => Promise<{ default: Messages }>;
  no: () => Promise<{ default: Messages }>;
}

export const catalogues: readonly Catalogue[] = [
  { folder: 'locales', en: shellEn, sv: shellSv, fi: () => import('../../locales/fi.json'), no: () => import('../../locales/no.json') },
  { folder: 'resources/administrators', en: administratorsEn, sv: administratorsSv, fi: () => import('../resources/administrators/messages/fi.json'), no: () => import('../resources/administrators/messages/no.json') },
  { folder: 'resources/articles', en: articlesEn, sv: articlesSv, fi: () => import('../resources/articles/messages/fi.json'), no: () => import('../resources/articles/messages/no.json') },
  { folder: 'resources/history', en: historyEn, sv: historySv, fi: () => import('../resources/history/messages/fi.json'), no: () => import('../resources/history/messages/no.json') },
  { folder: 'resources/bookingPrintouts', en: bookingPrintoutsEn, sv: bookingPrintoutsSv, fi: () => import('../resources/bookingPrintouts/messages/fi.json'), no: () => import('../resources/bookingPrintouts/messages/no.json') },
  { folder: 'resources/bookings', en: bookingsEn, sv: bookingsSv, fi: () => import('../resources/bookings/messages/fi.json'), no: () => import('../resources/bookings/messages/no.json') },
  { folder: 'resources/customFields', en: customFieldsEn, sv: customFieldsSv, fi: () => import('../resources/customFields/messages/fi.json'), no: () => import('../resources/customFields/messages/no.json') },
  { folder: 'resources/customers', en: customersEn, sv: customersSv, fi: () => import('../resources/customers/messages/fi.json'), no: () => import('../resources/customers/messages/no.json') },
  { folder: 'resources/prices', en: pricesEn, sv: pricesSv, fi: () => import('../resources/prices/messages/fi.json'), no: () => import('../resources/prices/messages/no.json') },
  { folder: 'resources/rebatecodes', en: rebatecodesEn, sv: rebatecodesSv, fi: () => import('../resources/rebatecodes/messages/fi.json'), no: () => import('../resources/rebatecodes/messages/no.json') },
  { folder: 'resources/resources', en: resourcesEn, sv: resourcesSv, fi: () => import('../resources/resources/messages/fi.json'), no: () => import('../resources/resources/messages/no.json') },
  { folder: 'resources/resourcetypes', en: resourcetypesEn, sv: resourcetypesSv, fi: () => import('../resources/resourcetypes/messages/fi.json'), no: () => import('../resources/resourcetypes/messages/no.json') },
  { folder: 'resources/schedules', en: schedulesEn, sv: schedulesSv, fi: () => import('../resources/schedules/messages/fi.json'), no: () => import('../resources/schedules/messages/no.json') },
  { folder: 'resources/services', en: servicesEn, sv: servicesSv, fi: () => import('../resources/services/messages/fi.json'), no: () => import('../resources/services/messages/no.json') },
  { folder: 'resources/timeexceptions', en: timeexceptionsEn, sv: timeexceptionsSv, fi: () => import('../resources/timeexceptions/messages/fi.json'), no: () => import('../resources/timeexceptions/messages/no.json') },
  { folder: 'custom/account', en: accountEn, sv: accountSv, fi: () => import('../custom/account/messages/fi.json'), no: () => import('../custom/account/messages/no.json') },
  { folder: 'custom/billing', en: billingEn, sv: billingSv, fi: () => import('../custom/billing/messages/fi.json'), no: () => import('../custom/billing/messages/no.json') },
  { folder: 'custom/bookingPage', en: bookingPageEn, sv: bookingPageSv, fi: () => import('../custom/bookingPage/messages/fi.json'), no: () => import('../custom/bookingPage/messages/no.json') },
  { folder: 'custom/bookingSettings', en: bookingSettingsEn, sv: bookingSettingsSv, fi: () => import('../custom/bookingSettings/messages/fi.json'), no: () => import('../custom/bookingSettings/messages/no.json') },
  { folder: 'custom/webhooks', en: webhooksEn, sv: webhooksSv, fi: () => import('../custom/webhooks/messages/fi.json'), no: () => import('../custom/webhooks/messages/no.json') },
  { folder: 'custom/codelock', en: codelockEn, sv: codelockSv, fi: () => import('../custom/codelock/messages/fi.json'), no: () => import('../custom/codelock/messages/no.json') },
  { folder: 'custom/sync', en: syncEn, sv: syncSv, fi: () => import('../custom/sync/messages/fi.json'), no: () => import('../custom/sync/messages/no.json') },
  { folder: 'custom/support', en: supportEn, sv: supportSv, fi: () => import('../custom/support/messages/fi.json'), no: () => import('../custom/support/messages/no.json') },
  { folder: 'custom/systemSettings', en: systemSettingsEn, sv: systemSettingsSv, fi: () => import('../custom/systemSettings/messages/fi.json'), no: () => import('../custom/systemSettings/messages/no.json') },
  { folder: 'custom/payments', en: paymentsEn, sv: paymentsSv, fi: () => import('../custom/payments/messages/fi.json'), no: () => import('../custom/payments/messages/no.json') },
  { folder: 'custom/eaccounting', en: eaccountingEn, sv: eaccountingSv, fi: () => import('../custom/eaccounting/messages/fi.json'), no: () => import('../custom/eaccounting/messages/no.json') },
  { folder: 'custom/company', en: companyEn, sv: companySv, fi: () => import('../custom/company/messages/fi.json'), no: () => import('../custom/company/messages/no.json') },
  { folder: 'custom/dashboard', en: dashboardEn, sv: dashboardSv, fi: () => import('../custom/dashboard/messages/fi.json'), no: () => import('../custom/dashboard/messages/no.json') },
  { folder: 'custom/licenses', en: licensesEn, sv: licensesSv, fi: () => import('../custom/licenses/messages/fi.json'), no: () => import('../custom/licenses/messages/no.json') },
  { folder: 'custom/newBooking', en: newBookingEn, sv: newBookingSv, fi: () => import('../custom/newBooking/messages/fi.json'), no: () => import('../custom/newBooking/messages/no.json') },
  { folder: 'custom/promoCodes', en: promoCodesEn, sv: promoCodesSv, fi: () => import('../custom/promoCodes/messages/fi.json'), no: () => import('../custom/promoCodes/messages/no.json') },
  { folder: 'custom/messages', en: messagesEn, sv: messagesSv, fi: () => import('../custom/messages/messages/fi.json'), no: () => import('../custom/messages/messages/no.json') },
  { folder: 'custom/newsletters', en: newslettersEn, sv: newslettersSv, fi: () => import('../custom/newsletters/messages/fi.json'), no: () => import('../custom/newsletters/messages/no.json') },
  { folder: 'custom/scheduling', en: schedulingEn, sv: schedulingSv, fi: () => import('../custom/scheduling/messages/fi.json'), no: () => import('../custom/scheduling/messages/no.json') },
  { folder: 'custom/scheduler', en: schedulerEn, sv: schedulerSv, fi: () => import('../custom/scheduler/messages/fi.json'), no: () => import('../custom/scheduler/messages/no.json') },
  { folder: 'custom/setupAccount', en: setupAccountEn, sv: setupAccountSv, fi: () => import('../custom/setupAccount/messages/fi.json'), no: () => import('../custom/setupAccount/messages/no.json') },
  { folder: 'custom/reviews', en: reviewsEn, sv: reviewsSv, fi: () => import('../custom/reviews/messages/fi.json'), no: () => import('../custom/reviews/messages/no.json') },
  { folder: 'custom/signup', en: signupEn, sv: signupSv, fi: () => import('../custom/signup/messages/fi.json'), no: () => import('../custom/signup/messages/no.json') },
  { folder: 'custom/statistics', en: statisticsEn, sv: statisticsSv, fi: () => import('../custom/statistics/messages/fi.json'), no: () => import('../custom/statistics/messages/no.json') },
];
