import { useEffect } from 'react';
import { Box } from '@mui/material';
import { SelectInput, TextInput } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import type { CustomField, CustomFieldValueInput } from '../../../schema/customfields';
import { customFieldValidators } from '../customFieldRules';

/** Entries aligned with `fields`, keeping what `current` holds for a field and the default otherwise. */
export function alignValues(fields: readonly CustomField[], current: readonly CustomFieldValueInput[] | undefined): CustomFieldValueInput[] {
  return fields.map((f) => ({ Id: f.Id, Value: current?.find((v) => v.Id === f.Id)?.Value ?? f.DefaultValue ?? '' }));
}

/** How the inputs sit: a 12-column grid (each field spans its Width, at least 4) or a flow of widths. */
const LAYOUTS = {
  grid: {
    box: { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(12, minmax(0, 1fr))' }, columnGap: 2 },
    field: (f: CustomField) => ({ fullWidth: true, sx: { gridColumn: { sm: `span ${Math.min(12, Math.max(4, f.Width || 12))}` } } }),
  },
  flow: {
    box: { display: 'flex', flexWrap: 'wrap', columnGap: 2 },
    field: (f: CustomField) => ({ sx: { width: `calc(${Math.round(((f.Width || 12) / 12) * 100)}% - 16px)`, minWidth: 220 } }),
  },
} as const;

/**
 * Custom fields as inputs of the surrounding react-admin form, each checked by the field's own rules
 * (mandatory, pattern, length); values are kept at `source` as [{ Id, Value }] aligned with `fields`.
 * Used by the new-booking form and the engine's custom field values (customers, services).
 * @example <CustomFieldInputs fields={service.BookingCustomFields ?? []} source="CustomFields" />
 */
export function CustomFieldInputs({ fields, source, layout = 'grid' }: { fields: readonly CustomField[]; source: string; layout?: keyof typeof LAYOUTS }) {
  const { getValues, setValue } = useFormContext();
  useEffect(() => {
    const current = getValues(source) as CustomFieldValueInput[] | undefined;
    const aligned = alignValues(fields, current);
    const same = !!current && aligned.length === current.length && aligned.every((a, i) => a.Id === current[i].Id && a.Value === current[i].Value);
    if (!same) setValue(source, aligned, { shouldDirty: false });
  }, [fields, getValues, setValue, source]);

  if (!fields.length) return null;
  const { box, field } = LAYOUTS[layout];
  return (
    <Box sx={box}>
      {fields.map((f, i) => {
        const common = { source: `${source}.${i}.Value`, label: f.Name, helperText: f.Description || false, validate: customFieldValidators(f), ...field(f) };
        if (f.DataType === 'DropDown') {
          const choices = [...f.Values].sort((a, b) => a.SortOrder - b.SortOrder).map((v) => ({ id: v.Value, name: v.Value }));
          return <SelectInput {...common} key={f.Id} choices={choices} translateChoice={false} />;
        }
        return <TextInput {...common} key={f.Id} multiline={f.MultipleLineText} minRows={f.MultipleLineText ? 3 : undefined} />;
      })}
    </Box>
  );
}
