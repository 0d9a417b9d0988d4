import { DataTable } from 'react-admin';
import type { RebateCodeTransaction } from '../../../schema/rebatecodes';
import { ChangeCell, ShortDateTime } from './transactionCells';
import { TransactionList } from './TransactionsReport';

type UsageRecord = RebateCodeTransaction & { id: number };
const Col = DataTable.Col<UsageRecord>;

/** The bookings codes were used in: customer, service, created date; filter by customer and dates. */
export function UsagesView() {
  return (
    <TransactionList resource="promo-code-usages" storeKey="promo-codes.usages" actions={false}>
      <DataTable bulkActionButtons={false} rowClick={false}>
        <Col source="Created" label="custom.promoCodes.columns.Created" render={(t) => <ShortDateTime value={t.Created} />} />
        <Col source="RebateCodeSign" label="custom.promoCodes.columns.RebateCodeSign" />
        <Col source="CustomerName" label="custom.promoCodes.columns.CustomerName" />
        <Col source="ServiceName" label="custom.promoCodes.columns.ServiceName" />
        <Col source="Amount" label="custom.promoCodes.columns.Change" render={(t) => <ChangeCell transaction={t} />} />
        <Col source="BookingId" label="custom.promoCodes.columns.BookingId" />
      </DataTable>
    </TransactionList>
  );
}
