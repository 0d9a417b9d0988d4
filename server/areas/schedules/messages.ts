import { extendMessages, type Lang, type ServerMessageKey } from '../../shared/messages';

/** Server messages of resources, schedules, time exceptions and free times. */
const messages = {
  FixedSetTimeRequired: {
    en: 'A fixed schedule needs at least one set time. Add a set time or choose another schedule type.',
    sv: 'Ett fast schema behöver minst en fast tid. Lägg till en tid eller välj en annan schematyp.',
    fi: 'Kiinteä aikataulu tarvitsee vähintään yhden kiinteän ajan. Lisää aika tai valitse toinen aikataulutyyppi.',
    no: 'En fast timeplan trenger minst én fast tid. Legg til en tid eller velg en annen timeplantype.',
  },
  DateScheduleNeedsDates: {
    en: 'A date schedule needs at least one period that ends on a later day than it starts. Periods within one day are not kept.',
    sv: 'Ett datumschema behöver minst en period som slutar en senare dag än den börjar. Perioder inom en och samma dag sparas inte.',
    fi: 'Päivämääräaikataulu tarvitsee vähintään yhden jakson, joka päättyy myöhempänä päivänä kuin alkaa. Saman päivän sisäisiä jaksoja ei tallenneta.',
    no: 'En datotimeplan trenger minst én periode som slutter en senere dag enn den begynner. Perioder innenfor samme dag lagres ikke.',
  },
  RangeTooLong: {
    en: "'{field}' must be at most {limit} days after '{other}'.",
    sv: "'{field}' får vara högst {limit} dagar efter '{other}'.",
    fi: "'{field}' saa olla enintään {limit} päivää kentän '{other}' jälkeen.",
    no: "'{field}' kan være høyst {limit} dager etter '{other}'.",
  },
  RangeOverOneYear: {
    en: "'{field}' must be at most one year after '{other}'.",
    sv: "'{field}' får vara högst ett år efter '{other}'.",
    fi: "'{field}' saa olla enintään vuoden kentän '{other}' jälkeen.",
    no: "'{field}' kan være høyst ett år etter '{other}'.",
  },
  TooManyTimes: {
    en: "'{field}': the range holds more than {limit} times. Ask for a shorter range.",
    sv: "'{field}': intervallet innehåller fler än {limit} tider. Be om ett kortare intervall.",
    fi: "'{field}': välillä on yli {limit} aikaa. Pyydä lyhyempää väliä.",
    no: "'{field}': perioden inneholder mer enn {limit} tider. Be om en kortere periode.",
  },
  DurationNotAllowed: {
    en: "'{field}' is not a duration this service can be booked for.",
    sv: "'{field}' är inte en längd som tjänsten kan bokas för.",
    fi: "'{field}' ei ole kesto, jolle palvelun voi varata.",
    no: "'{field}' er ikke en varighet tjenesten kan bestilles for.",
  },
  UnknownSchedulingReference: {
    en: "'{field}' does not name an existing {what}.",
    sv: "'{field}' anger inte en befintlig {what}.",
    fi: "'{field}' ei viittaa olemassa olevaan kohteeseen ({what}).",
    no: "'{field}' viser ikke til en eksisterende {what}.",
  },
  ResourceNotPickable: {
    en: "'{field}': the resource cannot be chosen for this service.",
    sv: "'{field}': resursen kan inte väljas för den här tjänsten.",
    fi: "'{field}': resurssia ei voi valita tälle palvelulle.",
    no: "'{field}': ressursen kan ikke velges for denne tjenesten.",
  },
  TooManyResources: {
    en: "'{field}' names more resources of a type than one booking takes.",
    sv: "'{field}' anger fler resurser av en typ än en bokning använder.",
    fi: "'{field}' nimeää useampia saman tyypin resursseja kuin yksi varaus käyttää.",
    no: "'{field}' angir flere ressurser av en type enn én bestilling bruker.",
  },
  NumberOfResourcesOutOfRange: {
    en: "'{field}' is outside the number of resources this service allows.",
    sv: "'{field}' ligger utanför det antal resurser som tjänsten tillåter.",
    fi: "'{field}' on palvelun salliman resurssimäärän ulkopuolella.",
    no: "'{field}' er utenfor antallet ressurser tjenesten tillater.",
  },
  InvalidTimeZone: {
    en: "The company's time zone '{zone}' is not known.",
    sv: "Företagets tidszon '{zone}' är okänd.",
    fi: "Yrityksen aikavyöhykettä '{zone}' ei tunneta.",
    no: "Firmaets tidssone '{zone}' er ukjent.",
  },
  ResourceHasBookings: {
    en: 'The resource {name} has future bookings and cannot be deleted.',
    sv: 'Resursen {name} har kommande bokningar och kan inte tas bort.',
    fi: 'Resurssilla {name} on tulevia varauksia, eikä sitä voi poistaa.',
    no: 'Ressursen {name} har fremtidige bestillinger og kan ikke slettes.',
  },
  ResourceTypeInUse: {
    en: 'The resource type {name} is used by the services {services} and cannot be deleted.',
    sv: 'Resurstypen {name} används av tjänsterna {services} och kan inte tas bort.',
    fi: 'Resurssityyppiä {name} käyttävät palvelut {services}, eikä sitä voi poistaa.',
    no: 'Ressurstypen {name} brukes av tjenestene {services} og kan ikke slettes.',
  },
  TimeExceptionCollides: {
    en: 'The time exception collides with {count} booking(s).',
    sv: 'Undantaget krockar med {count} bokning(ar).',
    fi: 'Poikkeus on päällekkäin {count} varauksen kanssa.',
    no: 'Unntaket kolliderer med {count} bestilling(er).',
  },
  ResourceNotInType: {
    en: "'{field}': the resource does not belong to the resource type.",
    sv: "'{field}': resursen hör inte till resurstypen.",
    fi: "'{field}': resurssi ei kuulu resurssityyppiin.",
    no: "'{field}': ressursen hører ikke til ressurstypen.",
  },
  NotConnected: {
    en: '{what} {id} is not connected to the service.',
    sv: '{what} {id} är inte kopplad till tjänsten.',
    fi: '{what} {id} ei ole liitetty palveluun.',
    no: '{what} {id} er ikke koblet til tjenesten.',
  },
  Duplicate: {
    en: "'{field}' names the same item twice.",
    sv: "'{field}' anger samma post två gånger.",
    fi: "'{field}' nimeää saman kohteen kahdesti.",
    no: "'{field}' angir samme element to ganger.",
  },
} satisfies Record<string, Record<Lang, string>>;

/** Loads this area's messages into the server catalogue (the area's plugin calls it). */
export function registerSchedulesMessages(): void {
  extendMessages(messages);
}

/** A key of the scheduling messages, typed for ApiError and ValidationErrors. */
export function schedulingKey(key: keyof typeof messages): ServerMessageKey {
  return key as string as ServerMessageKey;
}

/** Words used inside messages ('{what}'), per language. */
export const schedulingWords = {
  resource: { en: 'resource', sv: 'resurs', fi: 'resurssi', no: 'ressurs' },
  resourceType: { en: 'resource type', sv: 'resurstyp', fi: 'resurssityyppi', no: 'ressurstype' },
  service: { en: 'service', sv: 'tjänst', fi: 'palvelu', no: 'tjeneste' },
  recurringSchedule: { en: 'recurring schedule', sv: 'återkommande schema', fi: 'toistuva aikataulu', no: 'gjentakende timeplan' },
  dateSchedule: { en: 'date schedule', sv: 'datumschema', fi: 'päivämääräaikataulu', no: 'datotimeplan' },
  Resource: { en: 'Resource', sv: 'Resurs', fi: 'Resurssi', no: 'Ressurs' },
  ResourceType: { en: 'Resource type', sv: 'Resurstyp', fi: 'Resurssityyppi', no: 'Ressurstype' },
  RecurringSchedule: { en: 'Schedule', sv: 'Schema', fi: 'Aikataulu', no: 'Timeplan' },
  DateSchedule: { en: 'Schedule', sv: 'Schema', fi: 'Aikataulu', no: 'Timeplan' },
} satisfies Record<string, Record<Lang, string>>;
