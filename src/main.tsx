import { createRoot } from 'react-dom/client';
import { App } from './App';

const root = document.getElementById('root');
if (root) createRoot(root).render(<App />);

/**
 * MUI 9 puts a checkbox's aria-label on its wrapper (a span), where screen readers do not find it and
 * axe refuses it; react-admin's list selection boxes pass theirs so. The label moves to the input itself,
 * for every checkbox drawn, whenever it is drawn.
 */
function labelCheckboxInputs(): void {
  for (const box of document.querySelectorAll<HTMLElement>('span.MuiCheckbox-root[aria-label]')) {
    const input = box.querySelector('input[type="checkbox"]');
    if (!input) continue;
    input.setAttribute('aria-label', box.getAttribute('aria-label') ?? '');
    box.removeAttribute('aria-label');
  }
}
new MutationObserver(labelCheckboxInputs).observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-label'] });
