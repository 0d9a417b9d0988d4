import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Card, CardContent } from '@mui/material';
import { BooleanInput, Form, Loading, NumberInput, SaveButton, SelectInput, maxValue, minValue, required, useNotify, useTranslate } from 'react-admin';
import { useCan } from '../../auth/roles';
import { apiErrorInfo, isLicenseLimit, useApi } from '../../common/api';
import type { BookingSettings } from '../../common/bookings/bookingTypes';
import { FormActions, FormGrid, FormSection, NarrowPage, PageHeading } from '../../common/PageHeading';

const FIELDS = [
  'DefaultStatusId',
  'ReservationHoldMinutes',
  'PaymentHoldMinutes',
  'CancellationDeadlineHours',
  'CustomersMayChooseResources',
  'SendEmailConfirmation',
  'SendSmsConfirmation',
  'SendEmailReminder',
  'SendSmsReminder',
  'QueueEnabled',
] as const satisfies readonly (keyof BookingSettings)[];

/** The bounds of schema/bookings.ts: holds up to 30 days in minutes, the deadline up to a year in hours. */
const MAX_HOLD_MINUTES = 43200;
const MAX_DEADLINE_HOURS = 8760;

/**
 * /booking-settings: default status of new bookings (booked, or reserved awaiting approval), how long a
 * reserved or unpaid booking holds its spot, the customers' cancellation deadline, whether customers choose
 * resources, the default send flags and the queue. A setting beyond the plan answers 402/426: the license
 * modal opens and the page says which setting needs a bigger plan.
 */
export default function BookingSettingsPage() {
  const api = useApi();
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const canWrite = useCan('settings', 'write');
  const [limit, setLimit] = useState<string | null>(null);
  const notify = useNotify();
  const { data, isPending, error } = useQuery({ queryKey: ['bookingSettings'], queryFn: () => api.call<BookingSettings>('GET', '/settings') });

  const save = async (values: Record<string, unknown>) => {
    setLimit(null);
    const body = Object.fromEntries(FIELDS.map((k) => [k, values[k]]));
    try {
      const saved = await api.call<BookingSettings>('PUT', '/settings', { body });
      queryClient.setQueryData(['bookingSettings'], saved ?? body);
      notify('custom.bookingSettings.saved', { type: 'success' });
      return undefined;
    } catch (e) {
      const info = apiErrorInfo(e);
      if (isLicenseLimit(info.status)) {
        setLimit(info.message);
        return undefined;
      }
      notify(info.message || 'custom.common.unknownError', { type: 'error' });
      return info.fieldErrors;
    }
  };

  if (isPending) return <Loading />;
  const label = (key: string) => `custom.bookingSettings.fields.${key}`;
  const helper = (key: string) => translate(`custom.bookingSettings.help.${key}`);
  return (
    <NarrowPage>
      <PageHeading title="custom.bookingSettings.title" />
      {error && <Alert severity="error">{apiErrorInfo(error).message}</Alert>}
      {data && (
        <Card>
          <CardContent>
            <Form record={data} onSubmit={save} disabled={!canWrite}>
              <FormGrid>
                <FormSection title="custom.bookingSettings.sections.newBookings" />
                <SelectInput
                  source="DefaultStatusId"
                  label={label('DefaultStatusId')}
                  validate={required()}
                  helperText={helper('DefaultStatusId')}
                  choices={[
                    { id: 1, name: translate('custom.bookingSettings.status.booked') },
                    { id: 3, name: translate('custom.bookingSettings.status.reserved') },
                  ]}
                  translateChoice={false}
                />
                <BooleanInput source="CustomersMayChooseResources" label={label('CustomersMayChooseResources')} helperText={helper('CustomersMayChooseResources')} />
                <FormSection title="custom.bookingSettings.sections.holds" />
                <NumberInput source="ReservationHoldMinutes" label={label('ReservationHoldMinutes')} helperText={helper('ReservationHoldMinutes')} min={1} validate={[required(), minValue(1), maxValue(MAX_HOLD_MINUTES)]} />
                <NumberInput source="PaymentHoldMinutes" label={label('PaymentHoldMinutes')} helperText={helper('PaymentHoldMinutes')} min={1} validate={[required(), minValue(1), maxValue(MAX_HOLD_MINUTES)]} />
                <NumberInput
                  source="CancellationDeadlineHours"
                  label={label('CancellationDeadlineHours')}
                  helperText={helper('CancellationDeadlineHours')}
                  min={0}
                  validate={[required(), minValue(0), maxValue(MAX_DEADLINE_HOURS)]}
                />
                <FormSection title="custom.bookingSettings.sections.messages" />
                <BooleanInput source="SendEmailConfirmation" label={label('SendEmailConfirmation')} />
                <BooleanInput source="SendSmsConfirmation" label={label('SendSmsConfirmation')} />
                <BooleanInput source="SendEmailReminder" label={label('SendEmailReminder')} />
                <BooleanInput source="SendSmsReminder" label={label('SendSmsReminder')} />
                <FormSection title="custom.bookingSettings.sections.queue" />
                <BooleanInput source="QueueEnabled" label={label('QueueEnabled')} helperText={helper('QueueEnabled')} />
              </FormGrid>
              {limit !== null && (
                <Alert severity="warning" sx={{ mt: 2 }} role="alert">
                  {translate('custom.bookingSettings.limit')}
                  {limit ? ` ${limit}` : ''}
                </Alert>
              )}
              {canWrite && (
                <FormActions>
                  <SaveButton alwaysEnable />
                </FormActions>
              )}
            </Form>
          </CardContent>
        </Card>
      )}
    </NarrowPage>
  );
}

BookingSettingsPage.path = '/booking-settings';
