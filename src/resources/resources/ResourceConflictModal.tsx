import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslate } from 'react-admin';

/** The resource-conflict modal: a delete the server refused with 409, and why. */
export function ResourceConflictModal({ message, onClose }: { message: string | null; onClose: () => void }) {
  const translate = useTranslate();
  return (
    <Dialog open={message !== null} onClose={onClose} aria-labelledby="resource-conflict-title">
      <DialogTitle id="resource-conflict-title">{translate('resources.resources.conflict.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained" autoFocus>
          {translate('ra.action.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
