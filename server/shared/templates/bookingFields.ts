import { DateTime } from 'luxon';
import type { Db } from '../../db/db';
import type { Lang } from '../messages';
import type { MergeData } from './render';
import { defaultFormats, withMarks, type DateFormat, type NumberFormat } from '../companyFormats';
import { phoneDisplay } from '../../../domain/phoneNumbers';

/**
 * The merge fields of a booking, shared by message templates, printouts and receipts:
 * `{{ Booking.From }}`, `{{ Customer.Firstname }}`, `{{ Service.Name }}`, `{{ Company.Name }}`.
 * Each field has a name in the four languages (GET …/fieldtranslations lists them).
 */
export const BOOKING_FIELDS: Record<string, Record<Lang, string>> = {
  'Booking.Id': { sv: 'Bokningsnummer', en: 'Booking number', fi: 'Varausnumero', no: 'Bestillingsnummer' },
  'Booking.Date': { sv: 'Datum', en: 'Date', fi: 'Päivämäärä', no: 'Dato' },
  'Booking.From': { sv: 'Starttid', en: 'Start time', fi: 'Alkamisaika', no: 'Starttid' },
  'Booking.To': { sv: 'Sluttid', en: 'End time', fi: 'Päättymisaika', no: 'Sluttid' },
  'Booking.StatusName': { sv: 'Status', en: 'Status', fi: 'Tila', no: 'Status' },
  'Booking.TotalPrice': { sv: 'Totalt pris', en: 'Total price', fi: 'Kokonaishinta', no: 'Totalpris' },
  'Booking.CommentsToCustomer': { sv: 'Meddelande till kunden', en: 'Message to the customer', fi: 'Viesti asiakkaalle', no: 'Melding til kunden' },
  'Booking.BookedComments': { sv: 'Kundens kommentar', en: "Customer's comment", fi: 'Asiakkaan kommentti', no: 'Kundens kommentar' },
  'Booking.PaymentLink': { sv: 'Betalningslänk', en: 'Payment link', fi: 'Maksulinkki', no: 'Betalingslenke' },
  'Booking.DoorCode': { sv: 'Dörrkod', en: 'Door code', fi: 'Ovikoodi', no: 'Dørkode' },
  'Booking.ReviewLink': { sv: 'Länk till omdöme', en: 'Review link', fi: 'Arviolinkki', no: 'Lenke til omtale' },
  'Service.Name': { sv: 'Tjänst', en: 'Service', fi: 'Palvelu', no: 'Tjeneste' },
  'Customer.Firstname': { sv: 'Förnamn', en: 'First name', fi: 'Etunimi', no: 'Fornavn' },
  'Customer.Lastname': { sv: 'Efternamn', en: 'Last name', fi: 'Sukunimi', no: 'Etternavn' },
  'Customer.Email': { sv: 'E-post', en: 'E-mail', fi: 'Sähköposti', no: 'E-post' },
  'Customer.Phone': { sv: 'Telefon', en: 'Phone', fi: 'Puhelin', no: 'Telefon' },
  'Company.Name': { sv: 'Företagets namn', en: 'Company name', fi: 'Yrityksen nimi', no: 'Firmanavn' },
  'Company.Email': { sv: 'Företagets e-post', en: 'Company e-mail', fi: 'Yrityksen sähköposti', no: 'Firmaets e-post' },
  'Company.Phone': { sv: 'Företagets telefon', en: 'Company phone', fi: 'Yrityksen puhelin', no: 'Firmaets telefon' },
  'Company.Homepage': { sv: 'Företagets webbplats', en: 'Company website', fi: 'Yrityksen verkkosivu', no: 'Firmaets nettside' },
};

/** The merge fields in one language, as `{ Id: 'Customer.Firstname', Field: '{{ Customer.Firstname }}', Name }`. */
export function bookingFieldTranslations(lang: Lang): { Id: string; Field: string; Name: string }[] {
  return Object.entries(BOOKING_FIELDS).map(([id, names]) => ({ Id: id, Field: `{{ ${id} }}`, Name: names[lang] }));
}

interface BookingDataRow {
  id: number;
  starts_at: string | Date;
  ends_at: string | Date;
  status_name: string | null;
  service_name: string | null;
  customer_firstname: string | null;
  customer_lastname: string | null;
  customer_email: string | null;
  customer_phone: string | null;
  comments_to_customer: string | null;
  booked_comments: string | null;
  total_price_minor: string | number;
  currency_id: string | null;
  company_name: string;
  company_email: string;
  company_phone: string | null;
  company_homepage: string | null;
  time_zone: string;
  door_code: string | null;
  country_id: string | null;
  date_format: DateFormat | null;
  number_format: NumberFormat | null;
}

const LOCALES: Record<Lang, string> = { sv: 'sv-SE', en: 'en-GB', fi: 'fi-FI', no: 'nb-NO' };

/** The merge data of one booking of one company (null when the company has no such booking). */
export async function bookingMergeData(db: Db, companyId: number, bookingId: number, lang: Lang): Promise<MergeData | null> {
  const row = await db.one<BookingDataRow>(
    `select b.id, b.starts_at, b.ends_at, b.status_name, b.service_name, b.customer_firstname, b.customer_lastname,
            b.customer_email, b.customer_phone, b.comments_to_customer, b.booked_comments, b.total_price_minor, b.currency_id,
            c.name as company_name, c.email as company_email, c.phone as company_phone, c.homepage as company_homepage, c.time_zone,
            c.country_id, s.date_format, s.number_format,
            (select g.code from codelock_grants g where g.booking_id = b.id and g.state in ('pending', 'active') order by g.id limit 1) as door_code
       from bookings_view b join companies c on c.id = b.company_id left join system_settings s on s.company_id = c.id
      where b.company_id = $1 and b.id = $2`,
    [companyId, bookingId],
  );
  if (!row) return null;
  const zone = row.time_zone || 'Europe/Stockholm';
  const at = (value: string | Date) => (value instanceof Date ? DateTime.fromJSDate(value) : DateTime.fromISO(String(value).replace(' ', 'T'))).setZone(zone).setLocale(LOCALES[lang]);
  const from = at(row.starts_at);
  const to = at(row.ends_at);
  const price = Number(row.total_price_minor) / 100;
  // Written as the company chose in its system settings (else as its country writes them), issue 36.
  const country = row.country_id ?? 'SE';
  const formats = defaultFormats(country);
  const day = row.date_format ?? formats.date;
  const numbers = row.number_format ?? formats.number;
  return {
    Booking: {
      Id: row.id,
      Date: from.toLocaleString(DateTime.DATE_FULL),
      From: from.toFormat(`${day} HH:mm`),
      To: to.hasSame(from, 'day') ? to.toFormat('HH:mm') : to.toFormat(`${day} HH:mm`),
      StatusName: row.status_name ?? '',
      TotalPrice: withMarks(new Intl.NumberFormat(LOCALES[lang], { style: 'currency', currency: row.currency_id || 'SEK', maximumFractionDigits: 2 }), price, numbers),
      CommentsToCustomer: row.comments_to_customer ?? '',
      BookedComments: row.booked_comments ?? '',
      // Filled by messages when the booking awaits payment through a connected provider.
      PaymentLink: '',
      // The booking's door code or phone-key reference (door locks, issue 34), while it has one.
      DoorCode: row.door_code ?? '',
      // Filled by messages in a review request (the customer's signed link to the review page).
      ReviewLink: '',
    },
    Service: { Name: row.service_name ?? '' },
    Customer: { Firstname: row.customer_firstname ?? '', Lastname: row.customer_lastname ?? '', Email: row.customer_email ?? '', Phone: phoneDisplay(row.customer_phone, country) },
    Company: { Name: row.company_name, Email: row.company_email, Phone: phoneDisplay(row.company_phone, country), Homepage: row.company_homepage ?? '' },
  };
}
