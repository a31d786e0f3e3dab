import type { StrategyEngine } from '../../server/private/strategy/engine.ts';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { parseAmount } from '../../src/core/decimal.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHmac } from 'node:crypto';
import { startServer, type Installer, type RunningServer } from '../../server/app.ts';
import type { ServerConfig } from '../../server/config.ts';
import { composeServer, standaloneEngines, type ComposeOptions } from '../../server/compose.ts';
import type { Db } from '../../server/accounts/db.ts';
import type { TradingService, EngineSource } from '../../server/private/engines/trading.ts';
import type { UtaUpgrades } from '../../server/private/engines/uta-upgrade.ts';
import type { LeverTokenService } from '../../server/private/engines/lever-tokens.ts';
import type { GridEngine } from '../../server/private/grid/engine.ts';
import type { MarginService } from '../../server/private/engines/margin.ts';
import type { AlertService } from '../../server/private/alerts/service.ts';

export const ALICE = { id: 100001, key: 'LOCALALICEKEY00001', secret: 'local-alice-secret-0000000000000001' };
export const BOB = { id: 100002, key: 'LOCALBOBKEY0000002', secret: 'local-bob-secret-00000000000000002' };
export const LEADER = { id: 100005, key: 'LOCALLEADERKEY0005', secret: 'local-leader-secret-00000000000005' };
export const EAA = { id: 100006, key: 'LOCALEAAKEY0000006', secret: 'local-eaa-secret-00000000000000006' };

export interface TestServer {
  url: string;
  origin: string;
  dataDir: string;
  db: Db;
  trading: TradingService;
  upgrades: UtaUpgrades;
  lt: LeverTokenService;
  grid: GridEngine;
  strategies: StrategyEngine;
  margin: MarginService;
  alerts: AlertService;
  engines: EngineSource;
  running: RunningServer;
  stop(): Promise<void>;
}

export function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'accounts-test-'));
}

/** Starts the accounts on port 0 with standalone engines (no simulated flow: deterministic books). */
export async function startTestServer(
  opts: {
    dataDir?: string; engines?: EngineSource; extra?: Installer[]; privateWs?: ComposeOptions['privateWs']; accounts?: Partial<ComposeOptions>; faults?: boolean; gridClock?: () => number;
    /** More settings of the exchange (its limits, for one). */
    config?: Partial<ServerConfig>;
  } = {},
): Promise<TestServer> {
  const dataDir = opts.dataDir ?? tempDir();
  const engines = opts.engines ?? standaloneEngines();
  const config: ServerConfig = { host: '127.0.0.1', port: 0, dataDir, webDir: join(dataDir, 'no-web'), rate: 0, stress: false, faults: opts.faults ?? false, quiet: true, ...opts.config };
  let parts!: { db: Db; trading: TradingService; upgrades: UtaUpgrades; lt: LeverTokenService; grid: GridEngine; strategies: StrategyEngine; margin: MarginService; alerts: AlertService };
  const running = await startServer(config, [
    ...(opts.extra ?? []),
    composeServer({ ...opts.accounts, engines, onReady: (p) => (parts = p), privateWs: opts.privateWs, ...(opts.gridClock ? { gridClock: opts.gridClock } : {}) }),
  ]);
  const url = running.url.replace(/\/$/, '');
  return {
    url, origin: url, dataDir, db: parts.db, trading: parts.trading, upgrades: parts.upgrades, lt: parts.lt, grid: parts.grid, strategies: parts.strategies, margin: parts.margin, alerts: parts.alerts, engines, running,
    stop: () => running.close(),
  };
}

/**
 * One exchange for the whole file (or, `each`, a fresh one for every test): started before the
 * first test, stopped and its data removed after the last. The returned object is filled in by `beforeAll`; a test that restarts the
 * exchange replaces its contents with `Object.assign(s, await startTestServer(...))`.
 */
export function sharedTestServer(each = false, opts: Parameters<typeof startTestServer>[0] = {}): TestServer {
  const s = {} as TestServer;
  (each ? beforeEach : beforeAll)(async () => {
    Object.assign(s, await startTestServer(opts));
  });
  (each ? afterEach : afterAll)(async () => {
    await s.stop();
    removeDir(s.dataDir);
  });
  return s;
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

export function sign(secret: string, ts: string, key: string, recv: string, payload: string): string {
  return createHmac('sha256', secret).update(ts + key + recv + payload).digest('hex');
}

/** A signed v5 request, as a Bybit client would send it. */
export async function signed(
  base: string,
  who: { key: string; secret: string },
  method: 'GET' | 'POST',
  path: string,
  params: Record<string, unknown>,
  tweak: { ts?: number; recv?: string; badSign?: boolean } = {},
): Promise<{ status: number; body: { retCode: number; retMsg: string; result: any; retExtInfo?: any } }> {
  const ts = String(tweak.ts ?? Date.now());
  const recv = tweak.recv ?? '5000';
  const payload = method === 'GET' ? new URLSearchParams(params as Record<string, string>).toString() : JSON.stringify(params);
  let sig = sign(who.secret, ts, who.key, recv, payload);
  if (tweak.badSign) sig = sig.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'));
  const headers: Record<string, string> = { 'x-bapi-api-key': who.key, 'x-bapi-timestamp': ts, 'x-bapi-sign': sig, 'x-bapi-recv-window': recv, 'content-type': 'application/json' };
  const res = await fetch(method === 'GET' ? `${base}${path}?${payload}` : `${base}${path}`, { method, headers, body: method === 'POST' ? payload : undefined });
  return { status: res.status, body: (await res.json()) as any };
}

/** Logs in through the HTML form and returns the session cookie pair ("spot_sid=..."). */
export async function login(base: string, userId: number): Promise<string> {
  const res = await fetch(`${base}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
    body: new URLSearchParams({ user_id: String(userId), redirect_url: '/' }).toString(),
  });
  const cookie = res.headers.get('set-cookie');
  if (res.status !== 303 || !cookie) throw new Error(`login failed: ${res.status}`);
  return cookie.split(';')[0]!;
}

/** Total (available + locked) per coin over every account, fees and liquidity included. */
export function totals(db: Db): Map<string, bigint> {
  const out = new Map<string, bigint>();
  const rows = db.prepare('SELECT coin, available, locked FROM balances').all() as Array<{ coin: string; available: string; locked: string }>;
  for (const r of rows) out.set(r.coin, (out.get(r.coin) ?? 0n) + toUnits(r.available) + toUnits(r.locked));
  return out;
}

export function toUnits(s: string): bigint {
  const [w, f = ''] = s.split('.');
  return BigInt(w!) * 10n ** 18n + BigInt((f + '0'.repeat(18)).slice(0, 18));
}

export function balance(db: Db, userId: number, coin: string): { available: string; locked: string } {
  return (db.prepare('SELECT available, locked FROM balances WHERE user_id = ? AND coin = ?').get(userId, coin) as { available: string; locked: string } | undefined) ?? { available: '0', locked: '0' };
}

/**
 * Spot-margin set-ups shared by the margin, closing-order and fidelity tests: alice holding only
 * some USDT, the market's own liquidity on BTCUSDT, and spot margin switched on at a leverage.
 */
export function marginKit(s: TestServer, client: () => { toggleSpotMarginTrade(v: '1' | '0'): Promise<{ retCode: number }>; setSpotMarginLeverageV2(p: { leverage: string }): Promise<{ retCode: number }> }) {
  return {
    /** alice holds only `usdt` USDT. */
    onlyUsdt(usdt: string): void {
      s.db.prepare(`UPDATE balances SET available = '0', locked = '0' WHERE user_id = ?`).run(ALICE.id);
      s.trading.adjustFunds(ALICE.id, [{ coin: 'USDT', delta: parseAmount(usdt)! }], 'test-seed');
    },
    /** A resting order of the market's own liquidity on BTCUSDT at `price` for `qty` BTC. */
    liquidity(side: 'Buy' | 'Sell', price: number, qty: number): void {
      s.engines('BTCUSDT')!.submit({ type: 'Limit', side, priceTicks: Math.round(price * 100), qtyLots: Math.round(qty * 1e6), timeInForce: 'GTC' });
    },
    async marginOn(leverage = '3'): Promise<void> {
      expect((await client().toggleSpotMarginTrade('1')).retCode).toBe(0);
      expect((await client().setSpotMarginLeverageV2({ leverage })).retCode).toBe(0);
    },
  };
}
