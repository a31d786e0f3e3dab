// Validation of POST /v5/strategy/create for spot (issue 17 item 1, Bybit's create-strategy): what
// each strategy type needs, its bounds, and the parameters kept with the strategy.
import { ApiError, ERR } from '../../auth/errors.ts';
import { plainDecimal, plainInt } from '../../http/request.ts';
import { FX_ONE, fxFloorTo, fxPlain } from '../../../src/core/decimal.ts';
import { marketOf, type Market } from '../market.ts';
import { checkPrice } from '../services/validate.ts';
import { ICEBERG_TAKER_CHASE_DISTANCE, STRATEGY_TYPES, TWAP_INTERVALS, TWAP_MAX_DURATION, TWAP_MIN_DURATION, type StrategyType } from '../../../src/protocol/strategy.ts';

/** What a strategy keeps of its request; amounts as exact decimal strings. */
export interface StrategyParams {
  duration: number;
  interval: number;
  isRandom: boolean;
  triggerPrice: string;
  maxChasePrice: string;
  chaseDistance: string;
  chasePercentE4: number;
  limitPrice: string;
  subSize: string;
  postOnly: 0 | 1;
  strategyName: string;
}

export interface StrategyPlan {
  market: Market;
  side: 'Buy' | 'Sell';
  type: StrategyType;
  size: bigint;
  params: StrategyParams;
}

const param = (msg: string) => new ApiError(ERR.PARAM, `Request parameter error: ${msg}`);

function dec(b: Record<string, unknown>, name: string): bigint | undefined {
  const v = b[name];
  if (v === undefined || v === null || v === '') return undefined;
  const n = plainDecimal(v);
  if (n === undefined || n < 0n) throw param(`${name} must be a non-negative decimal`);
  return n;
}

function int(b: Record<string, unknown>, name: string): number | undefined {
  const v = b[name];
  if (v === undefined || v === null || v === '') return undefined;
  const n = plainInt(v);
  if (n === undefined) throw param(`${name} must be a whole number in plain decimal digits`);
  return n;
}

/** Validates a create body; `lastPrice` prices positionValue and the minimum slice value. */
export function planStrategy(b: Record<string, unknown>, lastPrice: (m: Market) => bigint | undefined): StrategyPlan {
  if (b.category !== 'UTA_SPOT') throw param('category must be UTA_SPOT (the local exchange lists spot only)');
  const market = typeof b.symbol === 'string' ? marketOf(b.symbol) : undefined;
  if (!market) throw new ApiError(ERR.INVALID_SYMBOL, 'Invalid symbol.');
  const side = b.side;
  if (side !== 'Buy' && side !== 'Sell') throw param('side must be Buy or Sell');
  const type = b.strategyType;
  if (!STRATEGY_TYPES.includes(type as StrategyType)) throw param('strategyType must be twap, iceberg or chaseOrder (pov is for perpetuals)');
  if (b.reduceOnly === true) throw param('reduceOnly is for derivatives');
  if (b.leverageType !== undefined && plainInt(b.leverageType) !== 0) throw param('leverageType 1 (borrow to trade) is not offered by the local strategy engine');
  const last = lastPrice(market);
  let size = dec(b, 'size');
  const value = dec(b, 'positionValue');
  if ((size === undefined) === (value === undefined)) throw param('give one of size or positionValue');
  if (size === undefined) {
    if (last === undefined) throw param('positionValue needs a last price; give size');
    size = fxFloorTo((value! * FX_ONE) / last, market.lot);
  }
  if (size <= 0n || size % market.lot !== 0n) throw param(`size must be a positive multiple of ${market.def.lotSize}`);
  if (size > market.maxQty) throw param(`size must be at most ${market.def.maxOrderQty}`);

  // Bybit's "Chase Limit (Taker)" iceberg preference is chaseDistance "-1", not a distance.
  const taker = b.chaseDistance === ICEBERG_TAKER_CHASE_DISTANCE || b.chaseDistance === -1;
  if (taker && type !== 'iceberg') throw param('chaseDistance -1 (Chase Limit (Taker)) is an iceberg preference; give a non-negative distance');
  const prices = ['triggerPrice', 'maxChasePrice', 'chaseDistance', 'limitPrice'] as const;
  const p: Record<(typeof prices)[number], bigint | undefined> = { triggerPrice: undefined, maxChasePrice: undefined, chaseDistance: undefined, limitPrice: undefined };
  for (const name of prices) {
    if (taker && name === 'chaseDistance') continue;
    p[name] = dec(b, name);
    if (p[name] !== undefined && p[name]! > 0n) checkPrice(market, p[name]!, name);
  }
  const percent = int(b, 'chasePercentE4') ?? 0;
  const params: StrategyParams = {
    duration: 0, interval: 0, isRandom: b.isRandom === true || b.isRandom === 'true', triggerPrice: fmt(p.triggerPrice), maxChasePrice: fmt(p.maxChasePrice),
    chaseDistance: taker ? ICEBERG_TAKER_CHASE_DISTANCE : fmt(p.chaseDistance), chasePercentE4: percent, limitPrice: fmt(p.limitPrice), subSize: '', postOnly: 0,
    strategyName: typeof b.strategyName === 'string' ? b.strategyName.slice(0, 64) : '',
  };
  const minSlice = (n: bigint) => {
    // Each slice must be a valid order: at least the minimum quantity and, at the last price, the minimum value.
    const perSlice = size! / n;
    if (perSlice < market.minQty) throw param(`size is too small for ${n} slices: each needs at least ${market.def.minOrderQty}`);
    if (last !== undefined && (perSlice * last) / FX_ONE < market.minAmt) throw param(`size is too small for ${n} slices: each needs at least ${market.def.minOrderAmt} ${market.quote}`);
  };

  if (type === 'twap') {
    const duration = int(b, 'duration');
    const interval = int(b, 'interval') ?? 30;
    if (!TWAP_INTERVALS.includes(interval)) throw param(`interval must be one of ${TWAP_INTERVALS.join(', ')}`);
    if (duration === undefined || duration < TWAP_MIN_DURATION || duration > TWAP_MAX_DURATION) throw param(`duration must be in [${TWAP_MIN_DURATION}, ${TWAP_MAX_DURATION}] seconds`);
    if (duration % interval !== 0) throw param('duration must be divisible by interval');
    if (percent < 0 || percent > 500) throw param('chasePercentE4 must be in [0, 500]');
    // ±20 % random slices must stay valid orders: the smallest slice is 80 % of the mean.
    minSlice(BigInt(duration / interval) * (params.isRandom ? 5n : 4n) / 4n);
    params.duration = duration;
    params.interval = interval;
  } else if (type === 'iceberg') {
    const sub = dec(b, 'subSize');
    const count = int(b, 'orderCount');
    const subValue = dec(b, 'subPositionValue');
    let slice: bigint | undefined = sub;
    if (slice === undefined && count !== undefined) {
      if (count < 1 || count > 1000) throw param('orderCount must be in [1, 1000]');
      slice = fxFloorTo(size / BigInt(count), market.lot);
    }
    if (slice === undefined && subValue !== undefined && last !== undefined) slice = fxFloorTo((subValue * FX_ONE) / last, market.lot);
    if (slice === undefined) throw param('give one of subSize, orderCount or subPositionValue');
    if (slice < market.minQty || slice % market.lot !== 0n || slice > size) throw param(`the slice must be a multiple of ${market.def.lotSize} between ${market.def.minOrderQty} and size`);
    if (percent < 0 || percent > 100) throw param('chasePercentE4 must be in [0, 100]');
    params.subSize = fmt(slice);
    const postOnly = int(b, 'postOnly') ?? 0;
    if (postOnly !== 0 && postOnly !== 1) throw param('postOnly must be 0 or 1');
    params.postOnly = postOnly;
    if (taker && postOnly === 1) throw param('chaseDistance -1 (Chase Limit (Taker)) takes liquidity: it cannot be postOnly');
    if (taker && p.limitPrice !== undefined) throw param('chaseDistance -1 (Chase Limit (Taker)) follows the best quote: give no limitPrice');
  } else {
    if (percent < 0 || percent > 500) throw param('chasePercentE4 must be in [0, 500]');
    if (size < market.minQty) throw param(`size must be at least ${market.def.minOrderQty}`);
    params.postOnly = 1;
  }
  return { market, side, type: type as StrategyType, size, params };
}

function fmt(v: bigint | undefined): string {
  return v === undefined ? '' : fxPlain(v);
}
