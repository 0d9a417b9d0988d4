import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Button, Chip, IconButton, Stack, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { Loading, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { WebhookEndpointList } from '../../../schema/webhooks';
import { useCan } from '../../auth/roles';
import { apiErrorInfo, useApi } from '../../common/api';

export const ENDPOINTS_KEY = ['webhooks', 'endpoints'] as const;

/** The endpoints tab: enabled (not Disabled), Url, Description, EventTypes as chips, edit per row, a new endpoint. */
export function EndpointsTab() {
  const api = useApi();
  const translate = useTranslate();
  const canWrite = useCan('settings', 'write');
  const { data, isPending, error } = useQuery({ queryKey: ENDPOINTS_KEY, queryFn: () => api.call<WebhookEndpointList>('GET', '/webhook/endpoints') });
  if (isPending) return <Loading />;
  const field = (name: string) => translate(`custom.webhooks.fields.${name}`);
  return (
    <Stack spacing={2}>
      {canWrite && (
        <Box>
          <Button component={Link} to="/webhooks/endpoint/new" variant="contained" startIcon={<AddIcon />}>
            {translate('custom.webhooks.newEndpoint')}
          </Button>
        </Box>
      )}
      {error && <Alert severity="error">{apiErrorInfo(error).message}</Alert>}
      {data && data.Endpoints.length === 0 && <Alert severity="info">{translate('custom.webhooks.noEndpoints')}</Alert>}
      {data && data.Endpoints.length > 0 && (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{field('Enabled')}</TableCell>
              <TableCell>{field('Url')}</TableCell>
              <TableCell>{field('Description')}</TableCell>
              <TableCell>{field('EventTypes')}</TableCell>
              <TableCell>
                <Box component="span" sx={visuallyHidden}>
                  {translate('ra.action.edit')}
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.Endpoints.map((e) => (
              <TableRow key={e.Id}>
                <TableCell>
                  {e.Disabled ? <CloseIcon titleAccess={translate('custom.webhooks.disabled')} color="disabled" /> : <CheckIcon titleAccess={translate('custom.webhooks.enabled')} color="success" />}
                </TableCell>
                <TableCell sx={{ wordBreak: 'break-all' }}>{e.Url}</TableCell>
                <TableCell>{e.Description}</TableCell>
                <TableCell>
                  <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
                    {e.EventTypes.map((t) => (
                      <Chip key={t} label={t} size="small" />
                    ))}
                  </Stack>
                </TableCell>
                <TableCell>
                  <IconButton component={Link} to={`/webhooks/endpoint/${e.Id}`} aria-label={`${translate('ra.action.edit')} ${e.Url}`}>
                    <EditIcon />
                  </IconButton>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Stack>
  );
}

const visuallyHidden = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' } as const;
