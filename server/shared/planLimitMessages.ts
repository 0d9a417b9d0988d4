import { extendMessages, type Lang } from './messages';

type Names = Record<Lang, string>;

/** What a limit counts, as the limit modal names it. */
export const LIMIT_NAMES: Record<string, Names> = {
  services: { sv: 'tjänster', en: 'services', fi: 'palvelua', no: 'tjenester' },
  resources: { sv: 'resurser', en: 'resources', fi: 'resurssia', no: 'ressurser' },
  administrators: { sv: 'administratörer', en: 'administrators', fi: 'ylläpitäjää', no: 'administratorer' },
  bookings: { sv: 'bokningar per månad', en: 'bookings per month', fi: 'varausta kuukaudessa', no: 'bestillinger per måned' },
};

/** The areas a plan may include, as the limit modal and the plan comparison name them. */
export const AREA_NAMES: Record<string, Names> = {
  newsletters: { sv: 'Nyhetsbrev', en: 'Newsletters', fi: 'Uutiskirjeet', no: 'Nyhetsbrev' },
  webhooks: { sv: 'Webhooks', en: 'Webhooks', fi: 'Webhookit', no: 'Webhooks' },
  accounting: { sv: 'Bokföringsintegration', en: 'Accounting integration', fi: 'Kirjanpitointegraatio', no: 'Regnskapsintegrasjon' },
  codelock: { sv: 'Kodlås', en: 'Door locks', fi: 'Ovilukot', no: 'Kodelåser' },
  sync: { sv: 'Kalendersynk', en: 'Calendar sync', fi: 'Kalenterisynkronointi', no: 'Kalendersynk' },
};

const messages: Record<string, Names> = {
  PlanLimitHeader: {
    sv: 'Din licens räcker inte till',
    en: 'Your plan has reached its limit',
    fi: 'Lisenssisi raja on saavutettu',
    no: 'Lisensen din har nådd grensen',
  },
  PlanLimitBody: {
    sv: 'Licensen {plan} har en gräns på {limit} för {what}.',
    en: "The {plan} plan's limit for {what} is {limit}.",
    fi: 'Lisenssin {plan} raja: {what} enintään {limit}.',
    no: 'Lisensen {plan} har en grense på {limit} for {what}.',
  },
  PlanAreaBody: {
    sv: 'Licensen {plan} innehåller inte {what}.',
    en: 'The {plan} plan does not include {what}.',
    fi: 'Lisenssi {plan} ei sisällä ominaisuutta {what}.',
    no: 'Lisensen {plan} inneholder ikke {what}.',
  },
  PlanLimitTrial: {
    sv: 'Prova {suggested} gratis i {days} dagar eller uppgradera.',
    en: 'Try {suggested} free for {days} days, or upgrade.',
    fi: 'Kokeile lisenssiä {suggested} ilmaiseksi {days} päivää tai päivitä.',
    no: 'Prøv {suggested} gratis i {days} dager, eller oppgrader.',
  },
  PlanLimitUpgrade: {
    sv: 'Uppgradera till {suggested} för att fortsätta.',
    en: 'Upgrade to {suggested} to go on.',
    fi: 'Jatka päivittämällä lisenssiin {suggested}.',
    no: 'Oppgrader til {suggested} for å fortsette.',
  },
  PlanLimitTrialOver: {
    sv: 'Din provperiod är slut. Uppgradera till {suggested} för att fortsätta.',
    en: 'Your trial has ended. Upgrade to {suggested} to go on.',
    fi: 'Kokeilujaksosi on päättynyt. Jatka päivittämällä lisenssiin {suggested}.',
    no: 'Prøveperioden din er over. Oppgrader til {suggested} for å fortsette.',
  },
};

/** Loads the plan-limit texts (server/areas/index.ts calls it once). */
export function registerPlanLimitMessages(): void {
  extendMessages(messages);
}
