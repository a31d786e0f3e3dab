import { ApiError, ERR } from '../../auth/errors.ts';
import { FX_ONE, fxMul, parseAmount } from '../../../src/core/decimal.ts';
import { marketOf, type Market } from '../market.ts';
import { isCreateFilter, ORDER_LINK_ID_RE, type CreateFilter, type StopOrderType } from '../../../src/protocol/bybit-v5/vocabulary.ts';

export type OrderFilter = CreateFilter;

/** A create request after validation: exact amounts, known market, one consistent kind. */
export interface CreatePlan {
  market: Market;
  side: 'Buy' | 'Sell';
  orderType: 'Limit' | 'Market';
  qty: bigint;
  price: bigint | undefined;
  timeInForce: 'GTC' | 'IOC' | 'FOK' | 'PostOnly';
  marketUnit: 'baseCoin' | 'quoteCoin' | '';
  orderLinkId: string | undefined;
  orderFilter: OrderFilter;
  stopOrderType: Extract<StopOrderType, '' | 'Stop' | 'tpslOrder' | 'OcoOrder' | 'TrailingStop'>;
  triggerPrice: bigint | undefined;
  trailingValue: bigint | undefined;
  trailingPercent: bigint | undefined;
  takeProfit: bigint | undefined;
  stopLoss: bigint | undefined;
  tpLimitPrice: bigint | undefined;
  slLimitPrice: bigint | undefined;
  /** A market order's worst price relative to the best opposite quote (Bybit's slippage tolerance). */
  slippage?: { type: 'TickSize' | 'Percent'; value: bigint };
  /** Bybit's createType when not the user (a strategy's child: CreateByTWAP, CreateByIceBerg, …). */
  createType?: string;
  /** isLeverage=1: a spot-margin order that borrows what the balance lacks (unified accounts). */
  isLeverage?: boolean;
  /**
   * A closing order (Bybit's reduceOnly / closeOnTrigger, which Bybit documents for derivatives;
   * here a spot close): it never borrows; a reduce-only buy closes a short (the base owed) and may
   * not buy more than is owed.
   */
  reduceOnly?: boolean;
  closeOnTrigger?: boolean;
}

/** Bybit's code when a reduce-only order would open rather than close (docs/v5/error.mdx, 110017). */
export const ERR_REDUCE_ONLY = 110017;

function param(msg: string): ApiError {
  return new ApiError(ERR.PARAM, `Request parameter error: ${msg}`);
}

/** A decimal parameter given as a string (or a number, which some clients send). */
function decimalParam(body: Record<string, unknown>, name: string, required: boolean): bigint | undefined {
  const v = body[name];
  if (v === undefined || v === null || v === '') {
    if (required) throw param(`${name} is required`);
    return undefined;
  }
  const text = typeof v === 'number' && Number.isFinite(v) ? String(v) : v;
  if (typeof text !== 'string') throw param(`${name} must be a decimal string`);
  const n = parseAmount(text);
  if (n === undefined) throw param(`${name} is not a valid number`);
  return n;
}

/** A boolean parameter (Bybit sends JSON booleans; "true"/"false" taken too); absent is false. */
function flagParam(body: Record<string, unknown>, name: string): boolean {
  const v = body[name];
  if (v === undefined || v === null || v === false || v === 'false') return false;
  if (v === true || v === 'true') return true;
  throw param(`${name} must be true or false`);
}

export function checkPrice(m: Market, price: bigint, name = 'price'): void {
  if (price <= 0n) throw param(`${name} must be positive`);
  if (price % m.tick !== 0n) throw new ApiError(ERR.PRICE_DECIMAL, 'Order price decimal too long.');
}

export function checkBaseQty(m: Market, qty: bigint): void {
  if (qty <= 0n) throw param('qty must be positive');
  if (qty % m.lot !== 0n) throw new ApiError(ERR.QTY_DECIMAL, 'Order volume decimal too long');
  if (qty < m.minQty) throw new ApiError(ERR.QTY_TOO_LOW, 'Order quantity lower than the minimum.');
  if (qty > m.maxQty) throw new ApiError(170135, 'Order quantity exceeded upper limit.');
}

export function checkValue(m: Market, value: bigint): void {
  if (value < m.minAmt) throw new ApiError(ERR.VALUE_TOO_LOW, 'Order value exceeded lower limit');
  if (value > m.maxAmt) throw new ApiError(170133, 'Order value exceeded upper limit.');
}

export function requireSpot(body: Record<string, unknown>): void {
  if (body.category !== 'spot') throw param('category must be spot');
}

/** Validates a /v5/order/create body; throws ApiError with Bybit's code for the first problem. */
export function planCreate(body: Record<string, unknown>): CreatePlan {
  requireSpot(body);
  if (typeof body.symbol !== 'string') throw param('symbol is required');
  const market = marketOf(body.symbol);
  if (!market) throw new ApiError(ERR.INVALID_SYMBOL, 'Invalid symbol.');
  const side = body.side;
  if (side !== 'Buy' && side !== 'Sell') throw param('side must be Buy or Sell');
  const orderType = body.orderType;
  if (orderType !== 'Limit' && orderType !== 'Market') throw param('orderType must be Limit or Market');
  const lev = body.isLeverage;
  if (lev !== undefined && lev !== 0 && lev !== 1 && lev !== '0' && lev !== '1' && typeof lev !== 'boolean') throw param('isLeverage must be 0 or 1');
  const qty = decimalParam(body, 'qty', true)!;
  const reduceOnly = flagParam(body, 'reduceOnly');
  const closeOnTrigger = flagParam(body, 'closeOnTrigger');
  let orderLinkId: string | undefined;
  if (body.orderLinkId !== undefined && body.orderLinkId !== '') {
    if (typeof body.orderLinkId !== 'string' || !ORDER_LINK_ID_RE.test(body.orderLinkId)) throw param('orderLinkId: 1-36 of [A-Za-z0-9_-]');
    orderLinkId = body.orderLinkId;
  }
  const filterRaw = body.orderFilter ?? 'Order';
  if (!isCreateFilter(filterRaw)) throw param('orderFilter');
  const orderFilter: OrderFilter = filterRaw;

  let timeInForce: CreatePlan['timeInForce'] = 'GTC';
  let price: bigint | undefined;
  let marketUnit: CreatePlan['marketUnit'] = '';
  if (orderFilter === 'OcoOrder') {
    // OCO legs carry their own prices (takeProfit/tpLimitPrice, stopLoss/slLimitPrice); qty is base.
    marketUnit = 'baseCoin';
    checkBaseQty(market, qty);
  } else if (orderType === 'Limit') {
    const tif = body.timeInForce ?? 'GTC';
    if (tif !== 'GTC' && tif !== 'IOC' && tif !== 'FOK' && tif !== 'PostOnly') throw param('timeInForce must be GTC, IOC, FOK or PostOnly');
    timeInForce = tif;
    price = decimalParam(body, 'price', true)!;
    checkPrice(market, price);
    checkBaseQty(market, qty);
    checkValue(market, fxMul(price, qty));
  } else {
    timeInForce = 'IOC';
    const unit = body.marketUnit ?? (side === 'Buy' ? 'quoteCoin' : 'baseCoin');
    if (unit !== 'baseCoin' && unit !== 'quoteCoin') throw param('marketUnit must be baseCoin or quoteCoin');
    marketUnit = unit;
    if (unit === 'baseCoin') checkBaseQty(market, qty);
    else {
      if (qty <= 0n) throw param('qty must be positive');
      if (qty % market.quoteUnit !== 0n) throw new ApiError(ERR.QTY_DECIMAL, 'Order volume decimal too long');
      checkValue(market, qty);
    }
  }

  const triggerPrice = decimalParam(body, 'triggerPrice', false);
  const trailingValue = decimalParam(body, 'trailingValue', false);
  const trailingPercent = decimalParam(body, 'trailingPercentage', false);
  const takeProfit = decimalParam(body, 'takeProfit', false);
  const stopLoss = decimalParam(body, 'stopLoss', false);
  const tpLimitPrice = decimalParam(body, 'tpLimitPrice', false);
  const slLimitPrice = decimalParam(body, 'slLimitPrice', false);
  for (const [n, v] of [['triggerPrice', triggerPrice], ['takeProfit', takeProfit], ['stopLoss', stopLoss], ['tpLimitPrice', tpLimitPrice], ['slLimitPrice', slLimitPrice], ['trailingValue', trailingValue]] as const) {
    if (v !== undefined) checkPrice(market, v, n);
  }
  let stopOrderType: CreatePlan['stopOrderType'] = '';
  if (orderFilter === 'StopOrder') {
    if (trailingValue !== undefined || trailingPercent !== undefined) {
      if ((trailingValue === undefined) === (trailingPercent === undefined)) throw param('give one of trailingValue or trailingPercentage');
      if (trailingPercent !== undefined && (trailingPercent <= 0n || trailingPercent >= 100n * FX_ONE)) throw param('trailingPercentage must be in (0, 100)');
      stopOrderType = 'TrailingStop';
    } else {
      if (triggerPrice === undefined) throw param('triggerPrice is required for a conditional order');
      stopOrderType = 'Stop';
    }
  } else if (orderFilter === 'tpslOrder') {
    if (triggerPrice === undefined) throw param('triggerPrice is required for a TP/SL order');
    stopOrderType = 'tpslOrder';
  } else if (orderFilter === 'OcoOrder') {
    if (takeProfit === undefined || stopLoss === undefined) throw param('takeProfit and stopLoss are required for an OCO order');
    if (side === 'Sell' ? takeProfit <= stopLoss : takeProfit >= stopLoss) throw param('OCO: takeProfit must be on the profit side of stopLoss');
    checkValue(market, fxMul(stopLoss, qty));
    stopOrderType = 'OcoOrder';
  } else if ((takeProfit !== undefined || stopLoss !== undefined) && orderType !== 'Limit') {
    throw param('takeProfit/stopLoss can be attached to Limit orders only');
  }
  if (reduceOnly || closeOnTrigger) {
    // Bybit: "When reduceOnly is true, take profit/stop loss cannot be set"; a close never borrows.
    if (orderFilter !== 'Order' || takeProfit !== undefined || stopLoss !== undefined) throw param('a reduceOnly/closeOnTrigger order is a plain order: no TP/SL, conditional or OCO');
    if (lev === 1 || lev === '1' || lev === true) throw param('a reduceOnly/closeOnTrigger order closes: it cannot borrow (isLeverage)');
    if (side === 'Buy' && marketUnit === 'quoteCoin') throw param('a reduceOnly buy closes a short in base coin: marketUnit must be baseCoin');
  }
  const slippage = slippageOf(body, orderType === 'Market' && stopOrderType === '');
  return {
    market, side, orderType, qty, price, timeInForce, marketUnit, orderLinkId, orderFilter, stopOrderType,
    triggerPrice, trailingValue, trailingPercent, takeProfit, stopLoss, tpLimitPrice, slLimitPrice, slippage, isLeverage: lev === 1 || lev === '1' || lev === true,
    reduceOnly, closeOnTrigger,
  };
}

/**
 * Bybit's slippage tolerance, for plain market orders only: TickSize is a whole number of ticks in
 * [1, 10000], Percent a rate in [0.01, 10] with at most 2 decimals.
 */
function slippageOf(body: Record<string, unknown>, marketOrder: boolean): CreatePlan['slippage'] {
  const type = body.slippageToleranceType;
  if (type === undefined || type === '' || type === 'UNKNOWN') return undefined;
  if (type !== 'TickSize' && type !== 'Percent') throw param('slippageToleranceType must be TickSize or Percent');
  if (!marketOrder) throw param('slippageTolerance is for market orders only');
  const value = decimalParam(body, 'slippageTolerance', true)!;
  if (type === 'TickSize' ? value % FX_ONE !== 0n || value < FX_ONE || value > 10_000n * FX_ONE : value < FX_ONE / 100n || value > 10n * FX_ONE || value % (FX_ONE / 100n) !== 0n) {
    throw param(type === 'TickSize' ? 'slippageTolerance must be a whole number of ticks in [1, 10000]' : 'slippageTolerance must be in [0.01, 10] with at most 2 decimals');
  }
  return { type, value };
}
