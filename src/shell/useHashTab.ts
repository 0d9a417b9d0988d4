import { useCallback, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/**
 * Tab state kept in the URL hash: an `activeTab` query parameter becomes the hash, choosing a tab
 * sets the hash, an unknown or missing hash selects the first tab.
 * @example
 * const [tab, setTab] = useHashTab(['information', 'billing-information', 'administrators'] as const);
 * <Tabs value={tab} onChange={(_, t) => setTab(t)}>…</Tabs>
 */
export function useHashTab(tabs: readonly string[]): [current: string, set: (tab: string) => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(location.search);
  const requested = params.get('activeTab');
  const fromHash = decodeURIComponent(location.hash.replace(/^#/, ''));
  const wanted = requested ?? fromHash;
  const current = tabs.includes(wanted) ? wanted : (tabs[0] ?? '');

  useEffect(() => {
    if (requested === null) return;
    const rest = new URLSearchParams(location.search);
    rest.delete('activeTab');
    const search = rest.toString();
    navigate({ pathname: location.pathname, search: search ? `?${search}` : '', hash: tabs.includes(requested) ? requested : '' }, { replace: true });
  }, [requested, location.pathname, location.search, navigate, tabs]);

  const set = useCallback(
    (tab: string) => navigate({ pathname: location.pathname, search: location.search, hash: tab }),
    [navigate, location.pathname, location.search],
  );
  return [current, set];
}
