import { extendMessages, type Lang } from '../../shared/messages';

/** The newsletters area's error messages, in the four languages. */
const messages = {
  NewsletterReceiverRequired: {
    sv: 'Ange en mottagare för testutskicket.',
    en: 'Enter a receiver for the test send.',
    fi: 'Anna testilähetykselle vastaanottaja.',
    no: 'Oppgi en mottaker for testutsendelsen.',
  },
  NewsletterReceiverInvalid: {
    sv: "'{field}' är inte en giltig e-postadress eller ett giltigt mobilnummer.",
    en: "'{field}' is not a valid e-mail address or mobile number.",
    fi: "'{field}' ei ole kelvollinen sähköpostiosoite tai matkapuhelinnumero.",
    no: "'{field}' er ikke en gyldig e-postadresse eller et gyldig mobilnummer.",
  },
  NewsletterSendDateInPast: {
    sv: 'Utskickstiden {date} har redan passerat.',
    en: 'The send date {date} has already passed.',
    fi: 'Lähetysaika {date} on jo mennyt.',
    no: 'Sendetidspunktet {date} har allerede passert.',
  },
  NewsletterNoReceivers: {
    sv: 'Ingen av de valda kunderna prenumererar på nyhetsbrevet med en adress för utskicket.',
    en: 'None of the chosen customers subscribes to the newsletter with an address for this send method.',
    fi: 'Yksikään valituista asiakkaista ei tilaa uutiskirjettä osoitteella, jota lähetystapa käyttää.',
    no: 'Ingen av de valgte kundene abonnerer på nyhetsbrevet med en adresse for denne sendemåten.',
  },
  NewsletterUnknownCustomers: {
    sv: 'Kunderna {ids} finns inte.',
    en: 'The customers {ids} do not exist.',
    fi: 'Asiakkaita {ids} ei ole.',
    no: 'Kundene {ids} finnes ikke.',
  },
  NewsletterAlreadySent: {
    sv: 'Nyhetsbrevet är redan skickat och kan inte avbrytas.',
    en: 'The newsletter has already been sent and cannot be cancelled.',
    fi: 'Uutiskirje on jo lähetetty, eikä sitä voi peruuttaa.',
    no: 'Nyhetsbrevet er allerede sendt og kan ikke avbrytes.',
  },
  NewsletterUnsubscribed: {
    sv: 'Mottagaren har avslutat prenumerationen på nyhetsbrevet.',
    en: 'The receiver has unsubscribed from the newsletter.',
    fi: 'Vastaanottaja on perunut uutiskirjeen tilauksen.',
    no: 'Mottakeren har avsluttet abonnementet på nyhetsbrevet.',
  },
  NewsletterTemplateSyntax: {
    sv: "Kopplingsfälten i '{field}' går inte att läsa: {error}",
    en: "The merge fields in '{field}' cannot be read: {error}",
    fi: "Kentän '{field}' yhdistämiskenttiä ei voi lukea: {error}",
    no: "Flettefeltene i '{field}' kan ikke leses: {error}",
  },
} satisfies Record<string, Record<Lang, string>>;

/** Words the area writes into answers and mails. */
export const newsletterWords = {
  template: { sv: 'Nyhetsbrevsmall', en: 'Newsletter template', fi: 'Uutiskirjepohja', no: 'Nyhetsbrevmal' },
  newsletter: { sv: 'Nyhetsbrev', en: 'Newsletter', fi: 'Uutiskirje', no: 'Nyhetsbrev' },
  send: { sv: 'Utskick', en: 'Send', fi: 'Lähetys', no: 'Utsendelse' },
  email: { sv: 'E-post', en: 'E-mail', fi: 'Sähköposti', no: 'E-post' },
  sms: { sv: 'SMS', en: 'SMS', fi: 'Tekstiviesti', no: 'SMS' },
  standardLayout: { sv: 'Standard', en: 'Standard', fi: 'Vakio', no: 'Standard' },
  standardLayoutDescription: {
    sv: 'Rubrik, bild och text med en länk för att avsluta prenumerationen.',
    en: 'Heading, image and text with a link to unsubscribe.',
    fi: 'Otsikko, kuva ja teksti sekä linkki tilauksen perumiseen.',
    no: 'Overskrift, bilde og tekst med en lenke for å avslutte abonnementet.',
  },
  unsubscribe: {
    sv: 'Avsluta prenumerationen på nyhetsbrevet',
    en: 'Unsubscribe from the newsletter',
    fi: 'Peru uutiskirjeen tilaus',
    no: 'Avslutt abonnementet på nyhetsbrevet',
  },
  unsubscribeQuestion: {
    sv: 'Vill du sluta få nyhetsbrev från {company}?',
    en: 'Do you want to stop receiving newsletters from {company}?',
    fi: 'Haluatko lopettaa uutiskirjeiden vastaanottamisen yritykseltä {company}?',
    no: 'Vil du slutte å få nyhetsbrev fra {company}?',
  },
  unsubscribeButton: { sv: 'Avsluta prenumerationen', en: 'Unsubscribe', fi: 'Peru tilaus', no: 'Avslutt abonnementet' },
  unsubscribed: {
    sv: 'Du får inte längre nyhetsbrev från {company}.',
    en: 'You will no longer receive newsletters from {company}.',
    fi: 'Et enää saa uutiskirjeitä yritykseltä {company}.',
    no: 'Du får ikke lenger nyhetsbrev fra {company}.',
  },
  invalidLink: {
    sv: 'Länken är ogiltig.',
    en: 'The link is not valid.',
    fi: 'Linkki ei ole kelvollinen.',
    no: 'Lenken er ugyldig.',
  },
} satisfies Record<string, Record<Lang, string>>;

/** Loads the area's messages into the server catalogue (the plugin calls it). */
export function registerNewsletterMessages(): void {
  extendMessages(messages);
}
