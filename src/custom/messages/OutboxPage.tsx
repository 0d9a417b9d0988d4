import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Card,
  CardContent,
  Chip,
  Link as MuiLink,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Stack,
  Tab,
  Tabs,
  Typography,
} from '@mui/material';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import { Loading, useLocale, useTranslate } from 'react-admin';
import type { QueryResponse } from '../../../schema/common';
import type { CaughtMessage } from '../../../schema/messages';
import { PageHeading } from '../../common/PageHeading';
import { apiErrorInfo, useApi } from '../../common/api';
import { formatWireDate } from '../../i18n/format';
import { HtmlView } from './HtmlView';
import { FixedPagination } from '../../common/FixedPagination';

const PAGE_SIZE = 25;

/** One caught message as the customer sees it: the HTML, the text, the attachments. */
function MessageView({ id }: { id: number }) {
  const api = useApi();
  const translate = useTranslate();
  const locale = useLocale();
  const [tab, setTab] = useState<'html' | 'text'>('html');
  const { data, error, isPending } = useQuery({ queryKey: ['messages', 'outbox', id], queryFn: () => api.call<CaughtMessage>('GET', `/messages/outbox/${id}`) });
  if (isPending) return <Loading />;
  if (error) return <Alert severity="error">{apiErrorInfo(error).message}</Alert>;
  const shown = data.Html ? tab : 'text';
  return (
    <Stack spacing={1} data-testid="outbox-message">
      <Typography variant="h6" component="h3">
        {data.Subject || translate('messages.outbox.sms')}
      </Typography>
      <Typography variant="body2">
        {translate('messages.outbox.from')}: {data.From} · {translate('messages.outbox.to')}: {data.To} · {formatWireDate(data.Created, locale)}
      </Typography>
      {Object.entries(data.Headers ?? {}).map(([name, value]) => (
        <Typography key={name} variant="caption" component="div" sx={{ overflowWrap: 'anywhere' }} data-testid="outbox-header">
          {name}: {value}
        </Typography>
      ))}
      {data.Html && (
        <Tabs value={shown} onChange={(_e, next: 'html' | 'text') => setTab(next)} aria-label={translate('messages.outbox.format')}>
          <Tab value="html" label="HTML" />
          <Tab value="text" label={translate('messages.outbox.text')} />
        </Tabs>
      )}
      {shown === 'html' && data.Html ? (
        <HtmlView html={data.Html} title={data.Subject} height={480} />
      ) : (
        <Box component="pre" sx={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit', p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1, m: 0 }}>
          {data.Text}
        </Box>
      )}
      {data.Attachments.length > 0 && (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
          {data.Attachments.map((a) => (
            <MuiLink key={a.FileName} href={`data:${a.ContentType};base64,${a.Base64 ?? ''}`} download={a.FileName} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
              <AttachFileIcon fontSize="small" />
              {a.FileName} ({Math.ceil(a.Size / 1024)} kB)
            </MuiLink>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** /messages/outbox: every message the product sent for the company (the catcher), newest first. */
export default function OutboxPage() {
  const api = useApi();
  const translate = useTranslate();
  const locale = useLocale();
  const [page, setPage] = useState(0);
  const [selected, setSelected] = useState<number | null>(null);
  const { data, error, isPending } = useQuery({
    queryKey: ['messages', 'outbox', 'list', page],
    queryFn: () => api.call<QueryResponse<CaughtMessage>>('GET', '/messages/outbox', { query: { Skip: page * PAGE_SIZE, Take: PAGE_SIZE } }),
    placeholderData: keepPreviousData,
    refetchInterval: 5000,
  });
  const current = selected ?? data?.Results[0]?.Id ?? null;
  return (
    <Box>
      <PageHeading title="messages.outbox.title" subtitle={translate('messages.outbox.subtitle')} />
      {error && <Alert severity="error">{apiErrorInfo(error).message}</Alert>}
      {isPending && <Loading />}
      {data && !data.Results.length && <Typography>{translate('messages.outbox.empty')}</Typography>}
      {data && data.Results.length > 0 && (
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Card sx={{ width: { xs: '100%', md: 380 }, flexShrink: 0 }}>
            <List dense aria-label={translate('messages.outbox.title')}>
              {data.Results.map((m) => (
                <ListItem key={m.Id} disablePadding>
                <ListItemButton selected={m.Id === current} onClick={() => setSelected(m.Id)} data-testid="outbox-row">
                  <ListItemText
                    primary={
                      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                        <Chip size="small" label={translate(`messages.outbox.channels.${m.Channel}`)} />
                        <Typography variant="body2" noWrap component="span">
                          {m.Subject || m.Text.slice(0, 60)}
                        </Typography>
                      </Stack>
                    }
                    secondary={`${m.To} · ${formatWireDate(m.Created, locale)}`}
                  />
                </ListItemButton>
                </ListItem>
              ))}
            </List>
            <FixedPagination count={data.Total} page={page} pageSize={PAGE_SIZE} onPage={setPage} />
          </Card>
          <Card sx={{ flex: 1, width: '100%', minWidth: 0 }}>
            <CardContent>{current !== null && <MessageView id={current} />}</CardContent>
          </Card>
        </Stack>
      )}
    </Box>
  );
}
