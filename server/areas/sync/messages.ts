import type { Lang } from '../../shared/messages';

/** The calendar sync area's messages, in every language (server/areas/sync/). */
export const messages = {
  IcalOneScope: {
    sv: 'Välj antingen en resurs eller dina egna bokningar, inte båda.',
    en: 'Choose either a resource or your own bookings, not both.',
    fi: 'Valitse joko resurssi tai omat varauksesi, ei molempia.',
    no: 'Velg enten en ressurs eller dine egne bestillinger, ikke begge.',
  },
  GoogleCalendarRequired: {
    sv: 'Välj en kalender.',
    en: 'Choose a calendar.',
    fi: 'Valitse kalenteri.',
    no: 'Velg en kalender.',
  },
  IcalUnknownResource: {
    sv: 'Resursen {id} finns inte.',
    en: 'Resource {id} does not exist.',
    fi: 'Resurssia {id} ei ole.',
    no: 'Ressursen {id} finnes ikke.',
  },
} satisfies Record<string, Record<Lang, string>>;

export const words = {
  feed: { sv: 'Kalenderflöde', en: 'Calendar feed', fi: 'Kalenterisyöte', no: 'Kalenderfeed' },
  google: { sv: 'Google Kalender-anslutning', en: 'Google Calendar connection', fi: 'Google-kalenteriyhteys', no: 'Google Kalender-tilkobling' },
} satisfies Record<string, Record<Lang, string>>;
