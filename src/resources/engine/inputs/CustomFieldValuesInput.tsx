import { useEffect, useMemo } from 'react';
import { Box, Typography } from '@mui/material';
import { SelectInput, TextInput, useGetList, useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import type { CustomField, CustomFieldTable, CustomFieldValue } from '../../../../schema/customfields';
import { customFieldValidators } from '../../../common/customFieldRules';
import type { WireRecord } from '../types';

export interface CustomFieldValuesInputProps {
  /** Which fields: Event (services), RegisteredUsers (customers), BookedEvent (bookings). */
  table: CustomFieldTable;
  source?: string;
  /** Section heading (message key). */
  title?: string;
}

type Entry = { Id: number; Value: string };

/**
 * The active custom fields of a table as inputs, each validated by the field's own rules; the values are kept
 * in `CustomFieldValues` as [{ Id, Value }] aligned with the fields.
 * @example <CustomFieldValuesInput table="RegisteredUsers" />
 */
export function CustomFieldValuesInput({ table, source = 'CustomFieldValues', title }: CustomFieldValuesInputProps) {
  const translate = useTranslate();
  const { data } = useGetList<WireRecord<CustomField>>('custom-fields', {
    filter: { Table: table, Active: true },
    pagination: { page: 1, perPage: 200 },
    sort: { field: 'SortOrder', order: 'ASC' },
  });
  const fields = useMemo(() => data ?? [], [data]);
  const { getValues, setValue } = useFormContext();

  useEffect(() => {
    if (!fields.length) return;
    const current = (getValues(source) as (CustomFieldValue | Entry)[] | undefined) ?? [];
    const aligned: Entry[] = fields.map((f) => ({
      Id: f.Id,
      Value: current.find((v) => v.Id === f.Id)?.Value ?? f.DefaultValue ?? '',
    }));
    const same = aligned.length === current.length && aligned.every((a, i) => a.Id === current[i].Id && a.Value === current[i].Value);
    if (!same) setValue(source, aligned, { shouldDirty: false });
  }, [fields, getValues, setValue, source]);

  if (!fields.length) return null;
  return (
    <Box sx={{ width: '100%' }}>
      {title ? (
        <Typography variant="h6" component="h2" sx={{ mt: 2, mb: 1 }}>
          {translate(title)}
        </Typography>
      ) : null}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
        {fields.map((f, i) => {
          const common = {
            source: `${source}.${i}.Value`,
            label: f.Name,
            helperText: f.Description || false,
            validate: customFieldValidators(f),
            sx: { width: `calc(${Math.round(((f.Width || 12) / 12) * 100)}% - 16px)`, minWidth: 220 },
          };
          if (f.DataType === 'DropDown') {
            const choices = [...f.Values].sort((a, b) => a.SortOrder - b.SortOrder).map((v) => ({ id: v.Value, name: v.Value }));
            return <SelectInput {...common} key={f.Id} choices={choices} translateChoice={false} />;
          }
          return <TextInput {...common} key={f.Id} multiline={f.MultipleLineText} minRows={f.MultipleLineText ? 3 : undefined} />;
        })}
      </Box>
    </Box>
  );
}
