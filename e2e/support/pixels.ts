import type { Page } from '@playwright/test';

/**
 * Counts of a screenshot's pixels (a PNG, as `locator.screenshot()` or `page.screenshot()` give):
 * clearly green (bids, buys), clearly red (asks, sells), lit (light text on the dark theme) and the
 * chart drawings' default blue (#2962ff); and the size bars of bids and asks.
 */
export async function pixelCounts(page: Page, png: Buffer): Promise<{ green: number; red: number; lit: number; blue: number; bidBar: number; askBar: number }> {
  return page.evaluate(async (data) => {
    // An <img> may load a data: URL under the page's CSP (img-src); fetch may not (connect-src).
    const el = new Image();
    el.src = `data:image/png;base64,${data}`;
    await el.decode();
    const img = await createImageBitmap(el);
    const c = new OffscreenCanvas(img.width, img.height).getContext('2d')!;
    c.drawImage(img, 0, 0);
    const px = c.getImageData(0, 0, img.width, img.height).data;
    let green = 0;
    let red = 0;
    let lit = 0;
    let blue = 0;
    // The dark theme's size-bar colours (render/theme.ts upBar, downBar), within 8 per channel.
    let bidBar = 0;
    let askBar = 0;
    const near = (i: number, rgb: number[]) => rgb.every((v, k) => Math.abs(px[i + k]! - v) <= 8);
    for (let i = 0; i < px.length; i += 4) {
      if (near(i, [0x12, 0x3a, 0x2a])) bidBar++;
      if (near(i, [0x3d, 0x1a, 0x1d])) askBar++;
      const [r, g, b] = [px[i]!, px[i + 1]!, px[i + 2]!];
      if (g > 120 && g > r + 50 && g > b + 30) green++;
      if (r > 150 && r > g + 80 && r > b + 60) red++;
      if (r > 110 && g > 110) lit++;
      if (b > 200 && r < 100 && g > 60 && g < 140) blue++;
    }
    return { green, red, lit, blue, bidBar, askBar };
  }, png.toString('base64'));
}
