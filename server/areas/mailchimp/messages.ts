import type { Lang } from '../../shared/messages';

/** The mailing-list area's messages, in every language (server/areas/mailchimp/). */
export const messages = {
  MailchimpApiKeyRequired: {
    sv: 'Ange API-nyckeln från Mailchimp.',
    en: 'Enter the API key from Mailchimp.',
    fi: 'Anna Mailchimpin API-avain.',
    no: 'Skriv inn API-nøkkelen fra Mailchimp.',
  },
  MailchimpServerPrefixMissing: {
    sv: 'Ange serverprefixet (till exempel us21).',
    en: 'Enter the server prefix (for example us21).',
    fi: 'Anna palvelimen etuliite (esimerkiksi us21).',
    no: 'Skriv inn serverprefikset (for eksempel us21).',
  },
  MailchimpRefused: {
    sv: 'Mailchimp svarade: {detail}',
    en: 'Mailchimp answered: {detail}',
    fi: 'Mailchimp vastasi: {detail}',
    no: 'Mailchimp svarte: {detail}',
  },
  MailchimpUnknownList: {
    sv: 'Målgruppen {id} finns inte i kontot.',
    en: 'Audience {id} is not in the account.',
    fi: 'Kohderyhmää {id} ei ole tilillä.',
    no: 'Målgruppen {id} finnes ikke i kontoen.',
  },
  MailchimpNoList: {
    sv: 'Välj en målgrupp först.',
    en: 'Choose an audience first.',
    fi: 'Valitse ensin kohderyhmä.',
    no: 'Velg en målgruppe først.',
  },
} satisfies Record<string, Record<Lang, string>>;

export const words = {
  connection: { sv: 'Mailchimp-anslutning', en: 'Mailchimp connection', fi: 'Mailchimp-yhteys', no: 'Mailchimp-tilkobling' },
} satisfies Record<string, Record<Lang, string>>;
