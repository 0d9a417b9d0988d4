import { useQuery } from '@tanstack/react-query';
import type { SupportCaseOption, SupportDesk } from '../../../schema/support';
import type { QueryResponse } from '../../../schema/common';
import { useApi } from '../../common/api';
import { useLocale } from 'react-admin';

export const CASES_KEY = ['support', 'cases'] as const;

/** The statuses, types or areas of a case, named in the interface language. */
export function useSupportOptions(kind: 'status' | 'types' | 'areas'): SupportCaseOption[] {
  const api = useApi();
  const locale = useLocale();
  const q = useQuery({ queryKey: ['support', kind, locale], queryFn: () => api.call<QueryResponse<SupportCaseOption>>('GET', `/support/cases/${kind}`), staleTime: Infinity });
  return q.data?.Results ?? [];
}

/** Whether the signed-in user is the support desk (who answers every company's cases). */
export function useIsDesk(): boolean {
  const api = useApi();
  const q = useQuery({ queryKey: ['support', 'desk'], queryFn: () => api.call<SupportDesk>('GET', '/support/cases/desk'), staleTime: Infinity });
  return q.data?.Desk ?? false;
}

/** The colour of a status chip: new and in progress stand out, answered asks the company, closed is quiet. */
export function statusColor(statusId: number): 'info' | 'warning' | 'success' | 'default' {
  return statusId === 1 ? 'info' : statusId === 2 ? 'warning' : statusId === 3 ? 'success' : 'default';
}

/** A company-local wire time (yyyy-MM-ddTHH:mm:ss) as the screens show it: yyyy-MM-dd HH:mm. */
export const shownTime = (value: string): string => value.replace('T', ' ').slice(0, 16);
