import { extendMessages, type Lang } from '../../shared/messages';

type Names = Record<Lang, string>;

/** Words of the plan comparison rows (GET /licenses/information). */
export const INFORMATION_WORDS: Record<string, Names> = {
  unlimited: { sv: 'Obegränsat', en: 'Unlimited', fi: 'Rajoittamaton', no: 'Ubegrenset' },
  yes: { sv: 'Ja', en: 'Yes', fi: 'Kyllä', no: 'Ja' },
  no: { sv: 'Nej', en: 'No', fi: 'Ei', no: 'Nei' },
  perMonth: { sv: 'per månad', en: 'per month', fi: 'kuukaudessa', no: 'per måned' },
  limits: { sv: 'Gränser', en: 'Limits', fi: 'Rajat', no: 'Grenser' },
  areas: { sv: 'Funktioner', en: 'Features', fi: 'Ominaisuudet', no: 'Funksjoner' },
  services: { sv: 'Tjänster', en: 'Services', fi: 'Palvelut', no: 'Tjenester' },
  servicesText: { sv: 'Hur många tjänster ni kan erbjuda', en: 'How many services you can offer', fi: 'Kuinka monta palvelua voitte tarjota', no: 'Hvor mange tjenester dere kan tilby' },
  resources: { sv: 'Resurser', en: 'Resources', fi: 'Resurssit', no: 'Ressurser' },
  resourcesText: { sv: 'Personal, rum och utrustning som bokas', en: 'Staff, rooms and equipment that are booked', fi: 'Varattava henkilökunta, tilat ja välineet', no: 'Ansatte, rom og utstyr som bestilles' },
  administrators: { sv: 'Administratörer', en: 'Administrators', fi: 'Ylläpitäjät', no: 'Administratorer' },
  administratorsText: { sv: 'Personer som loggar in i administrationen', en: 'People who sign in to the back office', fi: 'Hallintaan kirjautuvat henkilöt', no: 'Personer som logger inn i administrasjonen' },
  bookings: { sv: 'Bokningar', en: 'Bookings', fi: 'Varaukset', no: 'Bestillinger' },
  bookingsText: { sv: 'Nya bokningar varje månad', en: 'New bookings each month', fi: 'Uudet varaukset kuukaudessa', no: 'Nye bestillinger hver måned' },
};

/** The incentives' texts by incentive id. */
export const INCENTIVE_TEXTS: Record<number, { header: Names; body: Names }> = {
  1: {
    header: { sv: 'Väx med Professionell', en: 'Grow with Professional', fi: 'Kasva Ammattilainen-lisenssillä', no: 'Voks med Profesjonell' },
    body: {
      sv: 'Fler tjänster, resurser och administratörer, nyhetsbrev och webhooks.',
      en: 'More services, resources and administrators, newsletters and webhooks.',
      fi: 'Enemmän palveluita, resursseja ja ylläpitäjiä, uutiskirjeet ja webhookit.',
      no: 'Flere tjenester, ressurser og administratorer, nyhetsbrev og webhooks.',
    },
  },
  2: {
    header: { sv: 'Fler administratörer', en: 'More administrators', fi: 'Lisää ylläpitäjiä', no: 'Flere administratorer' },
    body: {
      sv: 'Lägg till fem administratörer till er licens.',
      en: 'Add five administrators to your plan.',
      fi: 'Lisää viisi ylläpitäjää lisenssiinne.',
      no: 'Legg til fem administratorer i lisensen deres.',
    },
  },
  3: {
    header: { sv: 'Jämför licenserna', en: 'Compare the plans', fi: 'Vertaa lisenssejä', no: 'Sammenlign lisensene' },
    body: {
      sv: 'Se vad som ingår i varje licens.',
      en: 'See what each plan includes.',
      fi: 'Katso mitä kuhunkin lisenssiin sisältyy.',
      no: 'Se hva som inngår i hver lisens.',
    },
  },
};

const messages: Record<string, Names> = {
  ExtraNeedsPaidPlan: {
    sv: 'Tillägg kräver en betald licens. Gå till Mina prenumerationer för att byta licens.',
    en: 'Add-ons need a paid plan. Go to my subscriptions to change your plan.',
    fi: 'Lisäosat vaativat maksullisen lisenssin. Vaihda lisenssi kohdassa Omat tilaukset.',
    no: 'Tillegg krever en betalt lisens. Gå til Mine abonnementer for å bytte lisens.',
  },
  LicenseAlreadyHeld: {
    sv: 'Ni har redan licensen {name}.',
    en: 'You already have the {name} plan.',
    fi: 'Teillä on jo lisenssi {name}.',
    no: 'Dere har allerede lisensen {name}.',
  },
  LicenseNotOffered: {
    sv: "'{field}' är inte en licens som kan väljas.",
    en: "'{field}' is not a plan that can be chosen.",
    fi: "'{field}' ei ole valittavissa oleva lisenssi.",
    no: "'{field}' er ikke en lisens som kan velges.",
  },
  TrialUsed: {
    sv: 'Provperioden är redan använd.',
    en: 'The trial has already been used.',
    fi: 'Kokeilujakso on jo käytetty.',
    no: 'Prøveperioden er allerede brukt.',
  },
  QuestionnaireIncomplete: {
    sv: 'välj ett alternativ i varje avsnitt',
    en: 'select option from each section',
    fi: 'valitse vaihtoehto jokaisesta osiosta',
    no: 'velg et alternativ i hver seksjon',
  },
  TrialRunning: {
    sv: 'Provperioden pågår till {date}.',
    en: 'Your trial runs until {date}.',
    fi: 'Kokeilujakso on voimassa {date} asti.',
    no: 'Prøveperioden varer til {date}.',
  },
};

/** Loads the licenses area's messages (its plugin calls this). */
export function registerLicenseMessages(): void {
  extendMessages(messages);
}
