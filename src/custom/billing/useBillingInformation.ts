import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { BillingInformation, BillingInformationInput } from '../../../schema/company';
import { useApi } from '../../common/api';

export const BILLING_QUERY_KEY = ['custom', 'billing', 'company'] as const;

/**
 * The company's billing information from GET /billing/company (a proposal with Exists false when
 * none is stored yet) and a save that POSTs the first time and PUTs afterwards.
 * @example
 * const { billing, isPending, save } = useBillingInformation();
 */
export function useBillingInformation() {
  const api = useApi();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: BILLING_QUERY_KEY,
    queryFn: () => api.call<BillingInformation>('GET', '/billing/company'),
  });
  const billing = query.data ?? null;
  const save = async (values: BillingInformationInput): Promise<BillingInformation> => {
    const saved = await api.call<BillingInformation>(billing?.Exists ? 'PUT' : 'POST', '/billing/company', { body: values });
    queryClient.setQueryData(BILLING_QUERY_KEY, saved);
    return saved;
  };
  return { billing, isPending: query.isPending, error: query.error, save };
}
