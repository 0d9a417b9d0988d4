import { ApiError } from './errors';
import { extendMessages, messageFor, type Lang, type ServerMessageKey } from './messages';

/** Messages of the customers, company, administrators and images areas, in the four languages. */
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
    no: 'Firmaet må ha minst én administrator.',
  },
  SendForApprovalStatus: {
    sv: 'Bara ett nyregistrerat företag kan skickas för godkännande (företagets status är {status}).',
    en: 'Only a newly registered company can be sent for approval (the company’s status is {status}).',
    fi: 'Vain juuri rekisteröity yritys voidaan lähettää hyväksyttäväksi (yrityksen tila on {status}).',
    no: 'Bare et nyregistrert firma kan sendes til godkjenning (firmaets status er {status}).',
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

/** A message key of the base catalogue or of this area. */
export type AreaMessageKey = keyof typeof messages | ServerMessageKey;

interface Pending {
  field: string;
  key: AreaMessageKey;
  params: Record<string, string | number>;
}

function toApiError(status: number, lang: Lang, list: Pending[]): ApiError {
  const errors = list.map((p) => ({
    ErrorCode: p.key,
    FieldName: p.field,
    Message: messageFor(lang, p.key, { field: p.field, ...p.params }),
  }));
  const message = errors.length === 1 ? errors[0].Message : messageFor(lang, 'ValidationFailed', {});
  return new ApiError(status, errors[0].ErrorCode, message, errors);
}

/**
 * One field error with a message from this area's catalogue, in the caller's language.
 * @example
 * throw fieldError(request.ctx.lang, 400, 'PersonalIdentityNumber', 'PersonalIdentityNumberInvalid', { country: 'SE' });
 */
export function fieldError(lang: Lang, status: number, field: string, key: AreaMessageKey, params: Record<string, string | number> = {}): ApiError {
  return toApiError(status, lang, [{ field, key, params }]);
}

/**
 * Collects every problem of a body, then throws one 400 naming all fields.
 * @example
 * const errors = new FieldErrors(request.ctx.lang);
 * if (!body.Email) errors.add('Email', 'NotEmpty');
 * errors.throwIfAny();
 */
export class FieldErrors {
  private readonly list: Pending[] = [];
  constructor(private readonly lang: Lang) {}
  add(field: string, key: AreaMessageKey, params: Record<string, string | number> = {}): this {
    this.list.push({ field, key, params });
    return this;
  }
  get empty(): boolean {
    return this.list.length === 0;
  }
  throwIfAny(status = 400): void {
    if (!this.empty) throw toApiError(status, this.lang, this.list);
  }
}

/** SQL that renders a timestamptz column as company-local yyyy-MM-ddTHH:mm:ss (tz is a $n placeholder). */
export function localTime(column: string, tz: string): string {
  return `to_char(${column} at time zone ${tz}, 'YYYY-MM-DD"T"HH24:MI:SS')`;
}

/** The PostgreSQL error code of a failed statement, if any. */
export function pgCode(err: unknown): string | undefined {
  return typeof err === 'object' && err !== null && 'code' in err && typeof err.code === 'string' ? err.code : undefined;
}
