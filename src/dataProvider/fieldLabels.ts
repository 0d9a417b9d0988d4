import { HttpError } from 'react-admin';
import type { BookingDataProvider, WireResponseStatus } from './types';

type Translate = (key: string, options?: { _?: string }) => string;

/** Message keys that may name a wire field of a resource, most specific first: 'InvoiceAddress.InvoicePostalCode', 'ScheduleDates.From', 'From'. */
function labelKeys(resource: string, field: string): string[] {
  const path = field.replace(/\[(\d+)\]/g, '.$1').replace(/^\./, '');
  const withoutIndexes = path.replace(/\.\d+(?=\.|$)/g, '');
  const last = withoutIndexes.split('.').pop() ?? withoutIndexes;
  return [...new Set([path, withoutIndexes, last])].map((k) => `resources.${resource}.fields.${k}`);
}

/**
 * The server's messages quote wire names ("'RebateCodeSign' must be unique."); this says them with the
 * label the user sees on the form, in the user's language, where the resource has one.
 */
function relabel(resource: string, error: HttpError, translate: Translate): HttpError {
  const rs = (error.body as { ResponseStatus?: WireResponseStatus } | undefined)?.ResponseStatus;
  const errors = (error.body as { errors?: Record<string, unknown> } | undefined)?.errors;
  if (!rs || !errors || Object.keys(errors).length === 0) return error;
  const labelOf = (field: string): string | undefined => {
    for (const key of labelKeys(resource, field)) {
      const label = translate(key, { _: '' });
      if (label && label !== key) return label;
    }
    return undefined;
  };
  const say = (text: string) => text.replace(/'([A-Za-z][\w.[\]]*)'/g, (quoted, field: string) => {
    const label = labelOf(field);
    return label ? `'${label}'` : quoted;
  });
  const relabelled = Object.fromEntries(Object.entries(errors).map(([path, message]) => [path, typeof message === 'string' ? say(message) : message]));
  const message = say(error.message);
  return new HttpError(message, error.status, { ...error.body, errors: { ...relabelled, root: { serverError: message } } });
}

/**
 * Field errors of a failed create or update speak the form's language: wire names in the server's
 * messages become the labels of `resources.<name>.fields.*`, and the server's own message replaces
 * react-admin's generic "the form is not valid" notification (root.serverError).
 * @example
 * const dataProvider = withFieldLabels(createDataProvider(apiUrl, httpClient, apis), i18nProvider.translate);
 */
export function withFieldLabels(dataProvider: BookingDataProvider, translate: Translate): BookingDataProvider {
  const rethrow = (resource: string) => (error: unknown): never => {
    throw error instanceof HttpError ? relabel(resource, error, translate) : error;
  };
  return {
    ...dataProvider,
    create: (resource, params) => dataProvider.create(resource, params).catch(rethrow(resource)),
    update: (resource, params) => dataProvider.update(resource, params).catch(rethrow(resource)),
  };
}
