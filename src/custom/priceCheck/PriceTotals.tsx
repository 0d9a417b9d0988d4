import { Box, Divider, Stack, Typography } from '@mui/material';
import { useLocale, useTranslate } from 'react-admin';
import type { CalculatePriceResponse } from '../../../schema/pricing';
import { formatAmount } from '../../i18n/format';

function Row({ label, value, strong = false, testId }: { label: string; value: string; strong?: boolean; testId?: string }) {
  return (
    <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 2 }}>
      <Typography variant={strong ? 'subtitle1' : 'body2'} component="p" sx={{ fontWeight: strong ? 700 : 400 }}>
        {label}
      </Typography>
      <Typography variant={strong ? 'subtitle1' : 'body2'} component="p" sx={{ fontWeight: strong ? 700 : 400, whiteSpace: 'nowrap' }} data-testid={testId}>
        {value}
      </Typography>
    </Stack>
  );
}

/** Price before rebates, each applied code with what it took off, the total and the VAT in it. */
export function PriceTotals({ result }: { result: CalculatePriceResponse }) {
  const translate = useTranslate();
  const locale = useLocale();
  const money = (amount: number) => formatAmount(amount, result.PriceSign, locale);
  return (
    <Box sx={{ display: 'grid', gap: 0.5 }} aria-label={translate('newBookingForm.totals')} role="region">
      <Row label={translate('newBookingForm.priceBeforeRebate')} value={money(result.TotalPriceBeforeRebate)} testId="total-before-rebate" />
      {result.AppliedCodes.map((code) => (
        <Row
          key={code.RebateCodeId}
          label={translate('newBookingForm.codeRebate', {
            sign: code.RebateCodeSign,
            type: translate(`resources.promo-codes.choices.RebateCodeTypeId.${code.RebateCodeType.Id}`),
          })}
          value={`−${money(code.RebateAmount)}`}
          testId={`rebate-${code.RebateCodeSign}`}
        />
      ))}
      <Divider sx={{ my: 0.5 }} />
      <Row label={translate('newBookingForm.totalPrice')} value={money(result.TotalPrice)} strong testId="total-price" />
      <Row label={translate('newBookingForm.vatIncluded')} value={money(result.TotalVatAmount)} testId="total-vat" />
    </Box>
  );
}
