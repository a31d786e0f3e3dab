// The account's strategies (Bybit /v5/strategy/*) with the page's session.
import {
  decodeStrategy, decodeStrategyChild, STRATEGY_CREATE_PATH, STRATEGY_LIST_PATH, STRATEGY_ORDER_LIST_PATH, STRATEGY_STOP_PATH,
  type Strategy, type StrategyChild, type StrategyType,
} from '../protocol/strategy.ts';
import { ApiError, requestJson, v5Result } from './http.ts';

export interface StrategyRequest {
  symbol: string;
  side: 'Buy' | 'Sell';
  strategyType: StrategyType;
  size: string;
  duration?: number;
  interval?: number;
  isRandom?: boolean;
  subSize?: string;
  limitPrice?: string;
  postOnly?: 0 | 1;
  /** Chase: the price it never chases beyond, and how far from the best price it rests. */
  maxChasePrice?: string;
  chaseDistance?: string;
}

export async function createStrategy(req: StrategyRequest): Promise<string> {
  const r = v5Result(await requestJson(STRATEGY_CREATE_PATH, { method: 'POST', body: { category: 'UTA_SPOT', ...req } }));
  if (typeof r.strategyId !== 'string') throw new ApiError('bad response result', 'parse', 200);
  return r.strategyId;
}

export async function stopStrategy(strategyId: string): Promise<void> {
  v5Result(await requestJson(STRATEGY_STOP_PATH, { method: 'POST', body: { strategyId } }));
}

/** Spec 2.13/4.9: running (status 2) in pages of 80, history (3) in pages of 20. */
export async function listStrategies(status: 2 | 3, strategyType: StrategyType): Promise<Strategy[]> {
  const q = new URLSearchParams({ status: String(status), strategyType, category: 'UTA_SPOT', pageSize: status === 2 ? '80' : '20' });
  const r = v5Result(await requestJson(`${STRATEGY_LIST_PATH}?${q}`));
  return (Array.isArray(r.list) ? r.list : []).map(decodeStrategy).filter((s): s is Strategy => s !== null);
}

export async function strategyChildren(strategyId: string): Promise<StrategyChild[]> {
  const r = v5Result(await requestJson(`${STRATEGY_ORDER_LIST_PATH}?${new URLSearchParams({ strategyId })}`));
  return (Array.isArray(r.list) ? r.list : []).map(decodeStrategyChild).filter((c): c is StrategyChild => c !== null);
}
