import { useEffect } from 'react';
import { useNotify } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';

/** On entry with ?status=billing-success or billing-cancel: the matching notice, then the parameter is dropped. */
export function BillingStatusNotice() {
  const notify = useNotify();
  const location = useLocation();
  const navigate = useNavigate();
  const status = new URLSearchParams(location.search).get('status');

  useEffect(() => {
    if (status !== 'billing-success' && status !== 'billing-cancel') return;
    if (status === 'billing-success') notify('shell.billing.success', { type: 'success' });
    else notify('shell.billing.cancel', { type: 'info' });
    const rest = new URLSearchParams(location.search);
    rest.delete('status');
    const search = rest.toString();
    navigate({ pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash }, { replace: true });
  }, [status, notify, navigate, location.pathname, location.search, location.hash]);
  return null;
}
