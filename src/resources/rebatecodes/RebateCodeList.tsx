import { Box, useMediaQuery, type Theme } from '@mui/material';
import {
  CreateButton,
  DataTable,
  SearchInput,
  SelectInput,
  SimpleList,
  TopToolbar,
  useTranslate,
} from 'react-admin';
import type { RebateCode } from '../../../schema/rebatecodes';
import { EngineEmpty } from '../../engine/EngineList';
import type { WireRecord } from '../../engine/types';
import { STATUS_CHOICES, TYPE_CHOICES } from '../../common/promoCodeTypes';
import { CodeStatus, CodeType, CodeUses, CodeValidity, CodeValue } from './RebateCodeCells';
import { PickerInput } from '../../common/inputs/DateTimeInputs';
import { PagedList } from '../../common/PagedList';

type CodeRecord = WireRecord<RebateCode>;
const Col = DataTable.Col<CodeRecord>;

/** Debounce of list filter inputs (spec core.md §9). */

function useFilters() {
  const translate = useTranslate();
  const choices = (list: { id: number; name: string }[]) => list.map((c) => ({ id: c.id, name: translate(c.name) }));
  return [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('engine.list.search')} />,
    <SelectInput key="type" source="RebateCodeTypeId" alwaysOn choices={choices(TYPE_CHOICES)} translateChoice={false} />,
    <SelectInput key="status" source="RebateCodeStatusId" alwaysOn choices={choices(STATUS_CHOICES)} translateChoice={false} />,
    <PickerInput kind="date" key="from" source="ValidFrom" label="resources.promo-codes.filters.validFrom" />,
    <PickerInput kind="date" key="to" source="ValidTo" label="resources.promo-codes.filters.validTo" />,
  ];
}

function Actions() {
  return (
    <TopToolbar>
      <CreateButton resource="promo-codes" to="/promo-codes/new" />
    </TopToolbar>
  );
}

/**
 * Promo codes with sign, name, type, value, validity, uses and what is left, and status; filters for
 * type, status, search and validity. `embedded` keeps its filters out of the URL (inside the tabs page).
 */
export function RebateCodeList({ embedded = false }: { embedded?: boolean }) {
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <PagedList
      resource="promo-codes"
      sort={{ field: 'Created', order: 'DESC' }}
      filters={useFilters()}
      actions={<Actions />}
      empty={<EngineEmpty />}
      disableSyncWithLocation={embedded}
      storeKey={embedded ? 'promo-codes.embedded' : undefined}
      title={embedded ? ' ' : undefined}
      sx={{ '& .RaList-content': { overflowX: 'auto' } }}
    >
      {small ? (
        <SimpleList<CodeRecord>
          rowClick="edit"
          primaryText={(c) => c.RebateCodeSign}
          secondaryText={(c) => (
            <>
              <CodeType code={c} /> · <CodeValue code={c} /> · <CodeValidity code={c} />
            </>
          )}
          tertiaryText={(c) => <CodeStatus code={c} />}
        />
      ) : (
        <DataTable rowClick={(id) => `/promo-codes/${id}`} bulkActionButtons={false}>
          <Col source="RebateCodeSign" render={(c) => <Box component="span" sx={{ fontFamily: 'monospace', fontWeight: 600 }}>{c.RebateCodeSign}</Box>} />
          <Col source="Name" />
          <Col source="RebateCodeTypeId" render={(c) => <CodeType code={c} />} />
          <Col source="RebateCodeValue" render={(c) => <CodeValue code={c} />} />
          <Col source="ValidFrom" label="resources.promo-codes.fields.Validity" render={(c) => <CodeValidity code={c} />} />
          <Col source="NumberOfUsesUsed" label="resources.promo-codes.fields.Uses" render={(c) => <CodeUses code={c} />} />
          <Col source="RebateCodeStatusId" render={(c) => <CodeStatus code={c} />} />
        </DataTable>
      )}
    </PagedList>
  );
}
