// Leveraged tokens (spec 2.3, 5.10, 5.11, 7.1): the token's rules and reference data, the page's
// purchase and redemption calls (the records: lt-records.ts), all Bybit v5 /v5/spot-lever-token/*; the NAV
// stream is lt.{symbol} on the public socket (a socket of this chunk's own, opened only on a
// leveraged token's pages).
import {
  decodeLtState, LT_INFO_PATH, LT_PURCHASE_PATH, LT_REDEEM_PATH, LT_REFERENCE_PATH, ltNavTopic, ltSymbol,
  type LtInfoWire, type LtState,
} from '../protocol/bybit-v5/lever-token.ts';
import { SPOT_PUBLIC_WS_PATH } from '../protocol/bybit-v5/topics.ts';
import { ApiError, isRecord, requestJson, v5Result } from './http.ts';

export type { LtState } from '../protocol/bybit-v5/lever-token.ts';
export type LtInfo = LtInfoWire;

export async function fetchLtInfo(ltCoin: string): Promise<LtInfo> {
  const r = v5Result(await requestJson(`${LT_INFO_PATH}?ltCoin=${encodeURIComponent(ltCoin)}`));
  const item = Array.isArray(r.list) ? r.list[0] : undefined;
  if (!isRecord(item) || item.ltCoin !== ltCoin) throw new ApiError('bad response result', 'parse', 200);
  return item as unknown as LtInfo;
}

export async function fetchLtReference(ltCoin: string): Promise<LtState> {
  const s = decodeLtState(v5Result(await requestJson(`${LT_REFERENCE_PATH}?ltCoin=${encodeURIComponent(ltCoin)}`)));
  if (!s) throw new ApiError('bad response result', 'parse', 200);
  return s;
}

/** The order the exchange took (in progress), from a purchase or a redemption answer. */
export interface LtPlaced {
  orderId: string;
  status: number;
}

export async function purchaseLt(ltCoin: string, amount: string, serialNo: string): Promise<LtPlaced> {
  const r = v5Result(await requestJson(LT_PURCHASE_PATH, { method: 'POST', body: { ltCoin, amount, serialNo } }));
  return { orderId: String(r.purchaseId ?? ''), status: Number(r.ltOrderStatus) };
}

export async function redeemLt(ltCoin: string, quantity: string, serialNo: string): Promise<LtPlaced> {
  const r = v5Result(await requestJson(LT_REDEEM_PATH, { method: 'POST', body: { ltCoin, quantity, serialNo } }));
  return { orderId: String(r.redeemId ?? ''), status: Number(r.ltOrderStatus) };
}

const PING_MS = 15_000;
const RETRY_MS = [1000, 2000, 5000];

/**
 * Follows a token's NAV pushes; returns the stop. A plain socket of its own, pinging as Bybit asks
 * and reopening after a drop (1, 2, then 5 s): the trading session's ReconnectingSocket would make
 * the socket code a chunk of its own, shared with this page's, in the trading page's first-load map.
 */
export function followLtNav(ltCoin: string, onState: (s: LtState) => void): () => void {
  const loc = window.location;
  const url = `${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}${SPOT_PUBLIC_WS_PATH}`;
  const topic = ltNavTopic(ltSymbol(ltCoin));
  let ws: WebSocket | null = null;
  let stopped = false;
  let failures = 0;
  let ping: ReturnType<typeof setInterval> | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const open = () => {
    const sock = new WebSocket(url);
    ws = sock;
    sock.onopen = () => {
      failures = 0;
      sock.send(JSON.stringify({ op: 'subscribe', args: [topic], req_id: 'lt' }));
      ping = setInterval(() => sock.send(JSON.stringify({ op: 'ping', req_id: 'lt-ping' })), PING_MS);
    };
    sock.onmessage = (ev) => {
      let msg: unknown;
      try {
        msg = JSON.parse(String(ev.data));
      } catch {
        return;
      }
      if (!isRecord(msg) || msg.topic !== topic) return;
      const st = decodeLtState(msg.data);
      if (st) onState(st);
    };
    sock.onclose = () => {
      clearInterval(ping);
      if (stopped) return;
      retry = setTimeout(open, RETRY_MS[Math.min(failures++, RETRY_MS.length - 1)]);
    };
  };
  open();
  return () => {
    stopped = true;
    clearInterval(ping);
    clearTimeout(retry);
    ws?.close();
  };
}
