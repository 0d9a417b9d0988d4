import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router-dom';
import type { SetupProgress } from '../../../schema/signup';
import { useApi } from '../../common/api';
import { useCanOpen } from '../../auth/roles';
import { isSignedInLanding } from '../../auth/postLoginTarget';

export const SETUP_PROGRESS_QUERY_KEY = ['custom', 'setupAccount', 'progress'] as const;

/** Where "Get started" lives. */
export const GET_STARTED_PATH = '/setup-account';

/**
 * Whether "Get started" still has something to do: no bookable service yet (a service with a price,
 * a resource and a schedule, as the first-service wizard makes), or the company still to be sent for
 * approval (status registered).
 * @example getStartedOpen({ HasBookableService: true, StatusId: 3 }) // false
 */
export const getStartedOpen = (progress: SetupProgress | undefined): boolean => !!progress && (!progress.HasBookableService || progress.StatusId === 1);

/**
 * The company's first-steps progress (GET /signup/progress), for those who may open /setup-account
 * (administrators); undefined for others and while it loads.
 * @example const { progress } = useSetupProgress(); if (progress?.HasBookableService) …
 */
export function useSetupProgress(): { progress: SetupProgress | undefined; isPending: boolean } {
  const api = useApi();
  const allowed = useCanOpen()(GET_STARTED_PATH);
  const query = useQuery({
    queryKey: SETUP_PROGRESS_QUERY_KEY,
    queryFn: () => api.call<SetupProgress>('GET', '/signup/progress'),
    enabled: allowed,
    staleTime: 60_000,
    // An API without this call (another implementation of the contract) answers 404: no Get started then.
    retry: 1,
  });
  return { progress: allowed ? query.data : undefined, isPending: allowed && query.isPending };
}

/** Whether to offer "Get started" (the sidebar's item and the dashboard's card). */
export function useGetStartedOpen(): boolean {
  return getStartedOpen(useSetupProgress().progress);
}

/** Asks for the progress again (after the wizard made a service or the company was sent for approval). */
export function useRefreshSetupProgress(): () => void {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: SETUP_PROGRESS_QUERY_KEY });
}

/**
 * On the page a sign-in lands on (SIGNED_IN_LANDING): sends a company without a bookable service on
 * to "Get started", whatever session it is, until the wizard (or the services screens) made one.
 */
export function useGetStartedAfterSignIn(): void {
  const { state } = useLocation();
  const navigate = useNavigate();
  const { progress } = useSetupProgress();
  const landing = isSignedInLanding(state);
  const noService = progress !== undefined && !progress.HasBookableService;
  useEffect(() => {
    if (landing && noService) navigate(GET_STARTED_PATH, { replace: true });
  }, [landing, noService, navigate]);
}
