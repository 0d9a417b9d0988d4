import { useCallback, useState } from 'react';
import { Card, CardContent, Typography } from '@mui/material';
import { Form, minLength, PasswordInput, required, SaveButton, useTranslate, type Validator } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { useApi } from '../../common/api';
import { FormActions, NarrowPage, PageHeading } from '../../common/PageHeading';
import { useSubmit } from '../useSubmit';

interface ChangePasswordValues {
  CurrentPassword: string;
  NewPassword: string;
  RepeatPassword: string;
}

export const PASSWORD_MIN_LENGTH = 8;

const sameAsNew: Validator = (value, values: Partial<ChangePasswordValues>) =>
  value && value !== values.NewPassword ? 'custom.changePassword.mismatch' : undefined;

const validateCurrent = required();
const validateNew = [required(), minLength(PASSWORD_MIN_LENGTH)];
const validateRepeat = [required(), sameAsNew];
const emptyValues: ChangePasswordValues = { CurrentPassword: '', NewPassword: '', RepeatPassword: '' };

/** /change-password: the signed-in administrator changes their password (PUT /users/password). */
export default function ChangePasswordPage() {
  const translate = useTranslate();
  const api = useApi();
  const [generation, setGeneration] = useState(0);
  const save = useCallback(
    (values: ChangePasswordValues) =>
      api.call<unknown>('PUT', '/users/password', { body: { CurrentPassword: values.CurrentPassword, NewPassword: values.NewPassword } }),
    [api],
  );
  const submit = useSubmit(save, 'custom.changePassword.success', () => setGeneration((n) => n + 1));
  return (
    <NarrowPage>
      <PageHeading title="custom.changePassword.title" />
      <Card>
        <CardContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {translate('custom.changePassword.intro', { min: PASSWORD_MIN_LENGTH })}
          </Typography>
          <Form key={generation} defaultValues={emptyValues} onSubmit={(values: FieldValues) => submit(values as ChangePasswordValues)} noValidate>
            <PasswordInput source="CurrentPassword" label="custom.changePassword.fields.CurrentPassword" autoComplete="current-password" validate={validateCurrent} />
            <PasswordInput source="NewPassword" label="custom.changePassword.fields.NewPassword" autoComplete="new-password" validate={validateNew} />
            <PasswordInput source="RepeatPassword" label="custom.changePassword.fields.RepeatPassword" autoComplete="new-password" validate={validateRepeat} />
            <FormActions>
              <SaveButton label="custom.changePassword.submit" />
            </FormActions>
          </Form>
        </CardContent>
      </Card>
    </NarrowPage>
  );
}

ChangePasswordPage.path = '/change-password';
