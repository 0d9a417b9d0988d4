import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Alert, Box, Button, Chip, IconButton, LinearProgress, MenuItem, Stack, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import { useQuery } from '@tanstack/react-query';
import { useLocale, useTranslate } from 'react-admin';
import type { Id, QueryResponse } from '../../../schema/common';
import type { CalculatePriceResponse, PriceInterval, PriceQuantity } from '../../../schema/pricing';
import type { Service, ServicePrice } from '../../../schema/services';
import { useApi } from '../../common/api';
import { formatAmount } from '../../i18n/format';
import { PriceTotals } from './PriceTotals';
import { QuantityStepper } from './QuantityStepper';
import { usePriceCalculation, type AppliedCodeRef } from './usePriceCalculation';

export interface PriceCheckChange {
  quantities: PriceQuantity[];
  rebateCodeIds: Id[];
  /** The applied codes with their signs (to carry them to another time). */
  codes: AppliedCodeRef[];
  result: CalculatePriceResponse | null;
}

export interface PriceCheckProps {
  serviceId: Id;
  /** The time spot, company-local; without To the service's duration is used. */
  interval: PriceInterval;
  customerEmail?: string;
  /** Most of all quantities together (free spots); default 1. */
  maxQuantity?: number;
  /** Least of one quantity; never below 0. */
  minQuantity?: number;
  /** Called with the quantities, codes and result whenever they change (the booking form keeps them). */
  onChange?: (change: PriceCheckChange) => void;
  /** Codes applied before (another time or duration of the same booking): applied again on the first calculation. */
  initialCodes?: AppliedCodeRef[];
}

interface Line {
  key: number;
  PriceId: number;
  Quantity: number;
}

function priceLabel(price: ServicePrice, locale: string): string {
  const name = [price.Category, price.PriceText].filter(Boolean).join(' · ');
  const amount = formatAmount(price.Price, price.PriceSign, locale);
  return name ? `${name} – ${amount}` : amount;
}

/** The prices of the service valid at the spot's start (GET /services?Id&IncludePrices&PriceDate&PriceTime). */
function useSpotPrices(serviceId: Id, from: string) {
  const api = useApi();
  const date = from.slice(0, 10);
  const time = from.length >= 16 ? `${from.slice(11, 16)}:00` : undefined;
  return useQuery({
    queryKey: ['priceCheck', 'prices', serviceId, date, time],
    enabled: !!date,
    queryFn: async () => {
      const answer = await api.call<QueryResponse<Service>>('GET', '/services', {
        query: { Id: serviceId, IncludePrices: true, PriceDate: date, PriceTime: time },
      });
      return answer.Results[0]?.Prices ?? [];
    },
  });
}

/**
 * The price part of a new booking for one time spot: a price selector and quantity counter per line,
 * a promo code field with apply and remove, and the totals (before rebates, each code, total, VAT),
 * recalculated 1000 ms after the last change.
 * @example
 * <PriceCheck serviceId={3} interval={{ From: '2025-06-02T10:00:00', To: '2025-06-02T11:00:00' }} maxQuantity={4} />
 */
export function PriceCheck({ serviceId, interval, customerEmail, maxQuantity = 1, minQuantity = 0, onChange, initialCodes }: PriceCheckProps) {
  const translate = useTranslate();
  const locale = useLocale();
  const prices = useSpotPrices(serviceId, interval.From);
  const available = useMemo(() => prices.data ?? [], [prices.data]);
  const [lines, setLines] = useState<Line[]>([{ key: 0, PriceId: 0, Quantity: Math.min(1, maxQuantity) }]);
  const [sign, setSign] = useState('');

  useEffect(() => {
    if (!prices.isSuccess) return;
    // A line names one of the prices valid at the spot, the first by default: with several valid at once
    // (adult, child) 'the price valid then' is ambiguous and the calculation refuses it.
    setLines((current) => {
      const valid = current.filter((l) => (l.PriceId === 0 ? available.length === 0 : available.some((p) => p.Id === l.PriceId)));
      if (valid.length === current.length) return current;
      return valid.length ? valid : [{ ...current[0], PriceId: available[0]?.Id ?? 0 }];
    });
  }, [prices.isSuccess, available]);

  const quantities: PriceQuantity[] = useMemo(() => lines.map((l) => ({ PriceId: l.PriceId, Quantity: l.Quantity })), [lines]);
  const price = usePriceCalculation({ serviceId, interval, quantities, customerEmail, enabled: prices.isSuccess, initialCodes });

  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  useEffect(() => {
    onChangeRef.current?.({ quantities, rebateCodeIds: price.applied.map((c) => c.Id), codes: price.applied, result: price.result });
  }, [quantities, price.applied, price.result]);

  const total = lines.reduce((sum, l) => sum + l.Quantity, 0);
  const update = (key: number, change: Partial<Line>) => setLines((ls) => ls.map((l) => (l.key === key ? { ...l, ...change } : l)));
  const unused = available.filter((p) => !lines.some((l) => l.PriceId === p.Id));

  // Fewer spots than booked (another time, another resource): the last lines give up what is too much.
  useEffect(() => {
    setLines((current) => {
      let over = current.reduce((sum, l) => sum + l.Quantity, 0) - Math.max(0, maxQuantity);
      if (over <= 0) return current;
      const next = [...current];
      for (let i = next.length - 1; i >= 0 && over > 0; i--) {
        const take = Math.min(over, next[i].Quantity);
        next[i] = { ...next[i], Quantity: next[i].Quantity - take };
        over -= take;
      }
      return next;
    });
  }, [maxQuantity]);

  // Not a <form> of its own: the price check also sits inside the new-booking form, and forms do not nest.
  const submit = async () => {
    if (await price.apply(sign)) setSign('');
  };
  const onCodeKey = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (sign.trim()) void submit();
  };

  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 560 }}>
      {lines.map((line) => (
        <Stack key={line.key} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
          <TextField
            select
            size="small"
            label={translate('newBookingForm.price')}
            // For the one render between the prices arriving and the line taking the first of them.
            value={available.length === 0 || available.some((p) => p.Id === line.PriceId) ? line.PriceId : ''}
            onChange={(e) => update(line.key, { PriceId: Number(e.target.value) })}
            sx={{ flex: 1, minWidth: 0 }}
          >
            {available.length === 0 ? <MenuItem value={0}>{translate('newBookingForm.priceValidThen')}</MenuItem> : null}
            {available.map((p) => (
              <MenuItem key={p.Id} value={p.Id} disabled={p.Id !== line.PriceId && lines.some((l) => l.PriceId === p.Id)}>
                {priceLabel(p, locale)}
              </MenuItem>
            ))}
          </TextField>
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
            <QuantityStepper
              label={translate('newBookingForm.quantity')}
              value={line.Quantity}
              min={minQuantity}
              max={maxQuantity - (total - line.Quantity)}
              onChange={(Quantity) => update(line.key, { Quantity })}
            />
            {lines.length > 1 ? (
              <IconButton aria-label={translate('newBookingForm.removeLine')} onClick={() => setLines((ls) => ls.filter((l) => l.key !== line.key))}>
                <CloseIcon />
              </IconButton>
            ) : null}
          </Stack>
        </Stack>
      ))}
      {unused.length > 0 && lines.length < available.length ? (
        <Box>
          <Button
            size="small"
            startIcon={<AddIcon />}
            onClick={() => setLines((ls) => [...ls, { key: Math.max(...ls.map((l) => l.key)) + 1, PriceId: unused[0].Id, Quantity: 0 }])}
          >
            {translate('newBookingForm.addPrice')}
          </Button>
        </Box>
      ) : null}

      <Box role="group" aria-label={translate('newBookingForm.promoCode')} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <TextField
          size="small"
          label={translate('newBookingForm.promoCode')}
          value={sign}
          onChange={(e) => setSign(e.target.value)}
          onKeyDown={onCodeKey}
          error={!!price.codeError}
          helperText={price.codeError ? translate(price.codeError, { _: price.codeError }) : ' '}
          sx={{ flex: 1 }}
          slotProps={{ htmlInput: { autoCapitalize: 'characters', 'aria-label': translate('newBookingForm.promoCode') } }}
        />
        <Button type="button" variant="outlined" disabled={!sign.trim()} onClick={() => void submit()} sx={{ mt: 0.25 }}>
          {translate('newBookingForm.apply')}
        </Button>
      </Box>
      {price.applied.length ? (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} aria-label={translate('newBookingForm.appliedCodes')}>
          {price.applied.map((code) => (
            <Chip
              key={code.Id}
              label={code.Sign}
              onDelete={() => void price.remove(code.Id)}
              deleteIcon={<CloseIcon aria-label={translate('newBookingForm.removeCode', { sign: code.Sign })} />}
            />
          ))}
        </Stack>
      ) : null}

      <Box sx={{ minHeight: 4 }}>{price.busy ? <LinearProgress aria-label={translate('newBookingForm.calculating')} /> : null}</Box>
      {price.result ? (
        <PriceTotals result={price.result} />
      ) : price.error ? (
        <Alert severity="warning">{price.error}</Alert>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {translate('newBookingForm.calculating')}
        </Typography>
      )}
    </Box>
  );
}
