import { Alert, Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { useProfile, fullNameOf } from './profile';
import type { AuthSession } from './session';

export interface LoginPageProps {
  session: Pick<AuthSession, 'status' | 'expired' | 'login'>;
}

/**
 * /login, outside the shell: for a signed-in user who they are and the way back in;
 * after the session ended, the 'session expired' message and a button to log in again.
 */
export function LoginPage({ session }: LoginPageProps) {
  const translate = useTranslate();
  const profile = useProfile();
  const authenticated = session.status === 'authenticated';
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2, bgcolor: 'background.default' }}>
      <Card sx={{ maxWidth: 440, width: '100%' }}>
        <CardContent>
          <Stack spacing={2}>
            <Typography variant="h5" component="h1">
              {translate('app.name')}
            </Typography>
            {authenticated ? (
              <>
                <Typography>{translate('auth.signedInAs', { name: profile ? fullNameOf(profile) : '' })}</Typography>
                <Button component={RouterLink} to="/dashboard" variant="contained">
                  {translate('auth.goToDashboard')}
                </Button>
              </>
            ) : (
              <>
                {session.expired && <Alert severity="info">{translate('auth.sessionExpired')}</Alert>}
                <Button variant="contained" onClick={() => void session.login()}>
                  {translate('auth.login')}
                </Button>
              </>
            )}
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}
