import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Box, Button, Snackbar, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { AuthUser } from '../../schema/company';
import { AuthWaiting } from './AuthWaiting';
import { NoCompanyError } from './profile';
import type { AuthSession } from './session';

type GateState =
  | { kind: 'waiting' }
  | { kind: 'ready'; profile: AuthUser }
  | { kind: 'noCompany' }
  | { kind: 'failed'; message: string | undefined };

export interface AuthGateProps {
  session: Pick<AuthSession, 'start' | 'logout'>;
  /** Loads the profile once the session is established (GET /users). */
  loadProfile: () => Promise<AuthUser>;
  children: (profile: AuthUser) => ReactNode;
}

/**
 * Establishes the session before the app renders: a spinner (and after 30 s the 'taking too long'
 * message) until logged in, then the profile; no company or a failed login are shown here.
 */
export function AuthGate({ session, loadProfile, children }: AuthGateProps) {
  const translate = useTranslate();
  const [state, setState] = useState<GateState>({ kind: 'waiting' });

  useEffect(() => {
    let active = true;
    session
      .start()
      .then(async (authenticated) => {
        if (!authenticated) return;
        const profile = await loadProfile();
        if (active) setState({ kind: 'ready', profile });
      })
      .catch((error: unknown) => {
        if (!active) return;
        if (error instanceof NoCompanyError) setState({ kind: 'noCompany' });
        else setState({ kind: 'failed', message: error instanceof Error ? error.message : undefined });
      });
    return () => {
      active = false;
    };
  }, [session, loadProfile]);

  const logout = () => void session.logout();

  if (state.kind === 'ready') return <>{children(state.profile)}</>;
  if (state.kind === 'noCompany' || state.kind === 'failed') {
    return (
      <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}>
        <Stack spacing={2} sx={{ maxWidth: 480, textAlign: 'center', alignItems: 'center' }}>
          <Typography variant="h5" component="h1">
            {translate('app.name')}
          </Typography>
          {state.kind === 'noCompany' && <Alert severity="error">{translate('newAuth.noCompanyId')}</Alert>}
          <Stack direction="row" spacing={2}>
            {state.kind === 'failed' && (
              <Button variant="contained" onClick={() => window.location.reload()}>
                {translate('auth.tryAgain')}
              </Button>
            )}
            <Button variant="outlined" onClick={logout}>
              {translate('auth.logout')}
            </Button>
          </Stack>
        </Stack>
        <Snackbar open={state.kind === 'failed'} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}>
          <Alert severity="error" variant="filled">
            {state.kind === 'failed' && state.message ? state.message : translate('errors.somethingWentWrong')}
          </Alert>
        </Snackbar>
      </Box>
    );
  }
  return <AuthWaiting onLogout={logout} />;
}
