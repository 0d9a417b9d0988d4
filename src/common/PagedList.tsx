import { List, type ListProps } from 'react-admin';
import { FILTER_DEBOUNCE_MS } from './constants';

/** How many rows a hand-built list shows a page. */
export const LIST_PAGE_SIZE = 25;

/**
 * A react-admin List with the product's paging: 25 rows a page and filters that wait for the
 * typing to pause. Everything else is the List's own props.
 * @example
 * <PagedList resource="bookings" sort={{ field: 'From', order: 'DESC' }} filters={filters}>…</PagedList>
 */
export function PagedList(props: ListProps) {
  return <List perPage={LIST_PAGE_SIZE} debounce={FILTER_DEBOUNCE_MS} {...props} />;
}
