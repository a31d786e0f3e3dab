import { test as base, type BrowserContext, type Page } from '@playwright/test';

export { expect, type BrowserContext, type Locator, type Page, type Request } from '@playwright/test';
export { scaled } from './machine.ts';

/**
 * `npm run test:slow` sets E2E_CPU_THROTTLE (issue 38): every page of every test then runs with
 * its main thread slowed that many times (Chromium's CDP CPU throttling), as on a slower machine.
 */
const THROTTLE = Number(process.env.E2E_CPU_THROTTLE) || 1;

async function throttle(page: Page): Promise<void> {
  if (THROTTLE <= 1) return;
  try {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
  } catch {
    // The page closed before it could be throttled: nothing ran on it.
  }
}

/** Throttles the context's pages as they open. */
function throttleContext(context: BrowserContext): void {
  if (THROTTLE <= 1) return;
  context.on('page', (page) => void throttle(page));
  for (const page of context.pages()) void throttle(page);
}

/**
 * The suite's `test`: Playwright's, with the throttling above on every page, whether a test uses
 * the `page` fixture, opens more pages in its context, or makes contexts of its own from `browser`.
 * Every spec imports `test` and `expect` from here.
 */
export const test = base.extend({
  browser: [async ({ browser }, use) => {
    if (THROTTLE > 1) {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const context = await newContext(options);
        throttleContext(context);
        return context;
      };
      const newPage = browser.newPage.bind(browser);
      browser.newPage = async (options) => {
        const page = await newPage(options);
        await throttle(page);
        return page;
      };
    }
    await use(browser);
  }, { scope: 'worker' }],
  context: async ({ context }, use) => {
    throttleContext(context);
    await use(context);
  },
  page: async ({ page }, use) => {
    await throttle(page);
    await use(page);
  },
});
