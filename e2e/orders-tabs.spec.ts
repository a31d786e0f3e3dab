import { expect, test, scaled, type Page } from './support/test.ts';
import { signUp } from './support/accounts.ts';

// Seventh walkthrough, B1: at 1366×768 the orders panel's tab strip folded its own tabs into "+N"
// although they fitted: for a classic account all four main tabs, the selected one too, were behind
// "+4" and the strip showed nothing else; for a unified one a later tab, once selected, was the only
// one shown. The strip shows as many tabs as fit, in order, each whole; the selected tab is always
// shown (a folded one takes the last place); "+N" lists the rest; and it holds after the window's
// width changes.

const orders = (page: Page) => page.locator('[data-region="orders"]');

/** What is wrong with the strip as a person sees it (empty when nothing is). */
function problems(page: Page): Promise<string[]> {
  return orders(page)
    .locator('.orders-panel__head')
    .first()
    .evaluate((head) => {
      const out: string[] = [];
      const list = head.querySelector('[role="tablist"]')!;
      const lr = list.getBoundingClientRect();
      const ls = getComputedStyle(list);
      const gap = parseFloat(ls.columnGap) || 0;
      const tabs = [...list.querySelectorAll('[role="tab"]')].map((tab) => {
        const b = tab.getBoundingClientRect();
        const hit = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
        const drawn = getComputedStyle(tab).opacity !== '0' && tab.checkVisibility({ visibilityProperty: true });
        const whole = b.left >= lr.left - 1 && b.right <= lr.right + 1 && b.width > 0;
        return { name: tab.textContent!.trim(), selected: tab.getAttribute('aria-selected') === 'true', b, seen: drawn && whole && !!hit && tab.contains(hit), drawn };
      });
      const shown = tabs.filter((x) => x.seen).sort((a, c) => a.b.left - c.b.left);
      const folded = tabs.filter((x) => !x.seen);
      for (const x of tabs.filter((t) => t.drawn && !t.seen)) out.push(`"${x.name}" is drawn but not whole or covered`);
      const selected = tabs.find((x) => x.selected);
      if (!selected || !selected.seen) out.push(`the selected tab "${selected?.name}" is not shown`);
      // The tabs shown are the first ones in order, then the selected one if it comes later.
      const k = shown.length;
      const first = (n: number) => tabs.slice(0, n).map((x) => x.name).join('|');
      const seen = (n: number) => shown.slice(0, n).map((x) => x.name).join('|');
      if (seen(k) !== first(k) && !(shown[k - 1]?.selected && seen(k - 1) === first(k - 1))) out.push(`shown out of order: ${seen(k)}`);
      const more = head.querySelector<HTMLElement>('[aria-label="More tabs"]');
      if ((more ? Number(more.textContent!.slice(1)) : 0) !== folded.length) out.push(`"${more?.textContent ?? ''}" for ${folded.length} tabs not shown`);
      // No folded tab would have fitted whole in the room left after the last one shown (the "+N"
      // keeps its place while another tab stays folded).
      const next = folded[0];
      const last = shown[shown.length - 1];
      if (next && last) {
        const tools = head.querySelector('.orders-panel__tools')!.getBoundingClientRect();
        const sameLine = tools.width > 0 && tools.top < last.b.bottom && tools.bottom > last.b.top;
        const end = (sameLine ? tools.left - (parseFloat(getComputedStyle(head).columnGap) || 0) : head.getBoundingClientRect().right) - (parseFloat(ls.paddingRight) || 0);
        const room = end - last.b.right - gap - (folded.length > 1 && more ? more.getBoundingClientRect().width : 0);
        if (next.b.width <= room - 1) out.push(`"${next.name}" (${Math.round(next.b.width)} px) is folded with ${Math.round(room)} px free`);
      }
      return out;
    });
}

/** Selects a tab as a person would: on the strip if it shows there, else from "+N". */
async function choose(page: Page, name: string): Promise<void> {
  const tab = orders(page).getByRole('tab', { name, exact: true });
  const more = orders(page).getByRole('button', { name: 'More tabs' });
  if ((await more.count()) > 0 && (await more.evaluate((m, n) => [...document.querySelectorAll('[role="tab"]')].some((t) => t.textContent!.trim() === n && getComputedStyle(t).opacity === '0'), name))) {
    await more.click();
    await page.getByRole('menuitem', { name, exact: true }).click();
  } else {
    await tab.click();
  }
  await expect(tab).toHaveAttribute('aria-selected', 'true');
}

for (const [kind, first] of [['classic', 'Current orders (0)'], ['uta', 'Open orders (0)']] as const) {
  test(`at 1366×768 a ${kind} account's orders tab strip shows every tab that fits and always the selected one`, async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await signUp(page, kind);
    await page.goto('/en/trade/spot/BTC/USDT');
    await expect(orders(page).getByRole('tab', { name: first })).toHaveAttribute('aria-selected', 'true', { timeout: scaled(20_000) });
    await expect.poll(() => problems(page)).toEqual([]);

    const names = (await orders(page).getByRole('tab').allTextContents()).map((x) => x.trim());
    const last = names[names.length - 1]!;
    await choose(page, last);
    await expect.poll(() => problems(page)).toEqual([]);

    // The strip measures again when its width changes, both ways.
    await page.setViewportSize({ width: 1920, height: 1080 });
    await expect.poll(() => problems(page)).toEqual([]);
    await page.setViewportSize({ width: 1366, height: 768 });
    await expect.poll(() => problems(page)).toEqual([]);

    await choose(page, names[1]!);
    await expect.poll(() => problems(page)).toEqual([]);
    await choose(page, first);
    await expect.poll(() => problems(page)).toEqual([]);
  });
}
