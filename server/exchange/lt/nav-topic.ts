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
      const buf = Buffer.from(this.encode(now));
      for (const c of this.subscribers) sendTo(c, buf);
    });
  }

  add(client: Client, now: number): void {
    this.subscribers.add(client);
    sendTo(client, Buffer.from(this.encode(now)));
  }

  remove(client: Client): void {
    this.subscribers.delete(client);
  }

  private encode(now: number): string {
    return JSON.stringify({ topic: this.name, ts: now, type: 'snapshot', data: this.markets.leveragedTokens.navPush(this.coin, now) });
  }
}
