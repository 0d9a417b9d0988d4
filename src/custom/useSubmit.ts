import { useCallback } from 'react';
import { useNotify } from 'react-admin';
import { apiErrorInfo } from '../common/api';
import { isLicenseLimitError } from '../common/licenseLimit';

/** The notice after a save: a message key, its arguments, success unless told (info: done, but not all of it yet). */
export interface SubmitNotice {
  message: string;
  args?: Record<string, unknown>;
  type?: 'success' | 'info';
}

/**
 * Wraps a save for a react-admin `<Form onSubmit>`: notifies success (a message key, or one chosen
 * from the answer with its arguments), and on failure notifies the server's message and returns its
 * field errors so that they show under the fields.
 * @example
 * const onSubmit = useSubmit((values: CompanyInput) => api.call('PUT', `/companies/${id}`, { body: values }), 'custom.company.saved');
 * return <Form onSubmit={onSubmit}>…</Form>;
 */
export function useSubmit<V, R = unknown>(
  save: (values: V) => Promise<R>,
  successMessage: string | ((result: R) => SubmitNotice),
  onSuccess?: (result: R) => void,
): (values: V) => Promise<Record<string, string> | undefined> {
  const notify = useNotify();
  return useCallback(
    async (values: V) => {
      try {
        const result = await save(values);
        const success = typeof successMessage === 'string' ? { message: successMessage } : successMessage(result);
        notify(success.message, { type: success.type ?? 'success', messageArgs: success.args });
        onSuccess?.(result);
        return undefined;
      } catch (error) {
        if (isLicenseLimitError(error)) return undefined;
        const { message, fieldErrors } = apiErrorInfo(error);
        notify(message || 'custom.common.unknownError', { type: 'error' });
        return fieldErrors;
      }
    },
    [save, successMessage, onSuccess, notify],
  );
}
