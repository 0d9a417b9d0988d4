import { extendMessages, type Lang } from './messages';

/**
 * Messages of the customers, company, administrators and images areas, in the four languages; thrown
 * with `ApiError.field` or collected with `ValidationErrors` (./errors), like every other field error.
 */
const messages = {
  PersonalIdentityNumberInvalid: {
    sv: "'{field}' är inte ett giltigt personnummer för {country}.",
    en: "'{field}' is not a valid personal identity number for {country}.",
    fi: "'{field}' ei ole kelvollinen henkilötunnus maalle {country}.",
    no: "'{field}' er ikke et gyldig fødselsnummer for {country}.",
  },
  OrganisationNumberInvalid: {
    sv: "'{field}' är inte ett giltigt organisationsnummer för {country}.",
    en: "'{field}' is not a valid organisation number for {country}.",
    fi: "'{field}' ei ole kelvollinen Y-tunnus maalle {country}.",
    no: "'{field}' er ikke et gyldig organisasjonsnummer for {country}.",
  },
  PostalCodeInvalid: {
    sv: "'{field}' är inte ett giltigt postnummer för {country}.",
    en: "'{field}' is not a valid postal code for {country}.",
    fi: "'{field}' ei ole kelvollinen postinumero maalle {country}.",
    no: "'{field}' er ikke et gyldig postnummer for {country}.",
  },
  BillingMethodRequired: {
    sv: 'du måste välja faktureringsmetod',
    en: 'you must select billing method',
    fi: 'sinun täytyy valita laskutustapa',
    no: 'du må velge faktureringsmetode',
  },
  ImageSizeLimit: {
    sv: 'Bilden är större än storleksgränsen på {limit} byte.',
    en: 'The image is over the size limit of {limit} bytes.',
    fi: 'Kuva ylittää kokorajan {limit} tavua.',
    no: 'Bildet er over størrelsesgrensen på {limit} byte.',
  },
  ImageWrongType: {
    sv: 'Fel filtyp: bara bilder (PNG, JPEG, GIF, WebP, BMP) kan laddas upp.',
    en: 'Wrong type: only images (PNG, JPEG, GIF, WebP, BMP) can be uploaded.',
    fi: 'Väärä tiedostotyyppi: vain kuvia (PNG, JPEG, GIF, WebP, BMP) voi ladata.',
    no: 'Feil filtype: bare bilder (PNG, JPEG, GIF, WebP, BMP) kan lastes opp.',
  },
  CannotDeleteYourself: {
    sv: 'Du kan inte ta bort dig själv som administratör.',
    en: 'You cannot delete yourself as an administrator.',
    fi: 'Et voi poistaa itseäsi ylläpitäjänä.',
    no: 'Du kan ikke slette deg selv som administrator.',
  },
  LastAdministrator: {
    sv: 'Företaget måste ha minst en administratör.',
    en: 'The company must have at least one administrator.',
    fi: 'Yrityksellä on oltava vähintään yksi ylläpitäjä.',
    no: 'Bedriften må ha minst én administrator.',
  },
  SendForApprovalStatus: {
    sv: 'Bara ett nyregistrerat företag kan skickas för godkännande (företagets status är {status}).',
    en: 'Only a newly registered company can be sent for approval (the company’s status is {status}).',
    fi: 'Vain juuri rekisteröity yritys voidaan lähettää hyväksyttäväksi (yrityksen tila on {status}).',
    no: 'Bare en nyregistrert bedrift kan sendes til godkjenning (bedriftens status er {status}).',
  },
  CustomerHasBookings: {
    sv: 'Kunder med bokningar kan inte tas bort.',
    en: 'Customers with bookings cannot be deleted.',
    fi: 'Asiakkaita, joilla on varauksia, ei voi poistaa.',
    no: 'Kunder med bestillinger kan ikke slettes.',
  },
} satisfies Record<string, Record<Lang, string>>;

/** Loads the field-error messages into the server catalogue (the areas plugin calls it). */
export function registerFieldErrorMessages(): void {
  extendMessages(messages);
}

/** SQL that renders a timestamptz column as company-local yyyy-MM-ddTHH:mm:ss (tz is a $n placeholder). */
export function localTime(column: string, tz: string): string {
  return `to_char(${column} at time zone ${tz}, 'YYYY-MM-DD"T"HH24:MI:SS')`;
}

/** The PostgreSQL error code of a failed statement, if any. */
export function pgCode(err: unknown): string | undefined {
  return typeof err === 'object' && err !== null && 'code' in err && typeof err.code === 'string' ? err.code : undefined;
}
