// Spec 2.5: the Pro chart's toolbar offers compare, indicators, screenshot, settings and a
// full-screen toggle; the simple chart keeps screenshot and full screen (issue 34 item 5).
// Rendered on the server renderer.
import { createRef } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test, vi } from 'vitest';

// The server renderer has no store snapshot to subscribe to: a static render reads the signals as they are.
vi.mock('../../src/state/signals.ts', async (load) => ({ ...(await load<typeof import('../../src/state/signals.ts')>()), useSignals: () => undefined }));
const { ChartToolbar } = await import('../../src/features/chart-panel/ChartToolbar.tsx');

const render = (pro: boolean) => renderToStaticMarkup(<ChartToolbar pro={pro} widgetRef={createRef()} rootRef={createRef()} />);

describe('chart toolbar (spec 2.5)', () => {
  test('Pro: compare, indicators, screenshot, settings and full screen', () => {
    const html = render(true);
    expect(html).toContain('aria-label="chart.compare"');
    for (const key of ['chart.indicators', 'chart.screenshot', 'chart.settings', 'chart.fullScreen']) expect(html, key).toMatch(new RegExp(`<button[^>]*>${key.replace('.', '\\.')}</button>`));
  });

  test('simple: screenshot and full screen, without the Pro tools', () => {
    const html = render(false);
    expect(html).toContain('chart.screenshot');
    expect(html).toContain('chart.fullScreen');
    expect(html).not.toContain('chart.indicators');
    expect(html).not.toContain('aria-label="chart.compare"');
  });
});
