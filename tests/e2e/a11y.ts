import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import axe from 'axe-core';
import type { AxeResults, ImpactValue, Result, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';

/**
 * Accessibility audit of the screens the browser tests visit: axe-core (WCAG 2.1 A and AA plus best
 * practice) at desktop and phone width, and one level-one heading per screen. Serious and critical
 * findings fail the test; moderate and minor ones are listed in the test output.
 *
 * `A11Y_AUDIT=report` records without failing (to survey a change); every audit appends a line to
 * .tmp/a11y/audit.jsonl either way.
 */

/** Widths every screen is audited at: desktop and phone. */
export const AUDIT_VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 860 },
  { name: 'phone', width: 390, height: 844 },
] as const;

export interface A11yException {
  /** The axe rule id. */
  rule: string;
  /** Matches the element: a substring of its CSS selector (axe's target) or of its HTML. */
  element: string;
  /** Why this cannot be fixed here. */
  reason: string;
}

/**
 * The one place for exceptions: third-party markup this product cannot change. Each names the rule,
 * the element and the reason. Keep it short; fix at the source when possible.
 */
export const A11Y_EXCEPTIONS: readonly A11yException[] = [];

const RUN_OPTIONS: RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
  resultTypes: ['violations'],
};

const FAILING: readonly ImpactValue[] = ['serious', 'critical'];

export interface AuditFinding {
  rule: string;
  impact: ImpactValue;
  help: string;
  elements: string[];
}

export interface AuditOutcome {
  screen: string;
  viewport: string;
  url: string;
  findings: AuditFinding[];
}

const excepted = (rule: string, node: Result['nodes'][number]): boolean =>
  A11Y_EXCEPTIONS.some((e) => e.rule === rule && (node.target.join(' ').includes(e.element) || node.html.includes(e.element)));

function findingsOf(results: AxeResults): AuditFinding[] {
  return results.violations
    .map((v) => ({ ...v, nodes: v.nodes.filter((n) => !excepted(v.id, n)) }))
    .filter((v) => v.nodes.length > 0)
    .map((v) => ({
      rule: v.id,
      impact: v.impact ?? null,
      help: v.help,
      elements: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')}  ${n.html.slice(0, 160)}${n.failureSummary ? `\n        ${n.failureSummary.split('\n').slice(1, 2).join('').trim()}` : ''}`),
    }));
}

/** Waits until the screen is settled: no request in flight, no loading indicator, no finite animation running, its title rendered. */
export async function settle(page: Page, inFlight: () => number = () => 0): Promise<void> {
  const deadline = Date.now() + 8000;
  while (Date.now() < deadline) {
    const quiet =
      inFlight() === 0 &&
      (await page
        .evaluate(async () => {
          const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
          const busy = () =>
            document.readyState !== 'complete' ||
            // A determinate bar (aria-valuenow) is a value shown, such as a resource's occupancy, not a load.
            document.querySelector('[role="progressbar"]:not([aria-valuenow]), .MuiSkeleton-root') !== null ||
            // An app screen has not rendered yet (a lazy screen's code still on its way) until its title is there.
            (!location.pathname.startsWith('/realms') &&
              document.querySelector('[role="dialog"]') === null &&
              ![...document.querySelectorAll('h1')].some((h) => (h.textContent ?? '').trim() !== '')) ||
            document.getAnimations().some((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity);
          await frame();
          await frame();
          return !busy();
        })
        .catch(() => false));
    if (quiet && inFlight() === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // Eight seconds lost per call: say so, so a screen that never settles shows in the output, not only in CI's time.
  console.log(`[settle] ${page.url()} not settled after 8 s (${inFlight()} requests in flight)`);
}

/** Runs axe on the page as it is now, plus the heading check on app screens. */
export async function runAxe(page: Page, { headings: checkHeadings = true } = {}): Promise<AuditFinding[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  // Evaluated through the debugging protocol, not a script tag: the pages' Content-Security-Policy stays as users get it.
  if (!loaded) await page.evaluate(axe.source);
  const results = await page.evaluate(async (options) => {
    // A transition that began after the screen settled (a snackbar fading in) would be measured
    // half-way: its colours then are no one's. Let finite ones end first (at most a second).
    const running = document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity);
    await Promise.race([Promise.allSettled(running.map((a) => a.finished)), new Promise((resolve) => setTimeout(resolve, 1000))]);
    return (window as unknown as { axe: typeof axe }).axe.run(document, options);
  }, RUN_OPTIONS);
  const findings = findingsOf(results);
  // With a dialog open, the dialog is where the user is; the screen behind it (and its heading) is hidden.
  const inDialog = await page.evaluate(() =>
    [...document.querySelectorAll('[role="dialog"], [role="alertdialog"]')].some((d) => (d as HTMLElement).offsetParent !== null && d.closest('[aria-hidden="true"]') === null),
  );
  if (!checkHeadings || inDialog) return findings;
  const headings = await page.evaluate(() =>
    [...document.querySelectorAll('h1, [role="heading"][aria-level="1"]')]
      // A rich-text editor's content (a document being written, e.g. a mail) is not the screen's outline.
      .filter((h) => h.closest('[aria-hidden="true"], [hidden], [contenteditable="true"]') === null && (h as HTMLElement).offsetParent !== null)
      .map((h) => (h.textContent ?? '').trim()),
  );
  if (headings.length !== 1 || headings[0] === '') {
    findings.push({
      rule: 'one-heading-one',
      impact: 'serious',
      help: 'A screen has exactly one visible, non-empty level-one heading naming it',
      elements: headings.length ? headings.map((h) => `h1 "${h}"`) : ['(none)'],
    });
  }
  return findings;
}

function record(outcome: AuditOutcome): void {
  const dir = join('.tmp', 'a11y');
  mkdirSync(dir, { recursive: true });
  appendFileSync(join(dir, 'audit.jsonl'), JSON.stringify({ ...outcome, at: new Date().toISOString() }) + '\n');
}

const describeFinding = (f: AuditFinding) => `  ${f.impact ?? 'unknown'} ${f.rule}: ${f.help}\n${f.elements.map((e) => `      ${e}`).join('\n')}`;

/** Reports the outcomes: lists everything, and answers the failing ones (serious or critical). */
export function report(outcomes: AuditOutcome[]): string[] {
  const failures: string[] = [];
  for (const o of outcomes) {
    record(o);
    const minor = o.findings.filter((f) => !FAILING.includes(f.impact));
    const failing = o.findings.filter((f) => FAILING.includes(f.impact));
    if (minor.length) console.log(`[a11y] ${o.screen} @ ${o.viewport} (${o.url}): ${minor.length} moderate/minor\n${minor.map(describeFinding).join('\n')}`);
    if (failing.length) failures.push(`${o.screen} @ ${o.viewport} (${o.url}):\n${failing.map(describeFinding).join('\n')}`);
  }
  return failures;
}

export const auditEnforced = (): boolean => process.env.A11Y_AUDIT !== 'report';

/** Where a screen is, for auditing it once: ids and the query left out, the tab (hash) kept. */
export const screenKey = (url: string): string => {
  const u = new URL(url);
  return u.pathname.replace(/\/\d+(?=\/|$)/g, '/:id') + u.hash;
};

export interface Auditor {
  /** Audits the screen as it is now at every width, under `name`; throws on serious or critical findings. */
  audit(name?: string): Promise<void>;
  /** Audits the current screen unless a screen at the same place was audited already. */
  auditOnce(): Promise<void>;
}

/**
 * Audits `page` at desktop and phone width and puts its viewport back. The phone's navigation drawer
 * is opened and audited once, then closed, its remembered state left as it was.
 */
export function createAuditor(page: Page, baseUrl: string, inFlight: () => number): Auditor {
  const seen = new Set<string>();
  let drawerAudited = false;

  const drawer = page.locator('.MuiDrawer-modal .MuiDrawer-paper').first();

  /**
   * At phone width: audits the navigation drawer (once), then closes it so the content is audited, and
   * leaves the sidebar's remembered state as it was.
   */
  async function phoneScreens(screen: string, url: string): Promise<AuditOutcome[]> {
    const outcomes: AuditOutcome[] = [];
    const toggle = page.locator('.RaAppBar-menuButton');
    if (!(await toggle.isVisible())) return [{ screen, viewport: 'phone', url, findings: await runAxe(page) }];
    const saved = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.endsWith('sidebar.open')).map((k) => [k, localStorage.getItem(k)] as const));
    const wasOpen = await drawer.isVisible();
    if (!drawerAudited) {
      drawerAudited = true;
      if (!wasOpen) await toggle.click();
      await drawer.waitFor();
      await settle(page, inFlight);
      outcomes.push({ screen: 'navigation drawer', viewport: 'phone', url, findings: await runAxe(page, { headings: false }) });
    }
    if (await drawer.isVisible()) {
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'hidden' });
      await settle(page, inFlight);
    }
    outcomes.push({ screen, viewport: 'phone', url, findings: await runAxe(page) });
    await page.evaluate((before) => {
      for (const key of new Set([...before.map(([k]) => k), ...Object.keys(localStorage).filter((k) => k.endsWith('sidebar.open'))])) {
        const old = before.find(([k]) => k === key)?.[1] ?? null;
        if (old === localStorage.getItem(key)) continue;
        if (old === null) localStorage.removeItem(key);
        else localStorage.setItem(key, old);
        window.dispatchEvent(new StorageEvent('storage', { key, newValue: old }));
      }
    }, saved);
    return outcomes;
  }

  async function audit(name?: string): Promise<void> {
    const url = page.url();
    if (!url.startsWith(baseUrl)) return;
    const screen = name ?? screenKey(url);
    seen.add(screenKey(url));
    const original = page.viewportSize();
    const outcomes: AuditOutcome[] = [];
    try {
      for (const viewport of AUDIT_VIEWPORTS) {
        await page.setViewportSize({ width: viewport.width, height: viewport.height });
        await settle(page, inFlight);
        if (viewport.name === 'phone') outcomes.push(...(await phoneScreens(screen, url)));
        else outcomes.push({ screen, viewport: viewport.name, url, findings: await runAxe(page) });
      }
    } finally {
      if (original) await page.setViewportSize(original);
      await settle(page, inFlight);
    }
    const failures = report(outcomes);
    if (failures.length && auditEnforced()) {
      throw new Error(`Accessibility audit: serious or critical findings (exceptions go in tests/e2e/a11y.ts)\n${failures.join('\n')}`);
    }
  }

  return {
    audit,
    async auditOnce() {
      const url = page.url();
      if (!url.startsWith(baseUrl) || seen.has(screenKey(url))) return;
      await audit();
    },
  };
}
