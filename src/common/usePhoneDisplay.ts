import { useCallback, useEffect, useState } from 'react';
import { useCompany } from './useCompany';

type PhoneNumbers = typeof import('../../domain/phoneNumbers');

/** The phone rules, loaded once on first use: libphonenumber-js stays out of the first screen's JavaScript. */
let loaded: PhoneNumbers | undefined;
let loading: Promise<PhoneNumbers> | undefined;
const load = () => (loading ??= import('../../domain/phoneNumbers').then((m) => (loaded = m)));

/**
 * Shows a stored phone (E.164, '+46733764821') as people of the company's country read it:
 * '073-376 48 21' for a Swedish company, '+46 73 376 48 21' for another; as stored until the
 * rules and the company are loaded (domain's phoneDisplay).
 * @example const display = usePhoneDisplay(); display(customer.Phone);
 */
export function usePhoneDisplay(): (stored: string | null | undefined) => string {
  const { company } = useCompany();
  const [rules, setRules] = useState<PhoneNumbers | undefined>(loaded);
  useEffect(() => {
    if (!rules) void load().then(setRules);
  }, [rules]);
  const country = company?.CountryId;
  return useCallback((stored) => (stored && rules && country ? rules.phoneDisplay(stored, country) : (stored ?? '')), [rules, country]);
}
