import { TablePagination } from '@mui/material';
import { useTranslate } from 'react-admin';

export interface FixedPaginationProps {
  /** Rows in all pages (the answer's Total). */
  count: number;
  /** Zero-based page shown. */
  page: number;
  pageSize: number;
  onPage(page: number): void;
}

/**
 * The pager of the hand-built lists (message log, outbox, newsletters): one page size, the range
 * written with react-admin's own words ("1–25 of 80", "1–25 av 80"), so it reads like the declared lists.
 * @example <FixedPagination count={data.Total} page={page} pageSize={25} onPage={setPage} />
 */
export function FixedPagination({ count, page, pageSize, onPage }: FixedPaginationProps) {
  const translate = useTranslate();
  return (
    <TablePagination
      component="div"
      count={count}
      page={page}
      rowsPerPage={pageSize}
      rowsPerPageOptions={[pageSize]}
      onPageChange={(_e, next) => onPage(next)}
      labelDisplayedRows={({ from, to, count: total }) => translate('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total })}
    />
  );
}
