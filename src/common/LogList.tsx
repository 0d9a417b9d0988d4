import type { ReactNode } from 'react';
import { List, type ListProps } from 'react-admin';
import { FILTER_DEBOUNCE_MS } from './constants';

/**
 * A newest-first log (a booking's changes, a code's transactions) shown inside a tab: 25 a page,
 * filters debounced and kept out of the URL under its own store key, no page title and no empty-page
 * invitation (the table says it is empty).
 * @example
 * <LogList resource="booking-log" storeKey="bookings.log" filters={filters}><DataTable>…</DataTable></LogList>
 */
export function LogList({ resource, storeKey, filters, actions = false, sx, children }: Pick<ListProps, 'filters' | 'actions' | 'sx'> & { resource: string; storeKey: string; children: ReactNode }) {
  return (
    <List
      resource={resource}
      sort={{ field: 'Created', order: 'DESC' }}
      perPage={25}
      debounce={FILTER_DEBOUNCE_MS}
      filters={filters}
      actions={actions}
      disableSyncWithLocation
      storeKey={storeKey}
      title=" "
      empty={false}
      sx={sx}
    >
      {children}
    </List>
  );
}
