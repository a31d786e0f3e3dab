// The local exchange's alerts (issue 35 item 3): Bybit has no alert API, so these live under a
// clearly local path (/v5/local/alert/*), signed like every private endpoint, and fire on the
// private topic `user.alert`. Shared by the exchange (which encodes) and the page (which decodes).
import { dec, isObj, time } from './bybit-v5/checks.ts';

export const ALERT_CREATE_PATH = '/v5/local/alert/create';
export const ALERT_LIST_PATH = '/v5/local/alert/list';
export const ALERT_DELETE_PATH = '/v5/local/alert/delete';
/** Private push of the account's alerts: a created, fired or deleted alert, as its list row. */
export const ALERT_TOPIC = 'user.alert';

/**
 * What an alert watches: the symbol's trades crossing a price (priceAbove, priceBelow) or moving
 * `percent` % within `minutes` (priceMove); the account's next full fill, next partial fill,
 * its margin entering the warning state (liqWarning), or one of its grid bots or strategies ending
 * (botFinished).
 */
export const ALERT_KINDS = ['priceAbove', 'priceBelow', 'priceMove', 'fill', 'partialFill', 'liqWarning', 'botFinished'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];
export const PRICE_ALERT_KINDS: readonly AlertKind[] = ['priceAbove', 'priceBelow', 'priceMove'];
export const isAlertKind = (x: unknown): x is AlertKind => typeof x === 'string' && (ALERT_KINDS as readonly string[]).includes(x);

/** A move alert's window, in minutes. */
export const MOVE_MINUTES_MIN = 1;
export const MOVE_MINUTES_MAX = 240;
/** At most this many alerts waiting to fire per account. */
export const MAX_ACTIVE_ALERTS = 50;

export type AlertStatus = 'active' | 'fired';

/** One row of the list and of the push. Prices and percentages are decimal strings; '' = not used. */
export interface AlertWire {
  alertId: string;
  kind: AlertKind;
  /** The pair it watches; '' = any (account alerts). */
  symbol: string;
  price: string;
  percent: string;
  minutes: number;
  status: AlertStatus;
  createdTime: number;
  /** 0 while active. */
  firedTime: number;
  /** The trade price that fired a price alert ('' for the rest). */
  firedPrice: string;
  /** What fired it: an order id, a bot or strategy id, or the margin state. */
  detail: string;
  /** True in the push that says the alert was deleted. */
  deleted?: boolean;
}

export interface AlertCreateRequest {
  kind: AlertKind;
  symbol?: string;
  price?: string;
  percent?: string;
  minutes?: number;
}

export type Alert = AlertWire;

/** One row as the page keeps it, or null when it is not one. */
export function decodeAlert(x: unknown): Alert | null {
  if (!isObj(x)) return null;
  const { alertId, kind, symbol, price, percent, minutes, status, createdTime, firedTime, firedPrice, detail } = x;
  if (typeof alertId !== 'string' || !isAlertKind(kind) || typeof symbol !== 'string') return null;
  if (!(price === '' || dec(price)) || !(percent === '' || dec(percent)) || typeof minutes !== 'number') return null;
  if ((status !== 'active' && status !== 'fired') || !time(createdTime) || typeof firedTime !== 'number') return null;
  if (!(firedPrice === '' || dec(firedPrice)) || typeof detail !== 'string') return null;
  return { alertId, kind, symbol, price, percent, minutes, status, createdTime, firedTime, firedPrice, detail, ...(x.deleted === true ? { deleted: true } : {}) };
}

/** The push frame (the private stream's envelope). */
export function encodeAlertPush(id: string, creationTime: number, data: readonly AlertWire[]): string {
  return JSON.stringify({ id, topic: ALERT_TOPIC, creationTime, data });
}
