import { useQuery } from '@tanstack/react-query';
import type { QueryResponse } from '../../schema/common';
import type { Currency } from '../../schema/company';
import { useCompany } from './useCompany';
import { useApi } from './api';

/**
 * The sign of the company's currency ('kr', '€', '$'), for amounts that carry no PriceSign of their own;
 * empty until it has loaded.
 * @example
 * const sign = useCurrencySign();
 * formatAmount(500, sign, locale) // '500 kr'
 */
export function useCurrencySign(): string {
  const api = useApi();
  const { company } = useCompany();
  const currencyId = company?.CurrencyId;
  const { data } = useQuery({
    queryKey: ['promoCodes', 'currency', currencyId],
    enabled: !!currencyId,
    staleTime: Infinity,
    queryFn: async () => (await api.call<QueryResponse<Currency>>('GET', '/currencies', { query: { Id: currencyId } })).Results[0]?.CurrencySign ?? '',
  });
  return data ?? '';
}
