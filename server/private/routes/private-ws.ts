import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';
import { sameSignature, signWsAuth } from '../../auth/hmac.ts';
import { isSameOrigin } from '../../auth/same-origin.ts';
import { sessionUserId } from '../../auth/session.ts';
import { admitMessage, TokenBucket, WS_MAX_PAYLOAD, WS_POLICY_VIOLATION } from '../../socket-limits.ts';
import { encodePrivateAck, encodePrivatePong, encodeRefusal } from '../../../src/protocol/bybit-v5/ops.ts';
import { encodePrivatePush } from '../../../src/protocol/bybit-v5/private.ts';
import { MAX_ARGS_PER_OP, PRIVATE_TOPICS, PRIVATE_WS_PATH, privateTopicNames } from '../../../src/protocol/bybit-v5/topics.ts';
import { encodeUpgradePush, UTA_UPGRADE_TOPIC } from '../../../src/protocol/bybit-v5/uta-upgrade.ts';
import { LT_ORDER_TOPIC } from '../../../src/protocol/bybit-v5/lt-order.ts';
import { STRATEGY_TOPIC } from '../../../src/protocol/strategy.ts';
import { DcpGuard, DCP_SPOT_TOPIC } from '../services/dcp.ts';
import { ALERT_TOPIC, encodeAlertPush } from '../../../src/protocol/alerts.ts';
import type { RouteContext } from './context.ts';

export { PRIVATE_WS_PATH } from '../../../src/protocol/bybit-v5/topics.ts';
const TOPICS: ReadonlySet<string> = new Set(PRIVATE_TOPICS);

/** Limits of the private stream; tests shorten them. */
export interface PrivateWsOptions {
  /** A connection that has not authenticated (by `auth` or its session cookie) by then is closed with 1008. */
  authTimeoutMs?: number;
  /** Most topics one connection may hold. */
  maxTopics?: number;
}
export const AUTH_TIMEOUT_MS = 10_000;
export const MAX_PRIVATE_TOPICS = 10;

interface Conn {
  ws: WebSocket;
  connId: string;
  userId: number | undefined;
  topics: Set<string>;
  bucket: TokenBucket;
  authTimer: ReturnType<typeof setTimeout> | undefined;
}

function send(ws: WebSocket, text: string): void {
  if (ws.readyState === ws.OPEN) ws.send(text);
}

/**
 * Private stream: `auth` with a key and "GET/realtime"+expires signature (bybit-api sends expires as
 * a number, ccxt as a string — both accepted), or the page's session cookie from the upgrade
 * request when its Origin is this host. Topics order, execution, wallet (+ .spot variants), and
 * dcp.spot, which asks for disconnection protection (services/dcp.ts).
 * Limits: the public stream's per-connection message budget (socket-limits.ts), frames up to
 * 64 KiB, at most `maxTopics` topics, and authentication within `authTimeoutMs` (else close 1008).
 * Returns a dropper that cuts every private socket (for the exchange's /faults/drop-sockets).
 */
export function installPrivateWs(rc: RouteContext, opts: PrivateWsOptions = {}): () => number {
  const { db, keys: lookup } = rc;
  const { trading, upgrades, lt, strategies, alerts } = rc.services;
  const authTimeoutMs = opts.authTimeoutMs ?? AUTH_TIMEOUT_MS;
  const maxTopics = opts.maxTopics ?? MAX_PRIVATE_TOPICS;
  const wss = new WebSocketServer({ noServer: true, maxPayload: WS_MAX_PAYLOAD });
  const conns = new Set<Conn>();
  // Disconnection protection: the account's connections holding dcp.spot (services/dcp.ts).
  const dcp = new DcpGuard(db, trading);

  rc.upgrades.set(PRIVATE_WS_PATH, (req, socket, head) => {
    wss.handleUpgrade(req, socket, head, (ws) => onConnection(ws, req));
  });

  function onConnection(ws: WebSocket, req: IncomingMessage): void {
    // A cookie only counts from a same-origin page (cross-site WebSocket hijacking otherwise).
    const cookieUser = req.headers.origin !== undefined && isSameOrigin(req, { allowCustomHeader: false }) ? sessionUserId(db, req) : undefined;
    const conn: Conn = { ws, connId: randomBytes(10).toString('hex'), userId: cookieUser, topics: new Set(), bucket: new TokenBucket(), authTimer: undefined };
    conns.add(conn);
    if (conn.userId === undefined) {
      conn.authTimer = setTimeout(() => {
        if (conn.userId === undefined) ws.close(WS_POLICY_VIOLATION, 'not authenticated in time');
      }, authTimeoutMs);
    }
    const forget = () => {
      clearTimeout(conn.authTimer);
      if (!conns.delete(conn)) return;
      if (conn.userId !== undefined && conn.topics.has(DCP_SPOT_TOPIC)) dcp.release(conn.userId);
    };
    ws.on('close', forget);
    ws.on('error', forget);
    ws.on('message', (data, isBinary) => {
      const refuse = () => send(ws, encodeRefusal('Too many requests', conn.connId));
      if (!admitMessage(conn.bucket, ws, refuse)) return;
      let msg: unknown;
      try {
        msg = isBinary ? undefined : JSON.parse(data.toString());
      } catch {
        msg = undefined;
      }
      // `null`, numbers, strings and arrays are valid JSON but not requests.
      if (msg === null || typeof msg !== 'object' || Array.isArray(msg)) {
        send(ws, encodeRefusal('error:request not supported, invalid JSON', conn.connId));
        return;
      }
      try {
        onMessage(conn, msg as { op?: unknown; args?: unknown; req_id?: unknown });
      } catch (err) {
        console.error('private ws: message handler failed', { connId: conn.connId, userId: conn.userId }, err);
        send(ws, encodeRefusal('internal error', conn.connId));
      }
    });
  }

  function reply(conn: Conn, op: string, reqId: unknown, success: boolean, retMsg: string, extra: { retCode?: number } = {}): void {
    send(conn.ws, encodePrivateAck(success, retMsg, op, conn.connId, reqId, extra));
  }

  function onMessage(conn: Conn, msg: { op?: unknown; args?: unknown; req_id?: unknown }): void {
    const args = Array.isArray(msg.args) ? msg.args : [];
    switch (msg.op) {
      case 'ping':
        send(conn.ws, encodePrivatePong(conn.connId, Date.now(), msg.req_id));
        return;
      case 'auth': {
        const [key, expires, sig] = args;
        const record = typeof key === 'string' ? lookup(key) : undefined;
        if (!record) return reply(conn, 'auth', msg.req_id, false, 'Invalid apikey', { retCode: 10003 });
        const exp = typeof expires === 'number' ? expires : typeof expires === 'string' && /^\d{1,16}$/.test(expires) ? Number(expires) : NaN;
        if (!Number.isFinite(exp) || exp <= Date.now()) return reply(conn, 'auth', msg.req_id, false, 'Params Error: expires is expired', { retCode: 10002 });
        if (typeof sig !== 'string' || !sameSignature(signWsAuth(record.secret, String(expires)), sig)) {
          return reply(conn, 'auth', msg.req_id, false, 'Signature verification failed', { retCode: 10004 });
        }
        // Protection held for one account moves with the connection to the account it now speaks for.
        const holds = conn.topics.has(DCP_SPOT_TOPIC) && conn.userId !== record.userId;
        if (holds && conn.userId !== undefined) dcp.release(conn.userId);
        conn.userId = record.userId;
        if (holds) dcp.hold(record.userId);
        clearTimeout(conn.authTimer);
        return reply(conn, 'auth', msg.req_id, true, '');
      }
      case 'subscribe':
      case 'unsubscribe': {
        if (conn.userId === undefined) return reply(conn, msg.op, msg.req_id, false, 'Request not authorized');
        const topics = args.filter((t): t is string => typeof t === 'string');
        if (topics.length > MAX_ARGS_PER_OP) return reply(conn, msg.op, msg.req_id, false, `error:args size >${MAX_ARGS_PER_OP}`);
        const bad = topics.find((t) => !TOPICS.has(t));
        if (topics.length === 0 || bad !== undefined) return reply(conn, msg.op, msg.req_id, false, `Invalid topic: ${String(bad ?? '')}`);
        if (msg.op === 'subscribe' && new Set([...conn.topics, ...topics]).size > maxTopics) {
          return reply(conn, msg.op, msg.req_id, false, `error:too many topics, at most ${maxTopics} per connection`);
        }
        for (const t of topics) {
          const had = conn.topics.has(t);
          if (msg.op === 'subscribe') conn.topics.add(t);
          else conn.topics.delete(t);
          if (t === DCP_SPOT_TOPIC && had !== conn.topics.has(t)) {
            if (had) dcp.release(conn.userId);
            else dcp.hold(conn.userId);
          }
        }
        return reply(conn, msg.op, msg.req_id, true, '');
      }
      default:
        reply(conn, typeof msg.op === 'string' ? msg.op : '', msg.req_id, false, 'unknown op');
    }
  }

  let pushNo = 0;
  const remove = trading.onPush((userId, topic, data) => {
    const creationTime = Date.now();
    for (const c of conns) {
      if (c.userId !== userId) continue;
      for (const name of privateTopicNames(topic)) {
        if (!c.topics.has(name)) continue;
        send(c.ws, encodePrivatePush(`${userId}-${topic}-${++pushNo}`, name, creationTime, data));
      }
    }
  });

  // The account topic of the upgrade to unified: its data is the result code.
  const removeUpgrade = upgrades.onPush((userId, code) => {
    const creationTime = Date.now();
    for (const c of conns) {
      if (c.userId === userId && c.topics.has(UTA_UPGRADE_TOPIC)) send(c.ws, encodeUpgradePush(`${userId}-upgrade-${++pushNo}`, creationTime, code));
    }
  });

  // The account's leveraged-token orders (spec 7.7 user.lt.order): in progress, then completed or failed.
  const removeLt = lt.onPush((userId, orders) => {
    const creationTime = Date.now();
    for (const c of conns) {
      if (c.userId === userId && c.topics.has(LT_ORDER_TOPIC)) send(c.ws, JSON.stringify({ id: `${userId}-lt-${++pushNo}`, topic: LT_ORDER_TOPIC, creationTime, data: orders }));
    }
  });

  // The account's strategies (Bybit's private topic `strategy`): each change of one, as its list row.
  const removeStrategies = strategies.onPush((userId, list) => {
    const creationTime = Date.now();
    for (const c of conns) {
      if (c.userId === userId && c.topics.has(STRATEGY_TOPIC)) send(c.ws, JSON.stringify({ id: `${userId}-strategy-${++pushNo}`, topic: STRATEGY_TOPIC, creationTime, data: list }));
    }
  });

  // The account's alerts (issue 35 item 3, local topic user.alert): each one created, fired or deleted.
  const removeAlerts = alerts.onPush((userId, rows) => {
    const creationTime = Date.now();
    for (const c of conns) {
      if (c.userId === userId && c.topics.has(ALERT_TOPIC)) send(c.ws, encodeAlertPush(`${userId}-alert-${++pushNo}`, creationTime, rows));
    }
  });

  rc.onClose(() => {
    removeAlerts();
    remove();
    removeUpgrade();
    removeLt();
    removeStrategies();
    for (const c of conns) {
      clearTimeout(c.authTimer);
      c.ws.terminate();
    }
    conns.clear();
    dcp.stop();
    wss.close();
  });
  return () => {
    const n = conns.size;
    for (const c of conns) c.ws.terminate();
    return n;
  };
}
