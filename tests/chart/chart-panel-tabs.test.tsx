// Spec 2.4 and 6: the chart area's top tabs are Chart and Trade analysis; a demo account has no
// analysis tab, only a Chart label (issue 34 item 5). Rendered to markup on the server renderer.
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { ANONYMOUS } from '../../src/core/user-info.ts';
import { user } from '../../src/state/account/user.ts';

vi.mock('../../src/features/chart-panel/ChartView.tsx', () => ({ ChartView: () => null }));
// The server renderer has no store snapshot to subscribe to: a static render reads the signals as
// they are, and the tab strip (which loads react-aria lazily) stands in as its items.
vi.mock('../../src/state/signals.ts', async (load) => ({ ...(await load<typeof import('../../src/state/signals.ts')>()), useSignals: () => undefined }));
vi.mock('../../src/ui/Tabs.tsx', () => ({
  Tabs: ({ items }: { items: Array<{ key: string; label: string }> }) => items.map((i) => <span key={i.key} role="tab">{i.label}</span>),
  TabPanel: ({ children }: { children?: unknown }) => children,
}));
const { ChartPanel } = await import('../../src/features/chart-panel/ChartPanel.tsx');

afterEach(() => {
  user.value = ANONYMOUS;
});

describe('chart area tabs (spec 2.4)', () => {
  test('Chart and Trade analysis tabs; a demo account sees only a Chart label', () => {
    user.value = { ...ANONYMOUS, userState: 1, id: 1, isUTA: true };
    const html = renderToStaticMarkup(<ChartPanel />);
    expect(html).toContain('role="tab"');
    expect(html).toContain('chart.tabChart');
    expect(html).toContain('chart.tabAnalysis');
    expect(html).toContain('chart.modeSimple');
    expect(html).toContain('chart.modePro');
    expect(html).toContain('chart.modeDepth');
    user.value = { ...ANONYMOUS, userState: 1, id: 2, isUTA: true, isDemoAccount: true };
    const demo = renderToStaticMarkup(<ChartPanel />);
    expect(demo).toContain('chart.tabChart');
    expect(demo).not.toContain('chart.tabAnalysis');
    expect(demo).not.toContain('role="tab"');
  });
});
