// Bybit v5 fidelity (issue 34 item 4), through the real bybit-api client against the local
// exchange: instruments-info's marginTrading per the pair's real margin capability, and
// /v5/order/spot-borrow-check computed from the account and the margin engine; and spec 8's
// trade-limit codes, answered by the exchange (issue 34 item 1).
import { describe, expect, test } from 'vitest';
import { RestClientV5 } from 'bybit-api';
import { createExchangeInstaller } from '../../server/exchange/install.ts';
import { ALICE, balance, sharedTestServer, signed, marginKit } from './helpers.ts';
import { faults } from '../support/faults.ts';

// The exchange's installer serves instruments-info; orders trade on the standalone (quiet) books.
const s = sharedTestServer(true, { faults: true, extra: [createExchangeInstaller()] });

const client = (who = ALICE) => new RestClientV5({ key: who.key, secret: who.secret, baseUrl: s.url });
const { onlyUsdt, liquidity, marginOn } = marginKit(s, client);

describe('instruments-info marginTrading', () => {
  test('a pair whose coins the pool lends says utaOnly; the others none, and refuse isLeverage', async () => {
    const info = await client().getInstrumentsInfo({ category: 'spot' });
    expect(info.retCode).toBe(0);
    const margin = Object.fromEntries(info.result.list.map((i) => [i.symbol, (i as { marginTrading: string }).marginTrading]));
    expect(margin).toMatchObject({ BTCUSDT: 'utaOnly', ETHUSDT: 'utaOnly', ETHBTC: 'utaOnly', SUIUSDT: 'none', PEPEUSDT: 'none', BTC3LUSDT: 'none' });
    onlyUsdt('1000');
    await marginOn('3');
    // What the list says holds: a leveraged order on a pair that says none is refused, on a margin pair it borrows.
    const sui = await client().submitOrder({ category: 'spot', symbol: 'SUIUSDT', side: 'Buy', orderType: 'Limit', qty: '10', price: '3', isLeverage: 1 });
    expect(sui.retCode).toBe(10001);
    expect(sui.retMsg).toContain('not a margin trading pair');
    const btc = await client().submitOrder({ category: 'spot', symbol: 'BTCUSDT', side: 'Buy', orderType: 'Limit', qty: '0.015', price: '100000', isLeverage: 1 });
    expect(btc.retCode).toBe(0);
  });
});

describe('GET /v5/order/spot-borrow-check', () => {
  test('the balance alone, then what the margin engine would lend on top', async () => {
    onlyUsdt('1000');
    liquidity('Sell', 100000, 1);
    liquidity('Buy', 99000, 1);
    const rest = client();
    // Margin off: the balance is all an order may spend.
    const off = await rest.getSpotBorrowCheck('BTCUSDT', 'Buy');
    expect(off.retCode).toBe(0);
    expect(off.result).toEqual({ symbol: 'BTCUSDT', side: 'Buy', maxTradeQty: '0.01', maxTradeAmount: '1000', spotMaxTradeQty: '0.01', spotMaxTradeAmount: '1000', borrowCoin: 'USDT' });
    await marginOn('3');
    // 3×: up to 2 × 1000 of equity borrowed, so 3000 USDT at the best ask of 100000.
    const buy = await rest.getSpotBorrowCheck('BTCUSDT', 'Buy');
    expect(buy.result).toEqual({ symbol: 'BTCUSDT', side: 'Buy', maxTradeQty: '0.03', maxTradeAmount: '3000', spotMaxTradeQty: '0.01', spotMaxTradeAmount: '1000', borrowCoin: 'USDT' });
    // A sell borrows BTC: 2000 USD of it at BTC's mark (97000, no trade yet), valued at the best bid.
    const sell = await rest.getSpotBorrowCheck('BTCUSDT', 'Sell');
    expect(sell.result).toMatchObject({ side: 'Sell', maxTradeQty: '0.0206', spotMaxTradeQty: '0', spotMaxTradeAmount: '0', borrowCoin: 'BTC' });
    expect(sell.result.maxTradeAmount).toBe('2041.2371134');
    // What the check says may be borrowed is what an order may borrow: 0.03 BTC at 100000 goes through.
    expect((await rest.submitOrder({ category: 'spot', symbol: 'BTCUSDT', side: 'Buy', orderType: 'Limit', qty: '0.03', price: '100000', isLeverage: 1 })).retCode).toBe(0);
    const after = await rest.getSpotBorrowCheck('BTCUSDT', 'Buy');
    expect(after.result).toMatchObject({ spotMaxTradeAmount: '0' });
  });

  test('a pair that cannot be traded on margin lends nothing; bad input gets 10001 or 170121', async () => {
    onlyUsdt('1000');
    await marginOn('3');
    const sui = await client().getSpotBorrowCheck('SUIUSDT', 'Buy');
    expect(sui.retCode).toBe(0);
    expect(sui.result.maxTradeAmount).toBe('1000');
    expect(sui.result.maxTradeAmount).toBe(sui.result.spotMaxTradeAmount);
    // The page's unified asset says the same: spot margin adds nothing on SUIUSDT, 2000 USDT on BTCUSDT.
    const asset = async (symbolName: string) =>
      ((await signed(s.url, ALICE, 'GET', '/unified/spot/v5/asset/unified', { symbolName, side: 'Buy', isMargin: '1' })).body.result.coinList as Array<Record<string, string>>).find((c) => c.tokenId === 'USDT')!;
    expect(await asset('SUIUSDT')).toMatchObject({ spotAvailableBalance: '1000', spotMarginAvailableBalance: '1000' });
    expect(await asset('BTCUSDT')).toMatchObject({ spotAvailableBalance: '1000', spotMarginAvailableBalance: '3000' });
    expect((await client().getSpotBorrowCheck('NOPEUSDT', 'Buy')).retCode).toBe(170121);
    expect((await client().getSpotBorrowCheck('BTCUSDT', 'Up' as 'Buy')).retCode).toBe(10001);
    expect((await signed(s.url, ALICE, 'GET', '/v5/order/spot-borrow-check', { category: 'linear', symbol: 'BTCUSDT', side: 'Buy' })).body.retCode).toBe(10001);
    expect((await signed(s.url, ALICE, 'GET', '/v5/order/spot-borrow-check', { category: 'spot', side: 'Buy' })).body.retCode).toBe(10001);
  });
});

describe('trade-limit codes (spec 8) from the exchange', () => {
  test('an account with a trade limit has every order refused with its code, nothing locked; 0 lifts it; other codes are refused by the control', async () => {
    onlyUsdt('1000');
    const f = faults(s.url);
    const order = () => client().submitOrder({ category: 'spot', symbol: 'BTCUSDT', side: 'Buy', orderType: 'Limit', qty: '0.001', price: '90000' });
    for (const code of [32241, -2172, 12240, 170348, 32329] as const) {
      expect(await f.accountFlags({ name: 'alice', tradeLimitCode: code })).toEqual({ ok: true });
      const r = await order();
      expect(r.retCode).toBe(code);
      expect(r.retMsg).toMatch(code === 32329 ? /^Standard account limit/ : /^Trade limit reached/);
    }
    // The batch path is refused the same way, order by order.
    const batch = await client().batchSubmitOrders('spot', [{ symbol: 'BTCUSDT', side: 'Buy', orderType: 'Limit', qty: '0.001', price: '90000' }]);
    expect((batch.retExtInfo as { list: Array<{ code: number }> }).list[0]!.code).toBe(32329);
    expect(balance(s.db, ALICE.id, 'USDT')).toEqual({ available: '1000', locked: '0' });
    expect(await f.accountFlags({ name: 'alice', tradeLimitCode: 0 })).toEqual({ ok: true });
    expect((await order()).retCode).toBe(0);
    expect((await f.post('account-flags', { name: 'alice', tradeLimitCode: 10001 })).status).toBe(400);
  });
});
