import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, MenuItem, Snackbar, TextField } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { useDataProvider, useListContext, useNotify, useRefresh, useTranslate, type RaRecord } from 'react-admin';
import { pickBySchema, type Contract } from '../schema';
import type { BulkSetFieldSpec, BulkSpec, Choice, ResourceDeclaration } from '../types';

type Pending = { kind: 'delete' } | { kind: 'set'; field: BulkSetFieldSpec; value: string };

const YES_NO: readonly Choice[] = [
  { id: 'true', name: 'ra.boolean.true' },
  { id: 'false', name: 'ra.boolean.false' },
];

/** A choice's value as the record holds it: 'true'/'false' for a yes/no field, else the choice's id. */
const valueOf = (field: BulkSetFieldSpec, id: string): unknown => {
  if (!field.choices) return id === 'true';
  return field.choices.find((c) => String(c.id) === id)?.id ?? id;
};

/**
 * The bulk actions a list declares (`list.bulk`), on the rows picked: delete and set a field, each
 * after a confirmation that names how many records it changes. Setting a field sends one PUT per
 * record (the whole record as the input schema takes it, with the field changed) and offers Undo,
 * which puts each record's previous value back; a record the server refuses does not stop the
 * others, and the refusals are named with their count and the first reason; a delete cannot be
 * undone and says so.
 */
export function EngineBulkActions({ bulk, declaration, defs }: { bulk: BulkSpec; declaration: ResourceDeclaration; defs: Contract['definitions'] }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider();
  const { selectedIds, resource, onUnselectItems } = useListContext();
  const [pending, setPending] = useState<Pending | null>(null);
  const [field, setField] = useState<BulkSetFieldSpec | null>(null);
  const [value, setValue] = useState('');
  const [undo, setUndo] = useState<{ records: RaRecord[]; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const count = selectedIds.length;
  const nameOf = (n: number) => translate(`resources.${resource}.name`, { smart_count: n, _: resource }).toLocaleLowerCase();
  const name = nameOf(count);
  const label = (source: string) => translate(`resources.${resource}.fields.${source}`, { _: source });
  const schema = declaration.schema ? defs[declaration.schema] : undefined;
  const inputOf = (record: RaRecord) => ({ ...(schema ? (pickBySchema(defs, schema, record) as object) : record), id: record.id });

  /** One PUT per record, each on its own: answers the records changed and the first refusal's message. */
  const put = async (records: RaRecord[], change: (r: RaRecord) => RaRecord): Promise<{ done: RaRecord[]; failed: number; reason?: string }> => {
    const done: RaRecord[] = [];
    let failed = 0;
    let reason: string | undefined;
    for (const record of records) {
      try {
        await dataProvider.update(resource, { id: record.id, data: inputOf(change(record)), previousData: record });
        done.push(record);
      } catch (error) {
        failed += 1;
        reason ??= error instanceof Error && error.message ? error.message : translate('ra.notification.http_error');
      }
    }
    return { done, failed, reason };
  };

  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      if (pending.kind === 'delete') {
        await dataProvider.deleteMany(resource, { ids: selectedIds });
        notify('engine.bulk.deleted', { type: 'info', messageArgs: { smart_count: count, name } });
      } else {
        const { data: records } = await dataProvider.getMany(resource, { ids: selectedIds });
        const next = valueOf(pending.field, pending.value);
        const { done, failed, reason } = await put(records, (r) => ({ ...r, [pending.field.source]: next }));
        // The records that took the change can be undone; the others are named with the first reason.
        if (done.length) setUndo({ records: done, message: translate('engine.bulk.updated', { smart_count: done.length, name: nameOf(done.length) }) });
        if (failed) notify('engine.bulk.failed', { type: 'error', messageArgs: { smart_count: failed, total: records.length, name: nameOf(records.length), reason } });
      }
      onUnselectItems();
    } catch (error) {
      notify(error instanceof Error && error.message ? error.message : 'ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
      setPending(null);
      refresh();
    }
  };

  const undoChange = async () => {
    if (!undo) return;
    const { records } = undo;
    setUndo(null);
    try {
      const { failed, reason } = await put(records, (r) => r);
      if (failed) notify('engine.bulk.failed', { type: 'error', messageArgs: { smart_count: failed, total: records.length, name: nameOf(records.length), reason } });
      else notify('engine.bulk.undone', { type: 'info' });
    } catch (error) {
      notify(error instanceof Error && error.message ? error.message : 'ra.notification.http_error', { type: 'error' });
    } finally {
      refresh();
    }
  };

  const choicesOf = (f: BulkSetFieldSpec) => f.choices ?? YES_NO;
  const choiceName = (f: BulkSetFieldSpec, id: string) => {
    const choice = choicesOf(f).find((c) => String(c.id) === id);
    return choice ? translate(choice.name, { _: choice.name }) : id;
  };

  return (
    <>
      {bulk.setField?.map((f) => (
        <Button
          key={f.source}
          size="small"
          startIcon={<EditIcon />}
          onClick={() => {
            setField(f);
            setValue(String(choicesOf(f)[0]?.id ?? ''));
          }}
        >
          {translate('engine.bulk.set', { field: label(f.source) })}
        </Button>
      ))}
      {bulk.delete ? (
        <Button size="small" color="error" startIcon={<DeleteIcon />} onClick={() => setPending({ kind: 'delete' })}>
          {translate('ra.action.delete')}
        </Button>
      ) : null}

      <Dialog open={field !== null} onClose={() => setField(null)} aria-labelledby="engine-bulk-field-title">
        <DialogTitle id="engine-bulk-field-title">{field ? translate('engine.bulk.set', { field: label(field.source) }) : ''}</DialogTitle>
        <DialogContent>
          {field ? (
            <TextField select fullWidth margin="dense" label={label(field.source)} value={value} onChange={(e) => setValue(e.target.value)}>
              {choicesOf(field).map((c) => (
                <MenuItem key={String(c.id)} value={String(c.id)}>
                  {translate(c.name, { _: c.name })}
                </MenuItem>
              ))}
            </TextField>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setField(null)}>{translate('ra.action.cancel')}</Button>
          <Button
            variant="contained"
            onClick={() => {
              if (field) setPending({ kind: 'set', field, value });
              setField(null);
            }}
          >
            {translate('engine.bulk.next')}
          </Button>
        </DialogActions>
      </Dialog>

      <Dialog open={pending !== null} onClose={() => setPending(null)} aria-labelledby="engine-bulk-confirm-title">
        <DialogTitle id="engine-bulk-confirm-title">
          {pending?.kind === 'delete'
            ? translate('engine.bulk.confirmDelete', { smart_count: count, name })
            : pending
              ? translate('engine.bulk.confirmSet', { smart_count: count, name, field: label(pending.field.source), value: choiceName(pending.field, pending.value) })
              : ''}
        </DialogTitle>
        <DialogContent>
          <DialogContentText>{translate(pending?.kind === 'delete' ? 'engine.bulk.noUndo' : 'engine.bulk.canUndo')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setPending(null)}>{translate('ra.action.cancel')}</Button>
          <Button variant="contained" color={pending?.kind === 'delete' ? 'error' : 'primary'} disabled={busy} onClick={() => void confirm()}>
            {translate('ra.action.confirm')}
          </Button>
        </DialogActions>
      </Dialog>

      <Snackbar
        open={undo !== null}
        autoHideDuration={15000}
        message={undo?.message}
        onClose={(_, reason) => {
          if (reason !== 'clickaway') setUndo(null);
        }}
        action={
          <Button color="inherit" size="small" onClick={() => void undoChange()}>
            {translate('ra.action.undo')}
          </Button>
        }
      />
    </>
  );
}
