/**
 * Reading route schemas for the fuzz test: resolves the contract's $refs, lists the fields a part
 * (params, querystring, body) declares and makes a value that passes a schema, as a base for a
 * request where one field at a time is bad.
 */
import contract from '../../../schema/generated/contract.json' with { type: 'json' };

export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  pattern?: string;
  format?: string;
}

const definitions = (contract as unknown as { definitions: Record<string, JsonSchema> }).definitions;

/** The schema a $ref ('contract#/definitions/X' or '#/definitions/X') names, followed to the end. */
export function resolve(schema: JsonSchema | undefined): JsonSchema | undefined {
  let s = schema;
  for (let depth = 0; s?.$ref && depth < 20; depth++) s = definitions[s.$ref.replace(/^.*#\/definitions\//, '')];
  return s;
}

/** The non-null alternative of a nullable schema (anyOf [X, null] or type [X, 'null']). */
function nonNull(schema: JsonSchema | undefined): JsonSchema | undefined {
  const s = resolve(schema);
  const alternatives = s?.anyOf ?? s?.oneOf;
  if (alternatives) return nonNull(alternatives.find((a) => resolve(a)?.type !== 'null') ?? alternatives[0]);
  if (s?.allOf?.length) return nonNull(s.allOf[0]);
  return s;
}

/** The properties of an object schema (through refs, nullable wrappers and allOf). */
export function propertiesOf(schema: JsonSchema | undefined): Record<string, JsonSchema> {
  const s = nonNull(schema);
  if (!s) return {};
  const merged: Record<string, JsonSchema> = { ...(s.properties ?? {}) };
  for (const part of s.allOf ?? []) Object.assign(merged, propertiesOf(part));
  return merged;
}

function typeOf(s: JsonSchema): string | undefined {
  if (Array.isArray(s.type)) return s.type.find((t) => t !== 'null');
  return s.type;
}

const STRING_CANDIDATES = [
  'Fuzz',
  'fuzz@example.com',
  '2026-12-01T10:00:00',
  '2026-12-01',
  '10:00:00',
  '#336699',
  'SEK',
  'SE',
  'https://example.com/fuzz.png',
  '+46701234567',
  '12345',
  '1234567890123',
];

function sampleString(s: JsonSchema): string {
  const fits = (v: string) =>
    (s.pattern === undefined || new RegExp(s.pattern, 'u').test(v)) && v.length >= (s.minLength ?? 0) && v.length <= (s.maxLength ?? Infinity);
  if (s.format === 'email') return 'fuzz@example.com';
  return STRING_CANDIDATES.find(fits) ?? 'x'.repeat(Math.max(1, s.minLength ?? 1));
}

/** A value the schema accepts, with only the required properties of objects. */
export function sample(schema: JsonSchema | undefined, depth = 0): unknown {
  const s = nonNull(schema);
  if (!s || depth > 6) return null;
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  switch (typeOf(s)) {
    case 'string':
      return sampleString(s);
    case 'integer':
    case 'number':
      return Math.min(Math.max(s.minimum ?? 1, 1), s.maximum ?? Infinity);
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: s.minItems ?? 0 }, () => sample(s.items, depth + 1));
    case 'object':
    case undefined: {
      const props = propertiesOf(s);
      return Object.fromEntries((s.required ?? []).map((name) => [name, sample(props[name], depth + 1)]));
    }
    default:
      return null;
  }
}

/** The element schema of an array property, when it is an array of objects. */
export function objectItems(schema: JsonSchema | undefined): JsonSchema | undefined {
  const s = nonNull(schema);
  if (typeOf(s ?? {}) !== 'array') return undefined;
  const items = nonNull(s?.items);
  return items && Object.keys(propertiesOf(items)).length ? items : undefined;
}

/** True when the property is itself an object with properties of its own. */
export function isObject(schema: JsonSchema | undefined): boolean {
  const s = nonNull(schema);
  return !!s && typeOf(s) === 'object' && Object.keys(propertiesOf(s)).length > 0;
}

/** The element schema of an array property (undefined when it does not say), or null when the property is not an array. */
export function arrayItems(schema: JsonSchema | undefined): JsonSchema | undefined | null {
  const s = nonNull(schema);
  if (!s || typeOf(s) !== 'array') return null;
  return nonNull(s.items);
}

/** True when the value has the schema's type (arrays: each element the items' type; objects are not looked into). */
export function fitsType(schema: JsonSchema | undefined, value: unknown): boolean {
  const s = resolve(schema);
  if (!s) return true;
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) return alternatives.some((a) => fitsType(a, value));
  if (s.const !== undefined) return value === s.const;
  if (s.enum) return s.enum.includes(value);
  const types = [s.type ?? []].flat();
  if (!types.length) return true;
  return types.some((t) => {
    switch (t) {
      case 'null':
        return value === null;
      case 'string':
        return typeof value === 'string';
      case 'integer':
        return Number.isInteger(value);
      case 'number':
        return typeof value === 'number';
      case 'boolean':
        return typeof value === 'boolean';
      case 'array':
        return Array.isArray(value) && value.every((v) => fitsType(s.items, v));
      case 'object':
        return typeof value === 'object' && value !== null && !Array.isArray(value);
      default:
        return true;
    }
  });
}
