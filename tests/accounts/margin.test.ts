// Spot margin on the unified account (issue 16 item 1) through the real bybit-api client: a
// leveraged buy borrows what the balance lacks, interest accrues per hour of the margin clock,
// selling repays first, manual repayment, classic accounts cannot borrow, and liquidation at the
// maintenance threshold conserves every coin and leaves nothing negative (property test).
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { RestClientV5 } from 'bybit-api';
import { FX_ONE, parseAmount } from '../../src/core/decimal.ts';
import { ALICE, BOB, balance, sharedTestServer, signed, marginKit } from './helpers.ts';
import { faults } from '../support/faults.ts';

const s = sharedTestServer(true, { faults: true });

const client = (who = ALICE) => new RestClientV5({ key: who.key, secret: who.secret, baseUrl: s.url });
const { onlyUsdt, liquidity, marginOn } = marginKit(s, client);
const liab = (coin: string) => s.db.prepare('SELECT amount, interest FROM liabilities WHERE user_id = ? AND coin = ?').get(ALICE.id, coin) as { amount: string; interest: string } | undefined;
const f = faults(() => s.url);

async function leveragedBuy(qty: string): Promise<{ retCode: number }> {
  return client().submitOrder({ category: 'spot', symbol: 'BTCUSDT', side: 'Buy', orderType: 'Limit', qty, price: '100000', isLeverage: 1 });
}


describe('spot margin', () => {
  test('switch, leverage and state; account info carries the margin mode', async () => {
    const rest = client();
    expect((await rest.getSpotMarginState()).result).toMatchObject({ spotMarginMode: '0', spotLeverage: '' });
    expect((await rest.setSpotMarginLeverageV2({ leverage: '3' })).retCode).toBe(10001);
    await marginOn('3');
    expect((await rest.getSpotMarginState()).result).toMatchObject({ spotMarginMode: '1', spotLeverage: '3', effectiveLeverage: '1' });
    expect((await rest.setSpotMarginLeverageV2({ leverage: '11' })).retCode).toBe(10001);
    expect((await rest.setSpotMarginLeverageV2({ leverage: '1' })).retCode).toBe(10001);
    expect((await rest.getAccountInfo()).result).toMatchObject({ marginMode: 'REGULAR_MARGIN' });
    // Plain decimal digits only (issue 30 item 5): "0x5" is not 5, nor is "5e0", " 5" or "+5".
    for (const leverage of ['0x5', '5e0', ' 5', '5 ', '+5', '5.0', '0b101']) {
      expect((await rest.setSpotMarginLeverageV2({ leverage })).retCode, leverage).toBe(10001);
    }
    expect((await rest.getSpotMarginState()).result).toMatchObject({ spotLeverage: '3' });
  });

  test('a leveraged buy borrows what the balance lacks, within the leverage; over it nothing changes', async () => {
    onlyUsdt('1000');
    await marginOn('3');
    liquidity('Sell', 100000, 0.05);
    // 4000 USDT needs 3000 borrowed: over 2 × 1000 of equity at 3×.
    expect((await leveragedBuy('0.04')).retCode).toBe(170131);
    expect(liab('USDT')).toBeUndefined();
    expect(balance(s.db, ALICE.id, 'USDT')).toEqual({ available: '1000', locked: '0' });
    // 2500 USDT: 1500 borrowed.
    expect((await leveragedBuy('0.025')).retCode).toBe(0);
    expect(liab('USDT')!.amount).toBe('1500');
    expect(balance(s.db, ALICE.id, 'USDT')).toEqual({ available: '0', locked: '0' });
    expect(balance(s.db, ALICE.id, 'BTC').available).toBe('0.024975');
    const w = (await client().getWalletBalance({ accountType: 'UNIFIED', coin: 'USDT' })).result.list[0]!;
    expect(w.coin[0]).toMatchObject({ coin: 'USDT', borrowAmount: '1500', spotBorrow: '1500', accruedInterest: '0', equity: '-1500' });
    expect(Number(w.accountIMRate)).toBeGreaterThan(0);
    const info = (await client().getCollateralInfo('USDT')).result.list[0]!;
    expect(info).toMatchObject({ currency: 'USDT', borrowAmount: '1500' });
  });

  test('without isLeverage, or on a classic account, nothing is borrowed', async () => {
    onlyUsdt('1000');
    await marginOn('3');
    liquidity('Sell', 100000, 0.05);
    expect((await client().submitOrder({ category: 'spot', symbol: 'BTCUSDT', side: 'Buy', orderType: 'Limit', qty: '0.02', price: '100000' })).retCode).toBe(170131);
    const bob = client(BOB);
    expect((await bob.toggleSpotMarginTrade('1')).retCode).toBe(10005);
    const r = await bob.submitOrder({ category: 'spot', symbol: 'BTCUSDT', side: 'Buy', orderType: 'Limit', qty: '3', price: '100000', isLeverage: 1 });
    expect(r.retCode).toBe(10001);
    expect(s.db.prepare('SELECT COUNT(*) AS n FROM liabilities WHERE user_id = ?').get(BOB.id)).toEqual({ n: 0 });
  });

  test('interest accrues per whole hour of the margin clock; borrow-history lists it; selling repays interest then principal', async () => {
    onlyUsdt('1000');
    await marginOn('3');
    liquidity('Sell', 100000, 0.05);
    expect((await leveragedBuy('0.025')).retCode).toBe(0);
    await f.marginClock({ hours: 0 });
    expect(liab('USDT')!.interest).toBe('0');
    await f.marginClock({ hours: 3 });
    // 1500 × 0.00000417 × 3
    expect(liab('USDT')!.interest).toBe('0.018765');
    const hist = (await client().getBorrowHistory({ currency: 'USDT' })).result.list;
    expect(hist[0]).toMatchObject({ currency: 'USDT', borrowCost: '0.018765', hourlyBorrowRate: '0.00000417', borrowAmount: '1500' });
    const w = (await client().getWalletBalance({ accountType: 'UNIFIED', coin: 'USDT' })).result.list[0]!;
    expect(w.coin[0]).toMatchObject({ accruedInterest: '0.018765' });
    liquidity('Buy', 100000, 0.05);
    expect((await client().submitOrder({ category: 'spot', symbol: 'BTCUSDT', side: 'Sell', orderType: 'Limit', qty: '0.02', price: '100000' })).retCode).toBe(0);
    // 2000 − 2 fee = 1998: 0.018765 interest, 1500 principal, the rest stays.
    expect(liab('USDT')).toEqual({ amount: '0', interest: '0' });
    expect(balance(s.db, ALICE.id, 'USDT').available).toBe('497.981235');
  });

  test('manual repayment from the coin balance (/v5/account/repay); nothing left to repay is refused', async () => {
    onlyUsdt('1000');
    await marginOn('3');
    liquidity('Sell', 100000, 0.05);
    expect((await leveragedBuy('0.025')).retCode).toBe(0);
    s.trading.adjustFunds(ALICE.id, [{ coin: 'USDT', delta: 600n * FX_ONE }], 'test-seed');
    expect((await client().manualRepay({ coin: 'USDT', amount: '100' } as never)).result).toEqual({ resultStatus: 'SU' });
    expect(liab('USDT')!.amount).toBe('1400');
    expect((await signed(s.url, ALICE, 'POST', '/v5/account/repay', { coin: 'USDT' })).body.retCode).toBe(0);
    expect(liab('USDT')!.amount).toBe('900');
    expect(balance(s.db, ALICE.id, 'USDT').available).toBe('0');
    // No USDT free: nothing is repaid, and the answer says so (resultStatus FA, not SU).
    const none = (await signed(s.url, ALICE, 'POST', '/v5/account/repay', { coin: 'USDT' })).body;
    expect(none).toMatchObject({ retCode: 0, result: { resultStatus: 'FA' } });
    expect(liab('USDT')!.amount).toBe('900');
    expect((await signed(s.url, ALICE, 'POST', '/v5/account/repay', { coin: 'ETH' })).body.retCode).toBe(10001);
  });

  test('the loans one by one and the repayments, split into interest and principal (borrow orders, repay-history)', async () => {
    onlyUsdt('1000');
    await marginOn('3');
    liquidity('Sell', 100000, 0.05);
    expect((await leveragedBuy('0.025')).retCode).toBe(0);
    const get = async (url: string) => {
      const [path, qs = ''] = url.split('?');
      return (await signed(s.url, ALICE, 'GET', path!, Object.fromEntries(new URLSearchParams(qs)))).body.result;
    };
    let orders = (await get('/v5/spot-cross-margin-trade/orders?coin=USDT')).list;
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ coin: 'USDT', loanAmount: '1500', remainAmount: '1500', status: 1 });
    s.trading.adjustFunds(ALICE.id, [{ coin: 'USDT', delta: 600n * FX_ONE }], 'test-seed');
    expect((await client().manualRepay({ coin: 'USDT', amount: '100' } as never)).result).toEqual({ resultStatus: 'SU' });
    orders = (await get('/v5/spot-cross-margin-trade/orders?coin=USDT')).list;
    expect(orders[0]).toMatchObject({ loanAmount: '1500', remainAmount: '1400', status: 3 });
    expect((await get('/v5/spot-cross-margin-trade/orders?status=1')).list).toHaveLength(0);
    const repaid = (await get('/v5/spot-cross-margin-trade/repay-history?coin=USDT')).list;
    expect(repaid).toHaveLength(1);
    expect(repaid[0]).toMatchObject({ coin: 'USDT', repaidAmount: '100', repaidPrincipal: '100', repaidInterest: '0', repayType: 1 });
    expect(repaid[0].transactIds).toEqual([{ repaidInterest: '0', repaidPrincipal: '100', repaidSerialNumber: repaid[0].repayId, transactId: orders[0].id }]);
    // The rest is repaid (500 free): still owed 900, partly repaid; then the loan is paid off.
    expect((await signed(s.url, ALICE, 'POST', '/v5/account/repay', { coin: 'USDT' })).body.retCode).toBe(0);
    expect((await get('/v5/spot-cross-margin-trade/orders?coin=USDT')).list[0]).toMatchObject({ remainAmount: '900', status: 3 });
    s.trading.adjustFunds(ALICE.id, [{ coin: 'USDT', delta: 900n * FX_ONE }], 'test-seed');
    expect((await signed(s.url, ALICE, 'POST', '/v5/account/repay', { coin: 'USDT' })).body.retCode).toBe(0);
    expect((await get('/v5/spot-cross-margin-trade/orders?status=2')).list[0]).toMatchObject({ loanAmount: '1500', remainAmount: '0', status: 2 });
    expect((await get('/v5/spot-cross-margin-trade/repay-history')).list.map((r: { repaidPrincipal: string }) => r.repaidPrincipal)).toEqual(['900', '500', '100']);
    expect((await signed(s.url, ALICE, 'GET', '/v5/spot-cross-margin-trade/orders', { status: '7' })).body.retCode).toBe(10001);
  });

  test('a fault moves the reported risk state; margin status 5 and 4 refuse new borrowing', async () => {
    onlyUsdt('1000');
    await marginOn('3');
    liquidity('Sell', 100000, 0.05);
    const info = async () => (await signed(s.url, ALICE, 'GET', '/unified/spot/v5/margin/accountInfo', { symbol: 'BTCUSDT' })).body.result;
    expect(await info()).toMatchObject({ status: 1, riskState: 'NORMAL', maxBuyAmt: '3000', quoteBorrowSize: '0', spotMarginMode: '1', leverage: '3' });
    await f.marginRisk({ name: 'alice', state: 'OVERRUN' });
    expect(await info()).toMatchObject({ status: 5, riskState: 'OVERRUN', maxBuyAmt: '1000' });
    expect((await leveragedBuy('0.015')).retCode).toBe(170131);
    await f.marginRisk({ name: 'alice', state: 'LIQUIDATION' });
    expect((await info()).status).toBe(4);
    await f.marginRisk({ name: 'alice', state: '' });
    expect((await leveragedBuy('0.015')).retCode).toBe(0);
    expect((await info()).quoteBorrowSize).toBe('500');
  });

  test('at the maintenance threshold the risk engine cancels, sells collateral and repays', async () => {
    onlyUsdt('1000');
    await marginOn('3');
    liquidity('Sell', 100000, 0.05);
    expect((await leveragedBuy('0.025')).retCode).toBe(0);
    await f.marginPrice({ coin: 'BTC', price: '75000' });
    expect(liab('USDT')!.amount).toBe('1500');
    await f.marginPrice({ coin: 'BTC', price: '62000' });
    await f.marginPrice({ coin: 'BTC' });
    expect(liab('USDT')).toEqual({ amount: '0', interest: '0' });
    const recs = await f.marginLiquidations({ name: 'alice' });
    expect(recs.list).toHaveLength(1);
    expect(recs.list[0]!.sales).toHaveLength(1);
    expect(Number(balance(s.db, ALICE.id, 'BTC').available)).toBeGreaterThan(0);
  });
});

describe('liquidation property', () => {
  test('balances and liabilities are conserved and never negative, whatever the leverage, loan and price', async () => {
    const coins = ['USDT', 'BTC', 'ETH'];
    const total = (coin: string) =>
      (s.db.prepare('SELECT available, locked FROM balances WHERE coin = ?').all(coin) as Array<{ available: string; locked: string }>).reduce((a, r) => a + parseAmount(r.available)! + parseAmount(r.locked)!, 0n);
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 2, max: 10 }),
        fc.integer({ min: 100, max: 5000 }),
        fc.integer({ min: 1, max: 100 }),
        fc.integer({ min: 1, max: 99 }),
        fc.integer({ min: 1, max: 99 }),
        async (leverage, deposit, loanPct, btcShare, dropPct) => {
          s.db.prepare('DELETE FROM liabilities WHERE user_id = ?').run(ALICE.id);
          s.margin.setPrice('BTC', 100000n * FX_ONE);
          s.margin.setPrice('ETH', 4000n * FX_ONE);
          onlyUsdt(String(deposit));
          s.margin.update(ALICE.id, { spotMargin: true, leverage, override: '' });
          // Borrow loanPct% of the room in USDT, then turn btcShare% of all USDT into BTC and some into ETH at the mark.
          const room = s.margin.borrowable(ALICE.id, 'USDT');
          const loan = (room * BigInt(loanPct)) / 100n;
          s.db.transaction(() => s.margin.borrowForOrder(ALICE.id, 'USDT', loan))();
          const usdt = s.trading.ledger.get(ALICE.id, 'USDT').available;
          const toBtc = (usdt * BigInt(btcShare)) / 100n;
          const toEth = (usdt - toBtc) / 2n;
          s.db.transaction(() => {
            s.trading.ledger.adjust(ALICE.id, 'USDT', -toBtc - toEth);
            s.trading.ledger.adjust(2, 'USDT', toBtc + toEth);
            s.trading.ledger.adjust(2, 'BTC', -(toBtc / 100000n));
            s.trading.ledger.adjust(ALICE.id, 'BTC', toBtc / 100000n);
            s.trading.ledger.adjust(2, 'ETH', -(toEth / 4000n));
            s.trading.ledger.adjust(ALICE.id, 'ETH', toEth / 4000n);
          })();
          const before = coins.map(total);
          const owedBefore = s.margin.liabilities(ALICE.id).reduce((a, l) => a + l.amount + l.interest, 0n);
          const poolBefore = s.trading.ledger.get(2, 'USDT').available;
          s.margin.setPrice('BTC', (100000n * FX_ONE * BigInt(100 - dropPct)) / 100n);
          s.margin.setPrice('ETH', (4000n * FX_ONE * BigInt(100 - dropPct)) / 100n);
          const due = s.margin.risk(ALICE.id).state === 'LIQUIDATION';
          s.margin.tick();
          expect(coins.map(total)).toEqual(before);
          for (const c of coins) expect(s.trading.ledger.get(ALICE.id, c).available >= 0n).toBe(true);
          const after = s.margin.liabilities(ALICE.id);
          for (const l of after) expect(l.amount >= 0n && l.interest >= 0n).toBe(true);
          const owedAfter = after.reduce((a, l) => a + l.amount + l.interest, 0n);
          // What the debt shrank by is what the pool got back in USDT, less the USDT it paid for collateral.
          expect(owedAfter <= owedBefore).toBe(true);
          if (due) {
            const left = coins.filter((c) => c !== 'USDT').reduce((a, c) => a + s.trading.ledger.get(ALICE.id, c).available, 0n);
            expect(owedAfter === 0n || left === 0n).toBe(true);
          } else {
            expect(owedAfter).toBe(owedBefore);
            expect(s.trading.ledger.get(2, 'USDT').available).toBe(poolBefore);
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});

