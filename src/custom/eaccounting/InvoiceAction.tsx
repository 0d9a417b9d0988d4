import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Chip, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Link, Stack } from '@mui/material';
import ReceiptIcon from '@mui/icons-material/ReceiptLongOutlined';
import { useNotify, useTranslate } from 'react-admin';
import { useCan } from '../../auth/roles';
import { apiErrorInfo, useApi } from '../../common/api';
import { InvoiceModal } from './InvoiceModal';
import type { QueryResponse as Page } from '../../../schema/common';
import type { EAccountingCheck, EAccountingSettings, EAccountingInvoice as Invoice, EAccountingInvoiceNote as InvoiceNote } from '../../../schema/eaccounting';
import { KEYS } from './keys';

/** Whether invoicing is on: the role may use accounting, the settings say Active and the company is authenticated. */
function useInvoicingReady(): boolean {
  const api = useApi();
  const may = useCan('accounting', 'write');
  const settings = useQuery({ queryKey: KEYS.settings, queryFn: () => api.call<EAccountingSettings>('GET', '/eaccounting/settings'), enabled: may });
  const check = useQuery({ queryKey: KEYS.check, queryFn: () => api.call<EAccountingCheck>('GET', '/eaccounting/check'), enabled: may && settings.data?.Active === true });
  return may && settings.data?.Active === true && check.data?.IsAuthenticated === true;
}

/** POST /eaccounting/invoice for bookings: a 409 asks before invoicing again; done opens the invoice modal, pending and failed are told. */
function useInvoicing(onSettled: () => void) {
  const api = useApi();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const [again, setAgain] = useState<{ ids: number[]; message: string } | null>(null);
  const [shown, setShown] = useState<{ invoice: Invoice; more: number } | null>(null);

  const run = async (ids: number[], force = false) => {
    setBusy(true);
    setAgain(null);
    try {
      const answer = await api.call<Page<InvoiceNote>>('POST', '/eaccounting/invoice', { body: { BookingIds: ids, ...(force ? { Force: true } : {}) } });
      const done = answer.Results.filter((n) => n.State === 'done' && n.Invoice);
      if (done.length > 0) setShown({ invoice: done[0]!.Invoice!, more: done.length - 1 });
      if (answer.Results.some((n) => n.State === 'pending')) notify('custom.eaccounting.pending', { type: 'info' });
      const failed = answer.Results.find((n) => n.State === 'failed');
      if (failed) notify('custom.eaccounting.failed', { type: 'error', messageArgs: { message: failed.Message ?? '' } });
    } catch (e) {
      const info = apiErrorInfo(e);
      if (info.status === 409) setAgain({ ids, message: info.message });
      else notify(info.message || 'custom.common.unknownError', { type: 'error' });
    } finally {
      setBusy(false);
      onSettled();
    }
  };
  return { run, busy, again, setAgain, shown, setShown };
}

function Dialogs({ state }: { state: ReturnType<typeof useInvoicing> }) {
  const translate = useTranslate();
  const { again, setAgain, shown, setShown, run, busy } = state;
  return (
    <>
      {again && (
        <Dialog open onClose={() => setAgain(null)} aria-labelledby="eaccounting-again-title">
          <DialogTitle id="eaccounting-again-title">{translate('custom.eaccounting.invoiceAgainTitle')}</DialogTitle>
          <DialogContent>
            <DialogContentText>{again.message}</DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setAgain(null)}>{translate('custom.eaccounting.cancel')}</Button>
            <Button variant="contained" disabled={busy} onClick={() => void run(again.ids, true)}>
              {translate('custom.eaccounting.invoiceAgain')}
            </Button>
          </DialogActions>
        </Dialog>
      )}
      {shown && <InvoiceModal invoice={shown.invoice} more={shown.more} onClose={() => setShown(null)} />}
    </>
  );
}

/**
 * The booking page's accounting part: an Invoice action (as the settings' default create type says)
 * and what became of the booking's invoices: pending, then its number with a link, or failed with
 * the provider's message (GET /eaccounting/notes, asked again while one is pending). Nothing shows
 * while invoicing is off.
 */
export function BookingInvoice({ bookingId }: { bookingId: number }) {
  const api = useApi();
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const ready = useInvoicingReady();
  const notes = useQuery({
    queryKey: KEYS.notes(bookingId),
    queryFn: () => api.call<Page<InvoiceNote>>('GET', '/eaccounting/notes', { query: { BookingId: bookingId, Take: 5 } }),
    enabled: ready,
    refetchInterval: (q) => (q.state.data?.Results.some((n) => n.State === 'pending') ? 5000 : false),
  });
  const state = useInvoicing(() => void queryClient.invalidateQueries({ queryKey: KEYS.notes(bookingId) }));
  if (!ready) return null;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Button variant="outlined" size="small" startIcon={<ReceiptIcon />} disabled={state.busy} onClick={() => void state.run([bookingId])}>
        {translate('custom.eaccounting.invoice')}
      </Button>
      {(notes.data?.Results ?? []).map((n) => (
        <Chip
          key={n.Id}
          size="small"
          variant="outlined"
          color={n.State === 'done' ? 'success' : n.State === 'failed' ? 'error' : 'default'}
          title={n.Message ?? undefined}
          label={
            n.State === 'done' && n.InvoiceUri ? (
              <Link href={n.InvoiceUri} target="_blank" rel="noopener">
                {n.InvoiceNumber ? translate('custom.eaccounting.invoiceNumber', { number: n.InvoiceNumber }) : translate('custom.eaccounting.draft')}
              </Link>
            ) : n.State === 'failed' ? (
              translate('custom.eaccounting.failed', { message: n.Message ?? '' })
            ) : (
              translate(`custom.eaccounting.invoiceState.${n.State}`)
            )
          }
        />
      ))}
      <Dialogs state={state} />
    </Stack>
  );
}

/** The bookings list's bulk action: invoice the selected bookings, one invoice per customer. */
export function BookingsInvoice({ bookingIds, onDone }: { bookingIds: number[]; onDone?: () => void }) {
  const translate = useTranslate();
  const ready = useInvoicingReady();
  const state = useInvoicing(() => onDone?.());
  if (!ready) return null;
  return (
    <>
      <Button size="small" startIcon={<ReceiptIcon />} disabled={state.busy || bookingIds.length === 0} onClick={() => void state.run(bookingIds)}>
        {translate('custom.eaccounting.invoiceSelected')}
      </Button>
      <Dialogs state={state} />
    </>
  );
}
