import { useEffect, useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { LicenseLimit } from '../dataProvider/types';
import { useShell } from './ShellContext';

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

/** Opens on a 402/426 from any call: the server's Header and Body with the suggested trial or license. Hiding it resets it. */
export function LicenseLimitModal() {
  const { events } = useShell();
  const translate = useTranslate();
  const navigate = useNavigate();
  const [limit, setLimit] = useState<LicenseLimit | null>(null);

  useEffect(() => events.on('licenseLimit', setLimit), [events]);
  if (!limit) return null;

  const trial = suggestion(limit.SuggestedTrialType);
  const license = suggestion(limit.SuggestedLicenseToUpgrade);
  const hide = () => setLimit(null);
  const go = (to: string) => {
    hide();
    navigate(to);
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
          <Button variant="outlined" onClick={() => go(`/licenses?trialType=${trial.Id ?? ''}`)}>
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
