import { useCallback, useEffect, useRef, useState } from 'react';
import { useNotify } from 'react-admin';
import type { Id } from '../../../schema/common';
import type { CalculatePriceRequest, CalculatePriceResponse, PriceInterval, PriceQuantity } from '../../../schema/pricing';
import type { RebateCode } from '../../../schema/rebatecodes';
import { useApi } from '../../common/api';

/** Price recalculation debounce (spec core.md §9). */
export const RECALCULATION_DEBOUNCE_MS = 1000;

/** A code the user applied: its id and sign. */
export interface AppliedCodeRef {
  Id: Id;
  Sign: string;
}

export interface PriceCalculationInput {
  serviceId: Id;
  interval: PriceInterval;
  quantities: PriceQuantity[];
  customerEmail?: string;
  /** False until the inputs are ready (e.g. the prices have loaded). */
  enabled: boolean;
  /** Codes applied before (e.g. to another time of the same booking): applied again from the first calculation on. */
  initialCodes?: AppliedCodeRef[];
}

export interface PriceCalculationState {
  result: CalculatePriceResponse | null;
  applied: AppliedCodeRef[];
  /** A calculation or lookup is running, or one is waiting for the debounce. */
  busy: boolean;
  /** The message of the last failed calculation, when there is no result to show. */
  error: string | null;
  /** Applies a code by its sign; false (with the reason in `codeError`) when it was not applied. */
  apply: (sign: string) => Promise<boolean>;
  remove: (id: Id) => Promise<void>;
  codeError: string | null;
}

const normalise = (sign: string) => sign.trim().normalize('NFC').toUpperCase();

/** Whether a failed calculation was refused because of one of its codes (rather than prices or quantities). */
function isCodeError(error: unknown): boolean {
  const errors = (error as { body?: { errors?: Record<string, unknown> } })?.body?.errors ?? {};
  return Object.keys(errors).some((field) => field.startsWith('RebateCode'));
}

const messageOf = (error: unknown): string => (error as Error)?.message || 'ra.notification.http_error';

/**
 * The price of one time spot with its quantities and promo codes, kept up to date:
 * changes recalculate after RECALCULATION_DEBOUNCE_MS; applying a code checks it is not already applied,
 * looks it up by sign (GET /rebatecodes/getbysign), then recalculates with its id (PUT
 * /services/{id}/calculateprice); removing one recalculates with no codes; after every successful
 * calculation the applied codes it lacks are applied again (looked up anew); rebate failures show a
 * toast with the server's message.
 * @example
 * const price = usePriceCalculation({ serviceId: 3, interval: { From: '2025-06-02T10:00:00' }, quantities: [{ PriceId: 0, Quantity: 1 }], enabled: true });
 * await price.apply('SOMMAR20');
 * price.result?.TotalPrice
 */
export function usePriceCalculation(input: PriceCalculationInput): PriceCalculationState {
  const api = useApi();
  const notify = useNotify();
  const [result, setResult] = useState<CalculatePriceResponse | null>(null);
  const [applied, setApplied] = useState<AppliedCodeRef[]>(() => input.initialCodes ?? []);
  const [running, setRunning] = useState(0);
  const [waiting, setWaiting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);

  const latest = useRef(input);
  latest.current = input;
  const appliedRef = useRef(applied);
  const sequence = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const calculate = useCallback(
    (ids: Id[]) => {
      const { serviceId, interval, quantities, customerEmail } = latest.current;
      const body: CalculatePriceRequest = {
        Id: serviceId,
        Interval: interval,
        Quantities: quantities,
        RebateCodeIds: ids,
        CustomerEmail: customerEmail || undefined,
      };
      return api.call<CalculatePriceResponse>('PUT', `/services/${serviceId}/calculateprice`, { body });
    },
    [api],
  );

  const lookup = useCallback(
    (sign: string) => {
      const { serviceId, interval, customerEmail } = latest.current;
      return api.call<RebateCode>('GET', '/rebatecodes/getbysign', {
        query: { RebateCodeSign: sign, Date: interval.From, ServiceId: serviceId, CustomerEmail: customerEmail || undefined },
      });
    },
    [api],
  );

  const commit = useCallback((next: CalculatePriceResponse, codes: AppliedCodeRef[]) => {
    const kept = codes.filter((c) => next.AppliedCodes.some((a) => a.RebateCodeId === c.Id));
    appliedRef.current = kept;
    setApplied(kept);
    setResult(next);
    setError(null);
  }, []);

  const toast = useCallback((e: unknown) => notify(messageOf(e), { type: 'error' }), [notify]);

  /**
   * Calculates with `wanted` (or first with no codes when `startEmpty`), then applies again, looked up
   * by sign, every wanted code the successful result lacks. Stale runs are dropped.
   */
  const settle = useCallback(
    async (wanted: AppliedCodeRef[], startEmpty = false) => {
      const run = ++sequence.current;
      const current = () => run === sequence.current;
      setRunning((n) => n + 1);
      try {
        let first: CalculatePriceResponse;
        let firstCodes = startEmpty ? [] : wanted;
        try {
          first = await calculate(firstCodes.map((c) => c.Id));
        } catch (e) {
          if (!current()) return;
          toast(e);
          if (!firstCodes.length || !isCodeError(e)) {
            setError(messageOf(e));
            setResult(null);
            return;
          }
          firstCodes = [];
          first = await calculate([]);
        }
        if (!current()) return;
        commit(first, firstCodes);
        const present = firstCodes.filter((c) => first.AppliedCodes.some((a) => a.RebateCodeId === c.Id));
        const missing = wanted.filter((w) => !present.some((p) => p.Id === w.Id));
        if (!missing.length) return;
        const survivors = [...present];
        for (const code of missing) {
          try {
            const found = await lookup(code.Sign);
            if (!survivors.some((s) => s.Id === found.Id)) survivors.push({ Id: found.Id, Sign: found.RebateCodeSign });
          } catch (e) {
            if (current()) toast(e);
          }
        }
        if (!current() || survivors.length === present.length) return;
        const again = await calculate(survivors.map((c) => c.Id));
        if (current()) commit(again, survivors);
      } catch (e) {
        if (current()) {
          toast(e);
          setError(messageOf(e));
        }
      } finally {
        setRunning((n) => n - 1);
      }
    },
    [calculate, lookup, commit, toast],
  );

  const cancelPending = () => {
    clearTimeout(timer.current);
    setWaiting(false);
  };

  const key = JSON.stringify([input.serviceId, input.interval.From, input.interval.To ?? null, input.quantities, input.customerEmail ?? '']);
  useEffect(() => {
    if (!input.enabled) return;
    setWaiting(true);
    timer.current = setTimeout(() => {
      setWaiting(false);
      void settle(appliedRef.current);
    }, RECALCULATION_DEBOUNCE_MS);
    return () => clearTimeout(timer.current);
  }, [key, input.enabled, settle]);

  const apply = useCallback(
    async (raw: string): Promise<boolean> => {
      const sign = normalise(raw);
      if (!sign) return false;
      const already = () => {
        setCodeError('newBookingForm.codeAlreadyApplied');
        notify('newBookingForm.codeAlreadyApplied', { type: 'warning' });
        return false;
      };
      if (appliedRef.current.some((c) => normalise(c.Sign) === sign)) return already();
      setCodeError(null);
      cancelPending();
      const run = ++sequence.current;
      setRunning((n) => n + 1);
      try {
        const code = await lookup(sign);
        if (appliedRef.current.some((c) => c.Id === code.Id)) return already();
        const wanted = [...appliedRef.current, { Id: code.Id, Sign: code.RebateCodeSign }];
        const next = await calculate(wanted.map((c) => c.Id));
        if (run === sequence.current) commit(next, wanted);
        return true;
      } catch (e) {
        const message = messageOf(e);
        setCodeError(message);
        toast(e);
        return false;
      } finally {
        setRunning((n) => n - 1);
      }
    },
    [lookup, calculate, commit, notify, toast],
  );

  const remove = useCallback(
    async (id: Id) => {
      cancelPending();
      setCodeError(null);
      await settle(appliedRef.current.filter((c) => c.Id !== id), true);
    },
    [settle],
  );

  return { result, applied, busy: running > 0 || waiting, error, apply, remove, codeError };
}
