import { LT_STATUS, ltSymbol, type LtInfoWire, type LtNavPushData, type LtReferenceWire, type LtStatus } from '../../../src/protocol/bybit-v5/lever-token.ts';
import { LeveragedToken } from './token.ts';

/** A token's listing: what it follows and its purchase/redemption rules (Bybit's BTC3L example; redemptions from about 50 USDT of NAV). */
export interface LtDef {
  readonly coin: string;
  readonly name: string;
  readonly underlying: string;
  readonly direction: 1 | -1;
  readonly startNav: number;
  /** Per order and per UTC day: purchases in USDT, redemptions in tokens. */
  readonly minPurchase: string;
  readonly maxPurchase: string;
  readonly maxPurchaseDaily: string;
  readonly minRedeem: string;
  readonly maxRedeem: string;
  readonly maxRedeemDaily: string;
}

export const LT_TARGET = 3;
export const LT_BAND: readonly [number, number] = [2, 4];
/** Subscription and redemption fee rates (Bybit help 000001481: 0.05 %). */
export const LT_PURCHASE_FEE_RATE = '0.0005';
export const LT_REDEEM_FEE_RATE = '0.0005';
/** Daily management fee: 0.005 % of NAV at 00:00 UTC. */
export const LT_MANAGE_FEE_RATE = 0.00005;
export const LT_REBALANCE_MS = 30_000;
/** Tokens held outside this exchange's accounts (the circulation before any local purchase). */
export const LT_BASE_CIRCULATION = 5_000_000;
/** Bybit's `total`: the most tokens that may be in circulation. */
const LT_TOTAL = '100000000';

export const LT_DEFS: readonly LtDef[] = [
  { coin: 'BTC3L', name: 'BTC 3x Long', underlying: 'BTCUSDT', direction: 1, startNav: 1.25, minPurchase: '100', maxPurchase: '10000', maxPurchaseDaily: '200000', minRedeem: '40', maxRedeem: '8000', maxRedeemDaily: '160000' },
  { coin: 'BTC3S', name: 'BTC 3x Short', underlying: 'BTCUSDT', direction: -1, startNav: 0.8, minPurchase: '100', maxPurchase: '10000', maxPurchaseDaily: '200000', minRedeem: '60', maxRedeem: '12500', maxRedeemDaily: '250000' },
  { coin: 'ETH3L', name: 'ETH 3x Long', underlying: 'ETHUSDT', direction: 1, startNav: 2.5, minPurchase: '100', maxPurchase: '10000', maxPurchaseDaily: '200000', minRedeem: '20', maxRedeem: '4000', maxRedeemDaily: '80000' },
  { coin: 'ETH3S', name: 'ETH 3x Short', underlying: 'ETHUSDT', direction: -1, startNav: 0.4, minPurchase: '100', maxPurchase: '10000', maxPurchaseDaily: '200000', minRedeem: '125', maxRedeem: '25000', maxRedeemDaily: '500000' },
];
export const LT_DEF_BY_COIN: ReadonlyMap<string, LtDef> = new Map(LT_DEFS.map((d) => [d.coin, d]));

/** Fault controls' overrides of one token (/faults/lever-token), per fault scope ('' for every client). */
export interface LtOverrides {
  /** Status 5 ("position change") until then, as a rebalance would (a scoped rebalance). */
  rebalanceUntil?: number | undefined;
  ltStatus?: LtStatus | undefined;
  riskState?: number | undefined;
  riskSwitchStatus?: number | undefined;
  /** Publish and use a NAV of zero (spec 5.10 check 6, 5.11 check 6). */
  navZero?: boolean | undefined;
}

export interface LtEntry {
  readonly def: LtDef;
  readonly token: LeveragedToken;
  /** Net tokens issued by this exchange's purchases less redemptions (the accounts set it at start). */
  minted: number;
  /** By fault scope; a client without overrides of its own scope sees the '' ones. */
  readonly overrides: Map<string, LtOverrides>;
}

export interface LeveragedTokensOptions {
  /** The underlying's price now (the simulator's fair price; a test's price path). */
  readonly priceOf: (symbol: string) => number | undefined;
  /** The token's own spot market price, for diffNvRate; absent without a simulator. */
  readonly marketPriceOf?: (symbol: string) => number | undefined;
  readonly now: number;
  readonly rebalanceMs?: number;
}

/** Formats a float with at most `d` decimals, without trailing zeros. */
export function fmt(x: number, d = 8): string {
  if (!Number.isFinite(x)) return '0';
  const s = x.toFixed(d);
  return s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s;
}

const DAY_MS = 86_400_000;

/** Every listed leveraged token, moved by tick(now) against its underlying's price. */
export class LeveragedTokens {
  readonly entries = new Map<string, LtEntry>();

  constructor(private readonly opts: LeveragedTokensOptions) {
    for (const def of LT_DEFS) {
      const price = opts.priceOf(def.underlying) ?? 1;
      const token = new LeveragedToken(
        { coin: def.coin, underlying: def.underlying, direction: def.direction, target: LT_TARGET, band: LT_BAND, manageFeeRate: LT_MANAGE_FEE_RATE, rebalanceMs: opts.rebalanceMs ?? LT_REBALANCE_MS },
        def.startNav,
        price,
        opts.now,
      );
      this.entries.set(def.coin, { def, token, minted: 0, overrides: new Map() });
    }
  }

  get(coin: string): LtEntry | undefined {
    return this.entries.get(coin);
  }

  /** One step: each token moves to its underlying's price (fees, rebalances). */
  tick(now: number): void {
    for (const e of this.entries.values()) {
      const p = this.opts.priceOf(e.def.underlying);
      if (p !== undefined) e.token.update(p, now);
    }
  }

  /** The overrides a client of `scope` sees. */
  overridesOf(coin: string, scope?: string): LtOverrides {
    const o = this.entries.get(coin)!.overrides;
    return (scope !== undefined ? o.get(scope) : undefined) ?? o.get('') ?? {};
  }

  status(coin: string, now: number, scope?: string): LtStatus {
    const e = this.entries.get(coin)!;
    const o = this.overridesOf(coin, scope);
    if (e.token.isRebalancing(now) || now < (o.rebalanceUntil ?? 0)) return LT_STATUS.REBALANCING;
    return o.ltStatus ?? LT_STATUS.OPEN;
  }

  nav(coin: string, scope?: string): number {
    const e = this.entries.get(coin)!;
    return this.overridesOf(coin, scope).navZero ? 0 : e.token.nav();
  }

  circulation(coin: string): number {
    return LT_BASE_CIRCULATION + (this.entries.get(coin)?.minted ?? 0);
  }

  info(coin: string, now: number, scope?: string): LtInfoWire {
    const e = this.entries.get(coin)!;
    const nav = this.nav(coin, scope);
    const d = e.def;
    return {
      ltCoin: d.coin, ltName: d.name,
      maxPurchase: d.maxPurchase, minPurchase: d.minPurchase, maxPurchaseDaily: d.maxPurchaseDaily,
      maxRedeem: d.maxRedeem, minRedeem: d.minRedeem, maxRedeemDaily: d.maxRedeemDaily,
      purchaseFeeRate: LT_PURCHASE_FEE_RATE, redeemFeeRate: LT_REDEEM_FEE_RATE,
      ltStatus: String(this.status(coin, now, scope)),
      fundFee: '0', fundFeeTime: String(Math.floor(now / DAY_MS + 1) * DAY_MS),
      manageFeeRate: String(LT_MANAGE_FEE_RATE), manageFeeTime: String(Math.floor(now / DAY_MS + 1) * DAY_MS),
      value: fmt(nav * this.circulation(coin), 4), netValue: fmt(nav), total: LT_TOTAL,
    };
  }

  reference(coin: string, now: number, scope?: string): LtReferenceWire {
    const e = this.entries.get(coin)!;
    const nav = this.nav(coin, scope);
    const o = this.overridesOf(coin, scope);
    const market = this.opts.marketPriceOf?.(ltSymbol(coin));
    return {
      ltCoin: coin,
      nav: fmt(nav),
      navTime: String(e.token.navTime),
      circulation: fmt(this.circulation(coin), 4),
      basket: fmt(e.token.basketPosition * this.circulation(coin), 8),
      leverage: fmt(nav > 0 ? e.token.leverage() : 0, 4),
      st: this.status(coin, now, scope),
      riskState: o.riskState ?? 0,
      riskSwitchStatus: o.riskSwitchStatus ?? 1,
      diffNvRate: market !== undefined && nav > 0 ? fmt(market / nav - 1, 6) : '0',
    };
  }

  navPush(coin: string, now: number, scope?: string): LtNavPushData {
    const e = this.entries.get(coin)!;
    return { ...this.reference(coin, now, scope), symbol: ltSymbol(coin), time: now, basketPosition: fmt(e.token.basketPosition, 10), basketLoan: fmt(e.token.basketLoan, 8) };
  }
}
