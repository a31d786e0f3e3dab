import { describe, expect, it } from 'vitest';
import { buildTitle } from '../../src/core/title.ts';

const TEMPLATE = '{{pair}} {{marker}} {{price}} | Spot trading';

describe('tab title template (spec 2.2)', () => {
  it('holds the pair, a rising marker and the last price', () => {
    expect(buildTitle({ pair: 'BTC/USDT', direction: 'up', price: '97,000.10', isDemo: false }, TEMPLATE, 'Trade (Demo trading)')).toBe(
      'BTC/USDT ▲ 97,000.10 | Spot trading',
    );
  });

  it('a falling marker', () => {
    expect(buildTitle({ pair: 'ETH/BTC', direction: 'down', price: '0.035', isDemo: false }, TEMPLATE, 'x')).toBe('ETH/BTC ▼ 0.035 | Spot trading');
  });

  it('a placeholder price and no marker before market data', () => {
    expect(buildTitle({ pair: 'BTC/USDT', direction: 'flat', price: undefined, isDemo: false }, TEMPLATE, 'x')).toBe('BTC/USDT -- | Spot trading');
  });

  it('a demo account reads the demo title', () => {
    expect(buildTitle({ pair: 'BTC/USDT', direction: 'up', price: '1', isDemo: true }, TEMPLATE, 'Trade (Demo trading)')).toBe('Trade (Demo trading)');
  });

  it('works with a template that orders the parts differently', () => {
    expect(buildTitle({ pair: 'BTC/USDT', direction: 'up', price: '5', isDemo: false }, '{{price}} {{marker}} {{pair}}', 'x')).toBe('5 ▲ BTC/USDT');
  });
});
