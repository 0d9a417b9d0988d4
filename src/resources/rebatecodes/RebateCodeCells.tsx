import { Chip } from '@mui/material';
import { useLocale, useTranslate } from 'react-admin';
import { formatWireDate } from '../../i18n/format';
import type { RebateCode } from '../../../schema/rebatecodes';
import { formatCodeValue, formatRemaining } from '../../common/promoCodeTypes';
import { useCurrencySign } from '../../common/useCurrencySign';

/** The code's type, translated. */
export function CodeType({ code }: { code: RebateCode }) {
  const translate = useTranslate();
  return <>{translate(`resources.promo-codes.choices.RebateCodeTypeId.${code.RebateCodeTypeId}`)}</>;
}

/** '20 %', '500 kr' or '10 punches'. */
export function CodeValue({ code }: { code: RebateCode }) {
  const translate = useTranslate();
  const locale = useLocale();
  const sign = useCurrencySign();
  return <>{formatCodeValue(code, sign, locale, translate)}</>;
}

/** 'from – to', or 'Always' when the code has no dates. */
export function CodeValidity({ code }: { code: RebateCode }) {
  const translate = useTranslate();
  const locale = useLocale();
  const day = (value: string | null | undefined) => (value ? formatWireDate(value.slice(0, 10), locale) : '');
  if (!code.ValidFrom && !code.ValidTo) return <>{translate('resources.promo-codes.always')}</>;
  return <>{`${day(code.ValidFrom)} – ${day(code.ValidTo)}`}</>;
}

/** Uses so far out of the total, and what is left of a ticket or card. */
export function CodeUses({ code }: { code: RebateCode }) {
  const translate = useTranslate();
  const locale = useLocale();
  const sign = useCurrencySign();
  const remaining = formatRemaining(code, sign, locale, translate);
  return (
    <>
      {`${code.NumberOfUsesUsed} / ${code.MaxNumberOfUses}`}
      {remaining ? <div>{translate('resources.promo-codes.remaining', { value: remaining })}</div> : null}
    </>
  );
}

/** Active or Off. */
export function CodeStatus({ code }: { code: RebateCode }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={code.StatusName === 'Off' ? 'default' : 'success'}
      variant={code.StatusName === 'Off' ? 'outlined' : 'filled'}
      label={translate(`resources.promo-codes.choices.RebateCodeStatusId.${code.RebateCodeStatusId}`)}
    />
  );
}
