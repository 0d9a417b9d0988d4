export { PriceCheck, type PriceCheckProps, type PriceCheckChange } from './PriceCheck';
export { ServicePriceCheck, maxQuantityOf } from './ServicePriceCheck';
export { QuantityStepper } from './QuantityStepper';
export { usePriceCalculation, RECALCULATION_DEBOUNCE_MS } from './usePriceCalculation';
export { formatAmount } from '../../i18n/format';
