import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { AdminContext, Notification, TestMemoryRouter } from 'react-admin';
import type { CalculatePriceRequest, CalculatePriceResponse } from '../../schema/pricing';
import { createDataProvider, createHttpClient, AppEvents } from '../../src/dataProvider';
import { englishMessages } from '../../src/i18n';
import { PriceCheck, type PriceCheckChange } from '../../src/custom/priceCheck/PriceCheck';
import { API, asJson, calls, callsTo, code, errorResponse, list, server } from './promoHarness';

const SERVICE_ID = 3;
const FROM = '2030-06-03T10:00:00';
const codes = {
  SUMMER20: code(7, { RebateCodeSign: 'SUMMER20', RebateCodeTypeId: 1, RebateCodeValue: 20 }),
  CARD100: code(8, { RebateCodeSign: 'CARD100', RebateCodeTypeId: 4, RebateCodeTypeName: 'ValueCard', RebateCodeValue: 100, RemainingAmount: 100 }),
};

/** A stand-in for the price rules: 200 kr per place, codes applied in the order given. */
function calculate(request: CalculatePriceRequest): CalculatePriceResponse {
  const quantity = (request.Quantities ?? []).reduce((sum, q) => sum + q.Quantity, 0);
  const before = 200 * quantity;
  let left = before;
  const applied = (request.RebateCodeIds ?? []).map((id) => {
    const c = Object.values(codes).find((x) => x.Id === id)!;
    const amount = c.RebateCodeTypeId === 1 ? (left * c.RebateCodeValue) / 100 : Math.min(left, c.RemainingAmount ?? 0);
    left -= amount;
    return { RebateCodeId: id, RebateCodeSign: c.RebateCodeSign, RebateCodeValue: c.RebateCodeValue, RebateCodeType: { Id: c.RebateCodeTypeId, Name: c.RebateCodeTypeName }, RebateAmount: amount, Usage: 1 };
  });
  return { PriceSign: 'kr', CurrencyId: 'SEK', TotalPrice: left, TotalVatAmount: left * 0.2, TotalPriceBeforeRebate: before, AppliedCodes: applied, PriceDetails: [] };
}

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  server.use(
    http.get(`${API}/services`, () =>
      HttpResponse.json(list([asJson({ Id: SERVICE_ID, Name: 'Padel', Prices: [{ Id: 11, ServiceId: SERVICE_ID, Price: 200, PriceSign: 'kr', Category: 'Adult', PriceText: '', VAT: 25 }] })])),
    ),
    http.put(`${API}/services/${SERVICE_ID}/calculateprice`, async ({ request }) => HttpResponse.json(asJson(calculate((await request.json()) as CalculatePriceRequest)))),
    http.get(`${API}/rebatecodes/getbysign`, ({ request }) => {
      const sign = new URL(request.url).searchParams.get('RebateCodeSign') ?? '';
      if (sign === 'EXPIRED1') return errorResponse(400, 'The code EXPIRED1 has expired.', [{ FieldName: 'RebateCodeSign', Message: 'The code EXPIRED1 has expired.' }]);
      const found = codes[sign as keyof typeof codes];
      return found ? HttpResponse.json(asJson(found)) : errorResponse(404, `There is no code ${sign}.`);
    }),
  );
});
afterEach(() => {
  vi.useRealTimers();
  server.resetHandlers();
  calls.length = 0;
});
afterAll(() => server.close());

/** Lets answers arrive and React render, without moving the clock. */
async function settle() {
  for (let i = 0; i < 25; i++) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
      await new Promise((resolve) => setImmediate(resolve));
    });
  }
}

/** Moves the clock by `ms`, letting answers arrive on the way. */
async function advance(ms: number) {
  for (let t = 0; t < ms; t += 100) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(Math.min(100, ms - t));
      await new Promise((resolve) => setImmediate(resolve));
    });
  }
  await settle();
}

function renderCheck(maxQuantity = 4, onChange?: (change: PriceCheckChange) => void) {
  const httpClient = createHttpClient({ apiKey: 'test-key', events: new AppEvents(), getLanguage: () => 'en', translate: (key) => key });
  const dataProvider = createDataProvider(API, httpClient, {});
  const i18nProvider = polyglotI18nProvider(() => englishMessages, 'en', [{ locale: 'en', name: 'English' }], { allowMissing: true });
  render(
    <TestMemoryRouter>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <PriceCheck serviceId={SERVICE_ID} interval={{ From: FROM, To: '2030-06-03T11:00:00' }} maxQuantity={maxQuantity} onChange={onChange} />
        <Notification />
      </AdminContext>
    </TestMemoryRouter>,
  );
}

const puts = () => callsTo('PUT', `/services/${SERVICE_ID}/calculateprice`).map((c) => c.body as CalculatePriceRequest);
const total = () => screen.getByTestId('total-price').textContent;
const lookups = () => callsTo('GET', '/rebatecodes/getbysign').map((c) => c.search.get('RebateCodeSign'));

async function applyCode(sign: string) {
  fireEvent.change(screen.getByRole('textbox', { name: 'Promo code' }), { target: { value: sign } });
  fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
  await settle();
}

async function ready(maxQuantity = 4, onChange?: (change: PriceCheckChange) => void) {
  renderCheck(maxQuantity, onChange);
  await settle();
  await advance(1000);
  expect(total()).toBe('200 kr');
}

describe('the price check component', () => {
  it('recalculates only once 1000 ms have passed since the last change', async () => {
    renderCheck();
    await settle();
    await advance(900);
    expect(puts()).toHaveLength(0);
    await advance(100);
    expect(puts()).toHaveLength(1);
    expect(puts()[0]).toMatchObject({ Id: SERVICE_ID, Interval: { From: FROM }, Quantities: [{ PriceId: 11, Quantity: 1 }], RebateCodeIds: [] });

    fireEvent.click(screen.getByRole('button', { name: 'More' }));
    await advance(600);
    fireEvent.click(screen.getByRole('button', { name: 'More' }));
    await advance(900);
    expect(puts()).toHaveLength(1);
    await advance(100);
    expect(puts()).toHaveLength(2);
    expect(puts()[1].Quantities).toEqual([{ PriceId: 11, Quantity: 3 }]);
    expect(total()).toBe('600 kr');
  });

  it('disables decrement at the minimum and increment at the maximum, never going below 0', async () => {
    await ready(2);
    const more = screen.getByRole('button', { name: 'More' });
    const fewer = screen.getByRole('button', { name: 'Fewer' });
    const counter = within(screen.getByRole('group', { name: 'Quantity' }));
    expect(more).toBeEnabled();
    fireEvent.click(more);
    expect(counter.getByText('2')).toBeInTheDocument();
    expect(more).toBeDisabled();
    fireEvent.click(fewer);
    fireEvent.click(fewer);
    expect(counter.getByText('0')).toBeInTheDocument();
    expect(fewer).toBeDisabled();
    fireEvent.click(fewer);
    expect(counter.getByText('0')).toBeInTheDocument();
  });

  it('applies a code: looks it up by sign, then recalculates with its id and shows what it took off', async () => {
    await ready();
    await applyCode('summer20');
    const lookup = callsTo('GET', '/rebatecodes/getbysign')[0].search;
    expect(lookup.get('RebateCodeSign')).toBe('SUMMER20');
    expect(lookup.get('ServiceId')).toBe(String(SERVICE_ID));
    expect(lookup.get('Date')).toBe(FROM);
    expect(puts().at(-1)!.RebateCodeIds).toEqual([7]);
    expect(total()).toBe('160 kr');
    expect(screen.getByTestId('rebate-SUMMER20')).toHaveTextContent('−40 kr');
    expect(screen.getByTestId('total-before-rebate')).toHaveTextContent('200 kr');
  });

  it("refuses a code that is already applied with 'code already applied', without asking the API", async () => {
    await ready();
    await applyCode('SUMMER20');
    const before = calls.length;
    await applyCode(' summer20 ');
    expect(screen.getAllByText('code already applied').length).toBeGreaterThan(0);
    expect(calls.length).toBe(before);
    expect(lookups()).toEqual(['SUMMER20']);
  });

  it('removing a code recalculates with no codes, then applies the others again', async () => {
    await ready();
    await applyCode('SUMMER20');
    await applyCode('CARD100');
    expect(total()).toBe('60 kr');
    const putsBefore = puts().length;
    fireEvent.click(screen.getByLabelText('Remove SUMMER20'));
    await settle();
    expect(puts().slice(putsBefore).map((p) => p.RebateCodeIds)).toEqual([[], [8]]);
    expect(lookups()).toEqual(['SUMMER20', 'CARD100', 'CARD100']);
    expect(total()).toBe('100 kr');
    expect(screen.queryByText('SUMMER20')).not.toBeInTheDocument();
    expect(screen.getByText('CARD100')).toBeInTheDocument();
  });

  it('keeps applied codes in every later recalculation', async () => {
    await ready();
    await applyCode('SUMMER20');
    fireEvent.click(screen.getByRole('button', { name: 'More' }));
    await advance(1000);
    expect(puts().at(-1)).toMatchObject({ Quantities: [{ PriceId: 11, Quantity: 2 }], RebateCodeIds: [7] });
    expect(total()).toBe('320 kr');
  });

  it("shows a rebate failure as a toast with the server's message and applies nothing", async () => {
    await ready();
    const putsBefore = puts().length;
    await applyCode('EXPIRED1');
    expect(screen.getAllByText('The code EXPIRED1 has expired.').length).toBeGreaterThan(0);
    expect(screen.getByRole('alert')).toHaveTextContent('The code EXPIRED1 has expired.');
    expect(puts()).toHaveLength(putsBefore);
    expect(total()).toBe('200 kr');
  });

  it('hands the quantities, applied code ids and result to the booking form', async () => {
    const changes: PriceCheckChange[] = [];
    await ready(4, (change) => changes.push(change));
    await applyCode('CARD100');
    expect(changes.at(-1)).toMatchObject({ quantities: [{ PriceId: 11, Quantity: 1 }], rebateCodeIds: [8], result: { TotalPrice: 100 } });
  });
});
