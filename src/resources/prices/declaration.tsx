import { withViews } from '../../engine/define';
import { DAYS_OF_WEEK, PriceAmount, PriceDays, PriceTimes, VAT_CHOICES } from './PriceCells';
import { pricesMeta } from './index';

/** The price list, filters and form. */
export const prices = withViews(pricesMeta, {
  schema: 'ServicePriceInput',
  recordSchema: 'ServicePrice',
  fields: {
    ServiceId: { kind: 'reference', reference: 'services' },
    Price: { kind: 'money', render: (p) => <PriceAmount price={p} />, reads: ['Price', 'PriceSign'] },
    VAT: { choices: VAT_CHOICES },
    DaysOfWeek: { kind: 'multiselect', choices: DAYS_OF_WEEK, render: (p) => <PriceDays price={p} />, reads: ['DaysOfWeek'] },
  },
  list: {
    columns: ['ServiceId', 'Price', 'VAT', 'Category', 'PriceText', { source: 'DaysOfWeek', sortable: false }, { source: 'FromTime', render: (p) => <PriceTimes price={p} />, reads: ['FromTime', 'ToTime'] }],
    sort: { field: 'ServiceId', order: 'ASC' },
    bulk: { delete: true },
    filters: [{ source: 'q', kind: 'search' }, { source: 'ServiceId', kind: 'reference', reference: 'services', alwaysOn: true }],
  },
  form: {
    sections: [
      { fields: ['ServiceId', 'Price', 'VAT', 'CalculationTypeId', 'Category', 'PriceText'] },
      { id: 'validity', fields: ['From', 'To', 'DaysOfWeek', 'FromTime', 'ToTime'] },
    ],
    defaults: { VAT: 25, CalculationTypeId: 1 },
    toForm: (p) => ({ DaysOfWeek: (p.DaysOfWeek ?? []).map((d) => d.DayOfWeekId) }),
  },
});
