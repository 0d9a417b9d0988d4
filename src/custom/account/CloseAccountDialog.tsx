import { useState } from 'react';
import { Alert, Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, FormGroup, FormLabel, TextField, Stack } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import type { CancelLicenseResult } from '../../../schema/licenses';
import { CANCEL_QUESTIONNAIRE, missingSections } from '../../../domain/licenses/questionnaire';
import { apiErrorInfo, useApi } from '../../common/api';

/**
 * Closing the account (spec core.md §4 and §5): the cancel questionnaire — at least one option in
 * each section other than main and comments ('select option from each section') — then the license
 * ends at the end of its notice period and the user goes to the start page.
 */
export function CloseAccountDialog({ onClose, onClosed }: { onClose: () => void; onClosed: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useApi();
  const [chosen, setChosen] = useState<Record<string, string[]>>({ main: ['closeAccount'] });
  const [comment, setComment] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const answers = [
    ...Object.entries(chosen).flatMap(([section, values]) => values.map((Value) => ({ Question: section, Value }))),
    ...(comment.trim() ? [{ Question: 'comments', Value: comment.trim() }] : []),
  ];
  const missing = missingSections(answers);
  const toggle = (section: string, option: string, on: boolean) =>
    setChosen((c) => ({ ...c, [section]: on ? [...(c[section] ?? []), option] : (c[section] ?? []).filter((o) => o !== option) }));
  const send = async () => {
    setTried(true);
    if (missing.length) return;
    setBusy(true);
    try {
      const result = await api.call<CancelLicenseResult>('POST', '/licenses/company/delete', { body: { Questionnaire: answers } });
      notify('licenses.close.done', { type: 'info', messageArgs: { date: result.ValidTo.slice(0, 10) } });
      onClosed();
      onClose();
      window.location.assign('/');
    } catch (failure) {
      notify(apiErrorInfo(failure).message || 'custom.common.unknownError', { type: 'error' });
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="close-account-title" fullWidth maxWidth="sm">
      <DialogTitle id="close-account-title">{translate('licenses.close.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Alert severity="warning">{translate('licenses.close.intro')}</Alert>
          {CANCEL_QUESTIONNAIRE.filter((s) => s.id !== 'main' && s.options.length).map((section) => (
            <FormGroup key={section.id} role="group" aria-labelledby={`close-${section.id}`}>
              <FormLabel id={`close-${section.id}`} error={tried && missing.includes(section.id)}>
                {translate(`licenses.close.sections.${section.id}`)}
              </FormLabel>
              {section.options.map((option) => (
                <FormControlLabel
                  key={option}
                  control={<Checkbox checked={chosen[section.id]?.includes(option) ?? false} onChange={(e) => toggle(section.id, option, e.target.checked)} />}
                  label={translate(`licenses.close.options.${option}`)}
                />
              ))}
            </FormGroup>
          ))}
          <TextField label={translate('licenses.close.sections.comments')} multiline minRows={2} value={comment} onChange={(e) => setComment(e.target.value)} />
          {tried && missing.length ? <Alert severity="error">{translate('licenses.close.incomplete')}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button color="error" variant="contained" disabled={busy} onClick={() => void send()}>
          {translate('licenses.close.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
