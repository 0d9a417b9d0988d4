/**
 * The three providers by name, and the one a company's pay link uses.
 * @example
 * const provider = await chooseProvider(app.db, companyId);
 */
import type { Db } from '../../db/db';
import billmateProvider from './billmateProvider';
import paysonProvider from './paysonProvider';
import { LABELS, type CheckoutProvider, type ProviderName } from './provider';
import { loadPaymentSettings } from './settings';
import stripeProvider from './stripeProvider';

const PROVIDERS: Record<ProviderName, CheckoutProvider> = { stripe: stripeProvider, payson: paysonProvider, billmate: billmateProvider };

/** In the order the first active one is chosen when the settings name none. */
const ORDER: readonly ProviderName[] = ['stripe', 'payson', 'billmate'];

export function providerNamed(name: string): CheckoutProvider {
  const provider = PROVIDERS[name as ProviderName];
  if (!provider) throw new Error(`unknown payment provider ${name}`);
  return provider;
}

/** The provider a pay link uses: the settings' default when it is active and set up, else the first active one that is. */
export async function chooseProvider(db: Db, companyId: number): Promise<CheckoutProvider | null> {
  const settings = await loadPaymentSettings(db, companyId);
  const active = ORDER.filter((name) => settings[`${LABELS[name]}Active`]);
  const preferred = ORDER.find((name) => LABELS[name] === settings.DefaultProvider);
  const candidates = preferred && active.includes(preferred) ? [preferred, ...active.filter((n) => n !== preferred)] : active;
  for (const name of candidates) {
    const provider = PROVIDERS[name];
    if (await provider.ready(db, companyId)) return provider;
  }
  return null;
}
