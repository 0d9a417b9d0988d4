import { useEffect, useRef, type ReactElement } from 'react';
import { useFormContext, useFormState, type FieldErrors } from 'react-hook-form';

/** The dotted names of the fields an errors object holds ('Name', 'ScheduleDates.0.From'), root errors aside. */
function errorNames(errors: FieldErrors, prefix = ''): string[] {
  return Object.entries(errors).flatMap(([key, value]) => {
    if (!prefix && key === 'root') return [];
    const name = `${prefix}${key}`;
    if (!value || typeof value !== 'object') return [];
    if ('message' in value && 'type' in value) return [name];
    return errorNames(value as FieldErrors, `${name}.`);
  });
}

/**
 * After a save that came back with field errors (the browser's checks or the server's), moves focus to the
 * first field in error and scrolls it into view, so that the message is never out of sight and a keyboard
 * or screen-reader user lands on it. An error the server gave for a field this form has no input for
 * (the wire's `From` where the form edits a date and a time) is released at once: the notification says it,
 * and it must not keep the form from being corrected and saved again. Put it anywhere inside a react-admin form.
 * @example <SimpleForm><FocusFirstError /><TextInput source="Name" /></SimpleForm>
 */
export function FocusFirstError(): ReactElement {
  const { clearErrors } = useFormContext();
  const { errors, submitCount, isSubmitting } = useFormState();
  const marker = useRef<HTMLSpanElement>(null);
  const handled = useRef(0);
  useEffect(() => {
    if (isSubmitting || submitCount === handled.current || Object.keys(errors).length === 0) return;
    const form = marker.current?.closest('form');
    if (!form) return;
    handled.current = submitCount;
    const shown = (name: string) => form.querySelector(`[name="${name.replace(/["\\]/g, '\\$&')}"]`) !== null;
    const hidden = errorNames(errors).filter((name) => !shown(name));
    if (hidden.length) clearErrors(hidden);
    const first = form.querySelector<HTMLElement>('[aria-invalid="true"]');
    first?.scrollIntoView?.({ block: 'center' });
    first?.focus({ preventScroll: true });
  }, [errors, submitCount, isSubmitting, clearErrors]);
  return <span ref={marker} hidden />;
}
