// Market rules the page must honour (issue 16 item 2, spec 4.4 and 5.4): a side of a symbol banned
// from trading, and exchange maintenance as Bybit's GET /v5/system/status reports it. Both are set
// by --faults controls; each can be scoped to one fault_scope cookie so tests running side by side
// never see each other's bans or maintenance windows.

export interface SideBan {
  buy: boolean;
  sell: boolean;
}

/** One row of /v5/system/status (Bybit's fields; states scheduled, ongoing, completed, canceled). */
export interface MaintenanceRecord {
  id: string;
  title: string;
  state: 'scheduled' | 'ongoing' | 'completed' | 'canceled';
  begin: string;
  end: string;
  href: string;
  serviceTypes: number[];
  product: number[];
  uidSuffix: number[];
  maintainType: string;
  env: string;
}

const NO_BAN: SideBan = { buy: false, sell: false };

export class MarketRules {
  /** `${scope} ${symbol}` ('' scope: every client). */
  private readonly bans = new Map<string, SideBan>();
  /** By scope ('' for every client). */
  private readonly windows = new Map<string, MaintenanceRecord[]>();
  private seq = 0;
  /** Symbols taken off the market (/faults/delist): orders refused, bots and strategies on them closed. */
  private readonly delisted = new Set<string>();
  private readonly delistListeners: Array<(symbol: string) => void> = [];

  /** `${scope} ${symbol}` of symbols whose trading is suspended (/faults/suspend): listed Closed, orders refused. */
  private readonly suspended = new Set<string>();

  /** Whether a client of this scope sees the symbol's trading suspended (its scope's, or every client's). */
  isSuspended(symbol: string, scope: string | undefined): boolean {
    return (scope !== undefined && this.suspended.has(`${scope} ${symbol}`)) || this.suspended.has(` ${symbol}`);
  }

  setSuspended(symbol: string, on: boolean, scope: string | undefined): void {
    const key = `${scope ?? ''} ${symbol}`;
    if (on) this.suspended.add(key);
    else this.suspended.delete(key);
  }

  isDelisted(symbol: string): boolean {
    return this.delisted.has(symbol);
  }

  /** Takes a symbol off the market for every client; listeners close what runs on it. */
  delist(symbol: string): void {
    this.delisted.add(symbol);
    for (const l of this.delistListeners) l(symbol);
  }

  onDelist(l: (symbol: string) => void): void {
    this.delistListeners.push(l);
  }

  /** The ban on a symbol's sides as a client of this scope sees it: the scope's own, else the global one. */
  banOf(symbol: string, scope: string | undefined): SideBan {
    return (scope !== undefined ? this.bans.get(`${scope} ${symbol}`) : undefined) ?? this.bans.get(` ${symbol}`) ?? NO_BAN;
  }

  setBan(symbol: string, ban: SideBan, scope: string | undefined): void {
    const key = `${scope ?? ''} ${symbol}`;
    if (!ban.buy && !ban.sell && scope === undefined) this.bans.delete(key);
    else this.bans.set(key, { ...ban });
  }

  /** The maintenance records a client of this scope is shown: every client's, then its scope's. */
  records(scope: string | undefined): MaintenanceRecord[] {
    return [...(this.windows.get('') ?? []), ...(scope !== undefined ? (this.windows.get(scope) ?? []) : [])];
  }

  /** True while a maintenance window that concerns this scope is ongoing. */
  underMaintenance(scope: string | undefined): boolean {
    return this.records(scope).some((r) => r.state === 'ongoing');
  }

  /**
   * Starts (ongoing), announces (scheduled) or ends (completed) the scope's maintenance. A new
   * window replaces the scope's earlier ones; ending it keeps the record, as completed.
   */
  setMaintenance(state: 'scheduled' | 'ongoing' | 'completed', scope: string | undefined, now: number, title = 'Spot trading system upgrade', durationMs = 30 * 60_000): MaintenanceRecord {
    const key = scope ?? '';
    const prev = this.windows.get(key)?.at(-1);
    if (state === 'completed' && prev) {
      const done = { ...prev, state, end: String(now) };
      this.windows.set(key, [done]);
      return done;
    }
    const begin = state === 'scheduled' ? now + durationMs : now;
    const rec: MaintenanceRecord = {
      id: `local-maintenance-${++this.seq}`, title, state, begin: String(begin), end: String(begin + durationMs), href: '',
      // Bybit's enums: service type 5 trading service, product 1 spot, maintainType 1 planned, env 1 production.
      serviceTypes: [5], product: [1], uidSuffix: [], maintainType: '1', env: '1',
    };
    this.windows.set(key, [rec]);
    return rec;
  }

  reset(): void {
    this.delisted.clear();
    this.suspended.clear();
    this.bans.clear();
    this.windows.clear();
  }
}
