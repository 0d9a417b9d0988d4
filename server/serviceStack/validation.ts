import { extendMessages, type Lang } from '../shared/messages';
import { resolveRef } from './shapes';

/** Messages of the ServiceStack conventions (server/serviceStack), in the four languages. */
const messages = {
  UnknownFields: {
    en: "'{field}' names fields the records do not have: {names}.",
    sv: "'{field}' anger fält som posterna inte har: {names}.",
    fi: "'{field}' nimeää kenttiä, joita tietueilla ei ole: {names}.",
    no: "'{field}' angir felt som postene ikke har: {names}.",
  },
  DateTimeFormat: {
    en: "'{field}' must be a date and time: yyyy-MM-ddTHH:mm:ss, or an ISO 8601 instant with Z or an offset.",
    sv: "'{field}' måste vara ett datum och en tid: yyyy-MM-ddTHH:mm:ss, eller en ISO 8601-tidpunkt med Z eller en förskjutning.",
    fi: "'{field}' on oltava päivämäärä ja aika: yyyy-MM-ddTHH:mm:ss tai ISO 8601 -ajanhetki, jossa on Z tai aikaero.",
    no: "'{field}' må være en dato og et klokkeslett: yyyy-MM-ddTHH:mm:ss, eller et ISO 8601-tidspunkt med Z eller en forskyvning.",
  },
  DateFormat: {
    en: "'{field}' must be a date: yyyy-MM-dd, or an ISO 8601 instant with Z or an offset.",
    sv: "'{field}' måste vara ett datum: yyyy-MM-dd, eller en ISO 8601-tidpunkt med Z eller en förskjutning.",
    fi: "'{field}' on oltava päivämäärä: yyyy-MM-dd tai ISO 8601 -ajanhetki, jossa on Z tai aikaero.",
    no: "'{field}' må være en dato: yyyy-MM-dd, eller et ISO 8601-tidspunkt med Z eller en forskyvning.",
  },
} satisfies Record<string, Record<Lang, string>>;
/** Loads the validation messages into the server catalogue (the ServiceStack conventions plugin calls it). */
export function registerValidationMessages(): void {
  extendMessages(messages);
}

const DATE_TIME_PATTERN = resolveRef('#/definitions/LocalDateTime')?.pattern;
const DATE_PATTERN = resolveRef('#/definitions/LocalDate')?.pattern;

/** The message key that says what a date field expects, for a failed `pattern` of the contract's date types. */
export function datePatternKey(pattern: unknown): keyof typeof messages | undefined {
  if (pattern === DATE_TIME_PATTERN) return 'DateTimeFormat';
  if (pattern === DATE_PATTERN) return 'DateFormat';
  return undefined;
}

interface AjvLikeError {
  instancePath?: string;
  keyword: string;
  params: Record<string, unknown>;
}

/**
 * One validation error per field: a value that fits no branch of `T | null` fails each branch and
 * their union, and only the branch that says what was expected is kept.
 */
export function oneErrorPerField<E extends AjvLikeError>(errors: readonly E[], fieldOf: (e: E) => string): E[] {
  const noise = (e: E) => e.keyword === 'anyOf' || e.keyword === 'oneOf' || (e.keyword === 'type' && e.params.type === 'null');
  const byField = new Map<string, E>();
  for (const e of errors) {
    const field = fieldOf(e);
    const kept = byField.get(field);
    if (!kept || (noise(kept) && !noise(e))) byField.set(field, e);
  }
  return [...byField.values()];
}

