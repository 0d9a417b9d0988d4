import { useEffect } from 'react';
import { Box } from '@mui/material';
import { SelectInput, TextInput } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import type { CustomField, CustomFieldValueInput } from '../../../schema/customfields';
import { customFieldValidators } from '../../common/customFieldRules';

/** Entries aligned with `fields`, keeping what `current` holds for a field and the default otherwise. */
export function alignValues(fields: readonly CustomField[], current: readonly CustomFieldValueInput[] | undefined): CustomFieldValueInput[] {
  return fields.map((f) => ({ Id: f.Id, Value: current?.find((v) => v.Id === f.Id)?.Value ?? f.DefaultValue ?? '' }));
}

/**
 * Custom fields as inputs of the surrounding react-admin form, each checked by the field's own rules
 * (mandatory, pattern, length: the engine's rules); values are kept at `source` as [{ Id, Value }].
 * @example <CustomFieldInputs fields={service.BookingCustomFields ?? []} source="CustomFields" />
 */
export function CustomFieldInputs({ fields, source }: { fields: readonly CustomField[]; source: string }) {
  const { getValues, setValue } = useFormContext();
  useEffect(() => {
    const current = getValues(source) as CustomFieldValueInput[] | undefined;
    const aligned = alignValues(fields, current);
    const same = !!current && aligned.length === current.length && aligned.every((a, i) => a.Id === current[i].Id && a.Value === current[i].Value);
    if (!same) setValue(source, aligned, { shouldDirty: false });
  }, [fields, getValues, setValue, source]);

  if (!fields.length) return null;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(12, minmax(0, 1fr))' }, columnGap: 2 }}>
      {fields.map((f, i) => {
        const common = {
          source: `${source}.${i}.Value`,
          label: f.Name,
          helperText: f.Description || false,
          validate: customFieldValidators(f),
          fullWidth: true,
          sx: { gridColumn: { sm: `span ${Math.min(12, Math.max(4, f.Width || 12))}` } },
        };
        if (f.DataType === 'DropDown') {
          const choices = [...f.Values].sort((a, b) => a.SortOrder - b.SortOrder).map((v) => ({ id: v.Value, name: v.Value }));
          return <SelectInput {...common} key={f.Id} choices={choices} translateChoice={false} />;
        }
        return <TextInput {...common} key={f.Id} multiline={f.MultipleLineText} minRows={f.MultipleLineText ? 3 : undefined} />;
      })}
    </Box>
  );
}
