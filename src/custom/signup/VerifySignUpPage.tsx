import { useEffect, useRef, useState } from 'react';
import { Alert, Button, CircularProgress, Link, Stack, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import type { SignUpVerifyResponse } from '../../../schema/signup';
import { PublicFrame } from './PublicFrame';
import { postPublic } from './publicApi';

type State = { kind: 'verifying' } | { kind: 'done'; account: SignUpVerifyResponse } | { kind: 'failed'; message: string };

/**
 * /signup/verify?token=…: the page the verification mail links to. It confirms the address once,
 * which creates the company and its administrator, then sends the person to sign in and on to
 * /setup-account (the agreement is asked for on the first sign-in).
 */
export default function VerifySignUpPage() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [state, setState] = useState<State>({ kind: 'verifying' });
  const asked = useRef(false);

  useEffect(() => {
    // The link works once: never post it twice, whatever re-renders.
    if (asked.current) return;
    asked.current = true;
    const token = new URLSearchParams(window.location.search).get('token') ?? '';
    postPublic<SignUpVerifyResponse>('/signup/verify', { Token: token }, locale)
      .then((account) => setState({ kind: 'done', account }))
      .catch((error: unknown) => setState({ kind: 'failed', message: error instanceof Error && error.message ? error.message : translate('errors.somethingWentWrong') }));
  }, [locale, translate]);

  if (state.kind === 'verifying') {
    return (
      <PublicFrame title={translate('signup.verify.title')}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status">
          <CircularProgress size={24} aria-hidden />
          <Typography>{translate('signup.verify.verifying')}</Typography>
        </Stack>
      </PublicFrame>
    );
  }
  if (state.kind === 'failed') {
    return (
      <PublicFrame title={translate('signup.verify.title')}>
        <Alert severity="error">{state.message}</Alert>
        <Typography variant="body2" sx={{ mt: 3 }}>
          <Link href={`/signup?lang=${locale}`}>{translate('signup.verify.again')}</Link>
        </Typography>
      </PublicFrame>
    );
  }
  return (
    <PublicFrame title={translate('signup.verify.doneTitle')}>
      <Alert severity="success" role="status">
        {translate('signup.verify.done', { company: state.account.CompanyName, email: state.account.Email })}
      </Alert>
      <Button variant="contained" size="large" fullWidth sx={{ mt: 3 }} href="/setup-account">
        {translate('signup.verify.continue')}
      </Button>
    </PublicFrame>
  );
}
