import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Skeleton, Stack, Typography } from '@mui/material';
import { useLocale, useNavigate, useTranslate } from 'react-admin';
import type { BillingInformationInput, LicenseType } from '../../../schema/company';
import type { LicenseChange } from '../../../schema/licenses';
import { apiErrorInfo, useApi } from '../../common/api';
import { useCompany } from '../../common/useCompany';
import { formatAmount } from '../../i18n/format';
import { BillingForm } from '../billing/BillingForm';
import { useBillingInformation } from '../billing/useBillingInformation';
import type { SubmitNotice } from '../useSubmit';
import { priceOf } from './useLicenses';

/** The type id of the extra license whose refusal prompts to go to my subscriptions (spec core.md §8). */
export const EXTRA_LICENSE_TYPE_ID = 11;

/** Where a finished upgrade goes: a full load, so that the shell's profile (free account or not) is read again. */
export function finishUpgrade(): void {
  window.location.assign('/licenses?status=billing-success');
}

/**
 * The license flow's step 1: billing and card form for the chosen plan (POST /licenses/company with
 * TypeId and BillingInformation). Invoice methods finish at once; the card method (without a
 * registered card) changes nothing yet: the plan waits for the card, on /billing/add-credit-card. A refusal on type id 11 offers to go to my subscriptions (/account).
 */
export function LicenseCheckout({ type, onBack, onDone }: { type: LicenseType; onBack: () => void; onDone?: (change: LicenseChange) => Promise<void> }) {
  const translate = useTranslate();
  const locale = useLocale();
  const navigate = useNavigate();
  const api = useApi();
  const { company } = useCompany();
  const { billing, isPending, error } = useBillingInformation();
  const [prompt, setPrompt] = useState<string | null>(null);
  const price = priceOf(type, company?.CountryId);

  const save = async (values: BillingInformationInput): Promise<LicenseChange> => {
    try {
      return await api.call<LicenseChange>('POST', '/licenses/company', { body: { TypeId: type.Id, BillingInformation: values } });
    } catch (failure) {
      const info = apiErrorInfo(failure);
      if (type.Id === EXTRA_LICENSE_TYPE_ID && info.fieldErrors.TypeId) setPrompt(info.fieldErrors.TypeId);
      throw failure;
    }
  };
  // Paid by card without a registered card, nothing has changed yet: the plan waits for the card.
  const notice = (result: unknown): SubmitNotice => {
    const change = result as LicenseChange;
    return change.RequiresCreditCard ? { message: 'licenses.checkout.awaitingCard', args: { name: change.TypeName }, type: 'info' } : { message: 'licenses.checkout.done' };
  };
  const saved = async (result: unknown) => {
    const change = result as LicenseChange;
    await onDone?.(change).catch(() => undefined);
    if (change.RequiresCreditCard) navigate('/billing/add-credit-card');
    else finishUpgrade();
  };

  return (
    <Stack spacing={2} component="section" aria-labelledby="license-checkout-title">
      <div>
        <Typography id="license-checkout-title" variant="h6" component="h2">
          {translate('licenses.checkout.title', { name: type.Name })}
        </Typography>
        {price ? (
          <Typography variant="body2" color="text.secondary">
            {translate('licenses.plans.perMonth', { price: formatAmount(price.price, price.sign, locale) })} · {translate('licenses.checkout.terms')}
          </Typography>
        ) : null}
      </div>
      {error ? <Alert severity="error">{translate('custom.common.loadError')}</Alert> : null}
      {isPending ? <Skeleton variant="rectangular" height={240} /> : null}
      {!isPending && !error ? (
        <BillingForm billing={billing} company={company} save={save} onSaved={(result) => void saved(result)} onBack={onBack} saveLabel="licenses.checkout.confirm" successMessage={notice} />
      ) : null}
      <Dialog open={prompt !== null} onClose={() => setPrompt(null)} aria-labelledby="license-type-prompt">
        <DialogTitle id="license-type-prompt">{translate('licenses.checkout.subscriptionsTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{prompt}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setPrompt(null)}>{translate('ra.action.cancel')}</Button>
          <Button
            variant="contained"
            onClick={() => {
              setPrompt(null);
              navigate('/account');
            }}
          >
            {translate('licenses.checkout.goToSubscriptions')}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
