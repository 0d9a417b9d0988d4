import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { AvailableTime } from '../../schema/availability';
import type { CalculatePriceRequest, CalculatePriceResponse } from '../../schema/pricing';
import type { CustomField } from '../../schema/customfields';
import { NewBookingWidget } from '../../src/custom/newBooking/NewBookingWidget';
import type { CreateRepeatBooking, RepeatBookingFailure } from '../../schema/bookings';
import { API, asJson, callsTo, calls, code, errorResponse, list, renderPromo, server } from './promoHarness';
import { pickerInput } from './pickers';
import { ROLE_IDS } from '../../schema/access/permissions';
import { AppEvents } from '../../src/dataProvider';
import { ShellContext } from '../../src/shell/ShellContext';
import { formatDay } from '../../src/custom/newBooking/calendar';

const field = (over: Partial<CustomField>): CustomField => ({
  Id: 0,
  Name: '',
  Description: '',
  Width: 12,
  DataType: 'TextBox',
  DefaultValue: null,
  IsMandatory: false,
  MandatoryErrorMessage: null,
  MaxLength: 100,
  MultipleLineText: false,
  RegExId: null,
  RegExErrorMessage: null,
  IsPublic: true,
  IsHidden: false,
  SortOrder: 0,
  Table: 'BookedEvent',
  Active: true,
  Values: [],
  Services: [],
  Created: '2025-01-01T00:00:00',
  Updated: '2025-01-01T00:00:00',
  ...over,
});

const minmax = (Active: boolean, Max = 1) => ({ Active, Min: 1, Max });
const YOGA = {
  Id: 1,
  Name: 'Yoga',
  Duration: 60,
  MinDuration: 60,
  MaxDuration: 60,
  DurationInterval: 60,
  DurationTypeId: 1,
  EnableBookingQueue: true,
  GroupBooking: minmax(true, 20),
  MultipleResource: minmax(false),
  ResourceTypes: [],
  BookingCustomFields: [field({ Id: 50, Name: 'Level', IsMandatory: true, MandatoryErrorMessage: 'Say your level', RegExId: '^[A-C]$', RegExErrorMessage: 'Level is A, B or C' })],
  Prices: [
    { Id: 11, ServiceId: 1, Price: 180, PriceSign: 'kr', Category: 'Adult', PriceText: '', VAT: 6 },
    { Id: 12, ServiceId: 1, Price: 90, PriceSign: 'kr', Category: 'Child', PriceText: '', VAT: 6 },
  ],
};
const MASSAGE = {
  Id: 2,
  Name: 'Massage',
  Duration: 45,
  MinDuration: 45,
  MaxDuration: 90,
  DurationInterval: 45,
  DurationTypeId: 3,
  EnableBookingQueue: false,
  GroupBooking: minmax(false),
  MultipleResource: minmax(false),
  ResourceTypes: [{ Id: 5, Name: 'Therapist', NumberOfResources: 1, SelectableByUser: true, AllResources: true, Resources: [{ Id: 51, Name: 'Anna' }, { Id: 52, Name: 'Bo' }] }],
  BookingCustomFields: [],
  Prices: [{ Id: 21, ServiceId: 2, Price: 695, PriceSign: 'kr', Category: '', PriceText: '', VAT: 25 }],
};
const SERVICES = [YOGA, MASSAGE];
const PRICES: Record<number, number> = { 11: 180, 12: 90, 21: 695 };
const SUMMER = code(7, { RebateCodeSign: 'SUMMER20', RebateCodeTypeId: 1, RebateCodeValue: 20 });
const ANNA = { Id: 300, Firstname: 'Anna', Lastname: 'Andersson', Email: 'anna@example.com', Phone: '070 123', CustomFieldValues: [] };
const MEMBER_FIELD = field({ Id: 60, Name: 'Member number', Table: 'RegisteredUsers', RegExId: '^[0-9]{4}$', RegExErrorMessage: 'Four digits' });

/** Each asked day has 10:00–11:00 with 3 free spots (1 for services without group booking) and a full 12:00–13:00. */
function timesFor(serviceId: number, from: string, to: string, duration: number | null): AvailableTime[] {
  const service = SERVICES.find((s) => s.Id === serviceId)!;
  const minutes = duration ?? service.Duration;
  const last = to.slice(0, 10);
  const out: AvailableTime[] = [];
  for (let day = new Date(`${from.slice(0, 10)}T00:00:00Z`); day.toISOString().slice(0, 10) <= last; day = new Date(day.getTime() + 86400000)) {
    const d = day.toISOString().slice(0, 10);
    const end = (h: number) => new Date(Date.parse(`${d}T${String(h).padStart(2, '0')}:00:00Z`) + minutes * 60000).toISOString().slice(0, 19);
    const spots = service.GroupBooking.Active ? 3 : 1;
    out.push({ From: `${d}T10:00:00`, To: end(10), Free: true, FreeSpots: spots, ExceptionTexts: [] });
    out.push({ From: `${d}T12:00:00`, To: end(12), Free: false, FreeSpots: 0, ExceptionTexts: [] });
  }
  return out;
}

function calculate(request: CalculatePriceRequest): CalculatePriceResponse {
  const before = (request.Quantities ?? []).reduce((sum, q) => sum + PRICES[q.PriceId || 11] * q.Quantity, 0);
  const codes = request.RebateCodeIds ?? [];
  const rebate = codes.includes(7) ? before * 0.2 : 0;
  return {
    PriceSign: 'kr',
    CurrencyId: 'SEK',
    TotalPrice: before - rebate,
    TotalVatAmount: 0,
    TotalPriceBeforeRebate: before,
    AppliedCodes: codes.includes(7)
      ? [{ RebateCodeId: 7, RebateCodeSign: 'SUMMER20', RebateCodeValue: 20, RebateCodeType: { Id: 1, Name: 'Percent' }, RebateAmount: rebate, Usage: 1 }]
      : [],
    PriceDetails: [],
  };
}

/** What POST /bookings/repeat answers (only what the widget reads of the bookings). */
let repeatAnswer: { Created: { Id: number; From: string; To: string; StatusId?: number }[]; Failed: RepeatBookingFailure[] } = { Created: [{ Id: 4711, From: '', To: '' }], Failed: [] };

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
beforeEach(() => {
  repeatAnswer = { Created: [{ Id: 4711, From: '', To: '' }], Failed: [] };
  server.use(
    http.get(`${API}/services`, ({ request }) => {
      const id = Number(new URL(request.url).searchParams.get('Id'));
      return HttpResponse.json(list(asJson(id ? SERVICES.filter((s) => s.Id === id) : SERVICES) as unknown[]));
    }),
    http.get(`${API}/services/:id/availabletimes`, ({ request, params }) => {
      const q = new URL(request.url).searchParams;
      const duration = q.get('Duration');
      return HttpResponse.json(
        asJson({ CompanyId: 7, ServiceId: Number(params.id), Times: timesFor(Number(params.id), q.get('From')!, q.get('To')!, duration ? Number(duration) : null) }),
      );
    }),
    http.put(`${API}/services/:id/calculateprice`, async ({ request }) => HttpResponse.json(asJson(calculate((await request.json()) as CalculatePriceRequest)))),
    http.get(`${API}/rebatecodes/getbysign`, ({ request }) => {
      const sign = new URL(request.url).searchParams.get('RebateCodeSign');
      return sign === 'SUMMER20' ? HttpResponse.json(asJson(SUMMER)) : errorResponse(404, `There is no code ${sign}.`);
    }),
    http.get(`${API}/customers`, ({ request }) => {
      const search = new URL(request.url).searchParams.get('Search') ?? '';
      return HttpResponse.json(list(/ann/i.test(search) ? [ANNA] : []));
    }),
    http.get(`${API}/customfields`, () => HttpResponse.json(list(asJson([MEMBER_FIELD]) as unknown[]))),
    http.post(`${API}/customers`, async ({ request }) => HttpResponse.json(asJson({ ...((await request.json()) as object), Id: 900 }))),
    http.post(`${API}/bookings/repeat`, () => HttpResponse.json(asJson(repeatAnswer))),
    http.get(`${API}/bookings/settings`, () =>
      HttpResponse.json(
        asJson({ DefaultStatusId: 1, ReservationHoldMinutes: 30, PaymentHoldMinutes: 30, CancellationDeadlineHours: 24, CustomersMayChooseResources: true, SendEmailConfirmation: true, SendSmsConfirmation: false, SendEmailReminder: true, SendSmsReminder: true, QueueEnabled: false }),
      ),
    ),
    http.post(`${API}/bookinguserqueue`, () => HttpResponse.json(asJson({ Id: 5 }))),
  );
});
afterEach(() => {
  vi.useRealTimers();
  server.resetHandlers();
  calls.length = 0;
});
afterAll(() => server.close());

/** Lets answers arrive and React render, without moving a fake clock. */
async function settle() {
  for (let i = 0; i < 25; i++) {
    await act(async () => {
      if (vi.isFakeTimers()) await vi.advanceTimersByTimeAsync(0);
      await new Promise((resolve) => setImmediate(resolve));
    });
  }
}

/** Moves the fake clock by `ms`, letting answers arrive on the way. */
async function advance(ms: number) {
  for (let t = 0; t < ms; t += 100) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(Math.min(100, ms - t));
      await new Promise((resolve) => setImmediate(resolve));
    });
  }
  await settle();
}

/** The widget at /bookings-new; with `roles`, signed in with them (the shell's roles), otherwise with none. */
function renderWidget(roles?: number[]) {
  const widget = roles ? (
    <ShellContext.Provider value={{ events: new AppEvents(), menu: [], unpaddedPaths: [], roles: () => roles }}>
      <NewBookingWidget />
    </ShellContext.Provider>
  ) : (
    <NewBookingWidget />
  );
  return renderPromo('/bookings-new', [
    { path: '/bookings-new', element: widget },
    { path: '/bookings/:id', element: <p>booking page</p> },
  ]);
}

async function choose(label: string | RegExp, option: string | RegExp) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  await settle();
  fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
  await settle();
}

const availability = () => callsTo('GET', '/services/1/availabletimes').concat(callsTo('GET', '/services/2/availabletimes'));
const puts = (id = 1) => callsTo('PUT', `/services/${id}/calculateprice`).map((c) => c.body as CalculatePriceRequest);
const total = () => screen.getByTestId('total-price').textContent;
const more = (i = 0) => screen.getAllByRole('button', { name: 'More' })[i];
const fewer = (i = 0) => screen.getAllByRole('button', { name: 'Fewer' })[i];
const repeats = () => callsTo('POST', '/bookings/repeat').map((c) => c.body as CreateRepeatBooking);

async function applyCode(sign: string) {
  fireEvent.change(screen.getByRole('textbox', { name: 'Promo code' }), { target: { value: sign } });
  fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
  await settle();
}

/** Opens the widget on fake timers, picks a service and its first 10:00 time, and lets the first price arrive. */
async function pickTime(service = 'Yoga', time: RegExp = /^10:00–11:00/, roles?: number[]) {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const view = renderWidget(roles);
  await settle();
  await choose('Service', service);
  fireEvent.click(screen.getAllByRole('button', { name: time })[0]);
  await settle();
  return view;
}

async function chooseAnna() {
  const input = screen.getByRole('combobox', { name: 'Find customer' });
  act(() => input.focus());
  fireEvent.change(input, { target: { value: 'ann' } });
  await advance(500);
  fireEvent.click(screen.getByRole('option', { name: /Anna Andersson/ }));
  await settle();
}

async function book() {
  fireEvent.click(screen.getByRole('button', { name: 'Book' }));
  await settle();
}

/** Anna and the mandatory Level: what every booking of Yoga needs besides the time. */
async function fillIn() {
  await chooseAnna();
  fireEvent.change(screen.getByRole('textbox', { name: 'Level' }), { target: { value: 'A' } });
}

/** The sections (month, day, year in English) of the Date field. */
const dateSections = () => within(pickerInput('Date').parentElement!).getAllByRole('spinbutton');

/** Types `digits` into the Date field key by key, from its first section on, as a person does. */
async function typeDate(digits: string) {
  act(() => dateSections()[0].focus());
  await settle();
  for (const key of digits) {
    fireEvent.input(document.activeElement!, { target: { textContent: key } });
    await settle();
  }
}

const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86400000).toISOString().slice(0, 10);
/** A yyyy-MM-dd day as typed into the English field: MMDDYYYY. */
const typed = (day: string) => `${day.slice(8, 10)}${day.slice(5, 7)}${day.slice(0, 4)}`;
const shown = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

describe('the new-booking widget', () => {
  it('shows the free times of a day, and of a week, moving a day or a week at a time', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderWidget();
    await settle();
    await choose('Service', 'Yoga');
    const first = availability()[0].search;
    const day = first.get('From')!.slice(0, 10);
    expect(first.get('To')).toBe(day);
    expect(screen.getByRole('button', { name: /^10:00–11:00\s*3 free$/ })).toBeEnabled();
    expect(screen.getByRole('button', { name: /^12:00–13:00\s*Full, queue$/ })).toBeEnabled();

    fireEvent.click(screen.getByRole('button', { name: 'Next day' }));
    await settle();
    const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86400000).toISOString().slice(0, 10);
    expect(availability().at(-1)!.search.get('From')).toBe(`${next}T00:00:00`);
    expect(screen.getByRole('button', { name: 'Previous day' })).toBeEnabled();

    fireEvent.click(screen.getByRole('button', { name: 'Week' }));
    await settle();
    // The week of tomorrow: its days before today are shown as past (not asked for), the rest have their times.
    const week = availability().at(-1)!.search;
    const weekday = (new Date(`${next}T00:00:00Z`).getUTCDay() + 6) % 7;
    const monday = new Date(Date.parse(`${next}T00:00:00Z`) - weekday * 86400000).toISOString().slice(0, 10);
    const past = Math.max(0, weekday - 1);
    expect(week.get('From')).toBe(`${new Date(Date.parse(`${monday}T00:00:00Z`) + past * 86400000).toISOString().slice(0, 10)}T00:00:00`);
    expect(week.get('To')).toBe(new Date(Date.parse(`${monday}T00:00:00Z`) + 6 * 86400000).toISOString().slice(0, 10));
    expect(screen.getAllByRole('button', { name: /^10:00–11:00/ })).toHaveLength(7 - past);
    expect(screen.queryAllByText('Past day')).toHaveLength(past);
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(7);

    fireEvent.click(screen.getByRole('button', { name: 'Next week' }));
    await settle();
    expect(availability().at(-1)!.search.get('From')).toBe(`${new Date(Date.parse(`${monday}T00:00:00Z`) + 7 * 86400000).toISOString().slice(0, 10)}T00:00:00`);
  });

  it('asks for the chosen duration and resource of a flexible service, and full times cannot be chosen without a queue', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderWidget();
    await settle();
    await choose('Service', 'Massage');
    expect(availability().at(-1)!.search.get('Duration')).toBe('45');
    await choose('Duration', '1 h 30 min');
    expect(availability().at(-1)!.search.get('Duration')).toBe('90');
    expect(screen.getByRole('button', { name: /^10:00–11:30\s*1 free/ })).toBeEnabled();
    expect(screen.getByRole('button', { name: /^12:00–13:30\s*Full/ })).toBeDisabled();
    await choose('Therapist', 'Bo');
    expect(JSON.parse(availability().at(-1)!.search.get('Resources')!)).toEqual({ ResourceTypeId: 5, ResourceId: 52 });
  });

  it('keeps an applied code when the duration changes and applies it again to the new time', async () => {
    await pickTime('Massage', /^10:00–10:45/);
    await advance(1000);
    await applyCode('summer20');
    expect(puts(2).at(-1)!.RebateCodeIds).toEqual([7]);
    await choose('Duration', '1 h 30 min');
    fireEvent.click(screen.getAllByRole('button', { name: /^10:00–11:30/ })[0]);
    await settle();
    await advance(1000);
    expect(puts(2).at(-1)).toMatchObject({ Interval: { From: expect.stringMatching(/T10:00:00$/), To: expect.stringMatching(/T11:30:00$/) }, RebateCodeIds: [7] });
    expect(screen.getByLabelText('Remove SUMMER20')).toBeInTheDocument();
  });

  it('counts from 0 up to the free spots with group booking, disabling the steppers at the ends', async () => {
    await pickTime();
    const counter = () => within(screen.getByRole('group', { name: 'Quantity' }));
    expect(counter().getByText('1')).toBeInTheDocument();
    fireEvent.click(more());
    fireEvent.click(more());
    expect(counter().getByText('3')).toBeInTheDocument();
    expect(more()).toBeDisabled();
    fireEvent.click(more());
    expect(counter().getByText('3')).toBeInTheDocument();
    for (let i = 0; i < 3; i++) fireEvent.click(fewer());
    expect(counter().getByText('0')).toBeInTheDocument();
    expect(fewer()).toBeDisabled();
  });

  it('allows exactly one without group booking or several resources', async () => {
    await pickTime('Massage', /^10:00–10:45/);
    expect(within(screen.getByRole('group', { name: 'Quantity' })).getByText('1')).toBeInTheDocument();
    expect(more()).toBeDisabled();
    expect(fewer()).toBeEnabled();
  });

  it('recalculates the price 1000 ms after the last change and shows calculateprice’s answer', async () => {
    await pickTime();
    await advance(900);
    expect(puts()).toHaveLength(0);
    await advance(100);
    expect(puts()).toHaveLength(1);
    expect(total()).toBe('180 kr');
    fireEvent.click(more());
    await advance(500);
    fireEvent.click(more());
    await advance(900);
    expect(puts()).toHaveLength(1);
    await advance(100);
    expect(puts()).toHaveLength(2);
    expect(puts()[1].Quantities).toEqual([{ PriceId: 11, Quantity: 3 }]);
    expect(total()).toBe('540 kr');
    expect(screen.getByTestId('summary-total')).toHaveTextContent('To pay: 540 kr');
  });

  it("applies a code by its sign, refuses it a second time with 'code already applied', keeps it through recalculations and recalculates without it when removed", async () => {
    await pickTime();
    await advance(1000);
    await applyCode('summer20');
    expect(callsTo('GET', '/rebatecodes/getbysign')[0].search.get('RebateCodeSign')).toBe('SUMMER20');
    expect(puts().at(-1)!.RebateCodeIds).toEqual([7]);
    expect(total()).toBe('144 kr');

    const before = calls.length;
    await applyCode('SUMMER20');
    expect(screen.getAllByText('code already applied').length).toBeGreaterThan(0);
    expect(calls.length).toBe(before);

    fireEvent.click(more());
    await advance(1000);
    expect(puts().at(-1)).toMatchObject({ Quantities: [{ Quantity: 2 }], RebateCodeIds: [7] });
    expect(total()).toBe('288 kr');

    fireEvent.click(screen.getByLabelText('Remove SUMMER20'));
    await settle();
    expect(puts().at(-1)!.RebateCodeIds).toEqual([]);
    expect(total()).toBe('360 kr');
  });

  it('books an existing customer with two prices, the code, the fields, comments, flags, payment and repeat dates, then opens the booking', async () => {
    const view = await pickTime();
    expect(screen.getByRole('combobox', { name: 'Price' })).toHaveTextContent('Adult – 180 kr');
    fireEvent.click(screen.getByRole('button', { name: 'Add another price' }));
    fireEvent.click(more(1));
    await advance(1000);
    expect(total()).toBe('270 kr');
    await applyCode('SUMMER20');
    await chooseAnna();
    fireEvent.change(screen.getByRole('textbox', { name: 'Level' }), { target: { value: 'B' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Comment on the booking' }), { target: { value: 'Mat needed' } });
    fireEvent.click(screen.getByLabelText('Send confirmation by text message'));
    await choose('Payment', 'Book without payment');
    await choose('Repeat', 'Every week');
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Number of times' }), { target: { value: '3' } });
    await settle();
    expect(within(screen.getByTestId('repeat-dates')).getAllByRole('listitem')).toHaveLength(2);
    await book();

    expect(repeats()).toHaveLength(1);
    const body = repeats()[0];
    const from = body.From;
    const From = from;
    const plus = (days: number, time: string) => `${new Date(Date.parse(`${from.slice(0, 10)}T00:00:00Z`) + days * 86400000).toISOString().slice(0, 10)}T${time}`;
    expect(body).toMatchObject({
      ServiceId: 1,
      CustomerId: 300,
      To: plus(0, '11:00:00'),
      Quantities: [
        { PriceId: 11, Quantity: 1 },
        { PriceId: 12, Quantity: 1 },
      ],
      RebateCodeIds: [7],
      CustomFields: [{ Id: 50, Value: 'B' }],
      BookedComments: 'Mat needed',
      CommentsToCustomer: null,
      SendEmailConfirmation: true,
      SendSmsConfirmation: true,
      SendEmailReminder: true,
      SendSmsReminder: true,
      PaymentOption: 'BookWithoutPayment',
      DatesToRepeat: [
        { From, To: plus(0, '11:00:00') },
        { From: plus(7, '10:00:00'), To: plus(7, '11:00:00') },
        { From: plus(14, '10:00:00'), To: plus(14, '11:00:00') },
      ],
    });
    expect(view.location().pathname).toBe('/bookings/4711');
  });

  it("checks the booking fields' own rules before anything is sent", async () => {
    await pickTime();
    await chooseAnna();
    await book();
    expect(screen.getByText('Say your level')).toBeInTheDocument();
    // A mandatory field is marked with an asterisk, as First name and Last name are.
    const level = screen.getByRole('textbox', { name: 'Level' });
    expect(document.querySelector(`label[for="${level.id}"]`)?.textContent).toMatch(/^Level\s*\*$/);
    fireEvent.change(screen.getByRole('textbox', { name: 'Level' }), { target: { value: 'D' } });
    await book();
    expect(screen.getByText('Level is A, B or C')).toBeInTheDocument();
    expect(repeats()).toHaveLength(0);
  });

  it('lists every refused time as a bullet with its time range and reason when nothing was created', async () => {
    repeatAnswer = {
      Created: [],
      Failed: [
        { From: '2030-06-03T10:00:00', To: '2030-06-03T11:00:00', Reason: 'The time is fully booked.' },
        { From: '2030-06-10T10:00:00', To: '2030-06-10T11:00:00', Reason: 'The resource is closed.' },
      ],
    };
    await pickTime();
    await chooseAnna();
    fireEvent.change(screen.getByRole('textbox', { name: 'Level' }), { target: { value: 'A' } });
    await book();
    const alert = screen.getAllByRole('alert').find((a) => a.textContent?.includes('The booking was not made'))!;
    const bullets = within(alert).getAllByRole('listitem').map((li) => li.textContent);
    expect(bullets).toEqual(['03/06/2030, 10:00–11:00: The time is fully booked.', '10/06/2030, 10:00–11:00: The resource is closed.']);
  });

  it('puts the customer in the queue for a full time of a queueing service', async () => {
    await pickTime('Yoga', /^12:00–13:00/);
    expect(screen.getByTestId('chosen-time')).toHaveTextContent('full: the customer joins the queue');
    await chooseAnna();
    fireEvent.change(screen.getByRole('textbox', { name: 'Level' }), { target: { value: 'A' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add to queue' }));
    await settle();
    expect(repeats()).toHaveLength(0);
    const queued = callsTo('POST', '/bookinguserqueue');
    expect(queued).toHaveLength(1);
    expect(queued[0].body).toEqual({ ServiceId: 1, CustomerId: 300, From: expect.stringMatching(/T12:00:00$/), To: expect.stringMatching(/T13:00:00$/), Quantity: 1 });
    expect(screen.getAllByText('The customer is in the queue').length).toBeGreaterThan(0);
  });

  it('creates a new customer with the customer fields and their rules, then books for them', async () => {
    await pickTime();
    fireEvent.click(screen.getByRole('radio', { name: 'New customer' }));
    await settle();
    fireEvent.change(screen.getByRole('textbox', { name: 'First name' }), { target: { value: 'Nils' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Last name' }), { target: { value: 'Nyman' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'E-mail' }), { target: { value: 'nils@example.com' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Member number' }), { target: { value: '12' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Level' }), { target: { value: 'C' } });
    await book();
    expect(screen.getByText('Four digits')).toBeInTheDocument();
    expect(callsTo('POST', '/customers')).toHaveLength(0);

    fireEvent.change(screen.getByRole('textbox', { name: 'Member number' }), { target: { value: '1234' } });
    await advance(1000);
    expect(puts().at(-1)!.CustomerEmail).toBe('nils@example.com');
    await book();
    expect(callsTo('POST', '/customers')[0].body).toMatchObject({ Firstname: 'Nils', Lastname: 'Nyman', Email: 'nils@example.com', CustomFieldValues: [{ Id: 60, Value: '1234' }] });
    expect(repeats()[0]).toMatchObject({ CustomerId: 900 });
  });

  it("shows the server's message when the time was taken meanwhile, and asks for the free times again", async () => {
    server.use(http.post(`${API}/bookings/repeat`, () => errorResponse(409, 'Yogasalen is already booked 2030-06-03 10:00–11:00.')));
    await pickTime();
    await chooseAnna();
    fireEvent.change(screen.getByRole('textbox', { name: 'Level' }), { target: { value: 'A' } });
    const asked = availability().length;
    await book();
    expect(screen.getByText('Yogasalen is already booked 2030-06-03 10:00–11:00.')).toBeInTheDocument();
    expect(availability().length).toBeGreaterThan(asked);
  });

  it("lets full times queue when the booking settings turn the queue on, though the service's own switch is off", async () => {
    server.use(http.get(`${API}/bookings/settings`, () => HttpResponse.json(asJson({ QueueEnabled: true, SendEmailConfirmation: true, SendSmsConfirmation: false, SendEmailReminder: false, SendSmsReminder: false }))));
    await pickTime('Massage', /^12:00–12:45\s*Full, queue$/);
    expect(screen.getByRole('button', { name: 'Add to queue' })).toBeInTheDocument();
  });

  it('keeps a whole future date typed into the Date field and shows its times; a past one stays as typed and does not move the calendar', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderWidget();
    await settle();
    await choose('Service', 'Yoga');
    const today = availability()[0].search.get('From')!.slice(0, 10);
    const heading = (day: string) => screen.getByText(formatDay(day, 'en'), { selector: 'p' });

    // A year ago: it stays in the field as typed, marked, and the calendar stays on today.
    const past = `${Number(today.slice(0, 4)) - 1}${today.slice(4)}`;
    await typeDate(typed(past));
    expect(pickerInput('Date').value).toBe(shown(past));
    expect(screen.getByText('Today or later')).toBeInTheDocument();
    expect(availability().every((c) => c.search.get('From') === `${today}T00:00:00`)).toBe(true);
    expect(heading(today)).toBeInTheDocument();

    // Today puts the field back on the day shown.
    fireEvent.click(screen.getByRole('button', { name: 'Today' }));
    await settle();
    expect(pickerInput('Date').value).toBe(shown(today));
    expect(screen.queryByText('Today or later')).not.toBeInTheDocument();

    // Nine days on: on the way (the day, the month, the year being typed) the date is before today for a keystroke or more.
    const later = addDays(today, 9);
    await typeDate(typed(later));
    expect(pickerInput('Date').value).toBe(shown(later));
    expect(availability().at(-1)!.search.get('From')).toBe(`${later}T00:00:00`);
    expect(heading(later)).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^10:00–11:00/ })).toHaveLength(1);
  });

  it('lists the refused dates of a partly made series with their reasons and links the bookings made, staying on the widget', async () => {
    repeatAnswer = {
      Created: [
        { Id: 4711, From: '2030-06-03T10:00:00', To: '2030-06-03T11:00:00', StatusId: 1 },
        { Id: 4713, From: '2030-06-05T10:00:00', To: '2030-06-05T11:00:00', StatusId: 1 },
      ],
      Failed: [{ From: '2030-06-04T10:00:00', To: '2030-06-04T11:00:00', Reason: 'Yogasalen is already booked.' }],
    };
    const view = await pickTime();
    await fillIn();
    await choose('Repeat', 'Every day');
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Number of times' }), { target: { value: '3' } });
    await settle();
    await book();

    expect(repeats()[0].DatesToRepeat).toHaveLength(3);
    expect(view.location().pathname).toBe('/bookings-new');
    const alert = screen.getAllByRole('alert').find((a) => a.textContent?.includes('2 of 3 times were booked'))!;
    expect(within(alert).getByText('This time was not booked:')).toBeInTheDocument();
    expect(within(within(alert).getByTestId('refused-times')).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['04/06/2030, 10:00–11:00: Yogasalen is already booked.']);
    expect(within(alert).getByText('2 bookings have been made')).toBeInTheDocument();
    const links = within(within(alert).getByTestId('created-bookings')).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['03/06/2030, 10:00–11:00', '/bookings/4711'],
      ['05/06/2030, 10:00–11:00', '/bookings/4713'],
    ]);
    // The time is let go (booking again would make the made dates twice); what was made stays listed meanwhile.
    expect(screen.queryByTestId('chosen-time')).not.toBeInTheDocument();
    expect(screen.queryByText('Choose a time')).not.toBeInTheDocument();
    expect(screen.queryByText(/bookings have been made/, { selector: '.RaNotification-root *' })).not.toBeInTheDocument();
    fireEvent.click(screen.getAllByRole('button', { name: /^10:00–11:00/ })[0]);
    await settle();
    expect(screen.getByTestId('created-bookings')).toBeInTheDocument();
    fireEvent.click(links[1]);
    await settle();
    expect(view.location().pathname).toBe('/bookings/4713');
  });

  it('says a booking made as reserved awaits approval, and so for a series that was partly made', async () => {
    repeatAnswer = { Created: [{ Id: 4711, From: '2030-06-03T10:00:00', To: '2030-06-03T11:00:00', StatusId: 3 }], Failed: [] };
    const view = await pickTime();
    await fillIn();
    await book();
    expect(view.location().pathname).toBe('/bookings/4711');
    expect(screen.getByText('The booking is reserved and awaits approval')).toBeInTheDocument();
    expect(screen.queryByText('The booking has been made')).not.toBeInTheDocument();
    view.unmount();

    repeatAnswer = {
      Created: [{ Id: 4711, From: '2030-06-03T10:00:00', To: '2030-06-03T11:00:00', StatusId: 3 }],
      Failed: [{ From: '2030-06-10T10:00:00', To: '2030-06-10T11:00:00', Reason: 'The resource is closed.' }],
    };
    await pickTime();
    await fillIn();
    await choose('Repeat', 'Every week');
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Number of times' }), { target: { value: '2' } });
    await settle();
    await book();
    const alert = screen.getAllByRole('alert').find((a) => a.textContent?.includes('1 of 2 times was booked'))!;
    expect(within(alert).getByText('The booking is reserved and awaits approval')).toBeInTheDocument();
    expect(within(alert).getByRole('link', { name: '03/06/2030, 10:00–11:00' })).toBeInTheDocument();
  });

  it('sends the invoice address and, for an administrator, booking outside the schedules', async () => {
    await pickTime('Yoga', /^10:00–11:00/, [ROLE_IDS.Administrator]);
    await fillIn();
    expect(screen.queryByRole('textbox', { name: 'Address' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByLabelText('Add an invoice address'));
    await settle();
    expect(screen.getByRole('group', { name: 'Invoice address' })).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: 'Address' }), { target: { value: ' Storgatan 1 ' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Postal code' }), { target: { value: '111 22' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'City' }), { target: { value: 'Stockholm' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Country code' }), { target: { value: 'S1' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Corporate identity number' }), { target: { value: '556677-8899' } });
    await book();
    expect(screen.getByText('Two letters, e.g. SE')).toBeInTheDocument();
    expect(repeats()).toHaveLength(0);

    fireEvent.change(screen.getByRole('textbox', { name: 'Country code' }), { target: { value: 'se' } });
    fireEvent.click(screen.getByLabelText('Allow booking outside the schedules'));
    await book();
    expect(repeats()).toHaveLength(1);
    expect(repeats()[0]).toMatchObject({
      AllowBookingOutsideSchedules: true,
      InvoiceAddress: {
        InvoiceAddress1: 'Storgatan 1',
        InvoiceAddress2: null,
        InvoicePostalCode: '111 22',
        InvoiceCity: 'Stockholm',
        InvoiceCountryCode: 'SE',
        CorporateIdentityNumber: '556677-8899',
      },
    });
  });

  it('offers staff no booking outside the schedules, and sends no invoice address when none is given', async () => {
    await pickTime('Yoga', /^10:00–11:00/, [ROLE_IDS.Staff]);
    await fillIn();
    expect(screen.queryByLabelText('Allow booking outside the schedules')).not.toBeInTheDocument();
    fireEvent.click(screen.getByLabelText('Add an invoice address'));
    await settle();
    await book();
    expect(repeats()).toHaveLength(1);
    expect(repeats()[0].AllowBookingOutsideSchedules).toBe(false);
    expect(repeats()[0]).not.toHaveProperty('InvoiceAddress');
  });

  it('starts with the payment settings’ default option', async () => {
    server.use(http.get(`${API}/payment/settings`, () => HttpResponse.json(asJson({ DefaultPaymentOption: 'BookWithPaymentMessageToCustomer' }))));
    await pickTime('Yoga', /^10:00–11:00/, [ROLE_IDS.Administrator]);
    await settle();
    expect(screen.getByRole('combobox', { name: 'Payment' })).toHaveTextContent('Book and send a payment request to the customer');
  });

  it('keeps "As the booking settings say" for a role that may not read the payment settings (Staff), without asking', async () => {
    server.use(http.get(`${API}/payment/settings`, () => HttpResponse.json(asJson({ DefaultPaymentOption: 'BookWithPaymentMessageToCustomer' }))));
    await pickTime('Yoga', /^10:00–11:00/, [ROLE_IDS.Staff]);
    await settle();
    expect(screen.getByRole('combobox', { name: 'Payment' })).toHaveTextContent('As the booking settings say');
    expect(callsTo('GET', '/payment/settings')).toHaveLength(0);
  });

  it('offers "Does not repeat" first in Repeat, with no empty choice', async () => {
    await pickTime();
    expect(screen.getByRole('combobox', { name: 'Repeat' })).toHaveTextContent('Does not repeat');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Repeat' }));
    await settle();
    expect(within(screen.getByRole('listbox')).getAllByRole('option').map((o) => o.textContent)).toEqual(['Does not repeat', 'Every day', 'Every week', 'Every other week', 'Every month']);
  });

  it('says that the amount to pay is that of each time of a series', async () => {
    await pickTime();
    await advance(1000);
    expect(screen.getByTestId('summary-total')).toHaveTextContent(/^To pay: 180 kr$/);
    await choose('Repeat', 'Every week');
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Number of times' }), { target: { value: '4' } });
    await settle();
    expect(screen.getByTestId('summary-total')).toHaveTextContent(/^To pay: 180 kr for each of the 4 times$/);
  });
});
