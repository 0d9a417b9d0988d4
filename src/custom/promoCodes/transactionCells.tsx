import { useLocale, useTranslate } from 'react-admin';
import type { RebateCodeTransaction } from '../../../schema/rebatecodes';
import { PUNCH_TICKET } from '../../common/promoCodeTypes';
import { useCurrencySign } from '../../common/useCurrencySign';
import { formatAmount } from '../../i18n/format';

/** '2025-06-02 10:15' from a wire date-time. */
export const shortDateTime = (value: string | null | undefined): string => (value ? value.replace('T', ' ').slice(0, 16) : '');

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * What a transaction moved: punches for punch tickets, otherwise money, with a minus for decreases.
 * @example formatChange({ RebateCodeTypeId: 4, Amount: 100, Usage: 1, ChangeType: 'Decrease' }, 'kr', 'sv', t) // '−100 kr'
 */
export function formatChange(
  t: Pick<RebateCodeTransaction, 'RebateCodeTypeId' | 'Amount' | 'Usage' | 'ChangeType'>,
  sign: string,
  locale: string,
  translate: Translate,
): string {
  const what = t.RebateCodeTypeId === PUNCH_TICKET ? translate('resources.promo-codes.punches', { smart_count: t.Usage }) : formatAmount(t.Amount, sign, locale);
  return `${t.ChangeType === 'Decrease' ? '−' : '+'}${what}`;
}

export function ChangeCell({ transaction }: { transaction: RebateCodeTransaction }) {
  const translate = useTranslate();
  const locale = useLocale();
  const sign = useCurrencySign();
  return <>{formatChange(transaction, sign, locale, translate)}</>;
}

export function ChangeTypeCell({ transaction }: { transaction: RebateCodeTransaction }) {
  const translate = useTranslate();
  return <>{translate(`custom.promoCodes.changeTypes.${transaction.ChangeType}`)}</>;
}
