import { LT_NAV_PUSH_MS, ltNavTopic, ltSymbol } from '../../../src/protocol/bybit-v5/lever-token.ts';
import type { Markets } from '../sim/markets.ts';
import { sendTo, type Client } from '../ws/client.ts';
import type { ExtraTopic } from '../ws/public-ws.ts';

/**
 * lt.{symbol}: a leveraged token's NAV, basket and leverage every 300 ms (Bybit's etp-nav push),
 * with the status, risk state and NAV premium the page's checks read (spec 3, 5.10, 5.11).
 */
export class NavTopic implements ExtraTopic {
  readonly name: string;
  private readonly subscribers = new Set<Client>();
  private last = 0;

  constructor(
    private readonly markets: Markets,
    private readonly coin: string,
  ) {
    this.name = ltNavTopic(ltSymbol(coin));
    markets.onTick((now) => {
      if (this.subscribers.size === 0 || now - this.last < LT_NAV_PUSH_MS) return;
      this.last = now;
      // One encoding per fault scope among the subscribers (a test's overrides reach only its page).
      const bufs = new Map<string, Buffer>();
      for (const c of this.subscribers) {
        const key = c.scope ?? '';
        let buf = bufs.get(key);
        if (!buf) bufs.set(key, (buf = Buffer.from(this.encode(now, c.scope))));
        sendTo(c, buf);
      }
    });
  }

  add(client: Client, now: number): void {
    this.subscribers.add(client);
    sendTo(client, Buffer.from(this.encode(now, client.scope)));
  }

  remove(client: Client): void {
    this.subscribers.delete(client);
  }

  private encode(now: number, scope: string | undefined): string {
    return JSON.stringify({ topic: this.name, ts: now, type: 'snapshot', data: this.markets.leveragedTokens.navPush(this.coin, now, scope) });
  }
}
