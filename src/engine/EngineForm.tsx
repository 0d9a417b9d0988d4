import { isValidElement, type ReactElement, type ReactNode } from 'react';
import { Box, Tab, Tabs, Typography } from '@mui/material';
import {
  Create,
  Edit,
  ListButton,
  SaveButton,
  SimpleForm,
  Toolbar,
  TopToolbar,
  useNotify,
  useRecordContext,
  useTranslate,
  type HttpError,
  type RaRecord,
} from 'react-admin';
import { useDeclaration, useDefinitions } from './api';
import { EngineInput } from './fields';
import { FocusFirstError } from './FocusFirstError';
import { pickBySchema, type Contract } from './schema';
import type { FormSpec, ResourceDeclaration } from './types';
import { DeleteButton } from './DeleteButton';
import { useMayRead, useMayWrite } from '../auth/roles';
import { HISTORY_RESOURCE, HistoryTab, type HistoryOf } from './history/HistoryTab';
import { useLocation } from 'react-router-dom';
import { returnPath } from './returnTo';
import { useSaveErrorNotify } from '../common/licenseLimit';
import { useHashTab } from '../shell/useHashTab';

/**
 * Form values → request body: the declaration's transform, then only what the input schema accepts.
 * @example toBody(servicesDeclaration, defs, formValues)
 */
export function toBody(declaration: ResourceDeclaration, defs: Contract['definitions'], values: Record<string, unknown>): Record<string, unknown> {
  const shaped = declaration.form?.transform ? declaration.form.transform(values) : values;
  const schema = declaration.schema ? defs[declaration.schema] : undefined;
  return schema ? (pickBySchema(defs, schema, shaped) as Record<string, unknown>) : shaped;
}

/** The declared sections of a form: a heading (when the section has an id) and its inputs. */
export function FormSections({ form }: { form: FormSpec<RaRecord> }) {
  const { name } = useDeclaration();
  const translate = useTranslate();
  return (
    <>
      <FocusFirstError />
      {form.sections.map((section, index) => (
        <Box key={section.id ?? index} sx={{ width: '100%', maxWidth: 720, mb: 1 }}>
          {section.id ? (
            <Typography variant="h6" component="h2" sx={{ mt: index ? 2 : 0, mb: 1 }}>
              {translate(`resources.${name}.sections.${section.id}`)}
            </Typography>
          ) : null}
          {section.fields.map((field, i) =>
            isValidElement(field) ? <Box key={i}>{field}</Box> : <EngineInput key={String(field)} source={String(field)} />,
          )}
        </Box>
      ))}
    </>
  );
}

/** The server's message on 403 (spec core.md §8), otherwise 'Error occured during deleting the record'. */
export function deleteErrorMessage(error: unknown): string {
  const e = error as HttpError | undefined;
  if (e?.status !== 403) return 'engine.deleteError';
  const body = e.body as { ResponseStatus?: { Message?: string } } | undefined;
  return body?.ResponseStatus?.Message || e.message || 'engine.deleteError';
}

/**
 * Delete with the spec's failure messages: the server's message on 403, otherwise
 * 'Error occured during deleting the record'.
 */
export function EngineDeleteButton() {
  const notify = useNotify();
  return (
    <DeleteButton
      mutationMode="pessimistic"
      mutationOptions={{
        onError: (error: unknown) => notify(deleteErrorMessage(error), { type: 'error' }),
      }}
    />
  );
}

/**
 * The create screen built from a declaration's `form`; on success it returns to the screen the user
 * came from (the link's returnTo, see ./returnTo), else opens the new record.
 */
export function EngineCreate() {
  const declaration = useDeclaration();
  const defs = useDefinitions();
  const form = declaration.form as FormSpec<RaRecord>;
  const back = returnPath(useLocation().search);
  // A plan limit (402/426) shows in the license modal only: no toast next to it.
  const onError = useSaveErrorNotify();
  return (
    <Create redirect={back ? () => back : 'edit'} transform={(values: Record<string, unknown>) => toBody(declaration, defs, values)} mutationOptions={{ onError }}>
      <SimpleForm defaultValues={form.defaults}>
        <FormSections form={form} />
      </SimpleForm>
    </Create>
  );
}

/**
 * An edit form of the record in context, shaped by `toForm`, with Save on the left and `deleteButton` on the right.
 * @example <RecordEditForm<ResourceType & { id: number }> toForm={(r) => ({ ...r, ResourceIds: r.Resources.map((m) => m.Id) })} deleteButton={<ConflictDeleteButton />}><Fields /></RecordEditForm>
 */
export function RecordEditForm<R extends RaRecord>({ toForm, deleteButton, children }: { toForm: (record: R) => RaRecord; deleteButton: ReactElement; children: ReactNode }) {
  const record = useRecordContext<R>();
  // A role that may only read the area sees the record without Save (the API would answer 403).
  const mayWrite = useMayWrite();
  if (!record) return null;
  return (
    <SimpleForm
      record={toForm(record)}
      toolbar={
        mayWrite ? (
          <Toolbar sx={{ justifyContent: 'space-between' }}>
            <SaveButton />
            {deleteButton}
          </Toolbar>
        ) : (
          false
        )
      }
    >
      <FocusFirstError />
      {children}
    </SimpleForm>
  );
}

/**
 * The edit form of a declaration's `form`: the record with `form.toForm` over it, then `before` and the declared sections.
 * @example <DeclaredEditForm form={form} deleteButton={<RebateCodeDeleteButton />} before={<Balance />} />
 */
export function DeclaredEditForm({ form, deleteButton = <EngineDeleteButton />, before }: { form: FormSpec<RaRecord>; deleteButton?: ReactElement; before?: ReactNode }) {
  return (
    <RecordEditForm<RaRecord> toForm={(record) => (form.toForm ? { ...record, ...form.toForm(record) } : record)} deleteButton={deleteButton}>
      {before}
      <FormSections form={form} />
    </RecordEditForm>
  );
}

/**
 * An edit page's tabs: `general` first (the form), then `extra`, then the record's History for the
 * roles that may read it; the tab is the URL's hash. Hand-built edit pages use it as the engine's do.
 * @example <Edit><RecordTabs general={<RecordEditForm …><ResourceFields /></RecordEditForm>} /></Edit>
 */
export function RecordTabs({ general, extra = [], historyOf }: { general: ReactElement; extra?: FormSpec['editTabs']; historyOf?: HistoryOf }) {
  const translate = useTranslate();
  const history = useMayRead(HISTORY_RESOURCE);
  const tabs = [
    { id: 'general', label: 'engine.tabs.general', content: general },
    ...(extra ?? []),
    ...(history ? [{ id: 'history', label: 'engine.tabs.history', content: <HistoryTab of={historyOf} /> }] : []),
  ];
  // The tab is the URL's hash (useHashTab): Back after a tab change, a link or a typed hash select their tab.
  const [current, select] = useHashTab(tabs.map((t) => t.id));
  if (tabs.length === 1) return general;
  return (
    <>
      {/* Scrollable, with scroll buttons on phones too: every tab stays within reach at 390 px. */}
      <Tabs
        value={current}
        onChange={(_, id: string) => select(id)}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {tabs.map((t) => (
          <Tab key={t.id} value={t.id} label={translate(t.label)} />
        ))}
      </Tabs>
      {tabs.map((t) => (t.id === current ? <Box key={t.id}>{t.content}</Box> : null))}
    </>
  );
}

/**
 * The edit screen: the declared form (pessimistic, so server field errors land under their fields),
 * extra tabs, the record's history (for the roles that may read it), delete.
 */
export function EngineEdit(): ReactElement {
  const declaration = useDeclaration();
  const defs = useDefinitions();
  const form = declaration.form as FormSpec<RaRecord>;
  const onError = useSaveErrorNotify();
  return (
    <Edit
      mutationMode="pessimistic"
      mutationOptions={{ onError }}
      redirect={false}
      transform={(values: Record<string, unknown>) => toBody(declaration, defs, values)}
      actions={
        <TopToolbar>
          <ListButton />
          {form.editActions}
        </TopToolbar>
      }
    >
      <RecordTabs general={<DeclaredEditForm form={form} />} extra={form.editTabs} />
    </Edit>
  );
}
