import { useId, type ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useTranslate } from 'react-admin';

/**
 * A wide dialog that only shows something (a sent message, a preview): its title, what it shows,
 * and Close. Named by its title for screen readers.
 * @example
 * <ReadOnlyDialog title={entry.Subject} onClose={() => setViewing(null)}>{body}</ReadOnlyDialog>
 */
export function ReadOnlyDialog({ open = true, title, onClose, dividers, children }: { open?: boolean; title: ReactNode; onClose: () => void; dividers?: boolean; children: ReactNode }) {
  const translate = useTranslate();
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent dividers={dividers}>{children}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
