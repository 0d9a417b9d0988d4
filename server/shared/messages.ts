import type { FastifyRequest } from 'fastify';
import shared from './messages.json' with { type: 'json' };

export const LANGUAGES = ['sv', 'en', 'fi', 'no'] as const;
export type Lang = (typeof LANGUAGES)[number];

/** A text in the four interface languages, as the server's messages.json files hold it. */
export type Texts = Record<Lang, string>;

/**
 * Messages the API writes into ResponseStatus, in the four interface languages. The texts are data:
 * this file's own in ./messages.json, each area's in its folder's messages.json (loaded with
 * extendMessages); {name} placeholders are filled from params.
 */
const catalogue = shared.messages satisfies Record<string, Texts>;

export type ServerMessageKey = keyof typeof catalogue;

/** The catalogue can grow from area modules at start (extendMessages). */
const extra: Record<string, Texts> = {};

/** Adds an area's own messages to the catalogue. */
export function extendMessages(messages: Record<string, Texts>): void {
  Object.assign(extra, messages);
}

/**
 * An area's own messages (its messages.json): `register` adds them to the catalogue (the area's
 * plugin calls it at start), `key` names one of them, typed for ApiError and ValidationErrors.
 * @example
 * const catalogue = areaMessages(texts.messages);
 * throw ApiError.field(400, 'From', catalogue.key('BookingInThePast'), { from });
 */
export function areaMessages<K extends string>(messages: Record<K, Texts>): { register: () => void; key: (key: K) => ServerMessageKey } {
  return { register: () => extendMessages(messages), key: (key) => key as string as ServerMessageKey };
}

export function messageFor(lang: Lang, key: ServerMessageKey | string, params: Record<string, string | number>): string {
  const entry = (catalogue as Record<string, Texts>)[key] ?? extra[key];
  return fill(entry?.[lang] ?? entry?.en ?? key, params);
}

/**
 * A text with its {name} placeholders filled from params; a placeholder without a value becomes ''.
 * @example fill('{what} {id} was not found.', { what: 'Booking', id: 12 }) // 'Booking 12 was not found.'
 */
export function fill(template: string, params: Readonly<Record<string, string | number>> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? ''));
}

/** The caller's language from x-language (sv, en, fi, no), else sv. */
export function requestLanguage(request: FastifyRequest): Lang {
  const header = request.headers['x-language'];
  const value = (Array.isArray(header) ? header[0] : header)?.toLowerCase().slice(0, 2);
  return (LANGUAGES as readonly string[]).includes(value ?? '') ? (value as Lang) : 'sv';
}

/** The language a company's customers and mails to its administrators are written in, by the company's country. */
export function languageOfCountry(countryId: string | null | undefined): Lang {
  switch ((countryId ?? '').toUpperCase()) {
    case 'SE':
      return 'sv';
    case 'FI':
      return 'fi';
    case 'NO':
      return 'no';
    default:
      return 'en';
  }
}
