import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, Card, CardContent, Chip, IconButton, Stack, TextField, Tooltip, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import type { SupportComment } from '../../../schema/support';
import type { QueryResponse } from '../../../schema/common';
import { apiErrorInfo, useApi } from '../../common/api';
import { shownTime } from './useSupport';

/** A case's comments, oldest first; support's answers are marked; one's own comments can be deleted. */
export function Thread({ caseId, closed, onChange }: { caseId: number; closed: boolean; onChange: () => void }) {
  const api = useApi();
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState<SupportComment | null>(null);
  const key = ['support', 'comments', caseId];
  const comments = useQuery({ queryKey: key, queryFn: () => api.call<QueryResponse<SupportComment>>('GET', `/support/cases/${caseId}/comments`) });

  const send = async (Text: string): Promise<boolean> => {
    try {
      await api.call<SupportComment>('POST', `/support/cases/${caseId}/comments`, { body: { Text } });
      await queryClient.invalidateQueries({ queryKey: key });
      onChange();
      return true;
    } catch (e) {
      notify(apiErrorInfo(e).message || 'custom.common.unknownError', { type: 'error' });
      return false;
    }
  };
  const remove = async (comment: SupportComment) => {
    setDeleting(null);
    try {
      await api.call('DELETE', `/support/cases/${caseId}/comments/${comment.Id}`);
      await queryClient.invalidateQueries({ queryKey: key });
      notify('ra.notification.deleted', { type: 'success', messageArgs: { smart_count: 1 } });
    } catch (e) {
      notify(apiErrorInfo(e).message || 'custom.common.unknownError', { type: 'error' });
    }
  };

  const list = comments.data?.Results ?? [];
  return (
    <Card component="section" aria-labelledby="support-thread-title">
      <CardContent>
        <Typography id="support-thread-title" variant="h6" component="h3" gutterBottom>
          {translate('custom.support.thread.title')}
        </Typography>
        {comments.isSuccess && list.length === 0 && <Typography color="text.secondary">{translate('custom.support.thread.none')}</Typography>}
        <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {list.map((c) => (
            <Box
              component="li"
              key={c.Id}
              sx={{ p: 1.5, borderRadius: 1, border: 1, borderColor: c.FromSupport ? 'primary.main' : 'divider', bgcolor: c.FromSupport ? 'action.hover' : 'transparent' }}
            >
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
                <Typography variant="subtitle2" component="p">
                  {c.AuthorName || '–'}
                </Typography>
                {c.FromSupport && c.AuthorName !== translate('custom.support.thread.support') && <Chip size="small" color="primary" label={translate('custom.support.thread.support')} />}
                <Typography variant="caption" color="text.secondary" sx={{ flex: 1 }}>
                  {shownTime(c.Created)}
                </Typography>
                {c.Own && (
                  <Tooltip title={translate('ra.action.delete')}>
                    <IconButton size="small" aria-label={translate('custom.support.thread.delete', { time: shownTime(c.Created) })} onClick={() => setDeleting(c)}>
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                )}
              </Stack>
              <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{c.Text}</Typography>
            </Box>
          ))}
        </Stack>
        {closed ? <Alert severity="info" sx={{ mt: 2 }}>{translate('custom.support.thread.closed')}</Alert> : <CommentBox onSend={send} disabled={closed} />}
      </CardContent>
      <Confirm
        isOpen={deleting !== null}
        title="custom.support.thread.deleteTitle"
        content="custom.support.thread.deleteText"
        onConfirm={() => deleting && void remove(deleting)}
        onClose={() => setDeleting(null)}
      />
    </Card>
  );
}

/** The comment box under a thread: write and send. */
function CommentBox({ onSend, disabled }: { onSend: (text: string) => Promise<boolean>; disabled: boolean }) {
  const translate = useTranslate();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return;
    setBusy(true);
    if (await onSend(text)) setText('');
    setBusy(false);
  };
  return (
    <Stack component="form" onSubmit={submit} spacing={1} sx={{ mt: 2 }}>
      <TextField
        multiline
        minRows={3}
        label={translate('custom.support.thread.write')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        disabled={disabled}
        slotProps={{ htmlInput: { maxLength: 10000 } }}
      />
      <div>
        <Button type="submit" variant="contained" disabled={disabled || busy || !text.trim()}>
          {translate('custom.support.thread.send')}
        </Button>
      </div>
    </Stack>
  );
}
