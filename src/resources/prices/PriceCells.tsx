import { useLocaleState, useTranslate } from 'react-admin';
import type { ServicePrice } from '../../../schema/services';
import { formatAmount } from '../../i18n/format';

/** Day-of-week choices, 1 = Monday … 7 = Sunday, labelled by message key. */
export const DAYS_OF_WEEK = [1, 2, 3, 4, 5, 6, 7].map((id) => ({ id, name: `engine.days.${id}` }));

/** VAT rates a price may carry (spec core.md §9). */
export const VAT_CHOICES = [0, 6, 12, 25].map((id) => ({ id, name: `${id} %` }));

const hhmm = (t: string | null | undefined) => (t ? t.slice(0, 5) : '');

export function PriceAmount({ price }: { price: ServicePrice }) {
  const [locale] = useLocaleState();
  return <>{formatAmount(price.Price, price.PriceSign, locale)}</>;
}

export function PriceDays({ price }: { price: ServicePrice }) {
  const translate = useTranslate();
  const days = price.DaysOfWeek ?? [];
  if (!days.length || days.length === 7) return <>{translate('engine.days.all')}</>;
  return <>{days.map((d) => translate(`engine.daysShort.${d.DayOfWeekId}`)).join(', ')}</>;
}

export function PriceTimes({ price }: { price: ServicePrice }) {
  if (!price.FromTime && !price.ToTime) return null;
  return <>{`${hhmm(price.FromTime)}–${hhmm(price.ToTime)}`}</>;
}
