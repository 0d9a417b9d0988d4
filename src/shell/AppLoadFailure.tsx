import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { supportMailto } from './supportMail';

export interface AppLoadFailureProps {
  supportEmail?: string;
  /** Technical detail for the support e-mail. */
  detail?: string;
}

/** 'We couldn't load the app': reload, open in a new tab, contact support. */
export function AppLoadFailure({ supportEmail, detail }: AppLoadFailureProps) {
  const translate = useTranslate();
  const href = window.location.href;
  const body = translate('shell.correlation.mailBody', { url: href, details: detail ?? '' });
  return (
    <Box sx={{ minHeight: '60vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}>
      <Card sx={{ maxWidth: 520 }}>
        <CardContent>
          <Stack spacing={2}>
            <Typography variant="h5" component="h1">
              {translate('shell.loadFailure.title')}
            </Typography>
            <Typography>{translate('shell.loadFailure.message')}</Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
              <Button variant="contained" onClick={() => window.location.reload()}>
                {translate('shell.loadFailure.reload')}
              </Button>
              <Button variant="outlined" href={href} target="_blank" rel="noopener">
                {translate('shell.loadFailure.newTab')}
              </Button>
              <Button variant="text" href={supportMailto(supportEmail, translate('shell.correlation.mailSubject'), body)}>
                {translate('shell.loadFailure.contactSupport')}
              </Button>
            </Stack>
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}
