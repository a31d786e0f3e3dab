import { expect, test, scaled, type Page } from './support/test.ts';
import { signUp } from './support/accounts.ts';

// Issue 33 item 1: at 1920×1080, 1366×768 and a 390×844 phone, every control a person can see is
// inside the window and overlaps no other control. A control is a button, link, field, tab,
// slider, checkbox or menu item with a box; what an overflow container has scrolled out of view
// is not seen, and a control partly scrolled out counts by its visible part. On the phone the page
// scrolls by design (the orders list is on the page), so there a control need only be inside the
// window's width.

const SIZES = [
  { name: '1920×1080', width: 1920, height: 1080, phone: false },
  { name: '1366×768', width: 1366, height: 768, phone: false },
  { name: '390×844', width: 390, height: 844, phone: true },
] as const;

interface Found {
  outside: string[];
  /** Cut by a container that hides its overflow (not a scrolling one): part of it cannot be seen or reached. */
  cut: string[];
  overlaps: string[];
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
      if (el.closest('[aria-hidden="true"], [inert], .visually-hidden')) continue;
      const r = el.getBoundingClientRect();
      if (r.width < 1 || r.height < 1) continue;
      let l = r.left;
      let t = r.top;
      let rr = r.right;
      let b = r.bottom;
      // Clipped by the overflow containers around it (a scrolled list shows only part of its rows).
      for (let p = el.parentElement; p && p !== document.body && p !== document.documentElement; p = p.parentElement) {
        const s = getComputedStyle(p);
        if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
        const pr = p.getBoundingClientRect();
        const hides = (o: string) => o === 'hidden' || o === 'clip';
        // A text field's own box may be cut by its wrapper by a pixel or two: count 2 px and more.
        if ((hides(s.overflowX) && (r.left < pr.left - 2 || r.right > pr.right + 2)) || (hides(s.overflowY) && (r.top < pr.top - 2 || r.bottom > pr.bottom + 2))) {
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
    return { outside, cut, overlaps, count: boxes.length };
  }, phone);
}

/** What each size found on 2026-11-28 (help-33), left for the layout work of item 1. */
const KNOWN: Record<(typeof SIZES)[number]['name'], string> = {
  '1920×1080':
    "the order form's Total field (.number-input) overlaps the balance slider by 18 px; the market list's '24h change' sort button and every row's favourite star are cut by their table cells",
  '1366×768': "the order form's Total field (.number-input) overlaps the balance slider by 18 px",
  '390×844': 'the fixed Buy/Sell bar (.mobile-trade-bar) lies over the orders tabs and the Trade origin select at the first screen',
};

for (const size of SIZES) {
  test(`at ${size.name} every visible control is inside the window and overlaps no other`, async ({ page }) => {
    test.slow(true, 'signs up, loads the whole page and waits for its second wave');
    // Known to fail (issue 33 item 1 is not done; what each size finds is in KNOWN): remove this
    // line for a size once its layout is fixed (Playwright then fails a test that passes).
    test.fail(true, KNOWN[size.name]);
    await page.setViewportSize({ width: size.width, height: size.height });
    await signUp(page, 'uta');
    await page.goto('/en/trade/spot/BTC/USDT');
    // What a person sees once the page has settled: the orders' tabs and the footer's route.
    await expect(page.locator('[data-region="orders"]').getByRole('tab', { name: /^Open orders/ })).toBeVisible({ timeout: scaled(20_000) });
    if (!size.phone) await expect(page.locator('.net-route__latency[data-tone]').first()).toBeAttached({ timeout: scaled(20_000) });
    const found = await audit(page, size.phone);
    test.info().annotations.push({ type: 'controls', description: String(found.count) });
    expect(found.count).toBeGreaterThan(20);
    expect.soft(found.outside, 'controls outside the window').toEqual([]);
    expect.soft(found.cut, 'controls cut by their container').toEqual([]);
    expect.soft(found.overlaps, 'controls overlapping another').toEqual([]);
  });
}
