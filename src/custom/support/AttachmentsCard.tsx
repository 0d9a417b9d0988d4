import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, CardContent, List, ListItem, ListItemIcon, ListItemText, Typography } from '@mui/material';
import ImageIcon from '@mui/icons-material/ImageOutlined';
import PdfIcon from '@mui/icons-material/PictureAsPdfOutlined';
import { useNotify, useTranslate } from 'react-admin';
import type { SupportAttachment } from '../../../schema/support';
import type { QueryResponse } from '../../../schema/common';
import { apiErrorInfo, useApi } from '../../common/api';
import { saveBlob } from '../../common/saveBlob';
import { AttachButton } from './AttachButton';
import { shownTime } from './useSupport';

const kb = (size: number) => `${Math.max(1, Math.round(size / 1024))} kB`;

/** A case's attachments: open (fetched with the caller's token, never a public address) and attach more while the case is open. */
export function AttachmentsCard({ caseId, closed, onChange }: { caseId: number; closed: boolean; onChange: () => void }) {
  const api = useApi();
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const key = ['support', 'attachments', caseId];
  const attachments = useQuery({ queryKey: key, queryFn: () => api.call<QueryResponse<SupportAttachment>>('GET', `/support/cases/${caseId}/attachments`) });

  const upload = async (files: File[]) => {
    setBusy(true);
    for (const file of files) {
      const data = new FormData();
      data.append('file', file, file.name);
      try {
        await api.upload<SupportAttachment>(`/support/cases/${caseId}/attachments`, data);
        notify('custom.support.attachments.added', { type: 'success', messageArgs: { name: file.name } });
      } catch (e) {
        notify(`${file.name}: ${apiErrorInfo(e).message}`, { type: 'error' });
      }
    }
    await queryClient.invalidateQueries({ queryKey: key });
    onChange();
    setBusy(false);
  };
  const open = async (a: SupportAttachment) => {
    try {
      const blob = await api.download(a.Url.replace(/^\/api/, ''));
      if (a.ContentType.startsWith('image/')) window.open(URL.createObjectURL(blob), '_blank', 'noopener');
      else saveBlob(blob, a.FileName);
    } catch (e) {
      notify(apiErrorInfo(e).message || 'custom.common.unknownError', { type: 'error' });
    }
  };

  const list = attachments.data?.Results ?? [];
  return (
    <Card component="section" aria-labelledby="support-attachments-title">
      <CardContent>
        <Typography id="support-attachments-title" variant="h6" component="h3">
          {translate('custom.support.attachments.title')}
        </Typography>
        {attachments.isSuccess && list.length === 0 && <Typography color="text.secondary">{translate('custom.support.attachments.none')}</Typography>}
        <List dense>
          {list.map((a) => (
            <ListItem key={a.Id} secondaryAction={<Button onClick={() => void open(a)} aria-label={translate('custom.support.attachments.openNamed', { name: a.FileName })}>{translate('custom.support.attachments.open')}</Button>}>
              <ListItemIcon>{a.ContentType === 'application/pdf' ? <PdfIcon /> : <ImageIcon />}</ListItemIcon>
              <ListItemText primary={a.FileName} secondary={`${kb(a.Size)} · ${shownTime(a.Created)}`} />
            </ListItem>
          ))}
        </List>
        {!closed && <AttachButton multiple disabled={busy} onFiles={(files) => void upload(files)} />}
      </CardContent>
    </Card>
  );
}
