import { useCallback, useMemo, useRef, useState } from 'react';
import { Box, Button, CircularProgress, MenuItem, Stack, TextField, Typography } from '@mui/material';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import { useQueryClient } from '@tanstack/react-query';
import { BooleanInput, Form, SelectInput, TextInput, maxLength, useLocale, useNotify, useTranslate } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { type FieldValues } from 'react-hook-form';
import type { AvailableTime, AvailableTimesResource } from '../../../schema/availability';
import type { Id, LocalDate } from '../../../schema/common';
import type { Customer, CustomerInput } from '../../../schema/customers';
import { useCompanyNow } from '../../auth/profile';
import { useCan } from '../../auth/roles';
import { BOOKING_STATUS } from '../../common/bookings/bookingTypes';
import { formatAmount } from '../../i18n/format';
import { apiErrorInfo, isLicenseLimit, useApi } from '../../common/api';
import { PriceCheck, type PriceCheckChange } from '../priceCheck/PriceCheck';
import { formatRange, repeatDates, type CalendarView } from './calendar';
import { serviceDurations } from '../../common/serviceDurations';
import { CustomerSection, type CustomerMode } from './CustomerSection';
import { CustomFieldInputs } from '../../common/inputs/CustomFieldInputs';
import { TimeSlots } from './TimeSlots';
import {
  PAYMENT_OPTIONS,
  SEND_FLAGS,
  type Booking,
  type BookingUserQueueInput,
  type CreateRepeatBooking,
  type RepeatBookingFailure,
  type RepeatBookingResponse,
} from './types';
import {
  useBookingSettings,
  SendFlagDefaults,
  PaymentOptionDefault,
  usePaymentDefault,
  useService,
  durationLabel,
  spotLimit,
  queues,
  goesToQueue,
} from './serviceData';
import { RepeatInputs } from './RepeatInputs';
import { Outcome } from './Outcome';
import { ToPay } from './ToPay';
import { InvoiceAddressInputs } from './InvoiceAddressInputs';
import { DEFAULTS, invoiceAddressOf, type NewBookingValues } from './values';
import { linkedChoice } from './linkedChoice';
import { Section, type Heading } from './Section';
import { ServiceSelect } from './ServiceSelect';

export interface NewBookingWidgetProps {
  /** Level of the section headings: h2 on a page of its own, h3 inside a tab under the page's heading. */
  headingLevel?: Heading;
}

/**
 * The new-booking widget (/bookings-new and the book tab of /bookings): service, a free time from
 * availabletimes, prices and quantities with promo codes (the price is calculateprice's answer),
 * resources, a customer found or created, booking custom fields, comments, send flags, payment option
 * and repeat dates. A full time of a queueing service puts the customer in the queue
 * (POST /bookinguserqueue); otherwise POST /bookings/repeat books it and the new booking's page opens
 * (the notice says when it is reserved and awaits approval). When some dates of a series were refused,
 * the widget stays: every refused time is listed with its reason, and the bookings made as links.
 * @example
 * <NewBookingWidget headingLevel="h3" />
 */
export function NewBookingWidget({ headingLevel = 'h2' }: NewBookingWidgetProps) {
  const translate = useTranslate();
  const locale = useLocale();
  const notify = useNotify();
  const navigate = useNavigate();
  const location = useLocation();
  const api = useApi();
  const queryClient = useQueryClient();
  const today: LocalDate = useCompanyNow().slice(0, 10);

  const settings = useBookingSettings();
  const paymentDefault = usePaymentDefault();
  // A link (the scheduler's selected range) may choose the service, resource and time.
  const [linked] = useState(() => linkedChoice(location.search));
  const [serviceId, setServiceId] = useState<Id | null>(linked.serviceId);
  const service = useService(serviceId);
  const current = service.data ?? null;
  const [duration, setDuration] = useState<number | undefined>(linked.duration);
  const [picked, setPicked] = useState<Record<number, number>>(linked.picked);
  const [calendar, setCalendar] = useState<{ day: LocalDate; view: CalendarView }>({ day: linked.time?.From.slice(0, 10) ?? today, view: 'day' });
  const [time, setTime] = useState<AvailableTime | null>(linked.time);
  const [price, setPrice] = useState<PriceCheckChange | null>(null);
  const [customerMode, setCustomerMode] = useState<CustomerMode>('existing');
  const [customer, setCustomer] = useState<Customer | null>(null);
  const [email, setEmail] = useState('');
  const [attempted, setAttempted] = useState(false);
  // The answer of a booking that did not all go through: what was refused, and what was made of a series.
  const [outcome, setOutcome] = useState<{ created: Booking[]; failed: RepeatBookingFailure[] } | null>(null);
  const mayBookOutside = useCan('schedules', 'write');
  const [saving, setSaving] = useState(false);
  // A customer created by an attempt that then failed: a second attempt books for them instead of creating another.
  const createdCustomer = useRef<{ key: string; id: Id } | null>(null);

  const selectableTypes = useMemo(() => (current?.ResourceTypes ?? []).filter((t) => t.SelectableByUser && t.Resources.length > 0), [current]);
  const resources: AvailableTimesResource[] = useMemo(
    () => selectableTypes.filter((t) => picked[t.Id]).map((t) => ({ ResourceTypeId: t.Id, ResourceId: picked[t.Id] })),
    [selectableTypes, picked],
  );
  const durations = useMemo(() => (current && current.DurationTypeId !== 1 ? serviceDurations(current) : []), [current]);
  const bookingFields = useMemo(() => current?.BookingCustomFields ?? [], [current]);
  const queueEnabled = !!current && queues(current, settings.data);
  const queueing = !!time && goesToQueue(queueEnabled, time);
  const maxQuantity = current ? spotLimit(current, time, queueing) : 1;
  const quantity = price?.quantities.reduce((sum, q) => sum + q.Quantity, 0) ?? 0;

  const chooseService = (id: Id) => {
    setServiceId(id);
    setDuration(undefined);
    setPicked({});
    setTime(null);
    setPrice(null);
    setOutcome(null);
  };
  // The codes outlive the price part: a new duration or time mounts it afresh, and the codes are applied again.
  const codes = useRef<{ serviceId: number; codes: PriceCheckChange['codes'] }>({ serviceId: 0, codes: [] });
  const onPrice = useCallback(
    (change: PriceCheckChange) => {
      setPrice(change);
      if (serviceId) codes.current = { serviceId, codes: change.codes };
    },
    [serviceId],
  );

  const submit = async (values: NewBookingValues) => {
    setAttempted(true);
    setOutcome(null);
    if (!current || !time) {
      notify('newBookingForm.chooseTime', { type: 'warning' });
      return undefined;
    }
    if (quantity <= 0) {
      notify('newBookingForm.chooseQuantity', { type: 'warning' });
      return undefined;
    }
    if (customerMode === 'existing' && !customer) {
      notify('newBookingForm.chooseCustomer', { type: 'warning' });
      return undefined;
    }
    setSaving(true);
    try {
      let customerId: Id;
      if (customerMode === 'existing') customerId = customer!.Id;
      else {
        const body: CustomerInput = {
          Firstname: values.NewCustomer.Firstname?.trim() ?? '',
          Lastname: values.NewCustomer.Lastname?.trim() ?? '',
          Email: values.NewCustomer.Email?.trim() || null,
          Phone: values.NewCustomer.Phone?.trim() || null,
          SubscribedToNewsletter: !!values.NewCustomer.SubscribedToNewsletter,
          CustomFieldValues: values.NewCustomer.CustomFieldValues ?? [],
        };
        const key = JSON.stringify(body);
        if (createdCustomer.current?.key === key) customerId = createdCustomer.current.id;
        else {
          try {
            const created = await api.call<Customer>('POST', '/customers', { body });
            createdCustomer.current = { key, id: created.Id };
            customerId = created.Id;
          } catch (error) {
            const info = apiErrorInfo(error);
            if (!isLicenseLimit(info.status)) notify(info.message || 'custom.common.unknownError', { type: 'error' });
            return Object.fromEntries(Object.entries(info.fieldErrors).map(([field, message]) => [`NewCustomer.${field}`, message]));
          }
        }
      }
      const quantities = price!.quantities.filter((q) => q.Quantity > 0);
      if (queueing) {
        const body: BookingUserQueueInput = { ServiceId: current.Id, CustomerId: customerId, From: time.From, To: time.To, Quantity: quantity };
        await api.call('POST', '/bookinguserqueue', { body });
        notify('newBookingForm.queued', { type: 'success' });
        setTime(null);
        void queryClient.invalidateQueries({ queryKey: ['newBooking', 'availabletimes'] });
        return undefined;
      }
      const further = repeatDates(time.From, time.To, values.RepeatFrequency, values.RepeatCount);
      const body: CreateRepeatBooking = {
        ServiceId: current.Id,
        CustomerId: customerId,
        From: time.From,
        To: time.To,
        Quantities: quantities,
        Resources: resources.map((r) => ({ ResourceTypeId: r.ResourceTypeId, ResourceId: r.ResourceId ?? 0 })),
        RebateCodeIds: price!.rebateCodeIds,
        BookedComments: values.BookedComments?.trim() || null,
        CommentsToCustomer: values.CommentsToCustomer?.trim() || null,
        CustomFields: values.CustomFields ?? [],
        SendEmailConfirmation: !!values.SendEmailConfirmation,
        SendSmsConfirmation: !!values.SendSmsConfirmation,
        SendEmailReminder: !!values.SendEmailReminder,
        SendSmsReminder: !!values.SendSmsReminder,
        PaymentOption: values.PaymentOption,
        InvoiceAddress: invoiceAddressOf(values),
        AllowBookingOutsideSchedules: mayBookOutside && !!values.AllowBookingOutsideSchedules,
        DatesToRepeat: further.length ? [{ From: time.From, To: time.To }, ...further] : [],
      };
      const answer = await api.call<RepeatBookingResponse>('POST', '/bookings/repeat', { body });
      const created = answer.Created ?? [];
      const refused = answer.Failed ?? [];
      if (created.length && !refused.length) {
        const reserved = created.every((b) => b.StatusId === BOOKING_STATUS.Reserved);
        notify(reserved ? 'newBookingForm.createdReserved' : 'newBookingForm.created', { type: reserved ? 'info' : 'success', messageArgs: { smart_count: created.length } });
        navigate(`/bookings/${created[0].Id}`);
        return undefined;
      }
      setOutcome({ created, failed: refused });
      // Part of a series was made: the time is let go, so that booking again cannot make its dates twice.
      if (created.length) {
        setTime(null);
        setAttempted(false);
      }
      void queryClient.invalidateQueries({ queryKey: ['newBooking', 'availabletimes'] });
      return undefined;
    } catch (error) {
      const info = apiErrorInfo(error);
      if (!isLicenseLimit(info.status)) notify(info.message || 'custom.common.unknownError', { type: 'error' });
      // Taken in the meantime (409) or no longer free (400): show the times as they are now.
      void queryClient.invalidateQueries({ queryKey: ['newBooking', 'availabletimes'] });
      const own = Object.entries(info.fieldErrors).filter(([field]) => /^(CustomFields|BookedComments|CommentsToCustomer|PaymentOption|InvoiceAddress|AllowBookingOutsideSchedules)\b/.test(field));
      return own.length ? Object.fromEntries(own.map(([field, message]) => [field.replace(/\[(\d+)\]/g, '.$1'), message])) : undefined;
    } finally {
      setSaving(false);
    }
  };

  const heading = headingLevel;
  return (
    <Form defaultValues={DEFAULTS} onSubmit={(values: FieldValues) => submit(values as NewBookingValues)} noValidate>
      <SendFlagDefaults settings={settings.data} />
      <PaymentOptionDefault option={paymentDefault.data} />
      <Box sx={{ display: 'grid', gap: 2, maxWidth: 1000, minWidth: 0 }}>
        <Section title="newBookingForm.serviceAndTime" heading={heading}>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' }, gap: 2 }}>
            <ServiceSelect value={serviceId} onChoose={chooseService} attempted={attempted} offered={linked.offered} />
            {durations.length > 1 && current ? (
              <TextField
                select
                label={translate('newBookingForm.duration')}
                value={duration ?? current.Duration}
                onChange={(e) => {
                  setDuration(Number(e.target.value));
                  setTime(null);
                }}
                helperText=" "
              >
                {durations.map((m) => (
                  <MenuItem key={m} value={m}>
                    {durationLabel(m, translate)}
                  </MenuItem>
                ))}
              </TextField>
            ) : null}
            {selectableTypes.map((type) => (
              <TextField
                key={type.Id}
                select
                label={type.Name}
                value={picked[type.Id] ?? 0}
                onChange={(e) => {
                  setPicked((p) => ({ ...p, [type.Id]: Number(e.target.value) }));
                  setTime(null);
                }}
                helperText=" "
              >
                <MenuItem value={0}>{translate('newBookingForm.anyResource')}</MenuItem>
                {type.Resources.map((r) => (
                  <MenuItem key={r.Id} value={r.Id}>
                    {r.Name}
                  </MenuItem>
                ))}
              </TextField>
            ))}
          </Box>
          {service.isFetching && !current ? <CircularProgress size={24} aria-label={translate('ra.page.loading')} /> : null}
          {current ? (
            <TimeSlots
              serviceId={current.Id}
              duration={current.DurationTypeId !== 1 ? (duration ?? current.Duration) : undefined}
              resources={resources}
              queueEnabled={queueEnabled}
              day={calendar.day}
              view={calendar.view}
              today={today}
              onNavigate={(day, view) => setCalendar({ day, view })}
              selected={time}
              onSelect={(t) => {
                setTime(t);
                // What a series made stays listed (with its links) until the next booking.
                setOutcome((o) => (o?.created.length ? o : null));
              }}
            />
          ) : null}
          {mayBookOutside && current ? (
            <BooleanInput source="AllowBookingOutsideSchedules" label="newBookingForm.allowOutsideSchedules" helperText="newBookingForm.allowOutsideSchedulesHelp" />
          ) : null}
          {attempted && current && !time ? (
            <Typography role="alert" color="error" variant="body2">
              {translate('newBookingForm.chooseTime')}
            </Typography>
          ) : null}
        </Section>

        {current && time ? (
          <Section title="newBookingForm.priceAndQuantity" heading={heading}>
            <Typography variant="body2" data-testid="chosen-time">
              {translate(queueing ? 'newBookingForm.chosenTimeQueue' : 'newBookingForm.chosenTime', { time: formatRange(time.From, time.To, locale) })}
            </Typography>
            <PriceCheck
              key={current.Id}
              serviceId={current.Id}
              interval={{ From: time.From, To: time.To }}
              customerEmail={email || undefined}
              maxQuantity={maxQuantity}
              onChange={onPrice}
              initialCodes={codes.current.serviceId === current.Id ? codes.current.codes : []}
            />
            {attempted && quantity <= 0 ? (
              <Typography role="alert" color="error" variant="body2">
                {translate('newBookingForm.chooseQuantity')}
              </Typography>
            ) : null}
          </Section>
        ) : null}

        <Section title="newBookingForm.customer" heading={heading}>
          <CustomerSection
            mode={customerMode}
            onModeChange={setCustomerMode}
            customer={customer}
            onCustomerChange={setCustomer}
            missing={attempted}
            onEmailChange={setEmail}
          />
        </Section>

        {bookingFields.length ? (
          <Section title="newBookingForm.bookingFields" heading={heading}>
            <CustomFieldInputs fields={bookingFields} source="CustomFields" />
          </Section>
        ) : null}

        <Section title="newBookingForm.details" heading={heading}>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
            <TextInput source="BookedComments" label="newBookingForm.bookedComments" multiline minRows={2} validate={maxLength(4000)} fullWidth />
            <TextInput source="CommentsToCustomer" label="newBookingForm.commentsToCustomer" multiline minRows={2} validate={maxLength(4000)} fullWidth />
          </Box>
          <Box role="group" aria-label={translate('newBookingForm.sendFlags')} sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
            {SEND_FLAGS.map((flag) => (
              <BooleanInput key={flag} source={flag} label={`newBookingForm.${flag}`} helperText={false} />
            ))}
          </Box>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
            <SelectInput
              source="PaymentOption"
              label="newBookingForm.paymentOption"
              choices={PAYMENT_OPTIONS.map((id) => ({ id, name: `newBookingForm.paymentOptions.${id}` }))}
              validate={(v: unknown) => (v ? undefined : 'ra.validation.required')}
              fullWidth
              helperText={false}
            />
          </Box>
          <InvoiceAddressInputs />
          <RepeatInputs time={time} />
        </Section>

        {outcome ? <Outcome created={outcome.created} failed={outcome.failed} /> : null}

        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, justifyContent: 'flex-end' }}>
          {time && price?.result ? <ToPay amount={formatAmount(price.result.TotalPrice, price.result.PriceSign, locale)} /> : null}
          <Button type="submit" variant="contained" size="large" startIcon={saving ? <CircularProgress size={18} color="inherit" /> : <EventAvailableIcon />} disabled={saving}>
            {translate(queueing ? 'newBookingForm.addToQueue' : 'newBookingForm.book')}
          </Button>
        </Stack>
      </Box>
    </Form>
  );
}
