import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Grid,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useNavigate, Link as RouterLink } from 'react-router-dom';
import { Confirm, useTranslate } from 'react-admin';
import type { AvailableTime } from '../../../schema/availability';
import { apiErrorInfo, useApi } from '../../common/api';
import { Picker } from '../../common/inputs/DateTimeInputs';
import { PageHeading } from '../../common/PageHeading';
import { checkFirstService, createFirstService, FIRST_SERVICE_DEFAULTS, upcomingFreeTimes, type FirstServiceValues } from './firstService';
import { FreeTimes } from './FreeTimes';
import { useRefreshSetupProgress } from './progress';

type Field = keyof FirstServiceValues;
const VAT_RATES = [0, 6, 12, 25] as const;
const INTERVALS = [15, 30, 45, 60, 90, 120];

function Section({ title, children }: { title: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h3" sx={{ mb: 2 }}>
          {translate(title)}
        </Typography>
        <Stack spacing={2}>{children}</Stack>
      </CardContent>
    </Card>
  );
}

/** Asks the browser to confirm leaving while the form holds unsaved changes. */
function useLeaveWarning(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);
}

/**
 * /setup-account/create-service: the first-service wizard. One form makes a bookable service: the
 * service (name, description, duration), its price, who or what is booked (a resource) and when
 * (a weekly schedule); then it shows the free times customers can book. Cancel returns to
 * /setup-account; leaving with unsaved changes asks first.
 */
export default function CreateServicePage() {
  const translate = useTranslate();
  const api = useApi();
  const navigate = useNavigate();
  const refreshProgress = useRefreshSetupProgress();
  const [values, setValues] = useState<FirstServiceValues>(FIRST_SERVICE_DEFAULTS);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [created, setCreated] = useState<{ serviceId: number; times: AvailableTime[] } | null>(null);
  const dirty = !created && JSON.stringify(values) !== JSON.stringify(FIRST_SERVICE_DEFAULTS);
  useLeaveWarning(dirty);

  const set = <K extends Field>(field: K, value: FirstServiceValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const message = (field: Field) => (errors[field] ? translate(errors[field]!, { _: errors[field] }) : undefined);
  const text = (field: Field, label: string, props: { type?: string; multiline?: boolean; helper?: string } = {}) => (
    <TextField
      id={`wizard-${field}`}
      label={translate(label)}
      type={props.type ?? 'text'}
      multiline={props.multiline}
      minRows={props.multiline ? 3 : undefined}
      value={values[field]}
      onChange={(e) => set(field, (props.type === 'number' ? Number(e.target.value) : e.target.value) as never)}
      error={!!errors[field]}
      helperText={message(field) ?? (props.helper ? translate(props.helper) : undefined)}
      required
      fullWidth
    />
  );
  /** A drop-down of the wizard: each option's value (what is stored) and its text. */
  const choice = <K extends 'DurationUnit' | 'VAT'>(field: K, label: string, options: readonly (readonly [FirstServiceValues[K], string])[]) => (
    <TextField id={`wizard-${field}`} select label={translate(label)} value={values[field]} onChange={(e) => set(field, options.find(([value]) => String(value) === String(e.target.value))![0])} fullWidth>
      {options.map(([value, optionText]) => (
        <MenuItem key={value} value={value}>
          {optionText}
        </MenuItem>
      ))}
    </TextField>
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found = checkFirstService(values);
    setErrors(found);
    if (Object.keys(found).length) return;
    setSaving(true);
    try {
      const serviceId = await createFirstService(api, values);
      // "Get started" in the sidebar and on the dashboard follows: the company has a bookable service now.
      refreshProgress();
      setCreated({ serviceId, times: await upcomingFreeTimes(api, serviceId) });
    } catch (error) {
      setFailure(apiErrorInfo(error).message || translate('errors.somethingWentWrong'));
    } finally {
      setSaving(false);
    }
  };

  if (created) {
    return (
      <>
        <PageHeading title="setupAccount.wizard.title" />
        <Alert severity="success" sx={{ mb: 2 }} role="status">
          {translate('setupAccount.wizard.created', { name: values.Name.trim() })}
        </Alert>
        <Section title="setupAccount.wizard.freeTimes">
          <FreeTimes times={created.times} />
        </Section>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2 }}>
          <Button component={RouterLink} to="/setup-account" variant="contained">
            {translate('setupAccount.wizard.backToSetup')}
          </Button>
          <Button component={RouterLink} to={`/services/${created.serviceId}`}>
            {translate('setupAccount.wizard.openService')}
          </Button>
        </Stack>
      </>
    );
  }

  return (
    <>
      <PageHeading title="setupAccount.wizard.title" subtitle={translate('setupAccount.wizard.intro')} />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 8 }}>
          <Box component="form" noValidate onSubmit={(e) => void submit(e)}>
            <Stack spacing={2}>
              {failure && <Alert severity="error">{failure}</Alert>}
              <Section title="setupAccount.wizard.serviceSection">
                {text('Name', 'setupAccount.wizard.fields.Name')}
                {text('Description', 'setupAccount.wizard.fields.Description', { multiline: true })}
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                  {text('Duration', 'setupAccount.wizard.fields.Duration', { type: 'number' })}
                  {choice('DurationUnit', 'setupAccount.wizard.fields.DurationUnit', [
                    ['minutes', translate('setupAccount.wizard.units.minutes')],
                    ['hours', translate('setupAccount.wizard.units.hours')],
                  ])}
                </Stack>
              </Section>
              <Section title="setupAccount.wizard.priceSection">
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                  {text('Price', 'setupAccount.wizard.fields.Price', { type: 'number' })}
                  {choice('VAT', 'setupAccount.wizard.fields.VAT', VAT_RATES.map((rate) => [rate, `${rate} %`] as const))}
                </Stack>
              </Section>
              <Section title="setupAccount.wizard.resourceSection">
                {text('ResourceName', 'setupAccount.wizard.fields.ResourceName', { helper: 'setupAccount.wizard.resourceHint' })}
              </Section>
              <Section title="setupAccount.wizard.scheduleSection">
                <FormControl error={!!errors.DaysOfWeek} component="fieldset">
                  <FormLabel component="legend">{translate('setupAccount.wizard.fields.DaysOfWeek')}</FormLabel>
                  <FormGroup row>
                    {[1, 2, 3, 4, 5, 6, 7].map((day) => (
                      <FormControlLabel
                        key={day}
                        label={translate(`setupAccount.wizard.days.${day}`)}
                        control={
                          <Checkbox
                            checked={values.DaysOfWeek.includes(day)}
                            onChange={(e) => set('DaysOfWeek', e.target.checked ? [...values.DaysOfWeek, day] : values.DaysOfWeek.filter((d) => d !== day))}
                          />
                        }
                      />
                    ))}
                  </FormGroup>
                  {errors.DaysOfWeek && <FormHelperText>{message('DaysOfWeek')}</FormHelperText>}
                </FormControl>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                  {(['StartTime', 'EndTime'] as const).map((field) => (
                    <Picker
                      key={field}
                      kind="time"
                      id={`wizard-${field}`}
                      label={translate(`setupAccount.wizard.fields.${field}`)}
                      value={values[field]}
                      onChange={(value) => set(field, value ?? '')}
                      error={!!errors[field]}
                      helperText={message(field)}
                      variant="filled"
                      required
                      fullWidth
                    />
                  ))}
                  <TextField
                    id="wizard-TimeInterval"
                    select
                    label={translate('setupAccount.wizard.fields.TimeInterval')}
                    value={values.TimeInterval}
                    onChange={(e) => set('TimeInterval', Number(e.target.value))}
                    fullWidth
                  >
                    {INTERVALS.map((minutes) => (
                      <MenuItem key={minutes} value={minutes}>
                        {translate('setupAccount.wizard.everyMinutes', { minutes })}
                      </MenuItem>
                    ))}
                  </TextField>
                </Stack>
              </Section>
              <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                <Button onClick={() => (dirty ? setLeaving(true) : navigate('/setup-account'))} disabled={saving}>
                  {translate('ra.action.cancel')}
                </Button>
                <Button type="submit" variant="contained" disabled={saving}>
                  {translate('setupAccount.wizard.save')}
                </Button>
              </Stack>
            </Stack>
          </Box>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Card variant="outlined" component="aside" sx={{ bgcolor: 'grey.50' }}>
            <CardContent>
              <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
                {translate('setupAccount.wizard.tipsTitle')}
              </Typography>
              <Stack component="ul" spacing={1} sx={{ pl: 2, m: 0 }}>
                {[1, 2, 3, 4].map((n) => (
                  <Typography component="li" variant="body2" key={n}>
                    {translate(`setupAccount.wizard.tips.${n}`)}
                  </Typography>
                ))}
              </Stack>
            </CardContent>
          </Card>
        </Grid>
      </Grid>
      <Confirm
        isOpen={leaving}
        title="setupAccount.wizard.leaveTitle"
        content="setupAccount.wizard.leaveBody"
        cancel="setupAccount.wizard.stay"
        confirm="setupAccount.wizard.leave"
        confirmColor="warning"
        onConfirm={() => navigate('/setup-account')}
        onClose={() => setLeaving(false)}
      />
    </>
  );
}
