export { prices } from './declaration';
export { DAYS_OF_WEEK, VAT_CHOICES } from './PriceCells';
