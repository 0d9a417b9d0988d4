import { Box, TableCell } from '@mui/material';
import { visuallyHidden } from '@mui/utils';

/**
 * The heading of a table's row-actions column: named for screen readers, blank on screen. The cell
 * is positioned so that the hidden name stays inside a scrolling table instead of widening the page.
 * @example <ActionsHeaderCell label={translate('messages.actions')} />
 */
export function ActionsHeaderCell({ label }: { label: string }) {
  return (
    <TableCell sx={{ position: 'relative' }}>
      <Box component="span" sx={visuallyHidden}>
        {label}
      </Box>
    </TableCell>
  );
}
