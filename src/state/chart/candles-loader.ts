// Loads a candle series page by page (spec 4.10, 9): the newest 500, then up to 3 older pages of
// 500 as the user pans into the past; a failed first fetch leaves an empty series flagged no-data.
// Free of signals and globals so tests drive it with a fake fetch.
import { CandleSeries, type CandleInput } from '../../core/chart/candle-series.ts';
import { candleFitsInterval, toV5Interval, type ChartInterval } from '../../core/chart/intervals.ts';

export const CANDLE_PAGE_SIZE = 500;
export const MAX_OLDER_PAGES = 3;

export type CandleLoadState = 'idle' | 'loading' | 'ready' | 'empty';

export interface PageRequest {
  symbol: string;
  interval: string;
  limit: number;
  end?: number;
  signal?: AbortSignal;
}
export type PageFetcher = (req: PageRequest) => Promise<CandleInput[]>;

export interface LoaderSource {
  symbol: string;
  interval: ChartInterval;
  decimals: number;
}

export interface LoaderEvents {
  onState(state: CandleLoadState): void;
  onChange(): void;
  onOlder(pages: number, loading: boolean): void;
}

export class CandleLoader {
  readonly series = new CandleSeries();
  state: CandleLoadState = 'idle';
  olderPages = 0;
  olderLoading = false;
  private source: LoaderSource | null = null;
  private generation = 0;
  private abort: AbortController | null = null;
  private exhausted = false;

  constructor(
    private readonly fetchPage: PageFetcher,
    private readonly events: LoaderEvents,
  ) {}

  get current(): LoaderSource | null {
    return this.source;
  }

  /** Drops what is shown and loads the newest page for `source` (null: nothing to show). */
  async rebuild(source: LoaderSource | null): Promise<void> {
    this.abort?.abort();
    const gen = ++this.generation;
    this.source = source;
    this.exhausted = false;
    this.setOlder(0, false);
    this.series.clear();
    this.events.onChange();
    if (!source) return this.setState('idle');
    this.setState('loading');
    const abort = (this.abort = new AbortController());
    let rows: CandleInput[];
    try {
      rows = await this.fetchPage({ symbol: source.symbol, interval: toV5Interval(source.interval), limit: CANDLE_PAGE_SIZE, signal: abort.signal });
    } catch {
      if (gen !== this.generation) return;
      // Spec 8: a failed candle fetch gives an empty list with a no-data flag.
      this.series.reset([], source.decimals);
      this.events.onChange();
      return this.setState('empty');
    }
    if (gen !== this.generation) return;
    this.series.reset(rows, source.decimals);
    this.exhausted = rows.length < CANDLE_PAGE_SIZE;
    this.events.onChange();
    this.setState(this.series.length > 0 ? 'ready' : 'empty');
  }

  /** One more page of older candles, if fewer than 3 were loaded and history may go further back. */
  async loadOlder(): Promise<boolean> {
    const source = this.source;
    if (!source || this.state !== 'ready' || this.olderLoading || this.exhausted || this.olderPages >= MAX_OLDER_PAGES) return false;
    const gen = this.generation;
    const first = this.series.time[0]!;
    this.setOlder(this.olderPages, true);
    let rows: CandleInput[];
    try {
      rows = await this.fetchPage({ symbol: source.symbol, interval: toV5Interval(source.interval), limit: CANDLE_PAGE_SIZE, end: first - 1, signal: this.abort?.signal });
    } catch {
      if (gen === this.generation) this.setOlder(this.olderPages, false);
      return false;
    }
    if (gen !== this.generation) return false;
    const added = this.series.prepend(rows);
    if (rows.length < CANDLE_PAGE_SIZE || added === 0) this.exhausted = true;
    this.setOlder(this.olderPages + 1, false);
    if (added > 0) this.events.onChange();
    return added > 0;
  }

  /** A realtime candle from the feed: merged only into a loaded series of its interval. */
  merge(c: CandleInput & { end: number }): boolean {
    const source = this.source;
    if (!source || this.state !== 'ready' || !candleFitsInterval(source.interval, c.start, c.end)) return false;
    const r = this.series.merge(c);
    if (r === 'ignored') return false;
    this.events.onChange();
    return true;
  }

  destroy(): void {
    this.abort?.abort();
    this.generation++;
  }

  private setState(s: CandleLoadState): void {
    this.state = s;
    this.events.onState(s);
  }

  private setOlder(pages: number, loading: boolean): void {
    this.olderPages = pages;
    this.olderLoading = loading;
    this.events.onOlder(pages, loading);
  }
}
