import type { Lang, Texts } from './messages';
import type { CountryId } from '../../schema/company';
import lists from './reference.json' with { type: 'json' };

/** The schema's country ids, spelt out so that the type checks this list against CountryId. */
const COUNTRY_IDS: Record<CountryId, true> = { SE: true, DK: true, FI: true, NO: true };

/** A country id of ./reference.json, refused at start if the schema does not know it. */
function countryId(id: string): CountryId {
  if (!Object.hasOwn(COUNTRY_IDS, id)) throw new Error(`reference.json names an unknown country '${id}'`);
  return id as CountryId;
}

/**
 * An entry of a fixed list as the wire shows it: `{ Id, Name }` with the name in the caller's
 * language. The lists below (data in ./reference.json) keep `{ id, name }` with every language's name; this is the one place
 * that turns one into the other.
 * @example onWire(CATEGORIES[0], 'en'); // { Id: 1, Name: 'Sport and fitness' }
 */
export function onWire<I extends number | string>(entry: { id: I; name: Texts }, lang: Lang): { Id: I; Name: string } {
  return { Id: entry.id, Name: entry.name[lang] };
}

/** The countries the product serves, with their currency. */
export const COUNTRIES: readonly { id: CountryId; currencyId: string; name: Texts }[] = lists.countries.map((country) => ({ ...country, id: countryId(country.id) }));

export const CURRENCIES: readonly { id: string; sign: string; active: boolean; name: Texts }[] = lists.currencies;

export const COMPANY_TYPES: readonly { id: number; name: Texts }[] = lists.companyTypes;

export const CATEGORIES: readonly { id: number; name: Texts }[] = lists.categories;

export const ACCESS_KEY_TYPES: readonly { id: number; name: Texts; description: Texts }[] = lists.accessKeyTypes;

/** Billing methods and the countries that offer them. Ids: 1 card, 2 invoice by e-mail, 3 e-invoice, 4 paper invoice. */
export const BILLING_METHODS: readonly { id: number; countries: readonly CountryId[]; name: Texts }[] = lists.billingMethods.map((method) => ({ ...method, countries: method.countries.map(countryId) }));

/** Translated names of the license types (the table holds the English name and prices). */
export const LICENSE_TYPE_NAMES: Record<number, Texts> = lists.licenseTypeNames;

/** Names of company statuses, for messages. */
export const COMPANY_STATUS_NAMES: Record<number, Texts> = lists.companyStatusNames;

/** A whole small list in the contract's envelope. */
export function envelope<T>(results: T[]): { Offset: number; Total: number; Results: T[] } {
  return { Offset: 0, Total: results.length, Results: results };
}
