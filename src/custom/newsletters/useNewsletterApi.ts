import { useCallback, useEffect, useState } from 'react';
import type { QueryResponse } from '../../../schema/common';
import { apiErrorInfo, useApi } from '../../common/api';

/** The spec's list constants: pages of 25, newest first. */
export const PAGE_SIZE = 25;
export const ORDER_BY = '-Id,-ModifiedDate';

/** The shared filter of the newsletter lists: the sent toggle and the receiver search. */
export interface NewsletterFilter {
  sent: boolean;
  receiver: string;
}

export interface ListState<T> {
  rows: T[];
  total: number;
  loading: boolean;
  error: string | null;
  reload: () => void;
}

/**
 * One page of a newsletter list (`/newsletter/log`, `/newsletter/templates`, `/newsletter/sends`),
 * read again when `query` changes, on `reload()`, and every `pollMs` while given.
 * @example
 * const log = useNewsletterList<Newsletter>('/newsletter/log', { Take: 25, Skip: 0, OrderBy: ORDER_BY });
 */
export function useNewsletterList<T>(path: string, query: Record<string, string | number | boolean | undefined>, pollMs?: number): ListState<T> {
  const api = useApi();
  const [state, setState] = useState<Omit<ListState<T>, 'reload'>>({ rows: [], total: 0, loading: true, error: null });
  const [tick, setTick] = useState(0);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  const key = JSON.stringify(query);
  useEffect(() => {
    let live = true;
    const params = Object.fromEntries(Object.entries(JSON.parse(key) as Record<string, unknown>).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string>;
    api
      .call<QueryResponse<T>>('GET', path, { query: params })
      .then((page) => live && setState({ rows: page.Results, total: page.Total, loading: false, error: null }))
      .catch((error: unknown) => live && setState((s) => ({ ...s, loading: false, error: apiErrorInfo(error).message || 'custom.common.unknownError' })));
    return () => {
      live = false;
    };
  }, [api, path, key, tick]);
  useEffect(() => {
    if (!pollMs) return undefined;
    const timer = setInterval(reload, pollMs);
    return () => clearInterval(timer);
  }, [pollMs, reload]);
  return { ...state, reload };
}

/** The query of a filtered page of a newsletter list. */
export function listQuery(filter: NewsletterFilter, page: number): Record<string, string | number | boolean | undefined> {
  return { Take: PAGE_SIZE, Skip: page * PAGE_SIZE, OrderBy: ORDER_BY, ReceiverContains: filter.receiver.trim() || undefined, Sent: filter.sent ? true : undefined };
}
