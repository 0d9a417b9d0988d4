import type { ReactNode } from 'react';
import { SaveButton, SimpleForm, Toolbar, useRecordContext, type RaRecord } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { ConflictDeleteButton } from './ConflictDeleteButton';

/**
 * The edit form of resources and resource types: the record as `toForm` shapes it, save, and a
 * delete whose 409 opens the resource-conflict modal.
 * @example <ConflictEditForm<ResourceType> toForm={(r) => ({ ...r, ResourceIds: r.Resources.map((m) => m.Id) })}><ResourceTypeFields /></ConflictEditForm>
 */
export function ConflictEditForm<R extends RaRecord>({ toForm, children }: { toForm: (record: R) => FieldValues; children: ReactNode }) {
  const record = useRecordContext<R>();
  if (!record) return null;
  return (
    <SimpleForm
      record={toForm(record)}
      toolbar={
        <Toolbar sx={{ justifyContent: 'space-between' }}>
          <SaveButton />
          <ConflictDeleteButton />
        </Toolbar>
      }
    >
      {children}
    </SimpleForm>
  );
}
