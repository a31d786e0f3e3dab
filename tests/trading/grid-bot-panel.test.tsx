// Spec 2.14: the grid-bot panel has Running and Completed tabs, a back arrow to the standard panel
// and a show-all checkbox (checked by default inside the Tools tab, where every pair's bots show)
// (issue 34 item 5). Rendered on the server renderer.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test, vi } from 'vitest';

// The server renderer has no store snapshot to subscribe to: a static render reads the signals as
// they are, and the tab strip (which loads react-aria lazily) stands in as its items.
vi.mock('../../src/state/signals.ts', async (load) => ({ ...(await load<typeof import('../../src/state/signals.ts')>()), useSignals: () => undefined }));
vi.mock('../../src/ui/Tabs.tsx', () => ({
  Tabs: ({ items }: { items: Array<{ key: string; label: string }> }) => items.map((i) => <span key={i.key} role="tab">{i.label}</span>),
  TabPanel: ({ children }: { children?: unknown }) => children,
}));
const { GridBotPanel } = await import('../../src/features/grid-bots/GridBotPanel.tsx');

describe('grid-bot panel (spec 2.14)', () => {
  test('Running and Completed tabs, a back arrow, and a show-all checkbox', () => {
    const html = renderToStaticMarkup(<GridBotPanel />);
    expect(html).toContain('<span role="tab">gridPanel.running</span><span role="tab">gridPanel.completed</span>');
    expect(html).toMatch(/<button type="button" class="grid-panel__back" aria-label="gridPanel.back">/);
    expect(html).toMatch(/<label class="orders-panel__all"><input type="checkbox"\/>orders.showAllPairs<\/label>/);
  });

  test('inside the Tools tab: no back arrow, and show-all starts checked', () => {
    const html = renderToStaticMarkup(<GridBotPanel embedded />);
    expect(html).not.toContain('grid-panel__back');
    expect(html).toMatch(/<input type="checkbox" checked=""\/>orders.showAllPairs/);
  });
});
