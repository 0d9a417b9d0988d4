import { Box } from '@mui/material';
import { CreateButton, DataTable, EditButton, ReferenceManyField, useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import type { Service, ServicePrice } from '../../../schema/services';
import { EngineDeleteButton } from '../../engine/EngineForm';
import type { WireRecord } from '../../engine/types';
import { createLink } from '../../engine/returnTo';
import { PriceAmount, PriceDays, PriceTimes } from '../prices/PriceCells';

const Col = DataTable.Col<WireRecord<ServicePrice>>;

/** The service's prices, with add, edit and delete (the edit screen's Prices tab). */
export function ServicePrices() {
  const service = useRecordContext<WireRecord<Service>>();
  const translate = useTranslate();
  if (!service) return null;
  return (
    <Box sx={{ p: 2 }}>
      <CreateButton
        resource="prices"
        to={createLink('/prices/new', `/services/${service.Id}#prices`, `source=${encodeURIComponent(JSON.stringify({ ServiceId: service.Id }))}`)}
        label="resources.services.addPrice"
      />
      <ReferenceManyField<RaRecord> reference="prices" target="ServiceId" sort={{ field: 'Price', order: 'ASC' }} perPage={100}>
        {/* The table scrolls sideways in its own box on a narrow screen: the card around it clips, so its edit and delete buttons stay in reach. */}
        <Box sx={{ overflowX: 'auto' }} role="region" aria-label={translate('resources.services.tabs.prices', { _: 'Prices' })} tabIndex={0}>
        <DataTable bulkActionButtons={false} rowClick={false} resource="prices">
          <Col source="Price" render={(p) => <PriceAmount price={p} />} />
          <Col source="VAT" render={(p) => `${p.VAT} %`} />
          <Col source="Category" />
          <Col source="PriceText" />
          <Col source="DaysOfWeek" disableSort render={(p) => <PriceDays price={p} />} />
          <Col source="FromTime" render={(p) => <PriceTimes price={p} />} />
          <Col disableSort>
            <EditButton resource="prices" />
            <EngineDeleteButton />
          </Col>
        </DataTable>
        </Box>
      </ReferenceManyField>
    </Box>
  );
}
