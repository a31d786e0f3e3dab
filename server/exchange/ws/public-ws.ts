import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import type { Markets } from '../sim/markets.ts';
import { encodePublicAck, encodeRefusal } from '../../../src/protocol/bybit-v5/ops.ts';
import { KLINE_INTERVALS, MAX_ARGS_PER_OP, ORDERBOOK_DEPTHS, parseTopic } from '../../../src/protocol/bybit-v5/topics.ts';
import { BookTopic } from './book-topic.ts';
import { sendTo, type Client } from './client.ts';
import { KlineTopic, TickerTopic, TradeTopic, type AnyFeedTopic } from './feed-topics.ts';
import { admitMessage, TokenBucket, WS_MAX_PAYLOAD } from '../../socket-limits.ts';
import { faultScopeOf } from '../faults/scope.ts';

/** Bybit: "one public connection's args total <= 21,000 chars" (the topics one connection may hold). */
export const MAX_TOPIC_CHARS = 21_000;

/** A topic another part of the server adds (the notice bar's): it pushes on its own schedule. */
export interface ExtraTopic {
  readonly name: string;
  add(client: Client, now: number): void;
  remove(client: Client): void;
}

type Topic = BookTopic | AnyFeedTopic | ExtraTopic;

/**
 * How a fault scope's sockets misbehave (fault controls only, /faults/socket): 'refuse' drops each
 * upgrade (the browser's open fails), 'hang' never answers it (the open times out), 'mute' opens
 * but leaves pings unanswered.
 */
export type SocketFault = 'refuse' | 'hang' | 'mute';

export interface PublicWsOptions {
  /** Most characters of topic names one connection may be subscribed to (tests lower it). */
  maxTopicChars?: number;
}

/**
 * The public spot stream: /v5/public/spot with Bybit's subscribe/ping protocol. Limits per
 * connection: the message budget of socket-limits.ts, frames up to 64 KiB, 10 topics per request
 * and MAX_TOPIC_CHARS characters of topics in all.
 */
export class PublicWs {
  readonly wss = new WebSocketServer({ noServer: true, maxPayload: WS_MAX_PAYLOAD, perMessageDeflate: false });
  readonly clients = new Set<Client>();
  readonly topics = new Map<string, Topic>();
  private readonly bookTopics: BookTopic[] = [];
  private readonly feedTopics: AnyFeedTopic[] = [];
  /** Symbols silenced per fault scope (fault controls only). */
  private readonly silencedByScope = new Map<string, Set<string>>();
  private readonly socketFaults = new Map<string, SocketFault>();
  /** Upgrades left unanswered by a 'hang' fault, by scope (dropped when the fault is cleared). */
  private readonly hung = new Map<string, Set<Duplex>>();

  private readonly maxTopicChars: number;

  constructor(
    private readonly markets: Markets,
    opts: PublicWsOptions = {},
  ) {
    this.maxTopicChars = opts.maxTopicChars ?? MAX_TOPIC_CHARS;
    for (const m of markets.list) {
      for (const depth of ORDERBOOK_DEPTHS) {
        const t = new BookTopic(m, depth);
        this.bookTopics.push(t);
        this.topics.set(t.name, t);
      }
      const feeds: AnyFeedTopic[] = [new TradeTopic(m), new TickerTopic(m, markets)];
      for (const iv of KLINE_INTERVALS) feeds.push(new KlineTopic(m, iv));
      for (const t of feeds) {
        this.feedTopics.push(t);
        this.topics.set(t.name, t);
      }
    }
    markets.onTick((now) => this.flush(now));
  }

  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const scope = faultScopeOf(req.headers.cookie);
    const fault = scope === undefined ? undefined : this.socketFaults.get(scope);
    if (fault === 'refuse') return void socket.destroy();
    if (fault === 'hang' && scope !== undefined) {
      let set = this.hung.get(scope);
      if (!set) this.hung.set(scope, (set = new Set()));
      set.add(socket);
      socket.on('close', () => set.delete(socket));
      socket.on('error', () => socket.destroy());
      return;
    }
    const silenced = this.silencedFor(scope);
    this.wss.handleUpgrade(req, socket, head, (ws) => this.accept(ws, silenced, scope));
  }

  /** Serves a topic that is not market data (subscribe and unsubscribe work as for the others). */
  addTopic(topic: ExtraTopic): void {
    this.topics.set(topic.name, topic);
  }

  /** Fault control: cut every connection (clients must reconnect and resubscribe). */
  dropAll(): number {
    const n = this.clients.size;
    for (const c of this.clients) c.ws.terminate();
    return n;
  }

  close(): void {
    this.dropAll();
    this.wss.close();
  }

  bookTopic(name: string): BookTopic | undefined {
    const t = this.topics.get(name);
    return t instanceof BookTopic ? t : undefined;
  }

  flush(now: number): void {
    if (this.clients.size === 0) return;
    // Trades first: a print should reach clients no later than the book change that came with it.
    for (const t of this.feedTopics) if (t.subscribers.size > 0) t.flush(now);
    for (const t of this.bookTopics) if (t.subscribers.size > 0) t.flush(now);
  }

  /** Fault control: the sockets of one fault scope stop (or resume) getting a symbol's pushes. */
  silence(scope: string, symbol: string, on: boolean): void {
    const set = this.silencedFor(scope);
    if (on) set.add(symbol);
    else set.delete(symbol);
    if (!on && set.size === 0) this.silencedByScope.delete(scope);
  }

  /**
   * Fault control: the sockets of one scope misbehave from now on (null: they behave). 'refuse' and
   * 'hang' also cut that scope's open connections, so its pages reconnect into the fault.
   */
  setSocketFault(scope: string, fault: SocketFault | null): void {
    if (fault === null) this.socketFaults.delete(scope);
    else this.socketFaults.set(scope, fault);
    if (fault !== 'hang') {
      for (const s of this.hung.get(scope) ?? []) s.destroy();
      this.hung.delete(scope);
    }
    if (fault === 'refuse' || fault === 'hang') for (const c of this.clients) if (c.scope === scope) c.ws.terminate();
  }

  clearSocketFaults(): void {
    for (const scope of [...this.socketFaults.keys()]) this.setSocketFault(scope, null);
  }

  silenceNone(): void {
    for (const set of this.silencedByScope.values()) set.clear();
    this.silencedByScope.clear();
  }

  /** The silenced symbols of a scope (one Set shared by its sockets); a fresh empty one without a scope. */
  private silencedFor(scope: string | undefined): Set<string> {
    if (scope === undefined) return new Set();
    let set = this.silencedByScope.get(scope);
    if (!set) this.silencedByScope.set(scope, (set = new Set()));
    return set;
  }

  private accept(ws: WebSocket, silenced: Set<string>, scope: string | undefined): void {
    const client: Client = {
      ws,
      silenced,
      scope,
      connId: randomUUID(),
      topics: new Set(),
      resync: new Set(),
      bucket: new TokenBucket(),
      topicChars: 0,
    };
    this.clients.add(client);
    ws.on('message', (data, isBinary) => {
      try {
        this.onMessage(client, data, isBinary);
      } catch (err) {
        console.error('public ws: message handler failed', { connId: client.connId }, err);
        this.send(client, encodeRefusal('internal error', client.connId));
      }
    });
    ws.on('close', () => this.detach(client));
    ws.on('error', () => ws.terminate());
  }

  private detach(client: Client): void {
    if (!this.clients.delete(client)) return;
    for (const name of client.topics) this.topics.get(name)?.remove(client);
    client.topics.clear();
    client.topicChars = 0;
  }

  private send(client: Client, text: string): void {
    sendTo(client, Buffer.from(text));
  }

  private onMessage(client: Client, data: RawData, isBinary: boolean): void {
    const refuse = () => this.send(client, encodeRefusal('Too many requests', client.connId));
    if (!admitMessage(client.bucket, client.ws, refuse)) return;
    let msg: unknown;
    try {
      const text = Array.isArray(data) ? Buffer.concat(data).toString('utf8') : Buffer.from(data as ArrayBuffer).toString('utf8');
      msg = isBinary ? undefined : JSON.parse(text);
    } catch {
      msg = undefined;
    }
    if (!msg || typeof msg !== 'object' || Array.isArray(msg)) {
      this.send(client, encodeRefusal('error:request not supported, invalid JSON', client.connId));
      return;
    }
    const { op, args, req_id: reqId } = msg as { op?: unknown; args?: unknown; req_id?: unknown };
    const base = (success: boolean, retMsg: string, opName: string) => encodePublicAck(success, retMsg, client.connId, opName, reqId);
    if (op === 'ping') {
      if (client.scope !== undefined && this.socketFaults.get(client.scope) === 'mute') return;
      this.send(client, base(true, 'pong', 'ping'));
      return;
    }
    if (op !== 'subscribe' && op !== 'unsubscribe') {
      this.send(client, base(false, `error:handler not found,op:${typeof op === 'string' ? op : JSON.stringify(op)}`, typeof op === 'string' ? op : ''));
      return;
    }
    if (!Array.isArray(args) || args.length === 0 || !args.every((a) => typeof a === 'string')) {
      this.send(client, base(false, 'error:args is empty or not a list of topics', op));
      return;
    }
    if (args.length > MAX_ARGS_PER_OP) {
      this.send(client, base(false, `error:args size >${MAX_ARGS_PER_OP}`, op));
      return;
    }
    const now = this.markets.now();
    const failures: string[] = [];
    const toAdd: Topic[] = [];
    for (const name of args as string[]) {
      const topic = this.topics.get(name);
      if (!topic) {
        failures.push(parseTopic(name) ? `Invalid symbol :[${name}]` : `error:handler not found,topic:${name}`);
        continue;
      }
      if (op === 'subscribe') {
        if (client.topics.has(name)) failures.push(`error:already subscribed,topic:${name}`);
        else toAdd.push(topic);
      } else if (client.topics.delete(name)) {
        client.topicChars -= name.length;
        topic.remove(client);
      }
    }
    const adding = [...new Set(toAdd)].reduce((n, t) => n + t.name.length, 0);
    if (client.topicChars + adding > this.maxTopicChars) {
      this.send(client, base(false, `error:subscription limit: the topics of one connection total at most ${this.maxTopicChars} characters`, op));
      return;
    }
    // The ack comes before the first snapshot, as on Bybit.
    this.send(client, base(failures.length === 0, failures.length === 0 ? (op === 'subscribe' ? 'subscribe' : '') : failures.join(';'), op));
    for (const topic of toAdd) {
      if (client.topics.has(topic.name)) continue;
      client.topics.add(topic.name);
      client.topicChars += topic.name.length;
      topic.add(client, now);
    }
  }
}
