import { extendMessages, type Lang, type ServerMessageKey } from '../../shared/messages';

/** The bookings area's messages, in the four languages. */
const messages = {
  BookingTaken: {
    sv: '{resource} är redan bokad {from}–{to}.',
    en: '{resource} is already booked {from}–{to}.',
    fi: '{resource} on jo varattu {from}–{to}.',
    no: '{resource} er allerede opptatt {from}–{to}.',
  },
  BookingInThePast: {
    sv: 'Tiden {from} har redan passerat.',
    en: 'The time {from} has already passed.',
    fi: 'Aika {from} on jo mennyt.',
    no: 'Tiden {from} har allerede passert.',
  },
  BookingNotOffered: {
    sv: 'Tjänsten går inte att boka {from}–{to} enligt schemat.',
    en: 'The service cannot be booked {from}–{to} on its schedules.',
    fi: 'Palvelua ei voi varata aikataulujen mukaan {from}–{to}.',
    no: 'Tjenesten kan ikke bestilles {from}–{to} etter timeplanen.',
  },
  QuantityOverFreeSpots: {
    sv: 'Det finns bara {free} lediga platser vid den tiden.',
    en: 'There are only {free} free spots at that time.',
    fi: 'Sillä ajalla on vain {free} vapaata paikkaa.',
    no: 'Det er bare {free} ledige plasser på det tidspunktet.',
  },
  QuantityRequired: {
    sv: 'En bokning måste ta minst en plats.',
    en: 'A booking must take at least one spot.',
    fi: 'Varauksen on varattava vähintään yksi paikka.',
    no: 'En bestilling må ta minst én plass.',
  },
  CustomerRequired: {
    sv: 'Välj en kund eller ange en ny.',
    en: 'Choose a customer or enter a new one.',
    fi: 'Valitse asiakas tai anna uusi.',
    no: 'Velg en kunde eller oppgi en ny.',
  },
  StatusNotAllowed: {
    sv: 'Bokningen har status {status} och kan inte {action}.',
    en: 'The booking has status {status} and cannot be {action}.',
    fi: 'Varauksen tila on {status}, eikä sitä voi {action}.',
    no: 'Bestillingen har status {status} og kan ikke {action}.',
  },
  NothingToRefund: {
    sv: 'Det finns {left} kvar att återbetala av betalningen.',
    en: 'There is {left} left to refund of the payment.',
    fi: 'Maksusta on palautettavissa {left}.',
    no: 'Det er {left} igjen å refundere av betalingen.',
  },
  NothingToPay: {
    sv: 'Bokningen är redan betald.',
    en: 'The booking is already paid.',
    fi: 'Varaus on jo maksettu.',
    no: 'Bestillingen er allerede betalt.',
  },
  ResourceNotOnBooking: {
    sv: 'Bokningen har inte resursen {id}.',
    en: 'The booking does not have resource {id}.',
    fi: 'Varauksella ei ole resurssia {id}.',
    no: 'Bestillingen har ikke ressursen {id}.',
  },
  ResourceAlreadyOnBooking: {
    sv: 'Bokningen har redan resursen {id}.',
    en: 'The booking already has resource {id}.',
    fi: 'Varauksella on jo resurssi {id}.',
    no: 'Bestillingen har allerede ressursen {id}.',
  },
  ResourceNotOfType: {
    sv: 'Resursen hör inte till den resurstypen eller inte till tjänsten.',
    en: 'The resource does not belong to that resource type or to the service.',
    fi: 'Resurssi ei kuulu kyseiseen resurssityyppiin tai palveluun.',
    no: 'Ressursen hører ikke til den ressurstypen eller til tjenesten.',
  },
  QueueDisabled: {
    sv: 'Kön är inte påslagen för den här tjänsten.',
    en: 'The queue is not switched on for this service.',
    fi: 'Jono ei ole käytössä tälle palvelulle.',
    no: 'Køen er ikke slått på for denne tjenesten.',
  },
  BookingUnknownReference: {
    sv: "'{field}' anger ingen befintlig {what}.",
    en: "'{field}' does not name an existing {what}.",
    fi: "'{field}' ei viittaa olemassa olevaan kohteeseen ({what}).",
    no: "'{field}' viser ikke til en eksisterende {what}.",
  },
  BookingCustomFieldUnknown: {
    sv: 'Det egna fältet {id} finns inte eller gäller inte här.',
    en: 'Custom field {id} does not exist or does not apply here.',
    fi: 'Lisäkenttää {id} ei ole tai se ei koske tätä.',
    no: 'Egendefinert felt {id} finnes ikke eller gjelder ikke her.',
  },
  BookingDurationNotAllowed: {
    sv: 'Tjänsten kan inte bokas med den längden.',
    en: 'The service cannot be booked for that length of time.',
    fi: 'Palvelua ei voi varata sen pituiseksi ajaksi.',
    no: 'Tjenesten kan ikke bestilles med den varigheten.',
  },
  BookingResourcesNotAllowed: {
    sv: 'Tjänsten kan inte bokas med de resurserna.',
    en: 'The service cannot be booked with those resources.',
    fi: 'Palvelua ei voi varata noilla resursseilla.',
    no: 'Tjenesten kan ikke bestilles med de ressursene.',
  },
  DuplicateDate: {
    sv: 'Tiden finns redan i serien.',
    en: 'The time is already in the series.',
    fi: 'Aika on jo sarjassa.',
    no: 'Tiden finnes allerede i serien.',
  },
  NoCustomerEmail: {
    sv: 'Bokningens kund har ingen e-postadress.',
    en: "The booking's customer has no e-mail address.",
    fi: 'Varauksen asiakkaalla ei ole sähköpostiosoitetta.',
    no: 'Bestillingens kunde har ingen e-postadresse.',
  },
  PaymentRequestsUnavailable: {
    sv: 'Betalningsbegäran kan inte skickas ännu: utskicken är inte igång.',
    en: 'Payment requests cannot be sent yet: messaging is not set up.',
    fi: 'Maksupyyntöjä ei voi vielä lähettää: viestintä ei ole käytössä.',
    no: 'Betalingsforespørsler kan ikke sendes ennå: utsendelser er ikke satt opp.',
  },
  BulkNeedsTarget: {
    sv: 'Välj bokningar eller ett filter.',
    en: 'Choose bookings or a filter.',
    fi: 'Valitse varaukset tai suodatin.',
    no: 'Velg bestillinger eller et filter.',
  },
} satisfies Record<string, Record<Lang, string>>;

/** Adds this area's messages to the catalogue; the area's plugin calls it when it registers. */
export function registerBookingMessages(): void {
  extendMessages(messages);
}

/** A key of this area's messages, typed for ApiError and ValidationErrors. */
export function bookingKey(key: keyof typeof messages): ServerMessageKey {
  return key as ServerMessageKey;
}

/** Status names and descriptions in the four languages (GET /bookings/status). */
export const statusNames: Record<number, { name: Record<Lang, string>; description: Record<Lang, string> }> = {
  1: {
    name: { sv: 'Bokad', en: 'Booked', fi: 'Varattu', no: 'Bestilt' },
    description: { sv: 'Bokningen är bekräftad.', en: 'The booking is confirmed.', fi: 'Varaus on vahvistettu.', no: 'Bestillingen er bekreftet.' },
  },
  2: {
    name: { sv: 'Avbokad', en: 'Unbooked', fi: 'Peruttu', no: 'Avbestilt' },
    description: { sv: 'Bokningen avböjdes; tiden är ledig igen.', en: 'The booking was declined; the time is free again.', fi: 'Varaus hylättiin; aika on taas vapaa.', no: 'Bestillingen ble avslått; tiden er ledig igjen.' },
  },
  3: {
    name: { sv: 'Reserverad', en: 'Reserved', fi: 'Alustavasti varattu', no: 'Reservert' },
    description: {
      sv: 'Väntar på godkännande; tiden hålls till tidsgränsen.',
      en: 'Awaiting approval; the time is held until the deadline.',
      fi: 'Odottaa hyväksyntää; aika pidetään määräaikaan asti.',
      no: 'Venter på godkjenning; tiden holdes til fristen.',
    },
  },
  4: {
    name: { sv: 'Avbokad av administratör', en: 'Canceled', fi: 'Peruutettu', no: 'Kansellert' },
    description: { sv: 'Bokningen är avbokad; tiden är ledig igen.', en: 'The booking is canceled; the time is free again.', fi: 'Varaus on peruutettu; aika on taas vapaa.', no: 'Bestillingen er kansellert; tiden er ledig igjen.' },
  },
  5: {
    name: { sv: 'Väntar på betalning', en: 'Awaiting payment', fi: 'Odottaa maksua', no: 'Venter på betaling' },
    description: {
      sv: 'Tiden hålls till tidsgränsen för betalning.',
      en: 'The time is held until the payment deadline.',
      fi: 'Aika pidetään maksun määräaikaan asti.',
      no: 'Tiden holdes til betalingsfristen.',
    },
  },
  6: {
    name: { sv: 'Väntar på betalning (ingen tidsgräns)', en: 'Awaiting payment (no time limit)', fi: 'Odottaa maksua (ei aikarajaa)', no: 'Venter på betaling (ingen tidsfrist)' },
    description: { sv: 'Tiden hålls tills betalningen kommer.', en: 'The time is held until the payment arrives.', fi: 'Aika pidetään, kunnes maksu saapuu.', no: 'Tiden holdes til betalingen kommer.' },
  },
  7: {
    name: { sv: 'Bokad och betald', en: 'Booked and paid', fi: 'Varattu ja maksettu', no: 'Bestilt og betalt' },
    description: { sv: 'Bokningen är betald.', en: 'The booking is paid.', fi: 'Varaus on maksettu.', no: 'Bestillingen er betalt.' },
  },
  8: {
    name: { sv: 'Väntar på betalningsbegäran', en: 'Awaiting payment request', fi: 'Odottaa maksupyyntöä', no: 'Venter på betalingsforespørsel' },
    description: {
      sv: 'En administratör ska skicka en betalningsbegäran.',
      en: 'An administrator is to send a payment request.',
      fi: 'Ylläpitäjän on lähetettävä maksupyyntö.',
      no: 'En administrator skal sende en betalingsforespørsel.',
    },
  },
  9: {
    name: { sv: 'Väntar på överföring', en: 'Awaiting money transfer', fi: 'Odottaa tilisiirtoa', no: 'Venter på overføring' },
    description: { sv: 'Betalningen väntas från betalleverantören.', en: 'The payment is expected from the payment provider.', fi: 'Maksua odotetaan maksupalvelulta.', no: 'Betalingen ventes fra betalingsleverandøren.' },
  },
  10: {
    name: { sv: 'Fakturerad', en: 'Invoiced', fi: 'Laskutettu', no: 'Fakturert' },
    description: { sv: 'En faktura är skapad för bokningen.', en: 'An invoice has been made for the booking.', fi: 'Varauksesta on tehty lasku.', no: 'Det er laget en faktura for bestillingen.' },
  },
};

/** Words the messages put in: the action a status refuses. */
export const actionWords: Record<'approve' | 'decline' | 'cancel' | 'markAsPaid' | 'change' | 'paymentRequest', Record<Lang, string>> = {
  approve: { sv: 'godkännas', en: 'approved', fi: 'hyväksyä', no: 'godkjennes' },
  decline: { sv: 'avböjas', en: 'declined', fi: 'hylätä', no: 'avslås' },
  cancel: { sv: 'avbokas', en: 'canceled', fi: 'peruuttaa', no: 'kanselleres' },
  markAsPaid: { sv: 'markeras som betald', en: 'marked as paid', fi: 'merkitä maksetuksi', no: 'markeres som betalt' },
  change: { sv: 'ändras', en: 'changed', fi: 'muuttaa', no: 'endres' },
  paymentRequest: { sv: 'få en betalningsbegäran', en: 'sent a payment request', fi: 'pyytää maksettavaksi', no: 'få en betalingsforespørsel' },
};

export const bookingWords = {
  service: { sv: 'tjänst', en: 'service', fi: 'palvelu', no: 'tjeneste' },
  customer: { sv: 'kund', en: 'customer', fi: 'asiakas', no: 'kunde' },
  resource: { sv: 'resurs', en: 'resource', fi: 'resurssi', no: 'ressurs' },
  resourceType: { sv: 'resurstyp', en: 'resource type', fi: 'resurssityyppi', no: 'ressurstype' },
  booking: { sv: 'Bokning', en: 'Booking', fi: 'Varaus', no: 'Bestilling' },
  payment: { sv: 'Betalning', en: 'Payment', fi: 'Maksu', no: 'Betaling' },
  queueEntry: { sv: 'Köplats', en: 'Queue entry', fi: 'Jonopaikka', no: 'Køplass' },
  receipt: { sv: 'Kvitto', en: 'Receipt', fi: 'Kuitti', no: 'Kvittering' },
} satisfies Record<string, Record<Lang, string>>;
