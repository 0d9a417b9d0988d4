import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { LoadingPage } from 'react-admin';
import { takeTarget } from './postLoginTarget';

/**
 * /auth: where the identity provider returns after login (keycloak-js has read the code by now);
 * goes on to the page the user wanted, or to `redirectTo`.
 */
export function AuthCallbackPage() {
  const navigate = useNavigate();
  const { search } = useLocation();
  useEffect(() => {
    navigate(takeTarget(new URLSearchParams(search).get('redirectTo')), { replace: true });
  }, [navigate, search]);
  return <LoadingPage />;
}
AuthCallbackPage.path = '/auth';
