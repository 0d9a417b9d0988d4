import type { ResourceType } from '../../schema/availability';

/** Orders the resource types list can take. */
export const RESOURCE_TYPE_ORDERS = ['name', '-name', 'created', '-created'] as const;
export type ResourceTypeOrder = (typeof RESOURCE_TYPE_ORDERS)[number];

/** localStorage key of the user's default resource-type order. */
export const RESOURCE_TYPE_ORDER_KEY = 'booking-admin.resourceTypeOrder';

/**
 * The stored default order, or by name when none (or storage is unavailable).
 * @example readResourceTypeOrder() // 'name'
 */
export function readResourceTypeOrder(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): ResourceTypeOrder {
  try {
    const stored = storage?.getItem(RESOURCE_TYPE_ORDER_KEY);
    return (RESOURCE_TYPE_ORDERS as readonly string[]).includes(stored ?? '') ? (stored as ResourceTypeOrder) : 'name';
  } catch {
    return 'name';
  }
}

/**
 * Remembers the order as the default for the next visit.
 * @example writeResourceTypeOrder('-created')
 */
export function writeResourceTypeOrder(order: ResourceTypeOrder, storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage): void {
  try {
    storage?.setItem(RESOURCE_TYPE_ORDER_KEY, order);
  } catch {
    // Private browsing may refuse storage; the order then lasts for this visit only.
  }
}

/**
 * The types in the given order (created = by id, which grows with creation).
 * @example sortResourceTypes(types, '-name')
 */
export function sortResourceTypes<T extends Pick<ResourceType, 'Id' | 'Name'>>(types: readonly T[], order: ResourceTypeOrder): T[] {
  const byName = (a: T, b: T) => a.Name.localeCompare(b.Name, undefined, { sensitivity: 'base' }) || a.Id - b.Id;
  const sorted = [...types].sort(order.endsWith('name') ? byName : (a, b) => a.Id - b.Id);
  return order.startsWith('-') ? sorted.reverse() : sorted;
}
