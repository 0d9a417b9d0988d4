import { withViews } from '../../engine/define';
import { DAYS_OF_WEEK } from '../prices/PriceCells';
import { STATUS_CHOICES, TYPE_CHOICES } from '../../common/promoCodeTypes';
import { rebateCodesMeta } from './index';
import { RebateCodeCreate, RebateCodeEdit } from './RebateCodeForms';
import { RebateCodeList } from './RebateCodeList';
import { SignInput } from './SignInput';
import { DEFAULT_MAX_USES, TimeOfDayInput, validateToTime, validateValidTo, ValueInput } from './ValueInput';

export { rebateCodeTransactions, rebateCodeUsages } from './index';

/** The promo code list and forms (type-dependent value, sign rule, validity, limits, connections). */
export const rebateCodes = withViews(rebateCodesMeta, {
  schema: 'RebateCodeInput',
  recordSchema: 'RebateCode',
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
});
