import type { ReactNode } from 'react';
import { Paper, Table, TableBody, TableContainer, TableHead } from '@mui/material';

/**
 * A small table in an outlined paper (which scrolls sideways on a narrow screen): `head` holds the
 * header rows, the children the body rows. Name it with `aria-label` or `aria-labelledby`.
 * @example
 * <OutlinedTable aria-label={translate('custom.scheduling.report.title')} head={<TableRow>…</TableRow>}>{rows}</OutlinedTable>
 */
export function OutlinedTable({ head, children, ...name }: { head: ReactNode; children: ReactNode; 'aria-label'?: string; 'aria-labelledby'?: string }) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" {...name}>
        <TableHead>{head}</TableHead>
        <TableBody>{children}</TableBody>
      </Table>
    </TableContainer>
  );
}
