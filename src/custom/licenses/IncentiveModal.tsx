import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useNavigate, useTranslate } from 'react-admin';
import type { QueryResponse } from '../../../schema/common';
import type { Incentive, IncentiveEngagementInput } from '../../../schema/licenses';
import { resultsOf, useApi } from '../../common/api';
import { useCompany } from '../../common/useCompany';
import { LicenseCheckout } from './LicenseCheckout';
import { useLicenseData } from './useLicenses';

type Stage = 'hidden' | 'offer' | 'billing';

/**
 * The incentive flow (spec core.md §4): the company's first incentive shows after
 * InitialDelayInSeconds × 1000 ms and Read is recorded; confirming records Engaged; Upgrade and AddOn
 * open the billing form and end with Success or Cancelled; Information goes to its page and records Success.
 */
export function IncentiveModal() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const api = useApi();
  const { company } = useCompany();
  const { data: licenses } = useLicenseData();
  const [stage, setStage] = useState<Stage>('hidden');
  const shownOnce = useRef(false);
  const { data } = useQuery({
    queryKey: ['custom', 'licenses', 'incentives', company?.Id],
    enabled: !!company,
    queryFn: async () => resultsOf(await api.call<QueryResponse<Incentive>>('GET', `/companies/${company!.Id}/incentives`)),
  });
  const incentive = data?.[0];
  const record = (type: IncentiveEngagementInput['EngagementType']) =>
    incentive && company ? api.call('POST', `/company/${company.Id}/incentives/${incentive.Id}`, { body: { CompanyId: company.Id, IncentiveId: incentive.Id, EngagementType: type } }).then(() => undefined, () => undefined) : Promise.resolve();

  useEffect(() => {
    if (!incentive || shownOnce.current) return;
    const timer = setTimeout(() => {
      shownOnce.current = true;
      setStage('offer');
      void record('Read');
    }, incentive.InitialDelayInSeconds * 1000);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one timer per incentive
  }, [incentive?.Id]);

  if (!incentive || stage === 'hidden') return null;
  const type = licenses?.types.find((t) => t.Id === incentive.Action.LicenseTypeId);
  const cancel = () => {
    setStage('hidden');
    void record('Cancelled');
  };
  const confirm = async () => {
    await record('Engaged');
    if (incentive.Action.ActionType === 'Information' || !type) {
      setStage('hidden');
      await record('Success');
      navigate(incentive.Action.Page ?? '/licenses');
    } else setStage('billing');
  };
  const confirmLabel = `licenses.incentive.confirm${incentive.Action.ActionType}`;
  return (
    <Dialog open onClose={cancel} maxWidth={stage === 'billing' ? 'md' : 'sm'} fullWidth aria-labelledby="incentive-title">
      <DialogTitle id="incentive-title">{incentive.Header}</DialogTitle>
      <DialogContent>
        {stage === 'offer' ? <DialogContentText>{incentive.Body}</DialogContentText> : null}
        {stage === 'billing' && type ? <LicenseCheckout type={type} onBack={cancel} onDone={() => record('Success')} /> : null}
      </DialogContent>
      {stage === 'offer' ? (
        <DialogActions>
          <Button onClick={cancel}>{translate('licenses.incentive.later')}</Button>
          <Button variant="contained" onClick={() => void confirm()}>
            {translate(confirmLabel)}
          </Button>
        </DialogActions>
      ) : null}
    </Dialog>
  );
}
