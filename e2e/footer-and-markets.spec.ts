import { expect, test, type Page, scaled } from './support/test.ts';
import { faultScope, signUp, twoFrames } from './support/accounts.ts';

// Issue 19 items 3 and 7: favourites (local for a visitor, the server's once logged in, merged at
// login), the footer bar's favourite and recent pairs with their live 24 h change, the right-hand
// column's market list on a wide screen, and the customer-service bot with its tickets.

/** The footer and the right-hand column come with the page's second wave: allow for a slow start. */
const SHOWN = { timeout: scaled(20_000) };
const footer = (page: Page) => page.getByRole('contentinfo', { name: 'Footer bar' });
const favouriteTabs = (page: Page) => footer(page).getByRole('navigation', { name: 'Favourites' }).getByRole('link');
const recentTabs = (page: Page) => footer(page).getByRole('navigation', { name: 'Recent' }).getByRole('link');

test('a visitor’s favourites live in this browser and join the account’s at login; footer tabs switch the pair', async ({ page }) => {
  await page.goto('/en/trade/spot/BTC/USDT');
  const star = page.getByRole('region', { name: 'Symbol info' }).getByRole('button', { name: 'Add BTC/USDT to favourites' });
  await expect(star).toBeVisible(SHOWN);
  await star.click();
  await expect(page.getByRole('region', { name: 'Symbol info' }).getByRole('button', { name: 'Remove BTC/USDT from favourites' })).toHaveAttribute('aria-pressed', 'true');
  await expect(favouriteTabs(page)).toHaveText([/^BTC\/USDT[+-]?\d+\.\d\d%$/]);
  // The change is coloured by its sign.
  await expect(favouriteTabs(page).first().locator('.num')).toHaveClass(/num--(up|down|flat)/);
  expect(await page.evaluate(() => localStorage.getItem('spot.favourites'))).toBe('["BTCUSDT"]');

  // An account that already has ETH as a favourite logs in: both are kept, the account's first.
  await signUp(page, 'uta');
  const base = String(test.info().project.use.baseURL);
  const put = await page.request.post('/api/user/favourites', {
    data: { list: [{ symbolId: 'ETHUSDT', rank: 0 }] },
    headers: { origin: base, 'x-requested-with': 'spot-web' },
  });
  expect(put.ok(), await put.text()).toBe(true);
  await page.goto('/en/trade/spot/BTC/USDT');
  await expect(favouriteTabs(page)).toHaveText([/^ETH\/USDT/, /^BTC\/USDT/], SHOWN);
  const saved = await (await page.request.get('/api/user/favourites')).json();
  expect(saved.result.list.map((e: { symbolId: string }) => e.symbolId)).toEqual(['ETHUSDT', 'BTCUSDT']);
  expect(await page.evaluate(() => localStorage.getItem('spot.favourites'))).toBeNull();

  // A tab switches the pair; the recent list follows, newest first.
  await favouriteTabs(page).filter({ hasText: 'ETH/USDT' }).click();
  await expect(page).toHaveURL(/\/en\/trade\/spot\/ETH\/USDT$/);
  await expect(page.getByRole('heading', { name: /^ETH\/USDT/ })).toBeVisible();
  await expect(recentTabs(page)).toHaveText([/^ETH\/USDT/, /^BTC\/USDT/]);
  await expect(recentTabs(page).first()).toHaveAttribute('aria-current', 'page');

  // Removing one is stored by the server before the star changes.
  const removed = page.waitForResponse((r) => r.url().endsWith('/api/user/favourites') && r.request().method() === 'POST');
  await page.getByRole('region', { name: 'Symbol info' }).getByRole('button', { name: 'Remove ETH/USDT from favourites' }).click();
  expect((await removed).ok()).toBe(true);
  await expect(favouriteTabs(page)).toHaveText([/^BTC\/USDT/]);
});

test('on a wide screen the right-hand column lists the markets (favourites or all, searchable, live); narrower it folds away', async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto('/en/trade/spot/BTC/USDT');
  const list = page.getByRole('region', { name: 'Markets', exact: true });
  await expect(list.locator('tr[data-symbol="SOLUSDT"]')).toBeVisible(SHOWN);
  const price = list.locator('tr[data-symbol="BTCUSDT"] td').first();
  await expect(price).toHaveText(/\d/);
  const first = await price.textContent();
  await expect.poll(() => price.textContent(), { timeout: scaled(15_000) }).not.toBe(first);
  // Search.
  await list.getByRole('searchbox', { name: 'Search markets' }).fill('sol');
  await expect(list.locator('tbody tr')).toHaveCount(1);
  await list.getByRole('searchbox', { name: 'Search markets' }).fill('');
  // Favourites only.
  await list.getByRole('button', { name: 'Add SOL/USDT to favourites' }).click();
  await list.getByRole('button', { name: 'Favourites', exact: true }).click();
  await expect(list.locator('tbody tr')).toHaveCount(1);
  await expect(list.locator('tbody tr')).toHaveAttribute('data-symbol', 'SOLUSDT');
  // A row opens its pair.
  await list.getByRole('link', { name: 'SOL/USDT' }).click();
  await expect(page).toHaveURL(/\/en\/trade\/spot\/SOL\/USDT$/);
  // The pair's assets stay below the list.
  await expect(page.locator('[data-region="right"]').getByRole('link', { name: 'Log in to see your assets' })).toBeVisible();

  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(list).toHaveCount(0);
  await expect(page.locator('[data-region="right"]').getByRole('link', { name: 'Log in to see your assets' })).toBeVisible();
});

test('customer service: the bot answers from the FAQ, hands over when it cannot, and a ticket is said received once stored', async ({ page }) => {
  await page.goto('/en/trade/spot/BTC/USDT');
  await expect(footer(page).getByRole('button', { name: 'Customer service' })).toBeVisible(SHOWN);
  await footer(page).getByRole('button', { name: 'Customer service' }).click();
  const chat = page.getByRole('dialog', { name: 'Customer service' });
  const log = chat.getByRole('log', { name: 'Conversation' });
  await chat.getByRole('textbox', { name: 'Your question' }).fill('How much are the fees for a taker?');
  await chat.getByRole('button', { name: 'Ask' }).click();
  await expect(log).toContainText('takers pay 0.1%');
  await chat.getByRole('textbox', { name: 'Your question' }).fill('Can I pay with a cheque?');
  await chat.getByRole('button', { name: 'Ask' }).click();
  await expect(log.getByRole('listitem').last()).toHaveText(/I don't have an answer to that/);

  // A visitor leaves an address to be answered at; a bad one is refused by the exchange, input kept.
  await chat.getByRole('button', { name: /Write to the support team/ }).click();
  const form = chat.getByRole('form', { name: 'Ticket to the support team' });
  await expect(form.getByRole('textbox', { name: 'Subject' })).toHaveValue('Can I pay with a cheque?');
  await form.getByRole('textbox', { name: 'Message' }).fill('I would like to pay by cheque.');
  await form.getByRole('textbox', { name: 'E-mail for our answer' }).fill('trader@example');
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(form.getByRole('alert')).toContainText('The ticket was not sent: the e-mail address is not valid');
  await expect(form.getByRole('textbox', { name: 'Message' })).toHaveValue('I would like to pay by cheque.');
  await form.getByRole('textbox', { name: 'E-mail for our answer' }).fill('trader@example.com');
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(log).toContainText(/Ticket #\d+ received/);
  await expect(form).toHaveCount(0);
});

test('customer service: a logged-in user’s ticket needs no address and is listed as theirs', async ({ page }) => {
  await signUp(page, 'classic');
  await page.goto('/en/trade/spot/BTC/USDT');
  await expect(footer(page).getByRole('button', { name: 'Customer service' })).toBeVisible(SHOWN);
  await footer(page).getByRole('button', { name: 'Customer service' }).click();
  const chat = page.getByRole('dialog', { name: 'Customer service' });
  await chat.getByRole('button', { name: 'Write to the support team' }).click();
  const form = chat.getByRole('form', { name: 'Ticket to the support team' });
  await expect(form.getByRole('textbox', { name: 'E-mail for our answer' })).toHaveCount(0);
  await form.getByRole('textbox', { name: 'Subject' }).fill('Statement');
  await form.getByRole('textbox', { name: 'Message' }).fill('Please send my statement.');
  await form.getByRole('button', { name: 'Send' }).click();
  const received = chat.getByRole('log').getByText(/Ticket #\d+ received/);
  await expect(received).toBeVisible();
  const id = Number((await received.textContent())!.match(/#(\d+)/)![1]);
  const mine = await (await page.request.get('/api/support/tickets')).json();
  expect(mine.result.list).toEqual([expect.objectContaining({ ticketId: id, subject: 'Statement', message: 'Please send my statement.', status: 'open' })]);
});

/** Opens a page and waits until the footer's tools are in and the compliance answer has come. */
async function openWithFooter(page: Page, path = '/en/trade/spot/BTC/USDT'): Promise<void> {
  const compliance = page.waitForResponse((r) => r.url().includes('/api/spot/compliance-config'));
  await page.goto(path);
  await compliance;
  await expect(footer(page).getByRole('button', { name: 'Customer service' })).toBeVisible(SHOWN);
  await twoFrames(page);
}

test('rewards hub: a visitor is asked to sign up; not shown to demo accounts or where compliance says no', async ({ page }) => {
  test.slow(true, 'three page loads: a visitor, compliance off, a demo account');
  const scope = await faultScope(page);
  await openWithFooter(page);
  await footer(page).getByRole('button', { name: 'Rewards' }).click();
  const hub = page.getByRole('dialog', { name: 'Rewards hub' });
  await expect(hub.getByRole('link', { name: 'Sign up to earn rewards' })).toHaveAttribute('href', /^\/register\?redirect_url=/);
  await page.keyboard.press('Escape');

  await page.request.post('/faults/compliance', { data: { scope, rewardsHub: false } });
  await openWithFooter(page);
  await expect(footer(page).getByRole('button', { name: 'Rewards' })).toHaveCount(0);
  await page.request.post('/faults/compliance', { data: { scope, reset: true } });

  await signUp(page, 'demo');
  await openWithFooter(page);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Add demo funds' })).toBeVisible();
  await expect(footer(page).getByRole('button', { name: 'Rewards' })).toHaveCount(0);
});

test('rewards hub: after a first order the task can be claimed once, and the balance shows the reward', async ({ page }) => {
  await signUp(page, 'uta');
  await openWithFooter(page, '/en/trade/spot/XRP/USDT');
  const available = page.getByTestId('available-balance');
  await expect(available).toHaveText('10,000.00 USDT');
  // A limit buy far below the market rests as an open order: the first-order task is done.
  const form = page.locator('[data-region="forms"]').getByRole('region', { name: 'Place order' });
  await form.getByRole('tab', { name: 'Buy' }).click();
  await form.getByLabel('Order type').selectOption('limit');
  await form.getByLabel('Price', { exact: true }).fill('0.5');
  await form.getByLabel('Quantity', { exact: true }).fill('20');
  await form.getByRole('button', { name: 'Buy XRP' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Order placed' }).first()).toBeVisible();
  await expect(available).toHaveText('9,990.00 USDT');

  await footer(page).getByRole('button', { name: 'Rewards' }).click();
  const hub = page.getByRole('dialog', { name: 'Rewards hub' });
  const task = hub.locator('[data-task="first-order"]');
  await expect(task).toContainText('Place your first spot order');
  await expect(task).toContainText('1 / 1');
  await expect(hub.locator('[data-task="volume-1000"]').getByRole('button', { name: 'Claim' })).toBeDisabled();
  await task.getByRole('button', { name: 'Claim' }).click();
  await expect(page.getByText('5 USDT added to your balance.')).toBeVisible();
  await expect(task).toContainText('Claimed');
  await expect(task.getByRole('button')).toHaveCount(0);
  await expect(available).toHaveText('9,995.00 USDT');
});
