import type { Lang } from './messages';
import type { CountryId } from '../../schema/company';

type Names = Record<Lang, string>;

/**
 * An entry of a fixed list as the wire shows it: `{ Id, Name }` with the name in the caller's
 * language. The lists below keep `{ id, name }` with every language's name; this is the one place
 * that turns one into the other.
 * @example onWire(CATEGORIES[0], 'en'); // { Id: 1, Name: 'Sport and fitness' }
 */
export function onWire<I extends number | string>(entry: { id: I; name: Names }, lang: Lang): { Id: I; Name: string } {
  return { Id: entry.id, Name: entry.name[lang] };
}

/** The countries the product serves, with their currency. */
export const COUNTRIES: readonly { id: CountryId; currencyId: string; name: Names }[] = [
  { id: 'SE', currencyId: 'SEK', name: { sv: 'Sverige', en: 'Sweden', fi: 'Ruotsi', no: 'Sverige' } },
  { id: 'NO', currencyId: 'NOK', name: { sv: 'Norge', en: 'Norway', fi: 'Norja', no: 'Norge' } },
  { id: 'DK', currencyId: 'DKK', name: { sv: 'Danmark', en: 'Denmark', fi: 'Tanska', no: 'Danmark' } },
  { id: 'FI', currencyId: 'EUR', name: { sv: 'Finland', en: 'Finland', fi: 'Suomi', no: 'Finland' } },
];

export const CURRENCIES: readonly { id: string; sign: string; active: boolean; name: Names }[] = [
  { id: 'SEK', sign: 'kr', active: true, name: { sv: 'Svenska kronor', en: 'Swedish krona', fi: 'Ruotsin kruunu', no: 'Svenske kroner' } },
  { id: 'NOK', sign: 'kr', active: true, name: { sv: 'Norska kronor', en: 'Norwegian krone', fi: 'Norjan kruunu', no: 'Norske kroner' } },
  { id: 'DKK', sign: 'kr', active: true, name: { sv: 'Danska kronor', en: 'Danish krone', fi: 'Tanskan kruunu', no: 'Danske kroner' } },
  { id: 'EUR', sign: '€', active: true, name: { sv: 'Euro', en: 'Euro', fi: 'Euro', no: 'Euro' } },
  { id: 'USD', sign: '$', active: false, name: { sv: 'Amerikanska dollar', en: 'US dollar', fi: 'Yhdysvaltain dollari', no: 'Amerikanske dollar' } },
  { id: 'GBP', sign: '£', active: false, name: { sv: 'Brittiska pund', en: 'Pound sterling', fi: 'Englannin punta', no: 'Britiske pund' } },
];

export const COMPANY_TYPES: readonly { id: number; name: Names }[] = [
  { id: 1, name: { sv: 'Aktiebolag', en: 'Limited company', fi: 'Osakeyhtiö', no: 'Aksjeselskap' } },
  { id: 2, name: { sv: 'Enskild firma', en: 'Sole trader', fi: 'Toiminimi', no: 'Enkeltpersonforetak' } },
  { id: 3, name: { sv: 'Handelsbolag', en: 'Partnership', fi: 'Avoin yhtiö', no: 'Ansvarlig selskap' } },
  { id: 4, name: { sv: 'Ekonomisk förening', en: 'Cooperative', fi: 'Osuuskunta', no: 'Samvirkeforetak' } },
  { id: 5, name: { sv: 'Ideell förening', en: 'Non-profit association', fi: 'Yhdistys', no: 'Forening' } },
  { id: 6, name: { sv: 'Offentlig verksamhet', en: 'Public sector', fi: 'Julkinen sektori', no: 'Offentlig sektor' } },
];

export const CATEGORIES: readonly { id: number; name: Names }[] = [
  { id: 1, name: { sv: 'Träning och sport', en: 'Sport and fitness', fi: 'Urheilu ja liikunta', no: 'Trening og sport' } },
  { id: 2, name: { sv: 'Hälsa och skönhet', en: 'Health and beauty', fi: 'Terveys ja kauneus', no: 'Helse og skjønnhet' } },
  { id: 3, name: { sv: 'Vård', en: 'Health care', fi: 'Terveydenhuolto', no: 'Helsetjenester' } },
  { id: 4, name: { sv: 'Utbildning', en: 'Education', fi: 'Koulutus', no: 'Utdanning' } },
  { id: 5, name: { sv: 'Lokaler och uthyrning', en: 'Venues and rentals', fi: 'Tilat ja vuokraus', no: 'Lokaler og utleie' } },
  { id: 6, name: { sv: 'Restaurang och evenemang', en: 'Restaurants and events', fi: 'Ravintolat ja tapahtumat', no: 'Restaurant og arrangementer' } },
  { id: 7, name: { sv: 'Turism och upplevelser', en: 'Tourism and experiences', fi: 'Matkailu ja elämykset', no: 'Turisme og opplevelser' } },
  { id: 8, name: { sv: 'Konsulttjänster', en: 'Consulting', fi: 'Konsultointi', no: 'Konsulenttjenester' } },
  { id: 9, name: { sv: 'Övrigt', en: 'Other', fi: 'Muu', no: 'Annet' } },
];

export const ACCESS_KEY_TYPES: readonly { id: number; name: Names; description: Names }[] = [
  {
    id: 1,
    name: { sv: 'RFID-tagg', en: 'RFID tag', fi: 'RFID-tunniste', no: 'RFID-brikke' },
    description: { sv: 'Bricka eller kort som läses av en läsare', en: 'Tag or card read by a reader', fi: 'Lukijalla luettava tunniste tai kortti', no: 'Brikke eller kort som leses av en leser' },
  },
  {
    id: 2,
    name: { sv: 'Portkod', en: 'Door code', fi: 'Ovikoodi', no: 'Dørkode' },
    description: { sv: 'Sifferkod till en dörr', en: 'Numeric code for a door', fi: 'Oven numerokoodi', no: 'Tallkode til en dør' },
  },
  {
    id: 3,
    name: { sv: 'Nyckelkort', en: 'Key card', fi: 'Avainkortti', no: 'Nøkkelkort' },
    description: { sv: 'Magnetkort eller passerkort', en: 'Magnetic or access card', fi: 'Magneetti- tai kulkukortti', no: 'Magnetkort eller adgangskort' },
  },
  {
    id: 4,
    name: { sv: 'Mobilnyckel', en: 'Mobile key', fi: 'Mobiiliavain', no: 'Mobilnøkkel' },
    description: { sv: 'Digital nyckel i en app', en: 'Digital key in an app', fi: 'Sovelluksen digitaalinen avain', no: 'Digital nøkkel i en app' },
  },
];

/** Billing methods and the countries that offer them. Ids: 1 card, 2 invoice by e-mail, 3 e-invoice, 4 paper invoice. */
export const BILLING_METHODS: readonly { id: number; countries: readonly CountryId[]; name: Names }[] = [
  { id: 1, countries: ['SE', 'NO', 'DK', 'FI'], name: { sv: 'Kortbetalning', en: 'Card payment', fi: 'Korttimaksu', no: 'Kortbetaling' } },
  { id: 2, countries: ['SE', 'NO', 'DK', 'FI'], name: { sv: 'Faktura via e-post', en: 'Invoice by e-mail', fi: 'Lasku sähköpostitse', no: 'Faktura på e-post' } },
  { id: 3, countries: ['SE', 'NO', 'DK', 'FI'], name: { sv: 'E-faktura', en: 'E-invoice', fi: 'Verkkolasku', no: 'EHF-faktura' } },
  { id: 4, countries: ['SE'], name: { sv: 'Pappersfaktura', en: 'Paper invoice', fi: 'Paperilasku', no: 'Papirfaktura' } },
];

/** Translated names of the license types (the table holds the English name and prices). */
export const LICENSE_TYPE_NAMES: Record<number, Names> = {
  1: { sv: 'Gratis', en: 'Free', fi: 'Ilmainen', no: 'Gratis' },
  2: { sv: 'Standard', en: 'Standard', fi: 'Standard', no: 'Standard' },
  3: { sv: 'Professionell', en: 'Professional', fi: 'Ammattilainen', no: 'Profesjonell' },
  5: { sv: 'Företag', en: 'Business', fi: 'Yritys', no: 'Bedrift' },
  9: { sv: 'Enterprise', en: 'Enterprise', fi: 'Enterprise', no: 'Enterprise' },
  11: { sv: 'Extra administratörer', en: 'Extra administrators', fi: 'Lisäylläpitäjät', no: 'Ekstra administratorer' },
};

/** Names of company statuses, for messages. */
export const COMPANY_STATUS_NAMES: Record<number, Names> = {
  1: { sv: 'registrerat', en: 'registered', fi: 'rekisteröity', no: 'registrert' },
  2: { sv: 'väntar på godkännande', en: 'awaiting approval', fi: 'odottaa hyväksyntää', no: 'venter på godkjenning' },
  3: { sv: 'godkänt', en: 'approved', fi: 'hyväksytty', no: 'godkjent' },
  4: { sv: 'inaktivt', en: 'inactive', fi: 'ei aktiivinen', no: 'inaktivt' },
  5: { sv: 'nedlagt', en: 'closed down', fi: 'lopetettu', no: 'nedlagt' },
  6: { sv: 'ej godkänt', en: 'not approved', fi: 'ei hyväksytty', no: 'ikke godkjent' },
};

/** A whole small list in the contract's envelope. */
export function envelope<T>(results: T[]): { Offset: number; Total: number; Results: T[] } {
  return { Offset: 0, Total: results.length, Results: results };
}
