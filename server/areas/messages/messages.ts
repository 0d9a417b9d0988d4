import { extendMessages, type Lang } from '../../shared/messages';

/** The messages area's messages, in the four languages. */
const messages = {
  TemplateSyntax: {
    sv: "'{field}' har ett fel i ett kopplingsfält: {error}",
    en: "'{field}' has an error in a merge field: {error}",
    fi: "'{field}' sisältää virheen yhdistämiskentässä: {error}",
    no: "'{field}' har en feil i et flettefelt: {error}",
  },
  UnknownMessageType: {
    sv: "'{field}' är inte en meddelandetyp.",
    en: "'{field}' is not a message type.",
    fi: "'{field}' ei ole viestityyppi.",
    no: "'{field}' er ikke en meldingstype.",
  },
  ReceiverRequired: {
    sv: 'Ange en mottagare.',
    en: 'Enter a receiver.',
    fi: 'Anna vastaanottaja.',
    no: 'Oppgi en mottaker.',
  },
  InvalidReceiver: {
    sv: "'{field}' är inte en giltig {what}.",
    en: "'{field}' is not a valid {what}.",
    fi: "'{field}' ei ole kelvollinen {what}.",
    no: "'{field}' er ikke en gyldig {what}.",
  },
  UnknownService: {
    sv: "'{field}' anger en tjänst som inte finns.",
    en: "'{field}' names a service that does not exist.",
    fi: "'{field}' viittaa palveluun, jota ei ole.",
    no: "'{field}' viser til en tjeneste som ikke finnes.",
  },
  UnknownBooking: {
    sv: "'{field}' anger en bokning som inte finns.",
    en: "'{field}' names a booking that does not exist.",
    fi: "'{field}' viittaa varaukseen, jota ei ole.",
    no: "'{field}' viser til en bestilling som ikke finnes.",
  },
  TemplateExists: {
    sv: 'Det finns redan en mall för den typen, sändsättet och språket{services}.',
    en: 'There is already a template for that type, send method and language{services}.',
    fi: 'Tälle tyypille, lähetystavalle ja kielelle on jo pohja{services}.',
    no: 'Det finnes allerede en mal for den typen, sendemåten og språket{services}.',
  },
  MessageNotResendable: {
    sv: 'Meddelandet har inget innehåll att skicka igen.',
    en: 'The message has no content to send again.',
    fi: 'Viestillä ei ole uudelleen lähetettävää sisältöä.',
    no: 'Meldingen har ikke noe innhold å sende igjen.',
  },
} satisfies Record<string, Record<Lang, string>>;

export const messageWords = {
  template: { sv: 'Meddelandemall', en: 'Message template', fi: 'Viestipohja', no: 'Meldingsmal' },
  logEntry: { sv: 'Meddelande', en: 'Message', fi: 'Viesti', no: 'Melding' },
  email: { sv: 'e-postadress', en: 'e-mail address', fi: 'sähköpostiosoite', no: 'e-postadresse' },
  phone: { sv: 'telefonnummer', en: 'phone number', fi: 'puhelinnumero', no: 'telefonnummer' },
  forServices: { sv: ' och tjänsterna', en: ' and services', fi: ' ja palveluille', no: ' og tjenestene' },
} satisfies Record<string, Record<Lang, string>>;

/** Loads the area's messages into the server catalogue (the plugin calls it once). */
export function registerMessagingMessages(): void {
  extendMessages(messages);
}
