import { email, maxLength, maxValue, minLength, minValue, regex, required, type Validator } from 'react-admin';
import { tracked, type TrackedPromise } from './thenable';
import type { FieldKind } from './types';

/** The subset of JSON Schema that ts-json-schema-generator writes into contract.json. */
export interface JsonSchema {
  type?: string | string[];
  $ref?: string;
  anyOf?: JsonSchema[];
  enum?: (string | number)[];
  const?: string | number | boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  description?: string;
}

export interface Contract {
  definitions: Record<string, JsonSchema>;
}

let contract: TrackedPromise<Contract> | undefined;

/**
 * The generated contract, loaded once on first use as its own chunk (it is not needed on the first
 * screen). The promise is tracked, so `use(loadContract())` does not suspend once it has loaded.
 * @example const defs = (await loadContract()).definitions;
 */
export function loadContract(): TrackedPromise<Contract> {
  contract ??= tracked(import('../../schema/generated/contract.json').then((m) => m.default as Contract));
  return contract;
}

/** A property with its references followed: the merged schema, whether null is allowed and the first named type. */
export interface ResolvedProperty {
  schema: JsonSchema;
  nullable: boolean;
  refName?: string;
}

const refName = (ref: string) => ref.replace('#/definitions/', '');

export function resolve(contractDefs: Contract['definitions'], prop: JsonSchema): ResolvedProperty {
  let nullable = false;
  let named: string | undefined;
  let current = prop;
  for (let depth = 0; depth < 10; depth++) {
    if (current.$ref) {
      const name = refName(current.$ref);
      named ??= name;
      current = { ...contractDefs[name], ...withoutRef(current) };
      continue;
    }
    if (current.anyOf) {
      const rest = current.anyOf.filter((s) => !(s.type === 'null'));
      nullable ||= rest.length < current.anyOf.length;
      current = rest.length === 1 ? rest[0] : { ...current, anyOf: undefined };
      continue;
    }
    break;
  }
  if (Array.isArray(current.type)) {
    nullable ||= current.type.includes('null');
    const types = current.type.filter((t) => t !== 'null');
    current = { ...current, type: types.length === 1 ? types[0] : types };
  }
  return { schema: current, nullable, refName: named };
}

function withoutRef(s: JsonSchema): JsonSchema {
  const { $ref: _ref, ...rest } = s;
  return rest;
}

/** The schema of a (possibly dotted, e.g. 'InvoiceAddress.InvoiceCity') property of a definition. */
export function propertyOf(defs: Contract['definitions'], definition: string, path: string): ResolvedProperty | undefined {
  let owner: JsonSchema | undefined = defs[definition];
  let resolved: ResolvedProperty | undefined;
  for (const part of path.split('.')) {
    if (!owner) return undefined;
    const ownerResolved = resolve(defs, owner);
    const prop = ownerResolved.schema.properties?.[part];
    if (!prop) return undefined;
    resolved = resolve(defs, prop);
    owner = resolved.schema;
  }
  return resolved;
}

/** Whether a (possibly dotted) property is required in its parent object. */
export function isRequired(defs: Contract['definitions'], definition: string, path: string): boolean {
  const parts = path.split('.');
  const last = parts.pop() as string;
  const parent = parts.length ? propertyOf(defs, definition, parts.join('.'))?.schema : defs[definition];
  return !!parent && resolve(defs, parent).schema.required?.includes(last) === true;
}

/** The kind of input and column a property gets when the declaration does not say. */
export function kindOf(name: string, p: ResolvedProperty | undefined): FieldKind {
  if (!p) return 'unknown';
  const { schema, refName: ref } = p;
  if (ref === 'LocalDateTime' || schema.format === 'date-time') return 'datetime';
  if (ref === 'LocalDate' || schema.format === 'date') return 'date';
  if (ref === 'TimeOfDay' || schema.format === 'time') return 'time';
  if (schema.enum) return 'enum';
  switch (schema.type) {
    case 'boolean':
      return 'boolean';
    case 'integer':
    case 'number':
      return 'number';
    case 'object':
      return 'object';
    case 'array':
      return schema.items?.type === 'string' && !schema.items.enum ? 'strings' : 'multiselect';
    case 'string':
      if (/ImageUrl$/.test(name)) return 'image';
      if (/Phone$/.test(name)) return 'phone';
      return (schema.maxLength ?? 0) > 1000 ? 'text' : 'string';
    default:
      return 'unknown';
  }
}

/** react-admin validators for a property: required, min/max length, minimum/maximum, pattern, e-mail. */
export function validatorsOf(p: ResolvedProperty | undefined, isRequiredProp: boolean, kind: FieldKind): Validator[] {
  if (!p) return [];
  const s = p.schema;
  const list: Validator[] = [];
  if (isRequiredProp && kind !== 'boolean') list.push(required());
  if (s.minLength !== undefined && s.minLength > 1) list.push(minLength(s.minLength));
  if (s.maxLength !== undefined) list.push(maxLength(s.maxLength));
  if (s.minimum !== undefined) list.push(minValue(s.minimum));
  if (s.maximum !== undefined) list.push(maxValue(s.maximum));
  if (s.pattern && !['LocalDate', 'LocalDateTime', 'TimeOfDay'].includes(p.refName ?? '')) {
    list.push(regex(new RegExp(s.pattern), 'engine.validation.pattern'));
  }
  if (s.format === 'email') list.push(email());
  return list;
}

/**
 * Keeps only what the input definition accepts: unknown properties are dropped, and so are nulls the schema
 * does not allow (an emptied optional number), so a record read from the API can be sent back as a body.
 * @example pickBySchema(defs, defs.ServiceInput, serviceRecord)
 */
export function pickBySchema(defs: Contract['definitions'], schema: JsonSchema, value: unknown): unknown {
  const { schema: s, nullable } = resolve(defs, schema);
  if (value === null || value === undefined) return nullable ? null : undefined;
  if (s.type === 'object' && s.properties && typeof value === 'object' && !Array.isArray(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, propSchema] of Object.entries(s.properties)) {
      const v = pickBySchema(defs, propSchema, (value as Record<string, unknown>)[key]);
      if (v !== undefined) out[key] = v;
    }
    return out;
  }
  if (s.type === 'array' && s.items && Array.isArray(value)) {
    const items = s.items;
    return value.map((v) => pickBySchema(defs, items, v)).filter((v) => v !== undefined);
  }
  if ((s.type === 'integer' || s.type === 'number') && value === '') return nullable ? null : undefined;
  return value;
}
