import { useEffect, useState } from 'react';
import { Autocomplete, TextField } from '@mui/material';
import { FieldTitle, InputHelperText, SelectInput, useInput, useResourceContext, type Validator } from 'react-admin';
import type { ServiceGroup } from '../../../schema/services';
import { useApi } from '../../common/api';

type GroupsAnswer = ServiceGroup[] | { Results: ServiceGroup[] };

/**
 * The names of the company's service groups (GET /services/groups).
 * @example const groups = useServiceGroups(); // ['Padel', 'Yoga']
 */
export function useServiceGroups(): string[] {
  const api = useApi();
  const [groups, setGroups] = useState<string[]>([]);
  useEffect(() => {
    let live = true;
    api
      .call<GroupsAnswer>('GET', '/services/groups')
      .then((answer) => {
        const list = Array.isArray(answer) ? answer : answer.Results;
        if (live) setGroups(list.map((g) => g.Name).filter(Boolean));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [api]);
  return groups;
}

/**
 * A group chosen from the existing ones or typed as a new one.
 * @example <GroupInput source="Group" />
 */
export function GroupInput({ source, validate }: { source: string; validate?: Validator[] }) {
  const groups = useServiceGroups();
  const resource = useResourceContext();
  const { field, fieldState, id } = useInput({ source, validate });
  const value = typeof field.value === 'string' ? field.value : '';
  const error = fieldState.error?.message;
  return (
    <Autocomplete
      freeSolo
      options={groups}
      value={value}
      onChange={(_, v) => field.onChange(v || null)}
      onInputChange={(_, v, reason) => reason === 'input' && field.onChange(v || null)}
      sx={{ maxWidth: 400, mb: 2 }}
      renderInput={(params) => (
        <TextField
          {...params}
          id={id}
          size="small"
          label={<FieldTitle source={source} resource={resource} />}
          error={!!error}
          helperText={<InputHelperText error={error} helperText="resources.services.groupHint" />}
        />
      )}
    />
  );
}

/** The list filter on group, offering the existing groups. */
export function GroupFilter({ source }: { source: string; alwaysOn?: boolean }) {
  const groups = useServiceGroups();
  return <SelectInput source={source} choices={groups.map((g) => ({ id: g, name: g }))} translateChoice={false} />;
}
