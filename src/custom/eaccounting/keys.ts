/** Query keys: everything accounting caches sits under ['eaccounting'], so one invalidation refreshes it all. */
export const KEYS = {
  check: ['eaccounting', 'check'],
  settings: ['eaccounting', 'settings'],
  articles: ['eaccounting', 'articles'],
  terms: ['eaccounting', 'terms'],
  mappings: ['eaccounting', 'mappings'],
  prices: ['eaccounting', 'prices'],
  notes: (bookingId: number) => ['eaccounting', 'notes', bookingId],
} as const;
