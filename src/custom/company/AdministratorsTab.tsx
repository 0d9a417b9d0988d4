import { Box, Chip, Stack } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { BooleanField, Button, DataTable, FunctionField, Link, ListBase, Pagination } from 'react-admin';
import type { Administrator } from '../../../schema/company';

const Column = DataTable.Col<Administrator>;

/** The company page's administrators tab: the administrators list and a create button. */
export function AdministratorsTab() {
  return (
    <ListBase resource="administrators" perPage={25} sort={{ field: 'Lastname', order: 'ASC' }} disableSyncWithLocation>
      <Stack direction="row" sx={{ justifyContent: 'flex-end', mb: 1 }}>
        <Button component={Link} to="/administrators/new" label="custom.company.administrators.create" variant="contained">
          <AddIcon />
        </Button>
      </Stack>
      <Box sx={{ overflowX: 'auto' }}>
        <DataTable resource="administrators" rowClick={(id) => `/administrators/${id}`} bulkActionButtons={false}>
          <Column source="Firstname" label="custom.company.administrators.fields.Firstname" />
          <Column source="Lastname" label="custom.company.administrators.fields.Lastname" />
          <Column source="Email" label="custom.company.administrators.fields.Email" />
          <Column source="Roles" label="custom.company.administrators.fields.Roles" disableSort>
            <FunctionField<Administrator>
              render={(record) => (
                <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap' }}>
                  {record.Roles.map((role) => (
                    <Chip key={role.Id} size="small" label={role.Name} />
                  ))}
                </Stack>
              )}
            />
          </Column>
          <Column source="Active" label="custom.company.administrators.fields.Active">
            <BooleanField source="Active" />
          </Column>
        </DataTable>
      </Box>
      <Pagination />
    </ListBase>
  );
}
