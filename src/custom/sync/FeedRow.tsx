import { useState } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useTranslate } from 'react-admin';
import type { IcalSync } from '../../../schema/sync';

/** One feed: its URL to copy, a new URL (the old one stops working) and revoke (with a confirm). */
export function FeedRow({ label, feed, busy, onCreate, onRevoke }: { label: string; feed: IcalSync | undefined; busy: boolean; onCreate: () => void; onRevoke: () => void }) {
  const translate = useTranslate();
  const [copied, setCopied] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const copy = async () => {
    if (!feed) return;
    await navigator.clipboard?.writeText(feed.Url).catch(() => undefined);
    setCopied(true);
  };
  return (
    <Box component="section" aria-label={label} sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
      <Typography variant="subtitle1" component="h3">
        {label}
      </Typography>
      {feed ? (
        <Stack spacing={1} sx={{ mt: 1 }}>
          <TextField value={feed.Url} label={translate('custom.sync.feedUrl')} size="small" fullWidth slotProps={{ htmlInput: { readOnly: true, 'aria-label': `${translate('custom.sync.feedUrl')} ${label}` } }} />
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button size="small" variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
              {translate(copied ? 'custom.sync.copied' : 'custom.sync.copy')}
            </Button>
            <Button size="small" disabled={busy} onClick={onCreate}>
              {translate('custom.sync.newUrl')}
            </Button>
            <Button size="small" color="error" disabled={busy} onClick={() => setConfirming(true)}>
              {translate('custom.sync.revoke')}
            </Button>
          </Stack>
        </Stack>
      ) : (
        <Stack direction="row" spacing={2} sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
          <Typography variant="body2" color="text.secondary">
            {translate('custom.sync.notConnected')}
          </Typography>
          <Button size="small" variant="contained" disabled={busy} onClick={onCreate}>
            {translate('custom.sync.create')}
          </Button>
        </Stack>
      )}
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby="revoke-title">
        <DialogTitle id="revoke-title">{translate('custom.sync.revokeTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{translate('custom.sync.revokeText')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{translate('ra.action.cancel')}</Button>
          <Button
            color="error"
            onClick={() => {
              setConfirming(false);
              onRevoke();
            }}
          >
            {translate('custom.sync.revoke')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
