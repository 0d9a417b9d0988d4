import { useEffect, useState } from 'react';
import { CheckboxGroupInput, type Validator } from 'react-admin';
import type { AdministratorRole } from '../../../schema/company';
import { useApi } from '../../common/api';

type RolesAnswer = AdministratorRole[] | { Results: AdministratorRole[] };

/** The administrator's roles, offered from GET /administrators/roles. */
export function RolesInput({ source, validate }: { source: string; validate: Validator[] }) {
  const api = useApi();
  const [roles, setRoles] = useState<AdministratorRole[]>([]);
  useEffect(() => {
    api
      .call<RolesAnswer>('GET', '/administrators/roles')
      .then((a) => setRoles(Array.isArray(a) ? a : a.Results))
      .catch(() => undefined);
  }, [api]);
  return <CheckboxGroupInput source={source} validate={validate} choices={roles.map((r) => ({ id: r.Id, name: r.Name }))} translateChoice={false} />;
}
