import type { Page } from '@playwright/test';

/**
 * Where to click a bid row of the book in mode 1 (row 0 = the best bid): below 13 ask rows and
 * the 36 px price band, at the row pitch the page drew (22 px, less in a short window).
 */
export async function bidRowPoint(page: Page, row: number): Promise<{ x: number; y: number }> {
  const pitch = Number(await page.locator('.order-book').getAttribute('data-row-pitch'));
  const box = (await page.getByTestId('order-book-canvas').boundingBox())!;
  return { x: box.x + 40, y: box.y + 13 * pitch + 36 + row * pitch + Math.floor(pitch / 2) };
}
