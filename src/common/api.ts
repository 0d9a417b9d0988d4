import { useDataProvider } from 'react-admin';
import type { BookingDataProvider } from '../dataProvider/types';
import type { QueryResponse } from '../../schema/common';

/**
 * The data provider with its custom `call` and `upload` methods, for calls that are not CRUD.
 * @example
 * const api = useApi();
 * const companies = await api.call<QueryResponse<Company>>('GET', '/companies');
 */
export const useApi = (): BookingDataProvider => useDataProvider<BookingDataProvider>();

/** The records of a list answer; a plain array or a single object are taken as they are. */
export function resultsOf<T extends object>(answer: QueryResponse<T> | T[] | T | null | undefined): T[] {
  if (answer == null) return [];
  if (Array.isArray(answer)) return answer;
  if ('Results' in answer && Array.isArray(answer.Results)) return answer.Results;
  return [answer as T];
}

export interface ApiErrorInfo {
  status: number | undefined;
  message: string;
  /** FieldName → message, as the data provider maps ResponseStatus.Errors. */
  fieldErrors: Record<string, string>;
}

/** Reads the status, message and field errors of a failed call (a react-admin HttpError). */
export function apiErrorInfo(error: unknown): ApiErrorInfo {
  if (typeof error !== 'object' || error === null) return { status: undefined, message: String(error ?? ''), fieldErrors: {} };
  const status = 'status' in error && typeof error.status === 'number' ? error.status : undefined;
  const message = 'message' in error && typeof error.message === 'string' ? error.message : '';
  const body = 'body' in error && typeof error.body === 'object' && error.body !== null ? error.body : {};
  const raw = 'errors' in body && typeof body.errors === 'object' && body.errors !== null ? body.errors : {};
  const fieldErrors: Record<string, string> = {};
  for (const [field, value] of Object.entries(raw)) {
    if (typeof value === 'string') fieldErrors[field] = value;
  }
  return { status, message, fieldErrors };
}

/** 402 and 426 open the license modal (platform) and yield no form errors. */
export const isLicenseLimit = (status: number | undefined): boolean => status === 402 || status === 426;
