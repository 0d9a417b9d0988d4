import { pricingAndRebateMessages } from '../../../domain/pricing';
import { extendMessages, type Lang, type ServerMessageKey } from '../../shared/messages';

/** Messages of the rebate code and price calculation calls beyond the pricing rules' own. */
const messages = {
  CodeHasTransactions: {
    sv: 'Koden har använts och har {count} transaktioner. Stäng av koden (status Av) och ta sedan bort den för att radera den med sin historik.',
    en: 'The code has been used and has {count} transactions. Switch the code off (status Off) and then delete it to remove it with its history.',
    fi: 'Koodia on käytetty, ja sillä on {count} tapahtumaa. Poista koodi käytöstä (tila Pois) ja poista se sitten, niin se poistetaan historioineen.',
    no: 'Koden er brukt og har {count} transaksjoner. Slå av koden (status Av) og slett den deretter for å fjerne den med historikken.',
  },
  RebateCodeSignNotFound: {
    sv: 'Det finns ingen kod {sign}.',
    en: 'There is no code {sign}.',
    fi: 'Koodia {sign} ei ole.',
    no: 'Det finnes ingen kode {sign}.',
  },
  TypeLocked: {
    sv: 'Kodtypen kan inte ändras när koden har transaktioner.',
    en: 'The code type cannot be changed once the code has transactions.',
    fi: 'Koodityyppiä ei voi muuttaa, kun koodilla on tapahtumia.',
    no: 'Kodetypen kan ikke endres når koden har transaksjoner.',
  },
  ValueBelowUsed: {
    sv: "'{field}' kan inte sänkas under det som redan har använts ({used}).",
    en: "'{field}' cannot be lowered below what has already been used ({used}).",
    fi: "Kenttää '{field}' ei voi laskea alle jo käytetyn määrän ({used}).",
    no: "'{field}' kan ikke senkes under det som allerede er brukt ({used}).",
  },
  NoReportRecipient: {
    sv: 'Det finns ingen e-postadress att skicka rapporten till: ange en, eller koppla koden till en kund med e-postadress.',
    en: 'There is no e-mail address to send the report to: give one, or connect the code to a customer with an e-mail address.',
    fi: 'Raportille ei ole sähköpostiosoitetta: anna osoite tai liitä koodi asiakkaaseen, jolla on sähköpostiosoite.',
    no: 'Det finnes ingen e-postadresse å sende rapporten til: oppgi en, eller koble koden til en kunde med e-postadresse.',
  },
  ReportSendFailed: {
    sv: 'Rapporten kunde inte skickas: {reason}',
    en: 'The report could not be sent: {reason}',
    fi: 'Raporttia ei voitu lähettää: {reason}',
    no: 'Rapporten kunne ikke sendes: {reason}',
  },
  SignNotGenerated: {
    sv: 'Det gick inte att skapa en ledig kod. Ange en kod själv.',
    en: 'No free code could be generated. Enter a code yourself.',
    fi: 'Vapaata koodia ei voitu luoda. Anna koodi itse.',
    no: 'Det gikk ikke å lage en ledig kode. Oppgi en kode selv.',
  },
} satisfies Record<string, Record<Lang, string>>;

/** Loads the pricing rules' and the promo codes' messages into the server catalogue (the services plugin calls it). */
export function registerRebateCodeMessages(): void {
  extendMessages(pricingAndRebateMessages);
  extendMessages(messages);
}

/**
 * A key of the pricing rules' or this area's messages (both loaded by registerRebateCodeMessages), typed for ApiError and
 * ValidationErrors.
 * @example
 * throw ApiError.field(400, 'RebateCodeSign', rebateKey('SignTooShort'), { limit: 4 });
 */
export function rebateKey(key: keyof typeof messages | keyof typeof pricingAndRebateMessages): ServerMessageKey {
  return key as ServerMessageKey;
}

/** Words used inside messages ('{what}'), per language. */
export const rebateWords = {
  rebateCode: { sv: 'Rabattkod', en: 'Rebate code', fi: 'Alennuskoodi', no: 'Rabattkode' },
  service: { sv: 'tjänst', en: 'service', fi: 'palvelu', no: 'tjeneste' },
  customer: { sv: 'kund', en: 'customer', fi: 'asiakas', no: 'kunde' },
  price: { sv: 'pris', en: 'price', fi: 'hinta', no: 'pris' },
} satisfies Record<string, Record<Lang, string>>;
