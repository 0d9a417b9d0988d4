import { Suspense, lazy, useEffect, useState } from 'react';
import type { LicenseLimit } from '../dataProvider/types';
import { currentLicenseLimitPage, isTrialActive, licenseLimitToShow } from '../common/licenseLimit';
import { useShell } from './ShellContext';

const LicenseLimitDialog = lazy(() => import('./LicenseLimitDialog').then((m) => ({ default: m.LicenseLimitDialog })));

/**
 * Opens on a 402/426 from any call: the server's Header and Body (or the page's own texts, see
 * src/common/licenseLimit.ts) with the suggested trial or license. Hiding it resets it.
 */
export function LicenseLimitModal() {
  const { events } = useShell();
  const [limit, setLimit] = useState<LicenseLimit | null>(null);

  useEffect(() => events.on('licenseLimit', (next) => setLimit(licenseLimitToShow(next, currentLicenseLimitPage(), isTrialActive()))), [events]);
  if (!limit) return null;
  return (
    <Suspense fallback={null}>
      <LicenseLimitDialog limit={limit} onHide={() => setLimit(null)} />
    </Suspense>
  );
}
