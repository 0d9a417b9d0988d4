import { useCallback, useEffect, useState } from 'react';
import { Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { useLocale, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { formatWireDate } from '../../i18n/format';
import type { Customer, CustomerComment, CustomerCommentInput } from '../../../schema/customers';
import { useApi } from '../../common/api';
import type { WireRecord } from '../../engine/types';

type CommentsAnswer = CustomerComment[] | { Results: CustomerComment[] };
const empty: CustomerCommentInput = { Heading: '', Comment: '' };

/** The customer's comments: list, add, edit, delete (GET/POST/PUT/DELETE /customers/{id}/comments). */
export function CustomerComments() {
  const customer = useRecordContext<WireRecord<Customer>>();
  const api = useApi();
  const notify = useNotify();
  const translate = useTranslate();
  const locale = useLocale();
  const [comments, setComments] = useState<CustomerComment[]>([]);
  const [draft, setDraft] = useState<CustomerCommentInput & { Id?: number }>(empty);
  const base = customer ? `/customers/${customer.Id}/comments` : '';

  const load = useCallback(() => {
    if (!base) return;
    api
      .call<CommentsAnswer>('GET', base, { query: { OrderBy: '-Created' } })
      .then((a) => setComments(Array.isArray(a) ? a : a.Results))
      .catch((e: Error) => notify(e.message || 'ra.notification.http_error', { type: 'error' }));
  }, [api, base, notify]);
  useEffect(load, [load]);

  const save = async () => {
    try {
      if (draft.Id) await api.call('PUT', base, { body: draft });
      else await api.call('POST', base, { body: { Heading: draft.Heading, Comment: draft.Comment } });
      setDraft(empty);
      notify(draft.Id ? 'ra.notification.updated' : 'ra.notification.created', { type: 'success', messageArgs: { smart_count: 1 } });
      load();
    } catch (e) {
      notify(e instanceof Error && e.message ? e.message : 'ra.notification.http_error', { type: 'error' });
    }
  };
  const remove = async (id: number) => {
    try {
      await api.call('DELETE', `${base}/${id}`);
      load();
    } catch {
      notify('engine.deleteError', { type: 'error' });
    }
  };

  return (
    <Box sx={{ p: 2, maxWidth: 720 }}>
      <Stack spacing={1} sx={{ mb: 3 }}>
        <TextField size="small" label={translate('resources.customers.comments.heading')} value={draft.Heading} onChange={(e) => setDraft({ ...draft, Heading: e.target.value })} />
        <TextField size="small" multiline minRows={3} label={translate('resources.customers.comments.comment')} value={draft.Comment} onChange={(e) => setDraft({ ...draft, Comment: e.target.value })} />
        <Stack direction="row" spacing={1}>
          <Button variant="contained" disabled={!draft.Heading.trim() || !draft.Comment.trim()} onClick={save}>
            {translate(draft.Id ? 'ra.action.save' : 'resources.customers.comments.add')}
          </Button>
          {draft.Id ? <Button onClick={() => setDraft(empty)}>{translate('ra.action.cancel')}</Button> : null}
        </Stack>
      </Stack>
      {comments.length === 0 ? <Typography color="text.secondary">{translate('resources.customers.comments.none')}</Typography> : null}
      <Stack spacing={1}>
        {comments.map((c) => (
          <Card key={c.Id} variant="outlined">
            <CardContent>
              <Typography variant="subtitle1">{c.Heading}</Typography>
              <Typography variant="caption" color="text.secondary">
                {c.Created ? formatWireDate(c.Created, locale) : ''}
              </Typography>
              <Typography sx={{ whiteSpace: 'pre-wrap', mt: 1 }}>{c.Comment}</Typography>
              <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
                <Button size="small" onClick={() => setDraft({ Id: c.Id, Heading: c.Heading, Comment: c.Comment, ImageUrl: c.ImageUrl })}>
                  {translate('ra.action.edit')}
                </Button>
                <Button size="small" color="error" onClick={() => remove(c.Id)}>
                  {translate('ra.action.delete')}
                </Button>
              </Stack>
            </CardContent>
          </Card>
        ))}
      </Stack>
    </Box>
  );
}
