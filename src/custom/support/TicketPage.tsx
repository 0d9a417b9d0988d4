import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, CardContent, Chip, FormControl, InputLabel, MenuItem, Select, Stack, Typography } from '@mui/material';
import { Confirm, Loading, useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import type { SupportCase } from '../../../schema/support';
import { apiErrorInfo, useApi } from '../../common/api';
import { PageHeading } from '../../common/PageHeading';
import { AttachmentsCard } from './AttachmentsCard';
import { Thread } from './Thread';
import { CASES_KEY, shownTime, statusColor, useIsDesk, useSupportOptions } from './useSupport';

const CLOSED = 4;

/** /support/tickets/{id}: the case, its attachments and its thread; the company closes, reopens, edits or deletes it, the desk sets its status. */
export default function TicketPage() {
  const { id } = useParams();
  const api = useApi();
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const desk = useIsDesk();
  const statuses = useSupportOptions('status');
  const [confirmDelete, setConfirmDelete] = useState(false);
  const key = [...CASES_KEY, 'one', id];
  const kase = useQuery({ queryKey: key, queryFn: () => api.call<SupportCase>('GET', `/support/cases/${id}`) });

  const setStatus = async (StatusId: number) => {
    try {
      queryClient.setQueryData(key, await api.call<SupportCase>('PUT', `/support/cases/${id}`, { body: { StatusId } }));
      await queryClient.invalidateQueries({ queryKey: CASES_KEY, predicate: (q) => q.queryKey[2] !== 'one' });
      notify('ra.notification.updated', { type: 'success', messageArgs: { smart_count: 1 } });
    } catch (e) {
      notify(apiErrorInfo(e).message || 'custom.common.unknownError', { type: 'error' });
    }
  };
  const remove = async () => {
    setConfirmDelete(false);
    try {
      await api.call('DELETE', `/support/cases/${id}`);
      await queryClient.invalidateQueries({ queryKey: CASES_KEY });
      notify('ra.notification.deleted', { type: 'success', messageArgs: { smart_count: 1 } });
      navigate('/support/tickets');
    } catch (e) {
      notify(apiErrorInfo(e).message || 'custom.common.unknownError', { type: 'error' });
    }
  };

  if (kase.isPending) return <Loading />;
  if (kase.isError) return <Alert severity="error">{apiErrorInfo(kase.error).message || translate('custom.support.loadError')}</Alert>;
  const c = kase.data;
  const closed = c.StatusId === CLOSED;
  const refresh = () => queryClient.invalidateQueries({ queryKey: CASES_KEY });
  return (
    <>
      <PageHeading
        title="custom.support.case.title"
        subtitle={translate('custom.support.case.subtitle', { id: c.Id, name: c.OpenedByName || '–', created: shownTime(c.Created) })}
        action={
          <Button component={RouterLink} to="/support/tickets">
            {translate('custom.support.case.back')}
          </Button>
        }
      />
      <Stack spacing={2}>
        <Card component="section" aria-label={c.Subject}>
          <CardContent>
            <Typography variant="h6" component="h3" gutterBottom>
              {c.Subject}
            </Typography>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
              <Chip size="small" label={c.StatusName} color={statusColor(c.StatusId)} />
              <Chip size="small" variant="outlined" label={c.TypeName} />
              <Chip size="small" variant="outlined" label={c.AreaName} />
              {desk && <Chip size="small" variant="outlined" label={c.CompanyName} />}
            </Stack>
            <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{c.Description}</Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2, alignItems: { sm: 'center' } }}>
              {desk ? (
                <FormControl size="small" sx={{ minWidth: 200 }}>
                  <InputLabel id="support-case-status">{translate('custom.support.fields.StatusId')}</InputLabel>
                  <Select labelId="support-case-status" label={translate('custom.support.fields.StatusId')} value={c.StatusId} onChange={(e) => void setStatus(Number(e.target.value))}>
                    {statuses.map((s) => (
                      <MenuItem key={s.Id} value={s.Id}>
                        {s.Name}
                      </MenuItem>
                    ))}
                  </Select>
                </FormControl>
              ) : (
                <>
                  {!closed && (
                    <Button component={RouterLink} to={`/support/tickets/${c.Id}/edit`} variant="outlined">
                      {translate('ra.action.edit')}
                    </Button>
                  )}
                  <Button variant="outlined" onClick={() => void setStatus(closed ? 1 : CLOSED)}>
                    {translate(closed ? 'custom.support.case.reopen' : 'custom.support.case.close')}
                  </Button>
                  <Button color="error" onClick={() => setConfirmDelete(true)}>
                    {translate('ra.action.delete')}
                  </Button>
                </>
              )}
            </Stack>
          </CardContent>
        </Card>
        <AttachmentsCard caseId={c.Id} closed={closed} onChange={refresh} />
        <Thread caseId={c.Id} closed={closed} onChange={refresh} />
      </Stack>
      <Confirm
        isOpen={confirmDelete}
        title="custom.support.case.deleteTitle"
        content="custom.support.case.deleteText"
        translateOptions={{ subject: c.Subject }}
        onConfirm={() => void remove()}
        onClose={() => setConfirmDelete(false)}
      />
    </>
  );
}
