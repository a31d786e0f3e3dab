// Requests a client sends on either stream (subscribe, unsubscribe, ping, auth) and the answers
// the exchange gives. The public and the private stream answer in different key orders, as Bybit's do.

/** The page's subscribe / unsubscribe frame (at most MAX_ARGS_PER_OP topics). */
export function opFrame(op: 'subscribe' | 'unsubscribe', args: readonly string[], reqId: string): string {
  return JSON.stringify({ req_id: reqId, op, args });
}

/** Answer to an op on the public stream: success, ret_msg, conn_id, req_id (when given), op. */
export interface PublicOpAck {
  success: boolean;
  ret_msg: string;
  conn_id: string;
  req_id?: string | number;
  op: string;
}

export function encodePublicAck(success: boolean, retMsg: string, connId: string, op: string, reqId?: unknown): string {
  const body: Omit<PublicOpAck, 'op'> & { op?: string } = { success, ret_msg: retMsg, conn_id: connId };
  if (typeof reqId === 'string' || typeof reqId === 'number') body.req_id = reqId;
  body.op = op;
  return JSON.stringify(body);
}

/** Answer to an op on the private stream: success, ret_msg, op, conn_id, req_id (when given), extras (retCode). */
export function encodePrivateAck(success: boolean, retMsg: string, op: string, connId: string, reqId?: unknown, extra: { retCode?: number } = {}): string {
  return JSON.stringify({ success, ret_msg: retMsg, op, conn_id: connId, ...(reqId !== undefined ? { req_id: reqId } : {}), ...extra });
}

/** A refusal before any op could be read (bad JSON, too many requests, internal error), on either stream. */
export function encodeRefusal(retMsg: string, connId: string): string {
  return JSON.stringify({ success: false, ret_msg: retMsg, conn_id: connId, op: '' });
}

/** The private stream's answer to ping. */
export function encodePrivatePong(connId: string, now: number, reqId?: unknown): string {
  return JSON.stringify({ op: 'pong', args: [String(now)], conn_id: connId, ...(reqId !== undefined ? { req_id: reqId } : {}) });
}

export interface OpAck {
  op: string;
  success: boolean;
  message: string;
  /** The req_id the op was sent with, when the answer carries one. */
  reqId?: string;
}

/** An answer to one of our ops, from a parsed message; null when it is none (or a pong). */
export function decodeOpAck(msg: Record<string, unknown>): OpAck | null {
  if (typeof msg.op !== 'string' || msg.op === 'pong') return null;
  return { op: msg.op, success: msg.success === true, message: typeof msg.ret_msg === 'string' ? msg.ret_msg : '', ...(typeof msg.req_id === 'string' ? { reqId: msg.req_id } : {}) };
}
