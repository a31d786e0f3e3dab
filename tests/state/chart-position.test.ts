// The chart's position line (state/chart/chart-position.ts): a holding at its average price, and no
// line for dust below the pair's quantity step (issue 32: "Position 0.000000" after a bot closed).
import { expect, test } from 'vitest';
import type { SpotSymbol } from '../../src/core/symbols.ts';
import { ANONYMOUS } from '../../src/core/user-info.ts';
import { user } from '../../src/state/account/user.ts';
import { activeSymbol } from '../../src/state/market/active-market.ts';
import { overlaysStarted } from '../../src/state/chart/chart-overlays.ts';
import { chartPosition, positionLine } from '../../src/state/chart/chart-position.ts';

test('a holding draws its line; dust below the quantity step draws none', () => {
  user.value = { ...ANONYMOUS, userState: 1, id: 7, isUTA: true };
  activeSymbol.value = { symbolId: 'BTCUSDT', baseTokenName: 'BTC', quantityPrecision: 6 } as SpotSymbol;
  overlaysStarted.value = true;
  chartPosition.value = { symbolId: 'BTCUSDT', baseCoin: 'BTC', size: '0.012345', avgPrice: '95000' };
  expect(positionLine.value).toEqual({ price: '95000', qty: '0.012345', base: 'BTC' });
  chartPosition.value = { symbolId: 'BTCUSDT', baseCoin: 'BTC', size: '0.0000001', avgPrice: '95000' };
  expect(positionLine.value).toBeNull();
  chartPosition.value = { symbolId: 'BTCUSDT', baseCoin: 'BTC', size: '0.000001', avgPrice: '95000' };
  expect(positionLine.value?.qty).toBe('0.000001');
});
