import { useLocale, useTranslate } from 'react-admin';
import type { RebateCodeTransaction } from '../../../schema/rebatecodes';
import { PUNCH_TICKET } from '../../common/promoCodeTypes';
import { useCurrencySign } from '../../common/useCurrencySign';
import { formatAmount, formatWireDate } from '../../i18n/format';

/** A wire date-time to the minute as the interface language writes it (formatWireDate): sv '2025-06-02 10:15', en '6/2/2025, 10:15 AM'. */
export const shortDateTime = (value: string | null | undefined, locale: string): string => (value ? formatWireDate(value.slice(0, 16), locale) : '');

/** shortDateTime in the interface language. */
export function ShortDateTime({ value }: { value: string | null | undefined }) {
  return <>{shortDateTime(value, useLocale())}</>;
}

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
