import type { ReactElement, ReactNode } from 'react';
import { AutocompleteInput, DataTable, ReferenceInput, TopToolbar } from 'react-admin';
import { PickerInput } from '../../common/inputs/DateTimeInputs';
import { LogList } from '../../common/LogList';
import type { RebateCodeTransaction } from '../../../schema/rebatecodes';
import { ExportButtons } from './ExportButtons';
import { ManualTransactionButton } from './ManualTransactionDialog';
import { ChangeCell, ChangeTypeCell, ShortDateTime } from './transactionCells';

type TransactionRecord = RebateCodeTransaction & { id: number };
const Col = DataTable.Col<TransactionRecord>;

/** Customer and created-date filters, shared by the usages and transactions views. */
const transactionFilters = [
  <ReferenceInput key="customer" source="CustomerId" reference="customers" alwaysOn>
    <AutocompleteInput label="custom.promoCodes.filters.customer" filterToQuery={(q: string) => ({ q })} sx={{ minWidth: 220 }} />
  </ReferenceInput>,
  <PickerInput kind="date" key="from" source="CreatedFrom" label="custom.promoCodes.filters.createdFrom" alwaysOn />,
  <PickerInput kind="date" key="to" source="CreatedTo" label="custom.promoCodes.filters.createdTo" alwaysOn />,
];

/**
 * A newest-first list of code transactions with the customer and date filters, 25 a page, not synced to the URL.
 * @example <TransactionList resource="promo-code-usages" storeKey="promo-codes.usages" actions={false}><DataTable>…</DataTable></TransactionList>
 */
export function TransactionList({ resource, storeKey, actions, children }: { resource: string; storeKey: string; actions: ReactElement | false; children: ReactNode }) {
  return (
    <LogList resource={resource} storeKey={storeKey} filters={transactionFilters} actions={actions} sx={{ '& .RaList-content': { overflowX: 'auto' } }}>
      {children}
    </LogList>
  );
}

function Actions() {
  return (
    <TopToolbar sx={{ flexWrap: 'wrap' }}>
      <ManualTransactionButton />
      <ExportButtons />
    </TopToolbar>
  );
}

/**
 * Every balance change of the codes: filter by customer and created dates, add a manual transaction,
 * export to Excel or CSV.
 */
export function TransactionsReport() {
  return (
    <TransactionList resource="promo-code-transactions" storeKey="promo-codes.transactions" actions={<Actions />}>
      <DataTable bulkActionButtons={false} rowClick={false}>
        <Col source="Created" label="custom.promoCodes.columns.Created" render={(t) => <ShortDateTime value={t.Created} />} />
        <Col source="RebateCodeSign" label="custom.promoCodes.columns.RebateCodeSign" />
        <Col source="ChangeType" label="custom.promoCodes.columns.ChangeType" render={(t) => <ChangeTypeCell transaction={t} />} />
        <Col source="Amount" label="custom.promoCodes.columns.Change" render={(t) => <ChangeCell transaction={t} />} />
        <Col source="CustomerName" label="custom.promoCodes.columns.CustomerName" />
        <Col source="ServiceName" label="custom.promoCodes.columns.ServiceName" />
        <Col source="Comment" label="custom.promoCodes.columns.Comment" disableSort />
      </DataTable>
    </TransactionList>
  );
}
