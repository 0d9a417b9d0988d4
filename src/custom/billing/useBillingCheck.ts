import { useEffect, useState } from 'react';
import type { CreditCardStatus } from '../../../schema/licenses';
import { useApi } from '../../common/api';

/** The billing check loop's period (spec core.md §7). */
export const BILLING_CHECK_INTERVAL_MS = 2000;
/** How many checks before the page says the provider has not answered (one minute). */
export const BILLING_CHECK_ATTEMPTS = 30;

export type BillingCheckState = 'checking' | 'valid' | 'timeout';

/**
 * The billing check loop: GET /billing/company/creditcard every 2000 ms until the provider's
 * callback has registered the card (IsValid), or until it gives up.
 * @example const state = useBillingCheck(); if (state === 'valid') navigate('/billing/accept');
 */
export function useBillingCheck(interval = BILLING_CHECK_INTERVAL_MS, attempts = BILLING_CHECK_ATTEMPTS): { state: BillingCheckState; retry: () => void } {
  const api = useApi();
  const [state, setState] = useState<BillingCheckState>('checking');
  const [round, setRound] = useState(0);
  useEffect(() => {
    let stopped = false;
    let tries = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = async () => {
      tries++;
      const status = await api.call<CreditCardStatus>('GET', '/billing/company/creditcard').catch(() => null);
      if (stopped) return;
      if (status?.IsValid) setState('valid');
      else if (tries >= attempts) setState('timeout');
      else timer = setTimeout(() => void check(), interval);
    };
    setState('checking');
    void check();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [api, interval, attempts, round]);
  return { state, retry: () => setRound((r) => r + 1) };
}
