import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import type { RebateCode } from '../../../schema/rebatecodes';
import type { ResourceDeclaration, WireRecord } from '../engine/types';
import { DAYS_OF_WEEK } from '../prices/PriceCells';
import { STATUS_CHOICES, TYPE_CHOICES } from './codeTypes';
import { RebateCodeCreate, RebateCodeEdit } from './RebateCodeForms';
import { RebateCodeList } from './RebateCodeList';
import { SignInput } from './SignInput';
import { DEFAULT_MAX_USES, TimeOfDayInput, validateToTime, validateValidTo, ValueInput } from './ValueInput';

type CodeRecord = WireRecord<RebateCode>;

/**
 * Promo codes of the five types: /promo-codes, /promo-codes/new, /promo-codes/{id} on /rebatecodes.
 * The sidebar item is the promo codes and value cards page (src/custom/promoCodes).
 */
export const rebateCodes: ResourceDeclaration<CodeRecord> = {
  name: 'promo-codes',
  api: { path: '/rebatecodes' },
  schema: 'RebateCodeInput',
  recordSchema: 'RebateCode',
  group: null,
  icon: LocalOfferIcon,
  recordRepresentation: (c) => (c.Name ? `${c.RebateCodeSign} · ${c.Name}` : c.RebateCodeSign),
  fields: {
    RebateCodeSign: { input: ({ source }) => <SignInput source={source} /> },
    RebateCodeTypeId: { choices: TYPE_CHOICES },
    RebateCodeValue: { input: ({ source }) => <ValueInput source={source} /> },
    RebateCodeStatusId: { choices: STATUS_CHOICES },
    ValidTo: { validate: [validateValidTo] },
    FromTime: { input: (p) => <TimeOfDayInput {...p} /> },
    ToTime: { validate: [validateToTime], input: (p) => <TimeOfDayInput {...p} /> },
    DaysOfWeek: { kind: 'multiselect', choices: DAYS_OF_WEEK, helperText: 'resources.promo-codes.help.DaysOfWeek' },
    Services: { kind: 'references', reference: 'services', helperText: 'resources.promo-codes.help.Services' },
    Customers: { kind: 'references', reference: 'customers', helperText: 'resources.promo-codes.help.Customers' },
    PersonalNote: { kind: 'text' },
  },
  list: RebateCodeList,
  create: RebateCodeCreate,
  edit: RebateCodeEdit,
  form: {
    sections: [
      { fields: ['RebateCodeTypeId', 'RebateCodeValue', 'RebateCodeSign', 'Name', 'RebateCodeStatusId'] },
      { id: 'validity', fields: ['ValidFrom', 'ValidTo', 'FromTime', 'ToTime', 'DaysOfWeek'] },
      { id: 'limits', fields: ['MaxNumberOfUses', 'MaxNumberOfUsesPerCustomer'] },
      { id: 'connections', fields: ['Services', 'Customers'] },
      { id: 'note', fields: ['PersonalNote'] },
    ],
    defaults: { RebateCodeTypeId: 1, RebateCodeStatusId: 1, MaxNumberOfUses: DEFAULT_MAX_USES, MaxNumberOfUsesPerCustomer: 1, DaysOfWeek: [], Services: [], Customers: [] },
    toForm: (c) => ({
      DaysOfWeek: (c.DaysOfWeek ?? []).map((d) => d.DayOfWeekId),
      Services: (c.Services ?? []).map((s) => s.Id),
      Customers: (c.Customers ?? []).map((s) => s.Id),
    }),
  },
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
