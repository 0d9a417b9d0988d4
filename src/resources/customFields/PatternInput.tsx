import { useEffect, useState } from 'react';
import { MenuItem, TextField } from '@mui/material';
import { TextInput, useTranslate, type Validator } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import type { CustomFieldValidation } from '../../../schema/customfields';
import { useApi } from '../../common/api';

type ValidationsAnswer = CustomFieldValidation[] | { Results: CustomFieldValidation[] };

/**
 * The pattern a value must match: picked from GET /customfields/validations (which also fills in its error
 * message) or typed freely.
 * @example <PatternInput source="RegExId" validate={[]} />
 */
export function PatternInput({ source, validate }: { source: string; validate: Validator[] }) {
  const api = useApi();
  const translate = useTranslate();
  const { setValue, getValues } = useFormContext();
  const pattern = useWatch({ name: source }) as string | null | undefined;
  const [validations, setValidations] = useState<CustomFieldValidation[]>([]);
  useEffect(() => {
    api
      .call<ValidationsAnswer>('GET', '/customfields/validations')
      .then((a) => setValidations(Array.isArray(a) ? a : a.Results))
      .catch(() => undefined);
  }, [api]);
  const picked = validations.find((v) => v.RegEx === pattern);
  return (
    <>
      <TextField
        select
        size="small"
        label={translate('resources.custom-fields.pickValidation')}
        value={picked ? String(picked.Id) : ''}
        onChange={(e) => {
          const v = validations.find((x) => String(x.Id) === e.target.value);
          setValue(source, v ? v.RegEx : null, { shouldDirty: true });
          if (v && !getValues('RegExErrorMessage')) setValue('RegExErrorMessage', v.ErrorMessage, { shouldDirty: true });
        }}
        sx={{ minWidth: 260, mb: 2, display: 'flex', maxWidth: 400 }}
      >
        <MenuItem value="">{translate('resources.custom-fields.ownPattern')}</MenuItem>
        {validations.map((v) => (
          <MenuItem key={v.Id} value={String(v.Id)}>
            {v.Name}
          </MenuItem>
        ))}
      </TextField>
      <TextInput source={source} validate={validate} parse={(v: string) => v || null} />
    </>
  );
}
