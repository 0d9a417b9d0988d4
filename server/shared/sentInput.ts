/**
 * Reading a request as it was sent, before its schema ran (checkFieldsEarly): each reader answers
 * the value only when it has the type the schema asks for, else undefined, so an early rule never
 * trips over a value the schema is about to refuse, and never hands the database a number it
 * cannot hold.
 * @example
 * const body = sentObject(request.body);
 * const serviceId = sentId(body?.ServiceId); // undefined for 'x', 1.5, -1, 2 ** 40
 */
import { INT4_MAX } from './constants';

/** An object of fields (a JSON body or one of its objects), not a list. */
export function sentObject(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

export function sentString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export function sentList(value: unknown): unknown[] | undefined {
  return Array.isArray(value) ? value : undefined;
}

/** A record id: a whole number from 1 to the largest a database integer holds; text of one in a path or query. */
export function sentId(value: unknown): number | undefined {
  const n = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= INT4_MAX ? n : undefined;
}
