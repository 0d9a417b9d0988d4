import { Box } from '@mui/material';
import { CreateButton, DataTable, ExportButton, ListBase, ListToolbar, Pagination, ResourceContextProvider, TopToolbar, type RaRecord } from 'react-admin';
import type { Administrator } from '../../../schema/company';
import type { WireRecord } from '../../engine/types';
import { createLink } from '../../engine/returnTo';
import { usePhoneDisplay } from '../../common/usePhoneDisplay';

const Col = DataTable.Col<WireRecord<Administrator>>;

/**
 * The company's administrators as a list (shown in /company#administrators); rows open /administrators/{id}.
 * @example <AdministratorList />
 */
export function AdministratorList() {
  const phone = usePhoneDisplay();
  return (
    <ResourceContextProvider value="administrators">
      <ListBase<RaRecord> sort={{ field: 'Lastname', order: 'ASC' }} perPage={25} disableSyncWithLocation>
        <ListToolbar
          actions={
            <TopToolbar>
              <CreateButton to={createLink('/administrators/new', '/company#administrators')} />
              <ExportButton />
            </TopToolbar>
          }
        />
        <Box>
          <DataTable rowClick="edit" bulkActionButtons={false}>
            <Col source="Firstname" />
            <Col source="Lastname" />
            <Col source="Email" />
            <Col source="Phone" render={(a) => phone(a.Phone)} />
            <Col source="Roles" disableSort render={(a) => (a.Roles ?? []).map((r) => r.Name).join(', ')} />
          </DataTable>
          <Pagination />
        </Box>
      </ListBase>
    </ResourceContextProvider>
  );
}
