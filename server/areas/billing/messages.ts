import { extendMessages, type Lang } from '../../shared/messages';

type Names = Record<Lang, string>;

/** The invoice PDF's words. */
export const INVOICE_WORDS: Record<string, Names> = {
  invoice: { sv: 'Faktura', en: 'Invoice', fi: 'Lasku', no: 'Faktura' },
  number: { sv: 'Fakturanummer', en: 'Invoice number', fi: 'Laskun numero', no: 'Fakturanummer' },
  date: { sv: 'Fakturadatum', en: 'Invoice date', fi: 'Laskun päiväys', no: 'Fakturadato' },
  due: { sv: 'Förfallodatum', en: 'Due date', fi: 'Eräpäivä', no: 'Forfallsdato' },
  period: { sv: 'Period', en: 'Period', fi: 'Jakso', no: 'Periode' },
  billedTo: { sv: 'Faktureras till', en: 'Billed to', fi: 'Laskutetaan', no: 'Faktureres til' },
  vatNumber: { sv: 'Momsregistreringsnummer', en: 'VAT registration number', fi: 'ALV-numero', no: 'MVA-nummer' },
  net: { sv: 'Summa exkl. moms', en: 'Subtotal', fi: 'Veroton summa', no: 'Sum eks. mva' },
  vat: { sv: 'Moms', en: 'VAT', fi: 'ALV', no: 'MVA' },
  total: { sv: 'Att betala', en: 'Total', fi: 'Maksettava', no: 'Å betale' },
  paid: { sv: 'Betald med kort', en: 'Paid by card', fi: 'Maksettu kortilla', no: 'Betalt med kort' },
  unpaid: { sv: 'Obetald', en: 'Unpaid', fi: 'Maksamatta', no: 'Ubetalt' },
  seller: { sv: 'Bokningssystemet AB', en: 'Booking System AB', fi: 'Booking System AB', no: 'Booking System AB' },
};

const messages: Record<string, Names> = {
  CardSignatureInvalid: {
    sv: 'Betalningsleverantörens signatur stämmer inte.',
    en: "The payment provider's signature does not match.",
    fi: 'Maksunvälittäjän allekirjoitus ei täsmää.',
    no: 'Betalingsleverandørens signatur stemmer ikke.',
  },
  AdminPathOnly: {
    sv: "'{field}' måste vara en sökväg i administrationen, till exempel /billing/accept.",
    en: "'{field}' must be a path of the back office, such as /billing/accept.",
    fi: "'{field}' on oltava hallinnan polku, esimerkiksi /billing/accept.",
    no: "'{field}' må være en sti i administrasjonen, for eksempel /billing/accept.",
  },
};

/** Loads the billing area's messages (its plugin calls this). */
export function registerBillingMessages(): void {
  extendMessages(messages);
}
