export { default as PromoCodesPage, PromoCodeUsagesPage, PromoCodeTransactionsPage, PROMO_CODE_TABS } from './PromoCodesPage';
