import type { ReactNode } from 'react';
import type { ListProps } from 'react-admin';
import { PagedList } from './PagedList';

/**
 * A newest-first log (a booking's changes, a code's transactions) shown inside a tab: paged as every
 * list is (PagedList), its filters kept out of the URL under its own store key, no page title and no
 * empty-page invitation (the table says it is empty).
 * @example
 * <LogList resource="booking-log" storeKey="bookings.log" filters={filters}><DataTable>…</DataTable></LogList>
 */
export function LogList({ resource, storeKey, filters, actions = false, sx, children }: Pick<ListProps, 'filters' | 'actions' | 'sx'> & { resource: string; storeKey: string; children: ReactNode }) {
  return (
    <PagedList
      resource={resource}
      sort={{ field: 'Created', order: 'DESC' }}
      filters={filters}
      actions={actions}
      disableSyncWithLocation
      storeKey={storeKey}
      title=" "
      empty={false}
      sx={sx}
    >
      {children}
    </PagedList>
  );
}
