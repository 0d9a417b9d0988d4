import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Stack } from '@mui/material';
import { Loading, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { apiErrorInfo, useApi } from '../../common/api';
import { PageHeading } from '../../common/PageHeading';

/**
 * /eaccounting: where Visma eAccounting sends the authentication window back (spec: "/eaccounting
 * after the accounting provider's callback"). Hands Code and State to GET /eaccounting/callback in
 * this administrator's session; the settings page that opened the window sees it connected on its
 * next poll and closes the window. Opened on its own, it links to the settings.
 */
export default function EAccountingCallbackPage() {
  const api = useApi();
  const translate = useTranslate();
  const [state, setState] = useState<'working' | 'done' | 'failed'>('working');
  const [message, setMessage] = useState('');
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const params = new URLSearchParams(window.location.search);
    const code = params.get('code');
    const oauthState = params.get('state');
    if (!code || !oauthState || params.get('error')) {
      setState('failed');
      return;
    }
    api
      .call('GET', '/eaccounting/callback', { query: { Code: code, State: oauthState } })
      .then(() => {
        setState('done');
        window.history.replaceState(null, '', window.location.pathname);
      })
      .catch((e: unknown) => {
        setMessage(apiErrorInfo(e).message);
        setState('failed');
      });
  }, [api]);

  return (
    <Stack spacing={2} sx={{ maxWidth: 640 }}>
      <PageHeading title={translate('custom.eaccounting.callbackTitle')} />
      {state === 'working' && (
        <>
          <Alert severity="info" role="status">
            {translate('custom.eaccounting.callbackWorking')}
          </Alert>
          <Loading />
        </>
      )}
      {state === 'done' && (
        <Alert severity="success" role="status">
          {translate('custom.eaccounting.callbackDone')}
        </Alert>
      )}
      {state === 'failed' && <Alert severity="error">{message || translate('custom.eaccounting.callbackFailed')}</Alert>}
      {state !== 'working' && (
        <div>
          <Button component={RouterLink} to="/eaccounting/settings">
            {translate('custom.eaccounting.goToSettings')}
          </Button>
        </div>
      )}
    </Stack>
  );
}
