import { useState } from 'react';
import { Alert, AlertTitle, Box, Button, Stack } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';

/** The signing secret, shown once after it is made, with a copy button; it cannot be read again. */
export function SecretNotice({ secret }: { secret: string }) {
  const translate = useTranslate();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard?.writeText(secret).catch(() => undefined);
    setCopied(true);
  };
  return (
    <Alert severity="success" role="status">
      <AlertTitle>{translate('custom.webhooks.secretTitle')}</AlertTitle>
      {translate('custom.webhooks.secretOnce')}
      <Box component="code" data-testid="webhook-secret" sx={{ display: 'block', my: 1, wordBreak: 'break-all', fontSize: 14 }}>
        {secret}
      </Box>
      <Stack direction="row" spacing={1}>
        <Button size="small" variant="outlined" color="inherit" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
          {translate(copied ? 'custom.webhooks.copied' : 'custom.webhooks.copy')}
        </Button>
        <Button size="small" color="inherit" component={Link} to="/webhook-settings#endpoints">
          {translate('custom.webhooks.backToEndpoints')}
        </Button>
      </Stack>
    </Alert>
  );
}
