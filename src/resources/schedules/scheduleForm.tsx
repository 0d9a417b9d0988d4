import { useState, type ReactElement, type ReactNode } from 'react';
import { Alert, AlertTitle, Box, Typography } from '@mui/material';
import {
  DeleteButton,
  SaveButton,
  SimpleForm,
  Toolbar,
  useNotify,
  useRedirect,
  useSaveContext,
  useTranslate,
} from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { SCHEDULE_REDIRECT_DELAY_MS } from './scheduleValues';

/**
 * After a schedule save: the created/updated notice, then /schedules after the spec's 300 ms.
 * @example const afterSave = useScheduleSaved(); <Create mutationOptions={{ onSuccess: () => afterSave('created') }} />
 */
export function useScheduleSaved(): (kind: 'created' | 'updated') => void {
  const notify = useNotify();
  const redirect = useRedirect();
  return (kind) => {
    notify(`ra.notification.${kind}`, { type: 'info', messageArgs: { smart_count: 1 } });
    window.setTimeout(() => redirect('/schedules'), SCHEDULE_REDIRECT_DELAY_MS);
  };
}

/** A titled group of inputs, two columns from the small breakpoint up. */
export function FormPart({ title, children }: { title: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box component="section" sx={{ width: '100%', maxWidth: 720, mb: 1 }}>
      <Typography variant="h6" component="h2" sx={{ mt: 1, mb: 1 }}>
        {translate(title)}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2, alignItems: 'start', '& > .full': { gridColumn: '1 / -1' } }}>
        {children}
      </Box>
    </Box>
  );
}

/** Save and, on the edit screen, delete (back to /schedules). */
export function ScheduleToolbar({ canDelete }: { canDelete: boolean }) {
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton alwaysEnable={!canDelete} />
      {canDelete ? <DeleteButton mutationMode="pessimistic" redirect="/schedules" /> : null}
    </Toolbar>
  );
}

/**
 * A schedule form whose submit may be refused first (`refuse` answers a warning to show, or null):
 * otherwise the values go to the Create/Edit save, whose field errors land under the inputs.
 */
export function ScheduleForm({
  values,
  canDelete,
  refuse,
  children,
}: {
  values: FieldValues;
  canDelete: boolean;
  refuse?: (values: FieldValues) => { title: string; message: string } | null;
  children: ReactNode;
}): ReactElement {
  const translate = useTranslate();
  const { save } = useSaveContext();
  const [warning, setWarning] = useState<{ title: string; message: string } | null>(null);
  const submit = async (submitted: FieldValues) => {
    const refused = refuse?.(submitted) ?? null;
    setWarning(refused);
    if (refused) return undefined;
    return save?.(submitted);
  };
  return (
    <SimpleForm record={values} defaultValues={values} onSubmit={submit} toolbar={<ScheduleToolbar canDelete={canDelete} />}>
      {children}
      {warning ? (
        <Alert severity="warning" sx={{ width: '100%', maxWidth: 720, mt: 2 }} onClose={() => setWarning(null)}>
          <AlertTitle>{translate(warning.title)}</AlertTitle>
          {translate(warning.message)}
        </Alert>
      ) : null}
    </SimpleForm>
  );
}
