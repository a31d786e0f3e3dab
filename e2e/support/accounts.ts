import { expect, test, type Page } from '@playwright/test';
import { scaled } from './machine.ts';

let counter = 0;

/**
 * Signs up a brand-new account through the exchange's own /register form (same origin, as the
 * page's sign-up does) and leaves its session cookie in the page's context. Every test that trades
 * gets its own account, so tests never see each other's orders, fills or balances, and
 * `--repeat-each` starts each repeat from the same state.
 */
export async function signUp(page: Page, kind: 'uta' | 'classic' | 'demo'): Promise<string> {
  const info = test.info();
  const base = String(info.project.use.baseURL);
  const name = `e2e${kind[0]}_${info.workerIndex}_${Date.now().toString(36)}${(counter++).toString(36)}`.slice(0, 32);
  const res = await page.request.post('/register', {
    form: { name, account_type: kind, redirect_url: '/' },
    headers: { origin: base },
    maxRedirects: 0,
  });
  expect(res.status(), await res.text()).toBe(303);
  return name;
}

/** A new account of this kind, then the page at `path` with the order form showing. */
export async function openAs(page: Page, kind: 'uta' | 'classic' | 'demo', path: string): Promise<string> {
  const name = await signUp(page, kind);
  await page.goto(path);
  await expect(page.locator('[data-region="forms"]').getByRole('region', { name: 'Place order' })).toBeVisible({ timeout: scaled(20_000) });
  return name;
}

/** Resolves after the page has painted twice more (React commits and the frame scheduler ran). */
export async function twoFrames(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

/**
 * Gives this test's browser context a fault scope of its own: a REST fault posted with the returned
 * `scope` fails only this context's requests, so tests running side by side never take each
 * other's faults (server/exchange/faults/install-faults.ts, FAULT_SCOPE_COOKIE).
 */
export async function faultScope(page: Page): Promise<string> {
  const info = test.info();
  const scope = `t${info.workerIndex}-${info.repeatEachIndex}-${Date.now().toString(36)}${(counter++).toString(36)}`;
  await page.context().addCookies([{ name: 'fault_scope', value: scope, url: String(info.project.use.baseURL) }]);
  return scope;
}

/** The header's account button (name, UID, kind), which opens the account menu (issue 33 item 7). */
export function accountButton(page: Page) {
  return page.getByRole('banner').getByRole('button', { name: /UID \d+/ });
}

/** Logs out through the header's account menu. */
export async function logOutFromMenu(page: Page): Promise<void> {
  await accountButton(page).click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'Log out' }).click();
}
