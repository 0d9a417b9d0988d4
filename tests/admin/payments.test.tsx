import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import PaymentSettingsPage from '../../src/custom/payments/PaymentSettingsPage';
import StripeAuthPage from '../../src/custom/payments/StripeAuthPage';
import { PaymentLink } from '../../src/custom/bookingPage/PaymentLink';
import type { Booking } from '../../src/common/bookings/bookingTypes';
import type { PaymentApiSettings, PaymentCheckout, PaymentSettings, StripeAccount } from '../../schema/payments';
import { API, calls, fieldErrorResponse, renderPage, server, startMockApi } from './customHarness';

startMockApi();

const settings: PaymentSettings = {
  StripeActive: true,
  PaysonActive: false,
  BillmateActive: false,
  Requirement: 'Full',
  DepositPercent: 30,
  OnlyServicesWithPayment: false,
  HoldMinutes: 30,
  DefaultPaymentOption: 'DefaultSetting',
};
const connected: StripeAccount = { Connected: true, AccountId: 'acct_123', Name: 'Padel Hallen AB', ChargesEnabled: true, Stale: false };
const none: StripeAccount = { Connected: false, AccountId: null, Name: null, ChargesEnabled: false, Stale: false };

describe('payment settings page', () => {
  it('general: asks for a deposit in percent and saves the settings', async () => {
    server.use(
      http.get(`${API}/payment/settings`, () => HttpResponse.json(settings)),
      http.put(`${API}/payment/settings`, async ({ request }) => HttpResponse.json(await request.json())),
    );
    const user = userEvent.setup();
    renderPage(<PaymentSettingsPage />, '/payment-settings');
    await user.click(await screen.findByRole('combobox', { name: /Bookings require payment/ }));
    await user.click(await screen.findByRole('option', { name: 'A deposit' }));
    const percent = await screen.findByRole('spinbutton', { name: /Deposit \(percent\)/ });
    await user.clear(percent);
    await user.type(percent, '40');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The settings were saved')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ Requirement: 'Deposit', DepositPercent: 40, StripeActive: true });
  });

  it('stripe-api: shows the connected account and disconnects after a confirmation', async () => {
    let account = connected;
    server.use(
      http.get(`${API}/payment/stripe/v1/account`, () => HttpResponse.json(account)),
      http.delete(`${API}/payment/stripe/v1/account`, () => {
        account = none;
        return HttpResponse.json(none);
      }),
    );
    const user = userEvent.setup();
    renderPage(<PaymentSettingsPage />, '/payment-settings#stripe-api');
    expect(await screen.findByRole('heading', { name: 'Padel Hallen AB' })).toBeInTheDocument();
    expect(screen.getByText('acct_123')).toBeInTheDocument();
    expect(screen.getByText('Accepts payments')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Disconnect' }));
    await user.click(await screen.findByRole('button', { name: /confirm/i }));
    expect(await screen.findByRole('button', { name: 'Connect Stripe' })).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/payment/stripe/v1/account')).toBe(true);
  });

  it('payson: the test shows the provider’s own refusal; the secret field stays empty', async () => {
    const stored: PaymentApiSettings = { MerchantId: '4', HasSecret: true, TestMode: true, Updated: '2026-03-01T09:00:00Z' };
    server.use(
      http.get(`${API}/payment/payson/apisettings`, () => HttpResponse.json(stored)),
      http.post(`${API}/payment/payson/apisettings/test`, () => HttpResponse.json({ Success: false, Message: 'Unauthorized: the agent id or API key is not valid.' })),
    );
    const user = userEvent.setup();
    renderPage(<PaymentSettingsPage />, '/payment-settings#payson');
    expect(await screen.findByDisplayValue('4')).toBeInTheDocument();
    expect(screen.getByLabelText(/API key/)).toHaveValue('');
    expect(screen.getByText('A secret is stored. Leave empty to keep it.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Test' }));
    expect(await screen.findByText('The provider did not accept the credentials: Unauthorized: the agent id or API key is not valid.')).toBeInTheDocument();
  });
});

describe('/stripe-auth', () => {
  it('posts code, scope and state and goes to the Stripe tab', async () => {
    server.use(http.post(`${API}/payment-settings/stripe-api/stripe-auth`, () => HttpResponse.json(connected)));
    const { location } = renderPage(<StripeAuthPage />, '/stripe-auth?code=ac_1&scope=read_write&state=s1');
    await waitFor(() => expect(location()).toMatchObject({ pathname: '/payment-settings', hash: '#stripe-api' }));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ code: 'ac_1', scope: 'read_write', state: 's1' });
  });

  it('shows the server’s refusal with a way back', async () => {
    server.use(http.post(`${API}/payment-settings/stripe-api/stripe-auth`, () => fieldErrorResponse('The connection has expired or was started by someone else.', [{ FieldName: 'state', Message: 'The connection has expired or was started by someone else.' }])));
    renderPage(<StripeAuthPage />, '/stripe-auth?code=ac_1&scope=read_write&state=old');
    expect(await screen.findByRole('alert')).toHaveTextContent('The connection has expired');
    expect(screen.getByRole('link', { name: 'Back to the payment settings' })).toHaveAttribute('href', '/payment-settings#stripe-api');
  });
});

describe('the booking page’s payment link', () => {
  it('asks for the checkout and shows the customer’s link and the deposit', async () => {
    const checkout: PaymentCheckout = { BookingId: 7, Provider: 'Stripe', Url: 'http://pay.test/cs_1', PayUrl: 'http://api.test/api/payment/pay/tok_123456789', Amount: 84, CurrencyId: 'SEK', Deposit: true };
    server.use(http.post(`${API}/payment/bookings/7/checkout`, () => HttpResponse.json(checkout)));
    const user = userEvent.setup();
    renderPage(<PaymentLink booking={{ Id: 7 } as Booking} />);
    await user.click(screen.getByRole('button', { name: 'Payment link' }));
    expect(await screen.findByLabelText('Link for the customer, deposit 84 SEK')).toHaveValue(checkout.PayUrl);
    expect(screen.getByRole('link', { name: 'Open the checkout' })).toHaveAttribute('href', checkout.Url);
  });

  it('shows why there is no link (no provider connected)', async () => {
    server.use(http.post(`${API}/payment/bookings/7/checkout`, () => fieldErrorResponse('No payment provider is active for card payments.', [{ FieldName: 'Provider', Message: 'No payment provider is active for card payments.' }])));
    const user = userEvent.setup();
    renderPage(<PaymentLink booking={{ Id: 7 } as Booking} />);
    await user.click(screen.getByRole('button', { name: 'Payment link' }));
    expect(await screen.findByText('No payment provider is active for card payments.')).toBeInTheDocument();
  });
});
