import { useEffect, useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Link,
  List,
  ListItem,
  ListItemText,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useTranslate } from 'react-admin';
import type { CorrelationError } from '../dataProvider/types';
import { COPIED_MESSAGE_MS } from './CorrelationErrorModal';
import { supportMailto } from './supportMail';


function CopyId({ id }: { id: string }) {
  const translate = useTranslate();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = () => {
    void navigator.clipboard?.writeText(id).then(() => setCopied(true), () => setCopied(false));
  };
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Typography variant="body2" component="code" sx={{ fontFamily: 'monospace' }}>
        {translate('shell.correlation.id', { id })}
      </Typography>
      <Tooltip title={translate('shell.correlation.copy')}>
        <IconButton size="small" onClick={copy} aria-label={translate('shell.correlation.copy')}>
          <ContentCopyIcon fontSize="inherit" />
        </IconButton>
      </Tooltip>
      {copied && (
        <Typography variant="caption" color="success.main" role="status">
          {translate('shell.correlation.copied')}
        </Typography>
      )}
    </Stack>
  );
}

/**
 * Lists the errors that came back with a correlation id, each copyable, with help: the product
 * link, a support e-mail template and a reload to /.
 */
export function CorrelationErrorDialog({ entries, supportEmail, onClose }: { entries: CorrelationError[]; supportEmail?: string; onClose: () => void }) {
  const translate = useTranslate();
  const details = entries.map((e) => `${e.text} (${e.correlationId}) ${e.endpoint}`).join('\n');
  const mailto = supportMailto(
    supportEmail,
    translate('shell.correlation.mailSubject'),
    translate('shell.correlation.mailBody', { url: window.location.href, details }),
  );

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="correlation-title">
      <DialogTitle id="correlation-title">{translate('shell.correlation.title')}</DialogTitle>
      <DialogContent>
        <List dense disablePadding>
          {entries.map((entry, index) => (
            <ListItem key={`${entry.correlationId}-${index}`} disableGutters sx={{ display: 'block' }}>
              <ListItemText primary={entry.text} />
              <CopyId id={entry.correlationId} />
            </ListItem>
          ))}
        </List>
        <Typography variant="subtitle2" sx={{ mt: 2 }}>
          {translate('shell.correlation.help')}
        </Typography>
        <List dense disablePadding>
          <ListItem disableGutters>
            <Link href={window.location.origin} target="_blank" rel="noopener">
              {translate('shell.correlation.productLink', { name: translate('app.name') })}
            </Link>
          </ListItem>
          <ListItem disableGutters>
            <Link href={mailto}>{translate('shell.correlation.mailSupport')}</Link>
          </ListItem>
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('shell.correlation.close')}</Button>
        <Button variant="contained" onClick={() => window.location.assign('/')}>
          {translate('shell.correlation.reload')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
