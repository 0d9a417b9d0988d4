import type { Lang } from '../../shared/messages';
import type { BookingEventKind } from '../../shared/bookingEvents';

/** The messages the product sends (GET /messages/templates/types). */
export const MESSAGE_TYPE = {
  Confirmation: 1,
  Reminder: 2,
  Cancellation: 3,
  ChangedTime: 4,
  QueueSpotFree: 5,
  PaymentRequest: 6,
  Receipt: 7,
  Declined: 8,
} as const;

export const EMAIL = 1;
export const SMS = 2;

interface TypeInfo {
  name: Record<Lang, string>;
  description: Record<Lang, string>;
}

export const MESSAGE_TYPES: Record<number, TypeInfo> = {
  1: {
    name: { sv: 'Bokningsbekräftelse', en: 'Booking confirmation', fi: 'Varausvahvistus', no: 'Bestillingsbekreftelse' },
    description: { sv: 'När en bokning görs eller godkänns.', en: 'When a booking is made or approved.', fi: 'Kun varaus tehdään tai hyväksytään.', no: 'Når en bestilling gjøres eller godkjennes.' },
  },
  2: {
    name: { sv: 'Påminnelse', en: 'Reminder', fi: 'Muistutus', no: 'Påminnelse' },
    description: { sv: 'En tid före bokningen.', en: 'Some time before the booking.', fi: 'Jonkin aikaa ennen varausta.', no: 'En tid før bestillingen.' },
  },
  3: {
    name: { sv: 'Avbokning', en: 'Cancellation', fi: 'Peruutus', no: 'Avbestilling' },
    description: { sv: 'När en bokning avbokas.', en: 'When a booking is cancelled.', fi: 'Kun varaus perutaan.', no: 'Når en bestilling avbestilles.' },
  },
  4: {
    name: { sv: 'Ändrad tid', en: 'Changed time', fi: 'Muuttunut aika', no: 'Endret tid' },
    description: { sv: 'När en bokning ändras.', en: 'When a booking is changed.', fi: 'Kun varausta muutetaan.', no: 'Når en bestilling endres.' },
  },
  5: {
    name: { sv: 'Ledig plats i kön', en: 'Queue spot free', fi: 'Jonossa vapautui paikka', no: 'Ledig plass i køen' },
    description: { sv: 'När en plats blir ledig för den som står i kö.', en: 'When a spot frees up for someone in the queue.', fi: 'Kun jonottajalle vapautuu paikka.', no: 'Når en plass blir ledig for den som står i kø.' },
  },
  6: {
    name: { sv: 'Betalningsbegäran', en: 'Payment request', fi: 'Maksupyyntö', no: 'Betalingsforespørsel' },
    description: { sv: 'När kunden ska betala bokningen.', en: 'When the customer is to pay for the booking.', fi: 'Kun asiakkaan tulee maksaa varaus.', no: 'Når kunden skal betale bestillingen.' },
  },
  7: {
    name: { sv: 'Kvitto', en: 'Receipt', fi: 'Kuitti', no: 'Kvittering' },
    description: { sv: 'Kvitto på en betald bokning.', en: 'A receipt for a paid booking.', fi: 'Kuitti maksetusta varauksesta.', no: 'Kvittering for en betalt bestilling.' },
  },
  8: {
    name: { sv: 'Nekad bokning', en: 'Booking declined', fi: 'Varaus hylätty', no: 'Bestilling avslått' },
    description: { sv: 'När en bokning som väntade på godkännande nekas.', en: 'When a booking awaiting approval is declined.', fi: 'Kun hyväksyntää odottava varaus hylätään.', no: 'Når en bestilling som ventet på godkjenning avslås.' },
  },
};

/** The template type a booking event sends, if any. */
export const EVENT_TYPES: Partial<Record<BookingEventKind, number>> = {
  created: MESSAGE_TYPE.Confirmation,
  approved: MESSAGE_TYPE.Confirmation,
  changed: MESSAGE_TYPE.ChangedTime,
  canceled: MESSAGE_TYPE.Cancellation,
  declined: MESSAGE_TYPE.Declined,
};

/** The kind a caught message carries, e.g. 'booking_confirmation'. */
export const TYPE_KINDS: Record<number, string> = {
  1: 'booking_confirmation',
  2: 'booking_reminder',
  3: 'booking_cancellation',
  4: 'booking_changed',
  5: 'queue_spot_free',
  6: 'payment_request',
  7: 'receipt',
  8: 'booking_declined',
};

/** The language a company's customers get messages in, by the company's country. */
export function languageOfCountry(countryId: string | null | undefined): Lang {
  switch ((countryId ?? '').toUpperCase()) {
    case 'SE':
      return 'sv';
    case 'FI':
      return 'fi';
    case 'NO':
      return 'no';
    default:
      return 'en';
  }
}

export function typeName(typeId: number, lang: Lang): string {
  return MESSAGE_TYPES[typeId]?.name[lang] ?? String(typeId);
}
