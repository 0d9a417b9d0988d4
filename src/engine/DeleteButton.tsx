import { DeleteWithConfirmButton, useCanAccess, useRecordContext, useResourceContext, type DeleteWithConfirmButtonProps } from 'react-admin';

/**
 * react-admin's DeleteButton in its pessimistic (confirming) form, minus one flaw: react-admin passes
 * the record on as a prop that lands in the page as `record="[object Object]"` on the button. The
 * confirming button reads the record from context itself. Hidden without a saved record or when the
 * user may not delete it.
 * @example <DeleteButton redirect="/schedules" />
 */
export function DeleteButton(props: Omit<DeleteWithConfirmButtonProps, 'record'>) {
  const record = useRecordContext();
  const resource = useResourceContext(props);
  const { canAccess, isPending } = useCanAccess({ action: 'delete', resource, record });
  if (!record || record.id == null || !canAccess || isPending) return null;
  return <DeleteWithConfirmButton {...props} />;
}
