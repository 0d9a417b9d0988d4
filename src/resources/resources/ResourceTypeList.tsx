import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Button, Card, CardContent, Chip, IconButton, MenuItem, Skeleton, Stack, TextField, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import AutoFixHighIcon from '@mui/icons-material/AutoFixHigh';
import EditIcon from '@mui/icons-material/Edit';
import { Title, useDataProvider, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { ResourceType } from '../../../schema/availability';
import type { ResourceDetails } from '../../../schema/scheduling';
import { ColorDot } from '../../common/inputs/ColorInput';
import { readResourceTypeOrder, RESOURCE_TYPE_ORDERS, sortResourceTypes, writeResourceTypeOrder, type ResourceTypeOrder } from '../../common/resourceTypeOrder';

const PAGE = 100;

/** Reads every record of a resource, page after page until the total is reached (spec areas.md §4). */
function useAll<T>(resource: string) {
  const dataProvider = useDataProvider();
  return useQuery({
    queryKey: [resource, 'all'],
    queryFn: async () => {
      const all: T[] = [];
      for (let page = 1; ; page++) {
        const { data, total } = await dataProvider.getList(resource, { pagination: { page, perPage: PAGE }, sort: { field: 'Name', order: 'ASC' }, filter: {} });
        all.push(...(data as T[]));
        if (data.length < PAGE || all.length >= (total ?? 0)) return all;
      }
    },
  });
}

function ResourceChip({ resource }: { resource: Pick<ResourceDetails, 'Id' | 'Name' | 'Color' | 'Active'> }) {
  const translate = useTranslate();
  return (
    <Chip
      component={Link}
      to={`/resources/${resource.Id}`}
      clickable
      variant="outlined"
      icon={<ColorDot color={resource.Color} />}
      label={resource.Active ? resource.Name : `${resource.Name} (${translate('resources.resources.inactive')})`}
      sx={{ pl: 0.5 }}
    />
  );
}

/** /resources: the resource types with their resources, resources without a type, and the ways to add them. */
export function ResourceTypeList() {
  const translate = useTranslate();
  const [order, setOrder] = useState<ResourceTypeOrder>(readResourceTypeOrder);
  const types = useAll<ResourceType>('resource-types');
  const resources = useAll<ResourceDetails>('resources');
  const choose = (next: ResourceTypeOrder) => {
    setOrder(next);
    writeResourceTypeOrder(next);
  };
  const loading = types.isPending || resources.isPending;
  const failed = types.isError || resources.isError;
  const sorted = sortResourceTypes(types.data ?? [], order);
  const ungrouped = (resources.data ?? []).filter((r) => r.ResourceTypes.length === 0);

  return (
    <Box sx={{ mt: 2 }}>
      <Title title={translate('resources.resources.name', { smart_count: 2 })} />
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ mb: 2, justifyContent: 'space-between', alignItems: { xs: 'stretch', md: 'center' } }}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button component={Link} to="/create-resources-wizard/new" variant="contained" startIcon={<AutoFixHighIcon />}>
            {translate('resources.resources.actions.wizard')}
          </Button>
          <Button component={Link} to="/resource-types/new" startIcon={<AddIcon />}>
            {translate('resources.resources.actions.newType')}
          </Button>
          <Button component={Link} to="/resources/new" startIcon={<AddIcon />}>
            {translate('resources.resources.actions.newResource')}
          </Button>
        </Stack>
        <TextField
          select
          size="small"
          label={translate('resources.resources.order.label')}
          value={order}
          onChange={(e) => choose(e.target.value as ResourceTypeOrder)}
          sx={{ width: { xs: '100%', md: 220 }, flexShrink: 0 }}
        >
          {RESOURCE_TYPE_ORDERS.map((o) => (
            <MenuItem key={o} value={o}>
              {translate(`resources.resources.order.${o}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {failed ? <Alert severity="error">{translate('ra.notification.http_error')}</Alert> : null}
      {loading ? <Skeleton variant="rounded" height={120} /> : null}
      {!loading && !failed && sorted.length === 0 && ungrouped.length === 0 ? (
        <Box sx={{ textAlign: 'center', py: 6 }}>
          <Typography variant="h6" color="text.secondary" gutterBottom>
            {translate('resources.resources.empty')}
          </Typography>
          <Button component={Link} to="/create-resources-wizard/new" variant="contained" startIcon={<AutoFixHighIcon />}>
            {translate('resources.resources.actions.wizard')}
          </Button>
        </Box>
      ) : null}
      <Stack spacing={2}>
        {sorted.map((type) => (
          <Card key={type.Id} variant="outlined" component="section" aria-label={type.Name}>
            <CardContent>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="h6" component="h2">
                    {type.Name}
                    {type.Active ? null : <Chip size="small" sx={{ ml: 1 }} label={translate('resources.resources.inactive')} />}
                  </Typography>
                  {type.Description ? (
                    <Typography variant="body2" color="text.secondary">
                      {type.Description}
                    </Typography>
                  ) : null}
                </Box>
                <Tooltip title={translate('resources.resources.actions.editType')}>
                  <IconButton component={Link} to={`/resource-types/${type.Id}`} aria-label={`${translate('resources.resources.actions.editType')} ${type.Name}`}>
                    <EditIcon />
                  </IconButton>
                </Tooltip>
              </Stack>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1.5, alignItems: 'center' }}>
                {type.Resources.length === 0 ? (
                  <Typography variant="body2" color="text.secondary">
                    {translate('resources.resources.noResources')}
                  </Typography>
                ) : null}
                {type.Resources.map((r) => (
                  <ResourceChip key={r.Id} resource={r} />
                ))}
                <Button size="small" component={Link} to={`/resources/new?ResourceTypeId=${type.Id}`} startIcon={<AddIcon />}>
                  {translate('resources.resources.actions.addToType')}
                </Button>
              </Box>
            </CardContent>
          </Card>
        ))}
        {ungrouped.length > 0 ? (
          <Card variant="outlined" component="section" aria-label={translate('resources.resources.ungrouped')}>
            <CardContent>
              <Typography variant="h6" component="h2">
                {translate('resources.resources.ungrouped')}
              </Typography>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1.5 }}>
                {ungrouped.map((r) => (
                  <ResourceChip key={r.Id} resource={r} />
                ))}
              </Box>
            </CardContent>
          </Card>
        ) : null}
      </Stack>
    </Box>
  );
}
