import { useCallback } from 'react';
import { useNotify } from 'react-admin';
import { apiErrorInfo } from '../common/api';
import { isLicenseLimitError } from '../common/licenseLimit';

/**
 * Wraps a save for a react-admin `<Form onSubmit>`: notifies success, and on failure notifies the
 * server's message and returns its field errors so that they show under the fields.
 * @example
 * const onSubmit = useSubmit((values: CompanyInput) => api.call('PUT', `/companies/${id}`, { body: values }), 'custom.company.saved');
 * return <Form onSubmit={onSubmit}>…</Form>;
 */
export function useSubmit<V, R = unknown>(
  save: (values: V) => Promise<R>,
  successMessage: string,
  onSuccess?: (result: R) => void,
): (values: V) => Promise<Record<string, string> | undefined> {
  const notify = useNotify();
  return useCallback(
    async (values: V) => {
      try {
        const result = await save(values);
        notify(successMessage, { type: 'success' });
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
