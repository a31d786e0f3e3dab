// Spec 2.12: the classic orders panel's 'trading performance' link opens
// /user/assets/home/performance?tab=spot in a new tab, on the historical tab, not for demo accounts;
// cancel all is on the current tab only (issue 34 item 5). Rendered on the server renderer.
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { ANONYMOUS } from '../../src/core/user-info.ts';
import { user } from '../../src/state/account/user.ts';
import { showOrdersView } from '../../src/state/trading/orders-view.ts';

// The server renderer has no store snapshot to subscribe to: a static render reads the signals as
// they are, and the tab strips (which load react-aria lazily) stand in as their items.
vi.mock('../../src/state/signals.ts', async (load) => ({ ...(await load<typeof import('../../src/state/signals.ts')>()), useSignals: () => undefined }));
vi.mock('../../src/ui/Tabs.tsx', () => ({
  Tabs: ({ items }: { items: Array<{ key: string; label: string }> }) => items.map((i) => <span key={i.key} role="tab">{i.label}</span>),
  TabPanel: ({ children }: { children?: unknown }) => children,
}));
const { ClassicOrders } = await import('../../src/features/orders-panel/ClassicOrders.tsx');

const render = () => renderToStaticMarkup(<ClassicOrders actions={{} as never} />);
const PERFORMANCE = '<a href="/user/assets/home/performance?tab=spot" target="_blank" rel="noopener noreferrer">orders.performance</a>';

afterEach(() => {
  user.value = ANONYMOUS;
  showOrdersView('current', 'ordinary');
});

describe('classic orders panel links (spec 2.12)', () => {
  test('the performance link opens in a new tab on the historical tab, for non-demo accounts only', () => {
    user.value = { ...ANONYMOUS, userState: 1, id: 3 };
    showOrdersView('history', 'ordinary');
    expect(render()).toContain(PERFORMANCE);
    showOrdersView('current', 'ordinary');
    expect(render()).not.toContain('orders.performance');
    user.value = { ...ANONYMOUS, userState: 1, id: 4, isDemoAccount: true };
    showOrdersView('history', 'ordinary');
    expect(render()).not.toContain('orders.performance');
  });
});
