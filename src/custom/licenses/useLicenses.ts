import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocale } from 'react-admin';
import type { CompanyLicense, LicenseType } from '../../../schema/company';
import type { QueryResponse } from '../../../schema/common';
import type { LicenseAwaitingCard, LicenseInformation, TrialCheck } from '../../../schema/licenses';
import { resultsOf, useApi } from '../../common/api';
import { currencySign } from '../../i18n/format';

export const LICENSES_QUERY_KEY = ['custom', 'licenses'] as const;

export interface LicenseData {
  types: LicenseType[];
  information: LicenseInformation[];
  /** The company's licenses that run now (not ended). */
  held: CompanyLicense[];
  trial: TrialCheck;
}

/**
 * What the plan comparison shows: the license types with prices, the feature rows, the company's
 * running licenses and its trial (GET /licenses/types, /licenses/information, /licenses/company, /trials/company/check).
 * @example const { data, isPending, reload } = useLicenseData();
 */
export function useLicenseData() {
  const api = useApi();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: [...LICENSES_QUERY_KEY, locale],
    queryFn: async (): Promise<LicenseData> => {
      const [types, information, held, trial] = await Promise.all([
        api.call<QueryResponse<LicenseType>>('GET', '/licenses/types'),
        api.call<QueryResponse<LicenseInformation>>('GET', '/licenses/information'),
        api.call<QueryResponse<CompanyLicense>>('GET', '/licenses/company', { query: { Active: true } }),
        api.call<TrialCheck>('GET', '/trials/company/check'),
      ]);
      return { types: resultsOf(types), information: resultsOf(information), held: resultsOf(held), trial };
    },
  });
  return { data: query.data, isPending: query.isPending, error: query.error, reload: () => queryClient.invalidateQueries({ queryKey: LICENSES_QUERY_KEY }) };
}

/**
 * The license chosen with card payment that waits for the card (GET /licenses/company/awaitingcard),
 * or null; `drop` gives it up (DELETE), and the company keeps what it holds. A failed read counts as none.
 * @example const { awaiting, drop } = useLicenseAwaitingCard(); if (awaiting) … awaiting.TypeName …
 */
export function useLicenseAwaitingCard() {
  const api = useApi();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: [...LICENSES_QUERY_KEY, 'awaitingcard', locale],
    queryFn: async () => resultsOf(await api.call<QueryResponse<LicenseAwaitingCard>>('GET', '/licenses/company/awaitingcard'))[0] ?? null,
    retry: false,
  });
  const drop = async () => {
    await api.call('DELETE', '/licenses/company/awaitingcard');
    await queryClient.invalidateQueries({ queryKey: LICENSES_QUERY_KEY });
  };
  return { awaiting: query.data ?? null, isPending: query.isPending, drop };
}

/** The monthly price of a type in the company's country. */
export function priceOf(type: LicenseType, countryId: string | undefined): { price: number; sign: string } | undefined {
  const price = type.Prices.find((p) => p.CountryId === (countryId ?? 'SE')) ?? type.Prices[0];
  return price ? { price: price.Price, sign: currencySign(price.CurrencyId) } : undefined;
}

/** 'value|note' → its two parts. */
export function splitValue(value: string): { value: string; note?: string } {
  const [head, ...rest] = value.split('|');
  return rest.length ? { value: head, note: rest.join('|') } : { value: head };
}
