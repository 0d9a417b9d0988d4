import type { ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useTranslate } from 'react-admin';

/** The dialog of one booking action: its title, its fields, Cancel and the confirming button (red when it cannot be undone). */
export function ActionDialog({ title, children, onClose, onConfirm, confirm, disabled, danger }: {
  title: string;
  children: ReactNode;
  onClose: () => void;
  onConfirm: () => void;
  confirm: string;
  disabled?: boolean;
  danger?: boolean;
}) {
  const translate = useTranslate();
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="booking-action-title">
      <DialogTitle id="booking-action-title">{title}</DialogTitle>
      <DialogContent>{children}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" color={danger ? 'error' : 'primary'} onClick={onConfirm} disabled={disabled}>
          {confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

