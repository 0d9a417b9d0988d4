import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Button, Chip, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, TextField, MenuItem, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useState } from 'react';
import { Loading, useLocale, useTranslate } from 'react-admin';
import { Link, useNavigate } from 'react-router-dom';
import type { QueryResponse } from '../../../schema/common';
import type { MessageTemplate } from '../../../schema/messages';
import { apiErrorInfo, useApi } from '../../common/api';
import { LANGUAGES } from './api';
import { ReminderSetting } from './ReminderSetting';

/** The message templates (GET /messages/templates): one per type, send method and language, optionally per service. */
export default function MessageTemplatesTab() {
  const api = useApi();
  const translate = useTranslate();
  const locale = useLocale();
  const navigate = useNavigate();
  const [language, setLanguage] = useState<string>(LANGUAGES.includes(locale as never) ? locale : 'sv');
  const { data, error, isPending } = useQuery({
    queryKey: ['messages', 'templates', language, locale],
    queryFn: () => api.call<QueryResponse<MessageTemplate>>('GET', '/messages/templates', { query: { Language: language, Take: 200 } }),
  });
  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, justifyContent: 'space-between' }}>
        <TextField size="small" select label={translate('messages.language')} value={language} onChange={(e) => setLanguage(e.target.value)} sx={{ width: { xs: '100%', sm: 220 } }}>
          {LANGUAGES.map((l) => (
            <MenuItem key={l} value={l}>
              {translate(`messages.languages.${l}`)}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="contained" startIcon={<AddIcon />} component={Link} to="/messages/templates/new" sx={{ whiteSpace: 'nowrap', alignSelf: { sm: 'center' } }}>
          {translate('messages.templates.new')}
        </Button>
      </Stack>
      {error && <Alert severity="error">{apiErrorInfo(error).message}</Alert>}
      {isPending && <Loading />}
      {data && !data.Results.length && <Typography>{translate('messages.templates.empty')}</Typography>}
      {data && data.Results.length > 0 && (
        <TableContainer tabIndex={0} role="region" aria-label={translate('messages.templates.title')}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{translate('messages.type')}</TableCell>
                <TableCell>{translate('messages.method')}</TableCell>
                <TableCell>{translate('messages.templates.subject')}</TableCell>
                <TableCell>{translate('messages.templates.services')}</TableCell>
                <TableCell>{translate('messages.templates.active')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.Results.map((t) => (
                <TableRow key={t.Id} hover data-testid="message-template-row" sx={{ cursor: 'pointer' }} onClick={() => navigate(`/messages/templates/${t.Id}`)}>
                  <TableCell>
                    <Link to={`/messages/templates/${t.Id}`} onClick={(e) => e.stopPropagation()}>
                      {t.MessageType.Name}
                    </Link>
                  </TableCell>
                  <TableCell>{translate(`messages.methods.${t.SendMethodId}`)}</TableCell>
                  <TableCell sx={{ minWidth: 180 }}>{t.Subject || '–'}</TableCell>
                  <TableCell>{t.Services.length ? t.Services.map((s) => <Chip key={s.Id} size="small" label={s.Name} sx={{ mr: 0.5 }} />) : translate('messages.templates.allServices')}</TableCell>
                  <TableCell>{translate(t.Active ? 'messages.yes' : 'messages.no')}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <Box sx={{ mt: 3 }}>
        <ReminderSetting />
      </Box>
    </Box>
  );
}
