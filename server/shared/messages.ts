import type { FastifyRequest } from 'fastify';

export const LANGUAGES = ['sv', 'en', 'fi', 'no'] as const;
export type Lang = (typeof LANGUAGES)[number];

/**
 * Messages the API writes into ResponseStatus, in the four interface languages.
 * Areas add their own keys here; {name} placeholders are filled from params.
 */
const catalogue = {
  NotEmpty: {
    en: "'{field}' must not be empty.",
    sv: "'{field}' får inte vara tomt.",
    fi: "'{field}' ei saa olla tyhjä.",
    no: "'{field}' kan ikke være tomt.",
  },
  Length: {
    en: "'{field}' must be at least {limit} characters.",
    sv: "'{field}' måste vara minst {limit} tecken.",
    fi: "'{field}' on oltava vähintään {limit} merkkiä.",
    no: "'{field}' må være minst {limit} tegn.",
  },
  MaxLength: {
    en: "'{field}' must be at most {limit} characters.",
    sv: "'{field}' får vara högst {limit} tecken.",
    fi: "'{field}' saa olla enintään {limit} merkkiä.",
    no: "'{field}' kan være maks {limit} tegn.",
  },
  GreaterThanOrEqual: {
    en: "'{field}' must be at least {limit}.",
    sv: "'{field}' måste vara minst {limit}.",
    fi: "'{field}' on oltava vähintään {limit}.",
    no: "'{field}' må være minst {limit}.",
  },
  GreaterThan: {
    en: "'{field}' must be greater than {limit}.",
    sv: "'{field}' måste vara större än {limit}.",
    fi: "'{field}' on oltava suurempi kuin {limit}.",
    no: "'{field}' må være større enn {limit}.",
  },
  LessThanOrEqual: {
    en: "'{field}' must be at most {limit}.",
    sv: "'{field}' får vara högst {limit}.",
    fi: "'{field}' saa olla enintään {limit}.",
    no: "'{field}' kan være maks {limit}.",
  },
  LessThan: {
    en: "'{field}' must be less than {limit}.",
    sv: "'{field}' måste vara mindre än {limit}.",
    fi: "'{field}' on oltava pienempi kuin {limit}.",
    no: "'{field}' må være mindre enn {limit}.",
  },
  InvalidType: {
    en: "'{field}' has the wrong type (expected {type}).",
    sv: "'{field}' har fel typ (förväntade {type}).",
    fi: "'{field}' on väärää tyyppiä (odotettiin {type}).",
    no: "'{field}' har feil type (forventet {type}).",
  },
  InvalidFormat: {
    en: "'{field}' is not in the correct format.",
    sv: "'{field}' har fel format.",
    fi: "'{field}' on väärässä muodossa.",
    no: "'{field}' har feil format.",
  },
  InvalidValue: {
    en: "'{field}' has a value that is not allowed.",
    sv: "'{field}' har ett värde som inte är tillåtet.",
    fi: "'{field}' sisältää arvon, joka ei ole sallittu.",
    no: "'{field}' har en verdi som ikke er tillatt.",
  },
  TooMany: {
    en: "'{field}' has too many items (at most {limit}).",
    sv: "'{field}' har för många poster (högst {limit}).",
    fi: "'{field}' sisältää liian monta kohdetta (enintään {limit}).",
    no: "'{field}' har for mange elementer (maks {limit}).",
  },
  Unknown: {
    en: "'{field}' is not a known field.",
    sv: "'{field}' är inte ett känt fält.",
    fi: "'{field}' ei ole tunnettu kenttä.",
    no: "'{field}' er ikke et kjent felt.",
  },
  InvalidDate: {
    en: "'{field}' is not a valid date.",
    sv: "'{field}' är inte ett giltigt datum.",
    fi: "'{field}' ei ole kelvollinen päivämäärä.",
    no: "'{field}' er ikke en gyldig dato.",
  },
  ControlCharacters: {
    en: "'{field}' must not contain control characters.",
    sv: "'{field}' får inte innehålla kontrolltecken.",
    fi: "'{field}' ei saa sisältää ohjausmerkkejä.",
    no: "'{field}' kan ikke inneholde kontrolltegn.",
  },
  InvalidJson: {
    en: 'The request body is not valid JSON.',
    sv: 'Anropets innehåll är inte giltig JSON.',
    fi: 'Pyynnön sisältö ei ole kelvollista JSONia.',
    no: 'Innholdet i forespørselen er ikke gyldig JSON.',
  },
  PayloadTooLarge: {
    en: 'The request body is too large (at most {limit} bytes).',
    sv: 'Anropets innehåll är för stort (högst {limit} byte).',
    fi: 'Pyynnön sisältö on liian suuri (enintään {limit} tavua).',
    no: 'Innholdet i forespørselen er for stort (maks {limit} byte).',
  },
  UnsupportedMediaType: {
    en: 'The content type {type} is not supported.',
    sv: 'Innehållstypen {type} stöds inte.',
    fi: 'Sisältötyyppiä {type} ei tueta.',
    no: 'Innholdstypen {type} støttes ikke.',
  },
  UriTooLong: {
    en: 'A part of the address is too long (at most {limit} characters).',
    sv: 'En del av adressen är för lång (högst {limit} tecken).',
    fi: 'Osoitteen osa on liian pitkä (enintään {limit} merkkiä).',
    no: 'En del av adressen er for lang (maks {limit} tegn).',
  },
  BadUrl: {
    en: 'The address is not valid.',
    sv: 'Adressen är inte giltig.',
    fi: 'Osoite ei ole kelvollinen.',
    no: 'Adressen er ikke gyldig.',
  },
  HeadersTooLarge: {
    en: 'The request headers are too large.',
    sv: 'Anropets huvuden är för stora.',
    fi: 'Pyynnön otsakkeet ovat liian suuret.',
    no: 'Forespørselens hoder er for store.',
  },
  RequestTimeout: {
    en: 'The request took too long to arrive.',
    sv: 'Anropet tog för lång tid att komma fram.',
    fi: 'Pyynnön saapuminen kesti liian kauan.',
    no: 'Forespørselen brukte for lang tid på å komme fram.',
  },
  BadRequest: {
    en: 'The request could not be read.',
    sv: 'Anropet kunde inte läsas.',
    fi: 'Pyyntöä ei voitu lukea.',
    no: 'Forespørselen kunne ikke leses.',
  },
  ValidationFailed: {
    en: 'Validation failed.',
    sv: 'Valideringen misslyckades.',
    fi: 'Tarkistus epäonnistui.',
    no: 'Valideringen feilet.',
  },
  NotFound: {
    en: '{what} {id} was not found.',
    sv: '{what} {id} hittades inte.',
    fi: '{what} {id} ei löytynyt.',
    no: '{what} {id} ble ikke funnet.',
  },
  RouteNotFound: {
    en: 'No such call: {url}',
    sv: 'Anropet finns inte: {url}',
    fi: 'Kutsua ei ole: {url}',
    no: 'Kallet finnes ikke: {url}',
  },
  Unauthorized: {
    en: 'You are not signed in, or your session has expired.',
    sv: 'Du är inte inloggad eller så har din session gått ut.',
    fi: 'Et ole kirjautunut sisään tai istuntosi on vanhentunut.',
    no: 'Du er ikke logget inn, eller økten din er utløpt.',
  },
  Forbidden: {
    en: 'You do not have permission to do this.',
    sv: 'Du har inte behörighet att göra detta.',
    fi: 'Sinulla ei ole oikeutta tehdä tätä.',
    no: 'Du har ikke tillatelse til å gjøre dette.',
  },
  InternalError: {
    en: 'Something went wrong on the server.',
    sv: 'Något gick fel på servern.',
    fi: 'Palvelimella tapahtui virhe.',
    no: 'Noe gikk galt på serveren.',
  },
  Unique: {
    en: "'{field}' must be unique: {value} is already in use.",
    sv: "'{field}' måste vara unikt: {value} används redan.",
    fi: "'{field}' on oltava yksilöllinen: {value} on jo käytössä.",
    no: "'{field}' må være unik: {value} er allerede i bruk.",
  },
  InUse: {
    en: '{what} is in use and cannot be deleted.',
    sv: '{what} används och kan inte tas bort.',
    fi: '{what} on käytössä eikä sitä voi poistaa.',
    no: '{what} er i bruk og kan ikke slettes.',
  },
  FromAfterTo: {
    en: "'{field}' must be before '{other}'.",
    sv: "'{field}' måste vara före '{other}'.",
    fi: "'{field}' on oltava ennen kenttää '{other}'.",
    no: "'{field}' må være før '{other}'.",
  },
  MinAboveMax: {
    en: "'{field}' must not be greater than '{other}'.",
    sv: "'{field}' får inte vara större än '{other}'.",
    fi: "'{field}' ei saa olla suurempi kuin '{other}'.",
    no: "'{field}' kan ikke være større enn '{other}'.",
  },
} satisfies Record<string, Record<Lang, string>>;

export type ServerMessageKey = keyof typeof catalogue;

/** The catalogue can grow from area modules at start (extendMessages). */
const extra: Record<string, Record<Lang, string>> = {};

/** Adds an area's own messages to the catalogue. */
export function extendMessages(messages: Record<string, Record<Lang, string>>): void {
  Object.assign(extra, messages);
}

export function messageFor(lang: Lang, key: ServerMessageKey | string, params: Record<string, string | number>): string {
  const entry = (catalogue as Record<string, Record<Lang, string>>)[key] ?? extra[key];
  const template = entry?.[lang] ?? entry?.en ?? key;
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? ''));
}

/** The caller's language from x-language (sv, en, fi, no), else sv. */
export function requestLanguage(request: FastifyRequest): Lang {
  const header = request.headers['x-language'];
  const value = (Array.isArray(header) ? header[0] : header)?.toLowerCase().slice(0, 2);
  return (LANGUAGES as readonly string[]).includes(value ?? '') ? (value as Lang) : 'sv';
}
