export { rebateCodesMeta, rebateCodeTransactions, rebateCodeUsages } from './meta';
export { RebateCodeList } from './RebateCodeList';
export { CodeType, CodeValue } from './RebateCodeCells';
export { formatCodeValue, formatRemaining, hasBalance, isCard, PUNCH_TICKET, TYPE_CHOICES } from '../../common/promoCodeTypes';
export { useCurrencySign } from '../../common/useCurrencySign';
export { saveBlob } from './ReportButtons';
