import { Button, TableCell } from '@mui/material';

/**
 * The row actions of a log of sent messages (the message log, the newsletter log): look at the
 * entry, send it again.
 * @example
 * <LogRowActions viewLabel={translate('messages.log.view')} onView={() => setViewing(e.Id)} resendLabel={translate('messages.log.resend')} onResend={() => void resend(e)} />
 */
export function LogRowActions({ viewLabel, onView, resendLabel, onResend }: { viewLabel: string; onView: () => void; resendLabel: string; onResend: () => void }) {
  return (
    <TableCell sx={{ whiteSpace: 'nowrap' }}>
      <Button size="small" onClick={onView}>
        {viewLabel}
      </Button>
      <Button size="small" onClick={onResend}>
        {resendLabel}
      </Button>
    </TableCell>
  );
}
