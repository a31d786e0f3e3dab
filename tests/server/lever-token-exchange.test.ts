import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, startTestExchange, TestSocket, type TestExchange } from './helpers.ts';
import { faults } from '../support/faults.ts';
import { ALICE, signed } from '../accounts/helpers.ts';

// The running exchange (simulator + accounts + --faults): the NAV stream, the fault controls that
// drive a token's status and risk state, and BTC3L's 24 h change against BTC's.
let ex: TestExchange;
beforeAll(async () => {
  ex = await startTestExchange([], { accounts: true });
});
afterAll(async () => {
  await ex?.stop();
});

const lt = (path: string) => getJson(`${ex.http}/v5/spot-lever-token/${path}`);

describe('leveraged tokens on the running exchange', () => {
  it('pushes lt.{symbol}: NAV = basket position × price + loan, real leverage in its band, every 300 ms', async () => {
    const s = await TestSocket.open(ex.ws);
    s.send({ op: 'subscribe', args: ['lt.BTC3LUSDT'] });
    const first = await s.next((m) => m.topic === 'lt.BTC3LUSDT');
    // The snapshot on subscribe, then the periodic pushes.
    const second = await s.next((m) => m.topic === 'lt.BTC3LUSDT' && m.ts > first.ts);
    const third = await s.next((m) => m.topic === 'lt.BTC3LUSDT' && m.ts > second.ts);
    s.ws.close();
    const d = second.data;
    expect(d).toMatchObject({ symbol: 'BTC3LUSDT', ltCoin: 'BTC3L', st: 1, riskState: 0 });
    for (const k of ['nav', 'basketPosition', 'basketLoan', 'leverage', 'circulation', 'basket', 'diffNvRate']) expect(typeof d[k], k).toBe('string');
    expect(Number(d.leverage)).toBeGreaterThanOrEqual(2);
    expect(Number(d.leverage)).toBeLessThanOrEqual(4);
    // The price the NAV was taken at: (nav − loan) / position, and leverage = position × price / nav.
    const price = (Number(d.nav) - Number(d.basketLoan)) / Number(d.basketPosition);
    expect(price).toBeGreaterThan(50_000);
    expect((Number(d.basketPosition) * price) / Number(d.nav)).toBeCloseTo(Number(d.leverage), 3);
    expect(third.ts - second.ts).toBeGreaterThanOrEqual(300);
  });

  it("BTC3L's 24 h change has BTC's sign and about three times its size", async () => {
    const tick = async (s: string) => (await getJson(`${ex.http}/v5/market/tickers?category=spot&symbol=${s}`)).result.list[0];
    const btc = Number((await tick('BTCUSDT')).price24hPcnt);
    const long = Number((await tick('BTC3LUSDT')).price24hPcnt);
    const short = Number((await tick('BTC3SUSDT')).price24hPcnt);
    expect(long).toBeCloseTo((1 + btc) ** 3 - 1, 2);
    expect(short).toBeCloseTo((1 + btc) ** -3 - 1, 2);
    if (Math.abs(btc) > 0.003) {
      expect(Math.sign(long)).toBe(Math.sign(btc));
      expect(Math.sign(short)).toBe(-Math.sign(btc));
    }
  });

  it('the fault controls drive the status and the risk state, and the exchange refuses accordingly', async () => {
    const fault = faults(ex.http).leverToken;
    const buy = () => signed(ex.http, ALICE, 'POST', '/v5/spot-lever-token/purchase', { ltCoin: 'ETH3S', amount: '100' });
    const sell = () => signed(ex.http, ALICE, 'POST', '/v5/spot-lever-token/redeem', { ltCoin: 'ETH3S', quantity: '200' });
    try {
      await fault({ ltCoin: 'ETH3S', ltStatus: 3 });
      expect((await lt('info?ltCoin=ETH3S')).result.list[0].ltStatus).toBe('3');
      expect((await buy()).body.retCode).toBe(175014);
      await fault({ ltCoin: 'ETH3S', ltStatus: 0, riskState: 4, riskSwitchStatus: 0 });
      // riskState 4 with the switch off: purchase goes; redemption does not.
      expect((await buy()).body.retCode).toBe(0);
      expect((await sell()).body.retCode).toBe(175015);
      await fault({ ltCoin: 'ETH3S', clear: true, riskSwitchStatus: 1, riskState: 4 });
      expect((await buy()).body.retMsg).toMatch(/closes its position/);
      await fault({ ltCoin: 'ETH3S', clear: true, navZero: true });
      expect((await lt('reference?ltCoin=ETH3S')).result.nav).toBe('0');
      expect((await buy()).body.retMsg).toMatch(/net asset value is invalid/);
      await fault({ ltCoin: 'ETH3S', clear: true, rebalance: true });
      expect((await lt('reference?ltCoin=ETH3S')).result.st).toBe(5);
      expect((await buy()).body.retMsg).toMatch(/position change/);
    } finally {
      await fault({ ltCoin: 'ETH3S', clear: true });
    }
    expect((await lt('reference?ltCoin=ETH3S')).result.st).toBe(1);
  });

  it('a scoped override reaches only the requests of its fault scope', async () => {
    await faults(ex.http).leverToken({ ltCoin: 'ETH3L', scope: 'mine', ltStatus: 4, navZero: true });
    const mine = await (await fetch(`${ex.http}/v5/spot-lever-token/reference?ltCoin=ETH3L`, { headers: { cookie: 'fault_scope=mine' } })).json();
    expect(mine.result).toMatchObject({ st: 4, nav: '0' });
    const others = (await lt('reference?ltCoin=ETH3L')).result;
    expect(others.st).toBe(1);
    expect(Number(others.nav)).toBeGreaterThan(0);
    await faults(ex.http).leverToken({ ltCoin: 'ETH3L', scope: 'mine', clear: true });
  });
});
