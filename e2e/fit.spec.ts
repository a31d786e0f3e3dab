import { expect, test, scaled, type Page } from './support/test.ts';
import { TOOL_FORMS } from './support/tool-forms.ts';
import { faultScope, signUp } from './support/accounts.ts';

// Issue 33 items 1 and 2: at 1920×1080, 1536×864, 1440×900, 1366×768 and a 390×844 phone, every
// control a person can see is inside the window, is not under anything else, and overlaps no other
// control; the page itself never scrolls (on the phone its content scrolls above the Buy/Sell
// bar); the orders area shows at least six orders at 1920×1080 and four at 1366×768; and every
// field of the tool forms (grid bot, scaled order, TWAP, iceberg, chase) lies inside its form and
// can be scrolled into view in its region. A control is a button, link, field, tab, slider,
// checkbox or menu item with a box; what an overflow container has scrolled out of view is not
// seen, and a control partly scrolled out counts by its visible part.

const SIZES = [
  { name: '1920×1080', width: 1920, height: 1080, phone: false, rows: 6 },
  { name: '1536×864', width: 1536, height: 864, phone: false, rows: 4 },
  { name: '1440×900', width: 1440, height: 900, phone: false, rows: 4 },
  { name: '1366×768', width: 1366, height: 768, phone: false, rows: 4 },
  { name: '390×844', width: 390, height: 844, phone: true, rows: 0 },
] as const;

const TOOLS = TOOL_FORMS;

interface Found {
  outside: string[];
  /** Cut by a container that hides its overflow (not a scrolling one): part of it cannot be seen or reached. */
  cut: string[];
  overlaps: string[];
  /** Under something else at their middle (a bar, a banner, a card): a click there lands elsewhere. */
  covered: string[];
  /** Whose text runs out of their own box over what is beside them (a tab squeezed narrower than its label). */
  spills: string[];
  /** The page's own scroll box is larger than the window (width, and height on a desktop). */
  pageScrolls: string | null;
  count: number;
}

/** The page's visible controls, the ones outside the window, and the pairs that overlap (by more than 1 px each way). */
function audit(page: Page, phone: boolean): Promise<Found> {
  return page.evaluate((phone) => {
    const SELECTOR = 'button, a[href], input:not([type="hidden"]), select, textarea, [role="button"], [role="tab"], [role="slider"], [role="checkbox"], [role="menuitem"], [role="menuitemradio"], [role="switch"], [role="combobox"]';
    const name = (el: Element) => {
      const labels = (el as HTMLInputElement).labels;
      const label = el.getAttribute('aria-label') || (labels && labels.length > 0 ? (labels[0]!.innerText ?? '') : '') || (el as HTMLElement).innerText || el.getAttribute('title') || el.getAttribute('name') || el.getAttribute('placeholder') || '';
      const id = el.getAttribute('data-testid') || (el.className && typeof el.className === 'string' ? el.className.split(' ')[0] : '');
      const up = el.parentElement && typeof el.parentElement.className === 'string' ? el.parentElement.className.split(' ')[0] : '';
      const type = el.getAttribute('type');
      return `${el.tagName.toLowerCase()}${type ? `[type=${type}]` : ''}${el.getAttribute('role') ? `[${el.getAttribute('role')}]` : ''} "${label.trim().replace(/\s+/g, ' ').slice(0, 40)}"${id ? ` .${id}` : ''}${up ? ` in .${up}` : ''}`;
    };
    type Box = { el: Element; l: number; t: number; r: number; b: number };
    const boxes: Box[] = [];
    const cut: string[] = [];
    for (const el of document.querySelectorAll(SELECTOR)) {
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none' || Number(style.opacity) === 0) continue;
      // Not rendered (inside a closed <details>, a content-visibility: hidden box).
      if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      if (el.closest('[aria-hidden="true"], [inert], .visually-hidden')) continue;
      const r = el.getBoundingClientRect();
      if (r.width < 1 || r.height < 1) continue;
      let l = r.left;
      let t = r.top;
      let rr = r.right;
      let b = r.bottom;
      // Clipped by the overflow containers around it (a scrolled list shows only part of its rows).
      for (let p = el.parentElement; p && p !== document.body && p !== document.documentElement; p = p.parentElement) {
        // Scrolled wholly out of view already: nothing of it shows to be cut.
        if (rr - l < 1 || b - t < 1) break;
        const s = getComputedStyle(p);
        if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
        const pr = p.getBoundingClientRect();
        const hides = (o: string) => o === 'hidden' || o === 'clip';
        // A text field's own box may be cut by its wrapper by a pixel or two: count 2 px and more.
        // What a scrolling box inside it already shows of the control (l, t, rr, b) is what counts.
        if ((hides(s.overflowX) && (l < pr.left - 2 || rr > pr.right + 2)) || (hides(s.overflowY) && (t < pr.top - 2 || b > pr.bottom + 2))) {
          cut.push(`${name(el)} cut by ${p.tagName.toLowerCase()}.${typeof p.className === 'string' ? p.className.split(' ')[0] : ''}`);
          break;
        }
        if (s.overflowX !== 'visible') {
          l = Math.max(l, pr.left);
          rr = Math.min(rr, pr.right);
        }
        if (s.overflowY !== 'visible') {
          t = Math.max(t, pr.top);
          b = Math.min(b, pr.bottom);
        }
      }
      if (rr - l < 1 || b - t < 1) continue;
      boxes.push({ el, l, t, r: rr, b });
    }
    const W = window.innerWidth;
    const H = window.innerHeight;
    const outside: string[] = [];
    for (const x of boxes) {
      const out = x.l < -0.5 || x.r > W + 0.5 || (!phone && (x.t < -0.5 || x.b > H + 0.5));
      if (out) outside.push(`${name(x.el)} at ${Math.round(x.l)},${Math.round(x.t)}–${Math.round(x.r)},${Math.round(x.b)}`);
    }
    const overlaps: string[] = [];
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i]!;
        const c = boxes[j]!;
        // A control inside another (a label's input, a tab's close button) is one control.
        if (a.el.contains(c.el) || c.el.contains(a.el)) continue;
        const w = Math.min(a.r, c.r) - Math.max(a.l, c.l);
        const h = Math.min(a.b, c.b) - Math.max(a.t, c.t);
        if (w > 1 && h > 1) overlaps.push(`${name(a.el)} × ${name(c.el)} (${Math.round(w)}×${Math.round(h)} px)`);
      }
    const covered: string[] = [];
    for (const x of boxes) {
      const cx = (x.l + x.r) / 2;
      const cy = (x.t + x.b) / 2;
      if (cx < 0 || cy < 0 || cx > W || cy > H) continue;
      const hit = document.elementFromPoint(cx, cy);
      if (!hit || hit === x.el || x.el.contains(hit) || hit.contains(x.el)) continue;
      // A label's text over its own field is the field.
      if (hit.closest('label') && hit.closest('label')!.contains(x.el)) continue;
      const over = `${hit.tagName.toLowerCase()}.${typeof hit.className === 'string' ? hit.className.split(' ')[0] : ''}`;
      covered.push(`${name(x.el)} under ${over}`);
    }
    const root = document.scrollingElement ?? document.documentElement;
    const pageScrolls =
      root.scrollWidth > W + 1 || (!phone && root.scrollHeight > H + 1) ? `${root.scrollWidth}×${root.scrollHeight} in a ${W}×${H} window` : null;
    const spills: string[] = [];
    for (const x of boxes) {
      const el = x.el as HTMLElement;
      if (el.matches('input, select, textarea')) continue;
      const s = getComputedStyle(el);
      // Cut short inside its own box on purpose (an ellipsis) is not spilling.
      if (s.overflowX !== 'visible') continue;
      if (el.scrollWidth > el.clientWidth + 2) spills.push(`${name(el)}: ${el.scrollWidth} px of content in ${el.clientWidth}`);
    }
    return { outside, cut, overlaps, covered, spills, pageScrolls, count: boxes.length };
  }, phone);
}


/** Rows of the open-orders table wholly inside its scroll box (the ones a person sees whole). */
function wholeRows(page: Page): Promise<number> {
  return page.locator('[data-region="orders"] .table-scroll').first().evaluate((box) => {
    const b = box.getBoundingClientRect();
    const head = box.querySelector('thead')?.getBoundingClientRect().bottom ?? b.top;
    return [...box.querySelectorAll('tbody tr')].filter((tr) => {
      const r = tr.getBoundingClientRect();
      return r.height > 4 && r.top >= head - 1 && r.bottom <= b.bottom + 1 && r.bottom <= window.innerHeight;
    }).length;
  });
}

/** The fields of the open tool form that are outside the form's box, or cannot be scrolled into view inside the order-entry region and the window. */
function toolFieldsOutside(page: Page, tool: string): Promise<{ fields: number; outside: string[] }> {
  return page.getByTestId(`tool-form-${tool}`).evaluate((form) => {
    const region = form.closest('.region')!;
    const outside: string[] = [];
    const fields = [...form.querySelectorAll('input:not([type="hidden"]), select, textarea, button')].filter((el) => el.checkVisibility({ checkVisibilityCSS: true }));
    // Nothing is to the side, where a person does not look: neither the form nor its region scrolls sideways.
    for (const box of [form, region]) if (box.scrollWidth > box.clientWidth + 1) outside.push(`${box.className.split(' ')[0]} is ${box.scrollWidth - box.clientWidth} px wider than it shows`);
    for (const el of fields) {
      el.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      // A field with its label and unit (NumberInput's box), all of which must show.
      const r = (el.closest('.number-input') ?? el).getBoundingClientRect();
      const f = form.getBoundingClientRect();
      const g = region.getBoundingClientRect();
      const label = el.getAttribute('aria-label') || ((el as HTMLInputElement).labels?.[0]?.textContent ?? '') || (el as HTMLElement).innerText || el.tagName;
      const where = `${Math.round(r.left)},${Math.round(r.top)}–${Math.round(r.right)},${Math.round(r.bottom)}`;
      if (r.left < f.left - 1 || r.right > f.right + 1 || r.top < f.top - 1 || r.bottom > f.bottom + 1) outside.push(`${label.trim()} (${where}) outside the form`);
      else if (r.left < g.left - 1 || r.right > g.right + 1 || r.top < g.top - 1 || r.bottom > g.bottom + 1 || r.bottom > window.innerHeight + 1 || r.right > window.innerWidth + 1)
        outside.push(`${label.trim()} (${where}) cannot be brought into view`);
    }
    return { fields: fields.length, outside };
  });
}

const mainTab = (page: Page, name: string) => page.getByRole('tablist', { name: 'Trading modes' }).getByRole('tab', { name, exact: true });

for (const size of SIZES) {
  test(`at ${size.name} every visible control is inside the window, uncovered and overlapping no other; the orders and the tool forms fit`, async ({ page }) => {
    test.slow(true, 'signs up, loads the whole page and waits for its second wave, then opens five tool forms');
    await page.setViewportSize({ width: size.width, height: size.height });
    const name = await signUp(page, 'uta');
    // The account's own open orders: more than the orders area can show at any size.
    const seeded = await page.request.post('/faults/seed-orders', { data: { name, symbol: 'BTCUSDT', open: 12 } });
    expect(seeded.ok(), await seeded.text()).toBe(true);
    // An announcement with a long text, for this page alone: the card shows on the first load.
    const scope = await faultScope(page);
    const long = 'Trading of the new pair opens on Monday at 10:00 UTC; deposits open an hour before. '.repeat(4);
    const news = await page.request.post('/faults/announcement', { data: { scope, title: 'A new listing', description: long, url: '/announcements/new-listing', ageMs: 60_000 } });
    expect(news.ok(), await news.text()).toBe(true);
    await page.goto('/en/trade/spot/BTC/USDT');
    // What a person sees once the page has settled: the orders' tabs, the orders and the footer's route.
    const orders = page.locator('[data-region="orders"]');
    await expect(orders.getByRole('tab', { name: 'Open orders (12)' })).toBeVisible({ timeout: scaled(20_000) });
    if (!size.phone) await expect(page.locator('.net-route__latency[data-tone]').first()).toBeAttached({ timeout: scaled(20_000) });
    const card = page.getByRole('complementary', { name: 'Announcement' });
    if (!size.phone) {
      // The card never covers the orders' tabs: it ends its height below them and scrolls inside.
      await expect(card).toContainText('A new listing', { timeout: scaled(20_000) });
      const tabsBottom = (await orders.getByRole('tablist').first().boundingBox())!;
      const cardBox = (await card.boundingBox())!;
      expect(cardBox.y, 'the announcement card\'s top under the orders\' tab row').toBeGreaterThanOrEqual(tabsBottom.y + tabsBottom.height);
    }
    const found = await audit(page, size.phone);
    test.info().annotations.push({ type: 'controls', description: String(found.count) });
    expect(found.count).toBeGreaterThan(20);
    expect.soft(found.pageScrolls, 'the page scrolls').toBeNull();
    expect.soft(found.outside, 'controls outside the window').toEqual([]);
    expect.soft(found.cut, 'controls cut by their container').toEqual([]);
    expect.soft(found.overlaps, 'controls overlapping another').toEqual([]);
    expect.soft(found.covered, 'controls under something else').toEqual([]);
    expect.soft(found.spills, 'controls whose content runs out of them').toEqual([]);
    if (size.phone) {
      // Further down the phone's page: the orders' tabs and tools, scrolled into view.
      await orders.getByRole('tab', { name: 'Open orders (12)' }).scrollIntoViewIfNeeded();
      const below = await audit(page, size.phone);
      expect(below.count).toBeGreaterThan(10);
      expect.soft(below.outside, 'controls outside the window, scrolled down').toEqual([]);
      expect.soft(below.cut, 'controls cut by their container, scrolled down').toEqual([]);
      expect.soft(below.overlaps, 'controls overlapping another, scrolled down').toEqual([]);
      expect.soft(below.covered, 'controls under something else, scrolled down').toEqual([]);
      expect.soft(below.spills, 'controls whose content runs out of them, scrolled down').toEqual([]);
      return;
    }
    expect.soft(await wholeRows(page), 'orders seen whole in the orders area').toBeGreaterThanOrEqual(size.rows);

    // Item 2: each tool form's fields inside the form and reachable in the order-entry region.
    for (const [tool, label] of TOOLS) {
      await mainTab(page, 'Tools').click();
      await page.getByRole('button', { name: label, exact: true }).click();
      await expect(page.getByTestId(`tool-form-${tool}`)).toBeVisible();
      const fields = await toolFieldsOutside(page, tool);
      expect(fields.fields, `${label}: its fields`).toBeGreaterThan(2);
      expect.soft(fields.outside, `${label}: fields outside the form or out of reach`).toEqual([]);
    }
  });
}

// The leveraged-token page (issue 33): on the phone its header wrapped off the right edge (UID,
// badge, alerts, language); at 1366×768 its fees were below the fold.
for (const size of SIZES.filter((x) => x.width === 1366 || x.phone)) {
  test(`at ${size.name} the leveraged-token page fits: every control inside the window, its three sections shown${size.phone ? '' : ' without a scroll'}`, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await signUp(page, 'uta');
    await page.goto('/en/trade/spot/lt/BTC3L/USDT');
    await expect(page.getByTestId('lt-detail-nav')).toContainText('USDT', { timeout: scaled(20_000) });
    const found = await audit(page, size.phone);
    expect(found.count).toBeGreaterThan(4);
    expect.soft(found.outside, 'controls outside the window').toEqual([]);
    expect.soft(found.overlaps, 'controls overlapping another').toEqual([]);
    expect.soft(found.spills, 'controls whose content runs out of them').toEqual([]);
    if (!size.phone) {
      expect.soft(found.pageScrolls, 'the page scrolls').toBeNull();
      const fees = (await page.getByRole('region', { name: 'Fees and limits' }).boundingBox())!;
      expect(fees.y + fees.height, 'the fees section ends inside the window').toBeLessThanOrEqual(size.height);
    }
  });
}

// Issue 35 item 2: the price ladder beside the book fits too, at the smallest and the largest desktop.
for (const size of SIZES.filter((x) => x.width === 1366 || x.width === 1920)) {
  test(`at ${size.name} with the price ladder shown, every visible control fits and the orders still show`, async ({ page }) => {
    test.slow(true, 'signs up and loads the whole page and its second wave');
    await page.setViewportSize({ width: size.width, height: size.height });
    const name = await signUp(page, 'uta');
    const seeded = await page.request.post('/faults/seed-orders', { data: { name, symbol: 'BTCUSDT', open: 12 } });
    expect(seeded.ok(), await seeded.text()).toBe(true);
    await page.goto('/en/trade/spot/BTC/USDT');
    const orders = page.locator('[data-region="orders"]');
    await expect(orders.getByRole('tab', { name: 'Open orders (12)' })).toBeVisible({ timeout: scaled(20_000) });
    await expect(page.locator('.net-route__latency[data-tone]').first()).toBeAttached({ timeout: scaled(20_000) });
    await page.getByRole('button', { name: 'Show the price ladder beside the book' }).click();
    await expect(page.getByTestId('ladder-mirror').locator('tbody tr').first()).toBeAttached({ timeout: scaled(15_000) });
    const found = await audit(page, false);
    expect(found.count).toBeGreaterThan(20);
    expect.soft(found.pageScrolls, 'the page scrolls').toBeNull();
    expect.soft(found.outside, 'controls outside the window').toEqual([]);
    expect.soft(found.cut, 'controls cut by their container').toEqual([]);
    expect.soft(found.overlaps, 'controls overlapping another').toEqual([]);
    expect.soft(found.covered, 'controls under something else').toEqual([]);
    expect.soft(found.spills, 'controls whose content runs out of them').toEqual([]);
    expect.soft(await wholeRows(page), 'orders seen whole in the orders area').toBeGreaterThanOrEqual(size.rows);
    // The ladder has room for its rows: at least fifteen prices.
    expect(await page.getByTestId('ladder-mirror').locator('tbody tr').count()).toBeGreaterThanOrEqual(15);
  });
}

test('the split between the chart and the orders: dragged or moved by keys, kept across a reload, back to the default with Enter', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/en/trade/spot/BTC/USDT');
  const handle = page.getByRole('separator', { name: 'Resize the chart and the orders' });
  const orders = page.locator('[data-region="orders"]');
  const chart = page.locator('[data-region="chart"]');
  await expect(handle).toHaveAttribute('aria-valuenow', /^\d+$/, { timeout: scaled(20_000) });
  const height = async () => Math.round((await orders.boundingBox())!.height);
  const start = await height();
  const chartStart = Math.round((await chart.boundingBox())!.height);
  expect(Number(await handle.getAttribute('aria-valuenow'))).toBe(start);

  // Dragged 100 px up: the orders area is 100 px taller and the chart as much shorter.
  const box = (await handle.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2 - 50, { steps: 3 });
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2 - 100, { steps: 3 });
  await page.mouse.up();
  await expect.poll(height).toBe(start + 100);
  expect(Math.round((await chart.boundingBox())!.height)).toBe(chartStart - 100);
  await expect(handle).toHaveAttribute('aria-valuenow', String(start + 100));

  // Two keys down: 40 px less; kept across a reload.
  await handle.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect.poll(height).toBe(start + 60);
  await page.reload();
  await expect(handle).toHaveAttribute('aria-valuenow', String(start + 60), { timeout: scaled(20_000) });
  expect(await height()).toBe(start + 60);
  // Home: the least; Enter: the page's default again.
  await handle.focus();
  await page.keyboard.press('Home');
  await expect(handle).toHaveAttribute('aria-valuenow', await handle.getAttribute('aria-valuemin') ?? '');
  await page.keyboard.press('Enter');
  await expect.poll(height).toBe(start);
});

// The orders' tab strip at 1366×768 holds fewer tabs than it has: "+N" lists the rest, and a tab the
// edge cuts is not drawn (issue 33: "Positi" then "+8" read as a broken label; the sixth walkthrough: "Borrow").
test('at 1366×768 the orders\' tab strip says how many tabs are out of view, lists them, and draws no tab cut', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signUp(page, 'uta');
  await page.goto('/en/trade/spot/BTC/USDT');
  const orders = page.locator('[data-region="orders"]');
  const more = orders.getByRole('button', { name: 'More tabs' }).first();
  await expect(more).toHaveText(/^\+\d+$/, { timeout: scaled(20_000) });
  const strip = orders.locator('.overflow-tabs').first();
  const n = Number((await more.textContent())!.slice(1));
  // Each tab is drawn whole or not at all; the ones not drawn are the ones "+N" lists (sixth
  // walkthrough: "Borrowings" was cut to "Borrow" beside "+3").
  const drawn = () =>
    strip.evaluate((box) => {
      const r = box.querySelector('[role="tablist"]')!.getBoundingClientRect();
      return [...box.querySelectorAll('[role="tab"]')].map((tab) => {
        const b = tab.getBoundingClientRect();
        return { name: tab.textContent!.trim(), whole: b.left >= r.left - 1 && b.right <= r.right + 1, shown: getComputedStyle(tab).opacity !== '0' };
      });
    });
  await expect.poll(async () => (await drawn()).filter((x) => x.shown && !x.whole)).toEqual([]);
  const folded = (await drawn()).filter((x) => !x.shown).map((x) => x.name);
  expect(folded.length).toBe(n);
  await more.click();
  await expect(page.getByRole('menuitem')).toHaveCount(n);
  expect((await page.getByRole('menuitem').allTextContents()).map((x) => x.trim())).toEqual(folded);
  await page.getByRole('menuitem', { name: 'P&L' }).click();
  await expect(orders.getByRole('tab', { name: 'P&L' })).toHaveAttribute('aria-selected', 'true');
  // The chosen tab is brought into the strip's view.
  await expect(orders.getByRole('tab', { name: 'P&L' })).toBeInViewport({ ratio: 1 });
});

// The header's market list (issue 33): its last row was cut in half at the list's bottom edge. The
// popover's list shows whole rows only, and while more rows are below its bottom edge fades; at
// the end of the list it does not.
for (const size of SIZES.filter((x) => x.width === 1366 || x.phone)) {
  test(`at ${size.name} the market list shows whole rows and fades at its bottom while more rows are below`, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.goto('/en/trade/spot/BTC/USDT');
    await page.locator('.market-switcher__button').first().click();
    const list = page.getByRole('dialog', { name: 'Markets' });
    await expect(list.getByText('ETH/USDT', { exact: true })).toBeVisible({ timeout: scaled(20_000) });
    const scroll = list.locator('.market-list__scroll');
    /** The rows the list's box shows only part of, and the ones it shows whole. */
    const rows = () =>
      scroll.evaluate((box) => {
        const b = box.getBoundingClientRect();
        const head = box.querySelector('thead')!.getBoundingClientRect().bottom;
        let whole = 0;
        const cut: string[] = [];
        for (const tr of box.querySelectorAll('tbody tr')) {
          const r = tr.getBoundingClientRect();
          if (r.bottom <= head + 0.5 || r.top >= b.bottom - 0.5) continue;
          if (r.top >= head - 0.5 && r.bottom <= b.bottom + 0.5) whole++;
          else cut.push(`${tr.getAttribute('data-symbol')} ${Math.round(r.top)}–${Math.round(r.bottom)} in ${Math.round(head)}–${Math.round(b.bottom)}`);
        }
        return { whole, cut, more: box.scrollHeight > box.clientHeight + 1 };
      });
    await expect.poll(async () => (await rows()).cut).toEqual([]);
    const seen = await rows();
    expect(seen.whole, 'rows shown whole').toBeGreaterThanOrEqual(3);
    expect(seen.more, 'the list has more rows than it shows').toBe(true);
    await expect(scroll).toHaveAttribute('data-cut-bottom', '');
    // Scrolled to its end: the last row whole, nothing below, no fade. (Scrolled again while the
    // fade shows: a row of the list can still grow as its first ticker comes, moving the end.)
    await expect
      .poll(() => scroll.evaluate((box) => {
        box.scrollTo({ top: box.scrollHeight });
        return box.hasAttribute('data-cut-bottom');
      }))
      .toBe(false);
  });
}

// The chart's interval strip on the phone (issue 33): cut at "1M" with nothing to say it went on.
// The strip scrolls, and the edge with more past it fades, as the tab strips' do.
test('at 390×844 the chart\'s interval strip fades at the edge it is cut at, and scrolls to the rest', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/en/trade/spot/BTC/USDT');
  const toolbar = page.getByRole('toolbar', { name: 'Chart tools' });
  await expect(toolbar.getByRole('group', { name: 'Time interval' }).getByRole('button').first()).toBeVisible({ timeout: scaled(20_000) });
  const wrap = page.locator('.chart-toolbar-wrap');
  await expect(wrap).toHaveAttribute('data-cut-right', '');
  await expect(wrap).not.toHaveAttribute('data-cut-left', '');
  expect(await toolbar.evaluate((el) => getComputedStyle(el).maskImage)).toContain('gradient');
  // Scrolled to its end: the start fades, the end does not, and the last of the strip is in view.
  await toolbar.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  await expect(wrap).toHaveAttribute('data-cut-left', '');
  await expect(wrap).not.toHaveAttribute('data-cut-right', '');
  await expect(toolbar.getByRole('button').last()).toBeInViewport({ ratio: 0.95 });
});

// A table wider than the orders area with no actions column held at its end (order history) was
// cut at the area's edge mid-word ("Oper" for Open, issue 33): the side it runs on past fades.
test('at 1366×768 the order history fades at the side it runs on past, and at the other once scrolled', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const name = await signUp(page, 'uta');
  const seeded = await page.request.post('/faults/seed-orders', { data: { name, symbol: 'BTCUSDT', open: 2, history: 2 } });
  expect(seeded.ok(), await seeded.text()).toBe(true);
  await page.goto('/en/trade/spot/BTC/USDT');
  const orders = page.locator('[data-region="orders"]');
  await orders.getByRole('tab', { name: 'Order history' }).click();
  const box = orders.locator('.table-scroll').first();
  await expect(box.locator('tbody tr').first()).toBeVisible({ timeout: scaled(20_000) });
  await expect(box).toHaveAttribute('data-cut-right', '');
  await expect(box).not.toHaveAttribute('data-cut-left', '');
  expect(await box.evaluate((el) => getComputedStyle(el).maskImage)).toContain('gradient');
  await box.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  await expect(box).toHaveAttribute('data-cut-left', '');
  await expect(box).not.toHaveAttribute('data-cut-right', '');
});
