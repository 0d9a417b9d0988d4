import { useEffect, useState } from 'react';
import { Alert, Box, CircularProgress, Divider, Link, Paper, Stack, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import type { SignUpMail, SignUpMailbox } from '../../../schema/signup';
import { formatWireDate } from '../../i18n/format';
import { PublicFrame } from './PublicFrame';
import { postPublic } from './publicApi';
import { linkParts, mailboxTokenOf } from './mailbox';

/** How often, and how many times, the page asks again while the mail is on its way. */
const POLL_MS = 2000;
const POLL_TIMES = 60;

type State = { kind: 'loading' } | { kind: 'open'; box: SignUpMailbox } | { kind: 'failed' };

function Mail({ mail }: { mail: SignUpMail }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <Paper variant="outlined" component="article" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
        {mail.Subject}
      </Typography>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, typography: 'body2' }}>
        <Box component="dt" sx={{ color: 'text.secondary' }}>
          {translate('signup.mail.to')}
        </Box>
        <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
          {mail.To}
        </Box>
        {mail.Sent && (
          <>
            <Box component="dt" sx={{ color: 'text.secondary' }}>
              {translate('signup.mail.received')}
            </Box>
            <Box component="dd" sx={{ m: 0 }}>
              {formatWireDate(mail.Sent, locale)}
            </Box>
          </>
        )}
      </Box>
      <Divider sx={{ my: 2 }} />
      <Typography component="div" variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {linkParts(mail.Text, window.location.origin).map((part, i) =>
          part.href ? (
            <Link key={i} href={part.href}>
              {part.text}
            </Link>
          ) : (
            <span key={i}>{part.text}</span>
          ),
        )}
      </Typography>
    </Paper>
  );
}

/**
 * /signup/mail#<key>: without a mail server (SMTP_URL unset) the sign-up's own mail is read here,
 * with the key its answer gave ("check your e-mail" links here). It shows only the mail that sign-up
 * sent to the address it gave, and asks again while that mail is on its way.
 */
export default function MailboxPage() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    const token = mailboxTokenOf(window.location.hash);
    if (!token) {
      setState({ kind: 'failed' });
      return;
    }
    let active = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = (times: number) => {
      postPublic<SignUpMailbox>('/signup/mail', { Token: token }, locale)
        .then((box) => {
          if (!active) return;
          setState({ kind: 'open', box });
          if (box.Waiting && times > 1) timer = setTimeout(() => ask(times - 1), POLL_MS);
        })
        .catch(() => {
          if (active) setState({ kind: 'failed' });
        });
    };
    ask(POLL_TIMES);
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [locale]);

  if (state.kind === 'loading') {
    return (
      <PublicFrame title={translate('signup.mail.title')}>
        <CircularProgress size={24} aria-label={translate('signup.mail.waiting')} />
      </PublicFrame>
    );
  }
  if (state.kind === 'failed') {
    return (
      <PublicFrame title={translate('signup.mail.title')}>
        <Alert severity="error">{translate('signup.mail.invalid')}</Alert>
        <Typography variant="body2" sx={{ mt: 3 }}>
          <Link href={`/signup?lang=${locale}`}>{translate('signup.verify.again')}</Link>
        </Typography>
      </PublicFrame>
    );
  }
  const { box } = state;
  return (
    <PublicFrame title={translate('signup.mail.title')}>
      <Typography variant="body2" sx={{ mb: 2, color: 'text.secondary' }}>
        {translate('signup.mail.intro', { email: box.Email })}
      </Typography>
      <Stack spacing={2}>
        {box.Mails.map((mail, i) => (
          <Mail key={i} mail={mail} />
        ))}
        {box.Waiting && (
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status">
            <CircularProgress size={24} aria-hidden />
            <Typography>{translate('signup.mail.waiting')}</Typography>
          </Stack>
        )}
        {!box.Waiting && !box.Mails.length && <Alert severity="info">{translate('signup.mail.none', { email: box.Email })}</Alert>}
      </Stack>
    </PublicFrame>
  );
}
