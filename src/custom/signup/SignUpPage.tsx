import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Link, MenuItem, Stack, TextField, Typography } from '@mui/material';
import MailOutlineIcon from '@mui/icons-material/EmailOutlined';
import { useLocaleState, useTranslate } from 'react-admin';
import type { SignUp, SignUpResponse } from '../../../schema/signup';
import { isValidOrganisationNumber } from '../../../domain/identityNumbers';
import { PublicFrame } from './PublicFrame';
import { PublicCallError, postPublic } from './publicApi';
import { mailboxHref } from './mailbox';

type Field = keyof SignUp;
const COUNTRIES: readonly SignUp['CountryId'][] = ['SE', 'NO', 'DK', 'FI'];
/** The country a sign-up starts with: the one of the page's language (Sweden for English). */
const COUNTRY_OF_LOCALE: Record<string, SignUp['CountryId']> = { sv: 'SE', no: 'NO', fi: 'FI' };
/** The sign-in's rule (server/identity/passwords.ts); the server also refuses common passwords. */
const MIN_PASSWORD = 8;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The form's own checks, the server's rules in short: a message key per bad field. */
function check(form: SignUp): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (!form.CompanyName.trim()) errors.CompanyName = 'signup.form.required';
  if (!form.OrganisationNumber.trim()) errors.OrganisationNumber = 'signup.form.required';
  else if (!isValidOrganisationNumber(form.CountryId, form.OrganisationNumber.trim())) errors.OrganisationNumber = 'custom.company.validation.organisationNumber';
  if (!EMAIL.test(form.Email.trim())) errors.Email = 'signup.form.emailInvalid';
  if (form.Password.length < MIN_PASSWORD) errors.Password = 'signup.form.passwordTooShort';
  return errors;
}

/**
 * /signup: a new company registers (company name, organisation number checked for its country,
 * country, the administrator's e-mail and password). The answer is the same for every address, so
 * the page only says where the link went; without a mail server it opens the sign-up's own mail
 * on this server instead (/signup/mail, with the key of the answer).
 */
export default function SignUpPage() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [form, setForm] = useState<SignUp>(() => ({ CompanyName: '', OrganisationNumber: '', CountryId: COUNTRY_OF_LOCALE[locale] ?? 'SE', Email: '', Password: '' }));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [sent, setSent] = useState<SignUpResponse | null>(null);

  const set = (field: Field) => (event: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [field]: event.target.value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found = check(form);
    setErrors(found);
    if (Object.keys(found).length) return;
    setSaving(true);
    try {
      setSent(await postPublic<SignUpResponse>('/signup', { ...form, Email: form.Email.trim() }, locale));
    } catch (error) {
      const named = error instanceof PublicCallError && error.status === 400 ? Object.keys(error.fieldErrors).filter((f) => f in form) : [];
      if (error instanceof PublicCallError && named.length) setErrors(error.fieldErrors as Partial<Record<Field, string>>);
      else setFailure(error instanceof Error && error.message ? error.message : translate('errors.somethingWentWrong'));
    } finally {
      setSaving(false);
    }
  };

  if (sent?.MailboxToken) {
    // No mail server (SMTP_URL unset): the mail stays in the sandbox, and only this key opens it.
    return (
      <PublicFrame title={translate('signup.sent.title')}>
        <Alert severity="info" role="status">
          {translate('signup.sent.sandbox', { email: sent.Email, hours: sent.LinkValidHours })}
        </Alert>
        <Button variant="contained" size="large" fullWidth sx={{ mt: 3 }} startIcon={<MailOutlineIcon />} href={mailboxHref(sent.MailboxToken, locale)}>
          {translate('signup.sent.openMail')}
        </Button>
      </PublicFrame>
    );
  }
  if (sent) {
    return (
      <PublicFrame title={translate('signup.sent.title')}>
        <Alert severity="success" role="status">
          {translate('signup.sent.message', { email: sent.Email, hours: sent.LinkValidHours })}
        </Alert>
        <Typography variant="body2" sx={{ mt: 2, color: 'text.secondary' }}>
          {translate('signup.sent.hint')}
        </Typography>
      </PublicFrame>
    );
  }

  const text = (field: Field, props: { label: string; type?: string; autoComplete?: string; helper?: string }) => (
    <TextField
      id={`signup-${field}`}
      name={field}
      label={translate(props.label)}
      type={props.type ?? 'text'}
      autoComplete={props.autoComplete}
      value={form[field]}
      onChange={set(field)}
      error={!!errors[field]}
      helperText={errors[field] ? translate(errors[field]!, { _: errors[field] }) : props.helper ? translate(props.helper) : undefined}
      required
      fullWidth
    />
  );

  return (
    <PublicFrame title={translate('signup.form.title')}>
      <Typography variant="body2" sx={{ mb: 2, color: 'text.secondary' }}>
        {translate('signup.form.intro')}
      </Typography>
      {failure && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {failure}
        </Alert>
      )}
      <Box component="form" noValidate onSubmit={(e) => void submit(e)}>
        <Stack spacing={2}>
          {text('CompanyName', { label: 'custom.company.fields.Name', autoComplete: 'organization' })}
          <TextField
            id="signup-CountryId"
            select
            label={translate('custom.company.fields.CountryId')}
            value={form.CountryId}
            onChange={set('CountryId')}
            fullWidth
            required
          >
            {COUNTRIES.map((id) => (
              <MenuItem key={id} value={id}>
                {translate(`custom.common.countries.${id}`)}
              </MenuItem>
            ))}
          </TextField>
          {text('OrganisationNumber', { label: 'custom.company.fields.OrganisationNumber', helper: `signup.form.organisationNumberHint.${form.CountryId}` })}
          {text('Email', { label: 'signup.form.email', type: 'email', autoComplete: 'email' })}
          {text('Password', { label: 'signup.form.password', type: 'password', autoComplete: 'new-password', helper: 'signup.form.passwordHint' })}
          <Button type="submit" variant="contained" size="large" disabled={saving}>
            {translate('signup.form.submit')}
          </Button>
        </Stack>
      </Box>
      <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
        {translate('signup.form.haveAccount')} <Link href="/">{translate('signup.form.signIn')}</Link>
      </Typography>
    </PublicFrame>
  );
}
