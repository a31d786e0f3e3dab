// Spec 2.17's tools as the Tools tab lists them (issue 34 item 5): the future spread links
// /liquid-marketplace/future-spread in a new window (demo accounts have it, spec 5.13); OTC and
// auto-invest open in the same one. Rendered on the server renderer.
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { ANONYMOUS } from '../../src/core/user-info.ts';
import { user } from '../../src/state/account/user.ts';

// The server renderer has no store snapshot to subscribe to: a static render reads the signals as they are.
vi.mock('../../src/state/signals.ts', async (load) => ({ ...(await load<typeof import('../../src/state/signals.ts')>()), useSignals: () => undefined }));
const { ToolsPanel } = await import('../../src/features/tools/ToolsPanel.tsx');

afterEach(() => {
  user.value = ANONYMOUS;
});

describe('Tools tab links (spec 2.17)', () => {
  test('future spread: /liquid-marketplace/future-spread, in a new window', () => {
    user.value = { ...ANONYMOUS, userState: 1, id: 7, isUTA: true, isDemoAccount: true };
    const html = renderToStaticMarkup(<ToolsPanel onTrade={() => undefined} />);
    expect(html).toMatch(/<li[^>]*data-tool="futureSpread"[^>]*><a [^>]*href="\/liquid-marketplace\/future-spread" target="_blank" rel="noopener noreferrer">tool\.futureSpread<\/a>/);
    expect(html).toMatch(/data-tool="otc"[^>]*><a [^>]*href="\/user\/assets\/otc\/index\?[^"]*">/);
    expect(html).not.toMatch(/data-tool="otc"[^>]*><a [^>]*target=/);
  });
});
