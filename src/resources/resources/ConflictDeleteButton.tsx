import { useState } from 'react';
import { useNotify } from 'react-admin';
import { apiErrorInfo } from '../../common/api';
import { DeleteButton } from '../../engine/DeleteButton';
import { deleteErrorMessage } from '../../engine/EngineForm';
import { ResourceConflictModal } from './ResourceConflictModal';

/**
 * Delete for resources and resource types: a 409 (still booked, still used by a service) opens the
 * resource-conflict modal with the server's message; other failures notify as every delete does.
 */
export function ConflictDeleteButton({ redirect = '/resources' }: { redirect?: string }) {
  const notify = useNotify();
  const [conflict, setConflict] = useState<string | null>(null);
  return (
    <>
      <DeleteButton
        mutationMode="pessimistic"
        redirect={redirect}
        mutationOptions={{
          onError: (error: unknown) => {
            const { status, message } = apiErrorInfo(error);
            if (status === 409) setConflict(message);
            else notify(deleteErrorMessage(error), { type: 'error' });
          },
        }}
      />
      <ResourceConflictModal message={conflict} onClose={() => setConflict(null)} />
    </>
  );
}
