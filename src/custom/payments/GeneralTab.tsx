import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Stack } from '@mui/material';
import { BooleanInput, Form, FormDataConsumer, Loading, NumberInput, SaveButton, SelectInput, maxValue, minValue, number, required, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { PaymentSettings } from '../../../schema/payments';
import { useCan } from '../../auth/roles';
import { apiErrorInfo, useApi } from '../../common/api';
import { useSubmit } from '../useSubmit';

export const SETTINGS_KEY = ['payments', 'settings'] as const;

const REQUIREMENTS = ['None', 'Full', 'Deposit'] as const;
const PROVIDERS = ['Stripe', 'Payson', 'Billmate'] as const;
/** The providers turned on in the form. */
const activeIn = (values: Record<string, unknown>) => PROVIDERS.filter((p) => values[`${p}Active`] === true);
const OPTIONS = ['DefaultSetting', 'BookWithoutPayment', 'BookWithPaymentMessageToCustomer', 'BookWithManualPayment'] as const;
const validatePercent = [required(), number(), minValue(1), maxValue(100)];
const validateHold = [required(), number(), minValue(1), maxValue(43200)];

/** The general tab: the providers in use, what bookings ask to be paid, the payment hold and the widget's default option. */
export function GeneralTab() {
  const api = useApi();
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const canWrite = useCan('settings', 'write');
  const { data, isPending, error } = useQuery({ queryKey: SETTINGS_KEY, queryFn: () => api.call<PaymentSettings>('GET', '/payment/settings') });

  const save = useSubmit(async (values: Record<string, unknown>) => {
    const body: PaymentSettings = {
      StripeActive: Boolean(values.StripeActive),
      PaysonActive: Boolean(values.PaysonActive),
      BillmateActive: Boolean(values.BillmateActive),
      Requirement: values.Requirement as PaymentSettings['Requirement'],
      DepositPercent: Number(values.DepositPercent),
      OnlyServicesWithPayment: Boolean(values.OnlyServicesWithPayment),
      HoldMinutes: Number(values.HoldMinutes),
      DefaultPaymentOption: values.DefaultPaymentOption as PaymentSettings['DefaultPaymentOption'],
      // A provider turned off is no longer the default.
      DefaultProvider: activeIn(values).find((p) => p === values.DefaultProvider) ?? null,
    };
    const saved = await api.call<PaymentSettings>('PUT', '/payment/settings', { body });
    queryClient.setQueryData(SETTINGS_KEY, saved);
  }, 'custom.payments.saved');

  if (isPending) return <Loading />;
  const f = (name: string) => `custom.payments.fields.${name}`;
  return (
    <Stack spacing={2}>
      <Alert severity="info">{translate('custom.payments.info')}</Alert>
      {error && <Alert severity="error">{apiErrorInfo(error).message}</Alert>}
      {data && (
        <Form record={data} onSubmit={save} disabled={!canWrite} warnWhenUnsavedChanges>
          <BooleanInput source="StripeActive" label={f('StripeActive')} />
          <BooleanInput source="PaysonActive" label={f('PaysonActive')} />
          <BooleanInput source="BillmateActive" label={f('BillmateActive')} />
          <FormDataConsumer>
            {({ formData }) => (
              <SelectInput
                source="DefaultProvider"
                label={f('DefaultProvider')}
                choices={activeIn(formData).map((id) => ({ id, name: id }))}
                translateChoice={false}
                emptyText="custom.payments.firstActive"
                helperText="custom.payments.help.DefaultProvider"
                sx={{ minWidth: 260 }}
              />
            )}
          </FormDataConsumer>
          <SelectInput source="Requirement" label={f('Requirement')} choices={REQUIREMENTS.map((id) => ({ id, name: `custom.payments.requirements.${id}` }))} validate={required()} sx={{ minWidth: 260 }} />
          <FormDataConsumer>
            {({ formData }) =>
              formData.Requirement === 'Deposit' ? <NumberInput source="DepositPercent" label={f('DepositPercent')} validate={validatePercent} min={1} max={100} step={1} helperText="custom.payments.help.DepositPercent" /> : null
            }
          </FormDataConsumer>
          <BooleanInput source="OnlyServicesWithPayment" label={f('OnlyServicesWithPayment')} helperText="custom.payments.help.OnlyServicesWithPayment" />
          <NumberInput source="HoldMinutes" label={f('HoldMinutes')} validate={validateHold} min={1} step={1} helperText="custom.payments.help.HoldMinutes" />
          <SelectInput source="DefaultPaymentOption" label={f('DefaultPaymentOption')} choices={OPTIONS.map((id) => ({ id, name: `custom.payments.options.${id}` }))} validate={required()} sx={{ minWidth: 260 }} />
          <Stack direction="row" spacing={1}>
            {canWrite && <SaveButton />}
            <Button component={Link} to="/dashboard">
              {translate('ra.action.cancel')}
            </Button>
          </Stack>
        </Form>
      )}
    </Stack>
  );
}
