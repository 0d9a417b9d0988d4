import { useEffect, useState } from 'react';
import { Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** How long the spinner shows before the 'taking too long' message, in ms. */
export const UNAUTHENTICATED_WAIT_MS = 30_000;

export interface AuthWaitingProps {
  onLogout: () => void;
  /** Defaults to reloading the page. */
  onReload?: () => void;
}

/** The spinner while the session is not established; after 30 s it offers reload and logout. */
export function AuthWaiting({ onLogout, onReload = () => window.location.reload() }: AuthWaitingProps) {
  const translate = useTranslate();
  const [tooLong, setTooLong] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setTooLong(true), UNAUTHENTICATED_WAIT_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}>
      <Stack spacing={3} sx={{ alignItems: 'center', maxWidth: 420, textAlign: 'center' }}>
        <CircularProgress aria-label={translate('auth.signingIn')} />
        {tooLong && (
          <>
            <Typography role="alert">{translate('auth.takingTooLong')}</Typography>
            <Stack direction="row" spacing={2}>
              <Button variant="contained" onClick={onReload}>
                {translate('auth.reload')}
              </Button>
              <Button variant="outlined" onClick={onLogout}>
                {translate('auth.logout')}
              </Button>
            </Stack>
          </>
        )}
      </Stack>
    </Box>
  );
}
