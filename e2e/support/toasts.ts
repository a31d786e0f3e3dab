import type { Page } from '@playwright/test';

/**
 * Records every toast the page shows, as it appears: a toast leaves after 2.5 s, which a loaded
 * machine can miss between two looks. Call before the page loads.
 */
export async function recordToasts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __toastTexts: string[] }).__toastTexts = seen;
    new MutationObserver((records) => {
      for (const r of records) {
        for (const n of r.addedNodes) {
          if (!(n instanceof HTMLElement)) continue;
          for (const el of [n, ...n.querySelectorAll('[data-testid="toast"]')]) if (el.getAttribute('data-testid') === 'toast') seen.push(el.textContent ?? '');
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

/** The texts of every toast shown since the page loaded, oldest first. */
export const toastTexts = (page: Page): Promise<string[]> => page.evaluate(() => (window as unknown as { __toastTexts: string[] }).__toastTexts);
