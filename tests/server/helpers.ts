import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { startServer, type Installer, type RunningServer } from '../../server/app.ts';
import { composeServer } from '../../server/compose.ts';
import { parseConfig } from '../../server/config.ts';
import { installExchange } from '../../server/exchange/install.ts';

export interface TestExchange {
  server: RunningServer;
  http: string;
  ws: string;
  stop(): Promise<void>;
}

/**
 * Starts the local exchange on port 0 with a temp data dir and the fault controls; with
 * `{ accounts: true }` also the accounts (private REST and socket), as server/main.ts does.
 */
export async function startTestExchange(extra: string[] = [], opts: { accounts?: boolean } = {}): Promise<TestExchange> {
  const dir = mkdtempSync(join(tmpdir(), 'exchange-test-'));
  const config = parseConfig(['--port', '0', '--data', dir, '--faults', '--quiet', ...extra], {});
  const installers: Installer[] = opts.accounts ? [installExchange, composeServer()] : [installExchange];
  const server = await startServer(config, installers);
  const http = server.url.replace(/\/$/, '');
  return {
    server,
    http,
    ws: `${http.replace('http', 'ws')}/v5/public/spot`,
    async stop() {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A WebSocket that queues parsed messages and lets a test await the next one matching a predicate. */
export class TestSocket {
  readonly ws: WebSocket;
  readonly received: any[] = [];
  private waiters: Array<{ pred: (m: any) => boolean; resolve: (m: any) => void }> = [];

  private constructor(url: string) {
    this.ws = new WebSocket(url);
    this.ws.on('message', (d) => {
      const m = JSON.parse(String(d));
      this.received.push(m);
      this.waiters = this.waiters.filter((w) => (w.pred(m) ? (w.resolve(m), false) : true));
    });
  }

  static async open(url: string): Promise<TestSocket> {
    const s = new TestSocket(url);
    await new Promise<void>((resolve, reject) => {
      s.ws.once('open', () => resolve());
      s.ws.once('error', reject);
    });
    return s;
  }

  send(obj: unknown): void {
    this.ws.send(typeof obj === 'string' ? obj : JSON.stringify(obj));
  }

  next(pred: (m: any) => boolean, timeoutMs = 5000): Promise<any> {
    const found = this.received.find(pred);
    if (found) {
      this.received.splice(this.received.indexOf(found), 1);
      return Promise.resolve(found);
    }
    return new Promise((resolve, reject) => {
      const w = { pred, resolve: (m: any) => (clearTimeout(timer), this.received.splice(this.received.indexOf(m), 1), resolve(m)) };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((x) => x !== w);
        reject(new Error('timed out waiting for a message'));
      }, timeoutMs);
      this.waiters.push(w);
    });
  }

  close(): void {
    this.ws.terminate();
  }
}

export async function getJson(url: string): Promise<any> {
  const r = await fetch(url);
  return r.json();
}

export async function postJson(url: string, body: unknown): Promise<any> {
  const r = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return r.json();
}
