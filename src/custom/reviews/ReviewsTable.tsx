import { useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import type { Review, ReviewVisibilityInput } from '../../../schema/reviews';
import { apiErrorInfo, useApi } from '../../common/api';
import { REVIEWS_KEY } from './keys';

/** Hiding asks for the reason (required by the API too). */
function HideDialog({ review, onClose }: { review: Review; onClose: () => void }) {
  const translate = useTranslate();
  const titleId = useId();
  const [reason, setReason] = useState('');
  const visibility = useVisibility(review, onClose);
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{translate('custom.reviews.hide.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{translate('custom.reviews.hide.info', { name: review.CustomerName, rating: review.Rating })}</DialogContentText>
        <TextField
          autoFocus
          fullWidth
          required
          multiline
          minRows={2}
          label={translate('custom.reviews.fields.HiddenReason')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          error={Boolean(visibility.fieldError)}
          helperText={visibility.fieldError || ' '}
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
        {visibility.error && <Alert severity="error">{visibility.error}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" color="warning" disabled={visibility.busy || !reason.trim()} onClick={() => visibility.set({ Hidden: true, HiddenReason: reason })}>
          {translate('custom.reviews.hide.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** PUT /reviews/{Id}: hide with a reason or show again; the lists and averages reload. */
function useVisibility(review: Review, done: () => void) {
  const api = useApi();
  const notify = useNotify();
  const client = useQueryClient();
  const [error, setError] = useState('');
  const [fieldError, setFieldError] = useState('');
  const mutation = useMutation({
    mutationFn: (body: ReviewVisibilityInput) => api.call<Review>('PUT', `/reviews/${review.Id}`, { body }),
    onSuccess: (saved) => {
      void client.invalidateQueries({ queryKey: REVIEWS_KEY });
      notify(saved.Hidden ? 'custom.reviews.hide.hidden' : 'custom.reviews.hide.shown', { type: 'success' });
      done();
    },
    onError: (e) => {
      const info = apiErrorInfo(e);
      setFieldError(info.fieldErrors.HiddenReason ?? '');
      setError(info.fieldErrors.HiddenReason ? '' : info.message);
    },
  });
  return { set: (body: ReviewVisibilityInput) => mutation.mutate(body), busy: mutation.isPending, error, fieldError };
}

function ShowButton({ review }: { review: Review }) {
  const translate = useTranslate();
  const visibility = useVisibility(review, () => undefined);
  return (
    <Button size="small" disabled={visibility.busy} onClick={() => visibility.set({ Hidden: false })} aria-label={translate('custom.reviews.hide.showFor', { name: review.CustomerName })}>
      {translate('custom.reviews.hide.show')}
    </Button>
  );
}

/** One page of reviews: the visit, the customer, the rating and comment, and hide or show. */
export function ReviewsTable({ reviews, mayWrite }: { reviews: Review[]; mayWrite: boolean }) {
  const translate = useTranslate();
  const [hiding, setHiding] = useState<Review | null>(null);
  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table size="small" aria-label={translate('custom.reviews.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('custom.reviews.fields.BookingFrom')}</TableCell>
              <TableCell>{translate('custom.reviews.fields.ServiceName')}</TableCell>
              <TableCell>{translate('custom.reviews.fields.Resources')}</TableCell>
              <TableCell>{translate('custom.reviews.fields.CustomerName')}</TableCell>
              <TableCell>{translate('custom.reviews.fields.Rating')}</TableCell>
              <TableCell>{translate('custom.reviews.fields.Comment')}</TableCell>
              <TableCell>{translate('custom.reviews.fields.Hidden')}</TableCell>
              {mayWrite && <TableCell>{translate('custom.reviews.actions')}</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {reviews.map((r) => (
              <TableRow key={r.Id}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{r.BookingFrom.replace('T', ' ').slice(0, 16)}</TableCell>
                <TableCell>{r.ServiceName}</TableCell>
                <TableCell>{r.Resources.map((x) => x.Name).join(', ')}</TableCell>
                <TableCell>{r.CustomerName}</TableCell>
                <TableCell>
                  <span aria-hidden="true">{'★'.repeat(r.Rating)}{'☆'.repeat(5 - r.Rating)} </span>
                  <span>{translate('custom.reviews.ratingOf', { rating: r.Rating })}</span>
                </TableCell>
                <TableCell sx={{ maxWidth: 360 }}>{r.Comment}</TableCell>
                <TableCell>
                  {r.Hidden ? (
                    <>
                      <Chip size="small" color="warning" label={translate('custom.reviews.hiddenChip')} />
                      <Typography variant="body2" sx={{ mt: 0.5 }}>
                        {r.HiddenReason}
                      </Typography>
                      <Typography variant="caption" color="text.secondary">
                        {translate('custom.reviews.hiddenBy', { who: r.HiddenBy ?? '', at: (r.HiddenAt ?? '').replace('T', ' ').slice(0, 16) })}
                      </Typography>
                    </>
                  ) : (
                    translate('custom.reviews.shownChip')
                  )}
                </TableCell>
                {mayWrite && (
                  <TableCell>
                    {r.Hidden ? (
                      <ShowButton review={r} />
                    ) : (
                      <Button size="small" color="warning" onClick={() => setHiding(r)} aria-label={translate('custom.reviews.hide.hideFor', { name: r.CustomerName })}>
                        {translate('custom.reviews.hide.button')}
                      </Button>
                    )}
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {hiding && <HideDialog review={hiding} onClose={() => setHiding(null)} />}
    </Paper>
  );
}
