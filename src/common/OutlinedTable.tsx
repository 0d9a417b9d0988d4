import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Paper, Table, TableBody, TableContainer, TableHead, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/**
 * A small table in an outlined paper (which scrolls sideways on a narrow screen): `head` holds the
 * header rows, the children the body rows. Name it with `aria-label` or `aria-labelledby`. When it
 * does not fit, a line above it says it scrolls sideways (a phone shows no scroll bar), and the
 * paper takes the keyboard focus so arrow keys scroll it.
 * @example
 * <OutlinedTable aria-label={translate('custom.scheduling.report.title')} head={<TableRow>…</TableRow>}>{rows}</OutlinedTable>
 */
export function OutlinedTable({ head, children, ...name }: { head: ReactNode; children: ReactNode; 'aria-label'?: string; 'aria-labelledby'?: string }) {
  const translate = useTranslate();
  const container = useRef<HTMLDivElement>(null);
  const overflows = useOverflowsSideways(container);
  return (
    <>
      {overflows && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5, textAlign: 'right' }}>
          {translate('custom.common.scrollSideways')}
        </Typography>
      )}
      <TableContainer ref={container} component={Paper} variant="outlined" {...(overflows ? { tabIndex: 0, role: 'region', ...name } : {})}>
        <Table size="small" {...name}>
          <TableHead>{head}</TableHead>
          <TableBody>{children}</TableBody>
        </Table>
      </TableContainer>
    </>
  );
}

/** Whether the element's content is wider than the element, followed as either changes size. */
function useOverflowsSideways(ref: React.RefObject<HTMLElement | null>): boolean {
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    const check = () => setOverflows(element.scrollWidth > element.clientWidth + 1);
    const observer = new ResizeObserver(check);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    check();
    return () => observer.disconnect();
  }, [ref]);
  return overflows;
}
