import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { LoadingPage } from 'react-admin';
import { SIGNED_IN_LANDING, takeLanding } from './postLoginTarget';

/**
 * /auth: where the identity provider returns after login (keycloak-js has read the code by now);
 * goes on to the page the user wanted, or to `redirectTo`; else to the dashboard, marked as a
 * sign-in's landing (SIGNED_IN_LANDING), where a new company is sent on to "Get started".
 */
export function AuthCallbackPage() {
  const navigate = useNavigate();
  const { search } = useLocation();
  useEffect(() => {
    const { path, chosen } = takeLanding(new URLSearchParams(search).get('redirectTo'));
    navigate(path, { replace: true, state: chosen ? undefined : SIGNED_IN_LANDING });
  }, [navigate, search]);
  return <LoadingPage />;
}
AuthCallbackPage.path = '/auth';
