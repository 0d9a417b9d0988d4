import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import type { RebateCode } from '../../../schema/rebatecodes';
import type { LazyResource, ResourceDeclaration, WireRecord } from '../../engine/types';

/**
 * Promo codes of the five types: /promo-codes, /promo-codes/new, /promo-codes/{id} on /rebatecodes.
 * The sidebar item is the promo codes and value cards page (src/custom/promoCodes).
 */
export const rebateCodesMeta: LazyResource<WireRecord<RebateCode>> = {
  name: 'promo-codes',
  api: { path: '/rebatecodes' },
  group: null,
  icon: LocalOfferIcon,
  recordRepresentation: (c) => (c.Name ? `${c.RebateCodeSign} · ${c.Name}` : c.RebateCodeSign),
  load: () => import('./declaration').then((m) => m.rebateCodes),
};

/** The usages of codes (GET /rebatecodes/usages); data only, shown by the promo codes pages. */
export const rebateCodeUsages: ResourceDeclaration = {
  name: 'promo-code-usages',
  api: { path: '/rebatecodes/usages' },
  recordSchema: 'RebateCodeTransaction',
  group: null,
};

/** Every balance change of codes (GET, POST /rebatecodes/transactions); data only, shown by the promo codes pages. */
export const rebateCodeTransactions: ResourceDeclaration = {
  name: 'promo-code-transactions',
  api: { path: '/rebatecodes/transactions' },
  schema: 'RebateCodeTransactionInput',
  recordSchema: 'RebateCodeTransaction',
  group: null,
};
