import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Company } from '../../schema/company';
import type { QueryResponse } from '../../schema/common';
import { resultsOf, useApi } from './api';

export const COMPANY_QUERY_KEY = ['custom', 'company'] as const;

/**
 * The caller's company from GET /companies (the API scopes it to the signed-in administrator).
 * @example
 * const { company, isPending } = useCompany();
 */
export function useCompany() {
  const api = useApi();
  const query = useQuery({
    queryKey: COMPANY_QUERY_KEY,
    queryFn: async () => resultsOf(await api.call<QueryResponse<Company>>('GET', '/companies'))[0] ?? null,
  });
  return { company: query.data ?? null, isPending: query.isPending, error: query.error, refetch: query.refetch };
}

/** Puts an updated company into the cache shared by the company pages and the dashboard. */
export function useSetCompany(): (company: Company) => void {
  const queryClient = useQueryClient();
  return (company) => queryClient.setQueryData(COMPANY_QUERY_KEY, company);
}
