import { useMemo } from 'react';
import { Box, Typography } from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import type { CustomField, CustomFieldTable } from '../../../schema/customfields';
import { CustomFieldInputs } from '../../common/inputs/CustomFieldInputs';
import type { WireRecord } from '../types';

export interface CustomFieldValuesInputProps {
  /** Which fields: Event (services), RegisteredUsers (customers), BookedEvent (bookings). */
  table: CustomFieldTable;
  source?: string;
  /** Section heading (message key). */
  title?: string;
}

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
  if (!fields.length) return null;
  return (
    <Box sx={{ width: '100%' }}>
      {title ? (
        <Typography variant="h6" component="h2" sx={{ mt: 2, mb: 1 }}>
          {translate(title)}
        </Typography>
      ) : null}
      <CustomFieldInputs fields={fields} source={source} layout="flow" />
    </Box>
  );
}
