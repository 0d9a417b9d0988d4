import contract from '../../schema/generated/contract.json' with { type: 'json' };
import { instantToLocal } from './instants';

/** The subset of JSON Schema the generated contract and the routes' inline schemas use. */
export interface SchemaNode {
  $ref?: string;
  type?: string | string[];
  pattern?: string;
  anyOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  items?: SchemaNode;
  properties?: Record<string, SchemaNode>;
}

const definitions = (contract as { definitions: Record<string, SchemaNode> }).definitions;

/** The patterns of LocalDateTime and LocalDate (schema/common.ts): a field with one of them holds a date. */
const DATE_PATTERNS = new Set([definitions.LocalDateTime?.pattern, definitions.LocalDate?.pattern].filter((p): p is string => !!p));

/**
 * What a request value needs before validation, worked out once per route from its schema:
 * date fields take instants, collections take comma lists. Parts with nothing to do are left out.
 */
export type Shape =
  | { kind: 'date' }
  | { kind: 'list'; scalar: boolean; numeric?: boolean; item?: Shape }
  | { kind: 'object'; props: Map<string, Shape> };

/** A definition of the contract by `$ref` ('contract#/definitions/X' or '#/definitions/X'). */
export function resolveRef(ref: string): SchemaNode | undefined {
  const name = /#\/definitions\/(.+)$/.exec(ref)?.[1];
  return name ? definitions[decodeURIComponent(name)] : undefined;
}

/** Follows references and merges the branches of anyOf / oneOf into one node to look at. */
export function deref(node: SchemaNode | undefined, depth = 0): SchemaNode | undefined {
  if (!node || depth > 20) return undefined;
  if (node.$ref) return deref(resolveRef(node.$ref), depth + 1);
  return node;
}

const SCALARS = new Set(['string', 'number', 'integer', 'boolean']);

function typesOf(node: SchemaNode): string[] {
  return node.type === undefined ? [] : Array.isArray(node.type) ? node.type : [node.type];
}

/** Whether a node holds numbers only (number or integer, or null): a comma list of it holds numbers. */
function isNumeric(node: SchemaNode | undefined): boolean {
  const n = deref(node);
  if (!n) return false;
  const branches = n.anyOf ?? n.oneOf;
  if (branches) return branches.every((b) => typesOf(deref(b) ?? {}).every((t) => t === 'null') || isNumeric(b));
  const types = typesOf(n);
  return types.length > 0 && types.every((t) => t === 'number' || t === 'integer' || t === 'null');
}

function isScalar(node: SchemaNode | undefined): boolean {
  const n = deref(node);
  if (!n) return false;
  const branches = n.anyOf ?? n.oneOf;
  if (branches) return branches.every((b) => typesOf(deref(b) ?? {}).every((t) => t === 'null') || isScalar(b));
  const types = typesOf(n);
  return types.length > 0 && types.every((t) => SCALARS.has(t) || t === 'null');
}

/**
 * The shape of a schema, or undefined when values of it pass through unchanged.
 * @example
 * shapeOf({ $ref: 'contract#/definitions/ServiceQuery' });
 * // { kind: 'object', props: Map { 'Id' => { kind: 'list', scalar: true }, 'PriceDate' => { kind: 'date' } } }
 */
export function shapeOf(node: SchemaNode | undefined, seen: ReadonlySet<string> = new Set()): Shape | undefined {
  if (!node) return undefined;
  if (node.$ref) {
    if (seen.has(node.$ref)) return undefined; // a recursive definition: its inner levels pass through
    return shapeOf(resolveRef(node.$ref), new Set([...seen, node.$ref]));
  }
  const branches = node.anyOf ?? node.oneOf;
  if (branches) {
    const shapes = branches.map((b) => shapeOf(b, seen)).filter((s): s is Shape => !!s);
    return shapes.find((s) => s.kind === 'date') ?? shapes.find((s) => s.kind === 'list') ?? shapes[0];
  }
  if (node.pattern && DATE_PATTERNS.has(node.pattern)) return { kind: 'date' };
  const types = typesOf(node);
  if (types.includes('array') || node.items) {
    return { kind: 'list', scalar: isScalar(node.items), numeric: isNumeric(node.items), item: shapeOf(node.items, seen) };
  }
  if (node.properties) {
    const props = new Map<string, Shape>();
    for (const [name, prop] of Object.entries(node.properties)) {
      const shape = shapeOf(prop, seen);
      if (shape) props.set(name, shape);
    }
    return props.size ? { kind: 'object', props } : undefined;
  }
  return undefined;
}

/**
 * The items of a comma list as ServiceStack reads one: split at the commas outside of braces,
 * brackets and quotes, so `{ResourceTypeId:1,ResourceId:2}` stays one item.
 * @example splitList('1,2'); // ['1', '2']
 */
export function splitList(text: string): string[] {
  const items: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    else if (quoted) continue;
    else if (c === '{' || c === '[') depth++;
    else if ((c === '}' || c === ']') && depth > 0) depth--;
    else if (c === ',' && depth === 0) {
      items.push(text.slice(start, i));
      start = i + 1;
    }
  }
  items.push(text.slice(start));
  return items;
}

/** Where a value came from: a query string holds only strings; a JSON body holds typed values. */
export type Source = 'query' | 'body';

/**
 * A request value with date instants turned into the company's local time and comma lists into
 * arrays, following the shape; anything else is returned as it is, for validation to judge.
 */
export function normalise(value: unknown, shape: Shape, zone: string | undefined, source: Source): unknown {
  switch (shape.kind) {
    case 'date':
      return typeof value === 'string' && zone ? (instantToLocal(value, zone) ?? value) : value;
    case 'list': {
      let list = value;
      if (shape.scalar && typeof list === 'string' && list !== '') {
        list = splitList(list);
        // Bodies are typed strictly (no coercion): a comma list of numbers written in a body holds numbers.
        if (shape.numeric && source === 'body') list = (list as string[]).map((v) => (/^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v));
      }
      else if (shape.scalar && source === 'query' && Array.isArray(list)) list = list.flatMap((v) => (typeof v === 'string' && v !== '' ? splitList(v) : [v]));
      if (!Array.isArray(list) || !shape.item) return list;
      const item = shape.item;
      return list.map((v) => normalise(v, item, zone, source));
    }
    case 'object': {
      if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
      const record = value as Record<string, unknown>;
      for (const [name, prop] of shape.props) {
        if (Object.hasOwn(record, name) && record[name] !== undefined && record[name] !== null) record[name] = normalise(record[name], prop, zone, source);
      }
      return record;
    }
  }
}
