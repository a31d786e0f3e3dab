// Leveraged tokens (spec 2.3, 5.10, 5.11, 7.1): the token's rules and reference data, the page's
// purchase and redemption calls and its records, all Bybit v5 /v5/spot-lever-token/*; the NAV
// stream is lt.{symbol} on the public socket (a socket of this chunk's own, opened only on a
// leveraged token's pages).
import { ReconnectingSocket, type SocketLike } from '../net/socket.ts';
import {
  decodeLtOrder, decodeLtState, LT_INFO_PATH, LT_ORDER_RECORD_PATH, LT_PURCHASE_PATH, LT_REDEEM_PATH, LT_REFERENCE_PATH, ltNavTopic, ltSymbol,
  type LtInfoWire, type LtOrder, type LtState,
} from '../protocol/bybit-v5/lever-token.ts';
import { SPOT_PUBLIC_WS_PATH } from '../protocol/bybit-v5/topics.ts';
import { ApiError, isRecord, requestJson, v5Result } from './http.ts';

export type { LtOrder, LtState } from '../protocol/bybit-v5/lever-token.ts';
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

export async function fetchLtRecords(type: 1 | 2): Promise<LtOrder[]> {
  const r = v5Result(await requestJson(`${LT_ORDER_RECORD_PATH}?ltOrderType=${type}&limit=100`));
  return (Array.isArray(r.list) ? r.list : []).map(decodeLtOrder).filter((o): o is LtOrder => o !== null);
}

/** Follows a token's NAV pushes; returns the stop. */
export function followLtNav(ltCoin: string, onState: (s: LtState) => void): () => void {
  const loc = window.location;
  const url = `${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}${SPOT_PUBLIC_WS_PATH}`;
  const topic = ltNavTopic(ltSymbol(ltCoin));
  const socket = new ReconnectingSocket(
    { url, create: (u) => new WebSocket(u) as unknown as SocketLike },
    {
      onOpen: () => socket.send(JSON.stringify({ op: 'subscribe', args: [topic], req_id: 'lt' })),
      onText: (text) => {
        let msg: unknown;
        try {
          msg = JSON.parse(text);
        } catch {
          return;
        }
        if (!isRecord(msg) || msg.topic !== topic) return;
        const s = decodeLtState(msg.data);
        if (s) onState(s);
      },
      onState: () => {},
    },
  );
  socket.start();
  return () => socket.stop();
}
