// Spec 5.9 / 7.1: the chart layout follows the account. Local changes are saved to the server at
// most once per 5 s (never for demo accounts or visitors); at login the server's layout replaces
// the local one only when it is more than 5 s newer, and the chart is then rebuilt (spec 4.10).
import { isChartInterval } from '../../core/chart/intervals.ts';
import { saveDecision, serverLayoutWins, type LayoutEnvelope } from '../../core/chart/layout-sync.ts';
import { fetchChartLayout, saveChartLayout } from '../../api/chart-layout.ts';
import { rebuildCandles } from './candles.ts';
import { displayOptions, sanitizeDisplay, setDisplayOptions } from './chart-overlays.ts';
import { applyDrawingLayout, drawingLayoutData, drawingMap, drawingPrefs } from './drawings.ts';
import {
  CHART_TYPES, chartInterval, chartPrefs, chartType, favouriteIntervals, indicatorSettings, pinnedIntervals, sanitizeIndicators, sanitizePrefs, setChartInterval, setChartType,
  setFavouriteIntervals, setPinnedIntervals, updateIndicators, updatePrefs, type ChartType,
} from './chart-settings.ts';
import { effect } from '../signals.ts';
import { readStored, writeStored } from '../storage.ts';
import { followSyncedAccount, user } from '../account/user.ts';

const VERSION_KEY = 'spot.chart.layoutVersion';
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** What is saved: the chart's settings as the page keeps them. */
export function currentLayoutData(): Record<string, unknown> {
  return {
    interval: chartInterval.peek(),
    type: chartType.peek(),
    pinned: pinnedIntervals.peek(),
    favourites: favouriteIntervals.peek(),
    indicators: indicatorSettings.peek(),
    prefs: chartPrefs.peek(),
    display: displayOptions.peek(),
    drawings: drawingLayoutData(),
  };
}

/** Applies a server layout, field by field, each validated like local storage is. */
export function applyLayoutData(data: unknown): void {
  if (!isObj(data)) return;
  if (isChartInterval(data.interval)) setChartInterval(data.interval);
  if (typeof data.type === 'string' && (CHART_TYPES as readonly string[]).includes(data.type)) setChartType(data.type as ChartType);
  if (Array.isArray(data.pinned) && data.pinned.length > 0 && data.pinned.length <= 14 && data.pinned.every(isChartInterval)) setPinnedIntervals(data.pinned);
  if (Array.isArray(data.favourites) && data.favourites.length > 0 && data.favourites.length <= 14 && data.favourites.every(isChartInterval)) setFavouriteIntervals(data.favourites);
  if (isObj(data.indicators)) updateIndicators(sanitizeIndicators(data.indicators));
  if (isObj(data.prefs)) updatePrefs(sanitizePrefs(data.prefs));
  if (isObj(data.display)) setDisplayOptions(sanitizeDisplay(data.display));
  if (isObj(data.drawings)) applyDrawingLayout(data.drawings);
}

export interface LayoutSyncDeps {
  fetch: () => Promise<LayoutEnvelope | null>;
  save: (l: LayoutEnvelope) => Promise<void>;
  now: () => number;
  account: () => { loggedIn: boolean; isDemo: boolean };
  read: () => unknown;
  apply: (data: unknown) => void;
  /** Rebuilds the chart (spec 4.10: after a synced layout arrives). */
  rebuild: () => void;
  localVersion: { get: () => number | null; set: (v: number) => void };
}

/** The save throttle and the load rule, apart from signals and timers' owners (unit-tested). */
export class LayoutSync {
  private lastSaveAt: number | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private applying = false;

  constructor(private readonly deps: LayoutSyncDeps) {}

  /** After login: takes the server layout when it is more than 5 s newer than the local one. */
  async load(): Promise<boolean> {
    const a = this.deps.account();
    if (!a.loggedIn || a.isDemo) return false;
    let server: LayoutEnvelope | null;
    try {
      server = await this.deps.fetch();
    } catch {
      return false;
    }
    if (!server || !serverLayoutWins(server.version, this.deps.localVersion.get())) return false;
    this.applying = true;
    try {
      this.deps.apply(server.saveData);
    } finally {
      this.applying = false;
    }
    this.deps.localVersion.set(server.version);
    this.deps.rebuild();
    return true;
  }

  /** A local change: stamps the local version and saves now, or once the 5 s since the last save are up. */
  changed(): void {
    if (this.applying) return;
    this.deps.localVersion.set(this.deps.now());
    this.trySave();
  }

  private trySave(): void {
    const a = this.deps.account();
    const d = saveDecision({ loggedIn: a.loggedIn, isDemo: a.isDemo, lastSaveAt: this.lastSaveAt, now: this.deps.now() });
    if (!d.save) {
      if (d.retryInMs !== undefined && this.timer === null)
        this.timer = setTimeout(() => {
          this.timer = null;
          this.trySave();
        }, d.retryInMs);
      return;
    }
    this.lastSaveAt = this.deps.now();
    const version = this.deps.localVersion.get() ?? this.lastSaveAt;
    void this.deps.save({ version, saveData: this.deps.read() }).catch(() => undefined);
  }

  destroy(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
}

/** Keeps the page's chart layout in step with the account while the chart is mounted. */
export function startLayoutSync(): () => void {
  const account = () => ({ loggedIn: user.peek().userState === 1, isDemo: user.peek().isDemoAccount });
  const sync = new LayoutSync({
    fetch: fetchChartLayout,
    save: saveChartLayout,
    now: Date.now,
    account,
    read: currentLayoutData,
    apply: applyLayoutData,
    rebuild: rebuildCandles,
    localVersion: { get: () => readStored(VERSION_KEY, isNum) ?? null, set: (v) => writeStored(VERSION_KEY, v) },
  });
  const stopLoad = followSyncedAccount((key) => {
    if (key) void sync.load();
  });
  let first = true;
  const stopWatch = effect(() => {
    void chartInterval.value;
    void chartType.value;
    void pinnedIntervals.value;
    void favouriteIntervals.value;
    void indicatorSettings.value;
    void chartPrefs.value;
    void displayOptions.value;
    void drawingMap.value;
    void drawingPrefs.value;
    if (first) {
      first = false;
      return;
    }
    sync.changed();
  });
  return () => {
    stopWatch();
    stopLoad();
    sync.destroy();
  };
}
