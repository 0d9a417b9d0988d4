import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { LicenseLimit } from '../dataProvider/types';
import { apiErrorInfo, useApi } from '../common/api';
import { setTrialActive } from '../common/licenseLimit';

interface Suggestion {
  Id?: number;
  Name?: string;
  TrialDays?: number;
}

function suggestion(value: unknown): Suggestion | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const v = value as Record<string, unknown>;
  return {
    Id: typeof v.Id === 'number' ? v.Id : undefined,
    Name: typeof v.Name === 'string' ? v.Name : undefined,
    TrialDays: typeof v.TrialDays === 'number' ? v.TrialDays : undefined,
  };
}

/** The license limit dialog: the server's Header and Body with the suggested trial or license. */
export function LicenseLimitDialog({ limit, onHide: hide }: { limit: LicenseLimit; onHide: () => void }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const notify = useNotify();
  const api = useApi();
  const [busy, setBusy] = useState(false);
  const trial = suggestion(limit.SuggestedTrialType);
  const license = suggestion(limit.SuggestedLicenseToUpgrade);
  const go = (to: string) => {
    hide();
    navigate(to);
  };
  // The trial starts here: POST /trials/company lifts the limits at once; the session remembers it.
  const startTrial = async () => {
    setBusy(true);
    try {
      await api.call('POST', '/trials/company', { body: trial?.Id ? { TrialTypeId: trial.Id } : {} });
      setTrialActive(true);
      notify('shell.licenseLimit.trialStarted', { type: 'success', messageArgs: { days: trial?.TrialDays ?? '' } });
      hide();
    } catch (failure) {
      notify(apiErrorInfo(failure).message || 'custom.common.unknownError', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={hide} maxWidth="sm" fullWidth aria-labelledby="license-limit-title">
      <DialogTitle id="license-limit-title">{limit.Header}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ whiteSpace: 'pre-line' }}>{limit.Body}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={hide}>{translate('shell.licenseLimit.close')}</Button>
        {trial && (
          <Button variant="outlined" disabled={busy} onClick={() => void startTrial()}>
            {trial.TrialDays
              ? translate('shell.licenseLimit.startTrialDays', { days: trial.TrialDays })
              : translate('shell.licenseLimit.startTrial')}
          </Button>
        )}
        <Button variant="contained" onClick={() => go(license?.Id ? `/licenses?upgrade=${license.Id}` : '/licenses')}>
          {license?.Name ? translate('shell.licenseLimit.upgradeTo', { name: license.Name }) : translate('shell.licenseLimit.seePlans')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
