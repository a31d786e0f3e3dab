import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { formatChangePercent, formatPrice, signOf } from '../../core/format.ts';
import { hasTraded, inOrder, listRowTicker, marketListRows, reuseUnchangedRows, type MarketSortKey, type SortDirection } from '../../core/market-list.ts';
import { pairPath } from '../../core/routes.ts';
import { tickers } from '../../state/market/market-data.ts';
import { symbolsState } from '../../state/market/markets.ts';
import { useSignals } from '../../state/signals.ts';
import { Table, type Column } from '../../ui/Table.tsx';
import { useThrottledSignal } from '../hooks/useThrottledSignal.ts';
import { useRouteLocale } from './useRouteLocale.ts';
import { storedDefaultQuote } from '../../state/market/default-quote.ts';
import { favourites, startFavourites } from '../../state/account/favourites.ts';
import { listTickers, showMarketList, watchedNow, type ShownMarketList } from '../../state/market/ticker-watch.ts';
import { FavouriteStar } from '../favourites/FavouriteStar.tsx';

/** Tickers of the whole market arrive many times a second; a list people read needs far fewer repaints. */
const LIST_REFRESH_MS = 500;
/**
 * How long after the list shows a pair with no ticker yet reads as loading rather than '--' (issue 33:
 * every pair but the current one read '--' for the second or two the list's tickers take to come).
 */
const FIRST_TICKERS_MS = 8000;
/**
 * The rows are sorted again at most this often while only their figures change (a new sort,
 * search, filter or list sorts at once): between, they keep their places (core inOrder).
 */
const RESORT_MS = 30_000;
/** The popover's list is at most this tall (its header and whole rows within it). */
const POPOVER_LIST_MAX_PX = 360;
/** Room kept between the popover's list and the viewport's bottom edge. */
const VIEWPORT_MARGIN_PX = 16;
/** The fewest rows the popover's list shows, however little room the viewport leaves. */
const MIN_ROWS = 3;

/**
 * The list's scroll box shows whole rows (issue 33: its last row was cut in half at the box's
 * bottom edge): in the popover its height is the header and as many whole rows as fit. A bottom
 * edge with more rows past it fades (data-cut-bottom), in the popover and in the right-hand
 * column alike (the sticky header covers the top edge). Measured at most once a frame, on a
 * resize of the box or its table and on a scroll.
 */
function useWholeRows(boxRef: RefObject<HTMLDivElement | null>, fitRows: boolean): void {
  useLayoutEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      const head = box.querySelector('thead');
      const row = box.querySelector('tbody tr');
      if (fitRows && head && row) {
        const headPx = head.getBoundingClientRect().height;
        const rowPx = row.getBoundingClientRect().height;
        if (rowPx > 0) {
          const room = Math.min(POPOVER_LIST_MAX_PX, window.innerHeight - box.getBoundingClientRect().top - VIEWPORT_MARGIN_PX);
          const count = Math.max(MIN_ROWS, Math.floor((room - headPx) / rowPx));
          const px = `${headPx + count * rowPx}px`;
          if (box.style.maxHeight !== px) box.style.maxHeight = px;
        }
      }
      box.toggleAttribute('data-cut-bottom', box.scrollTop + box.clientHeight < box.scrollHeight - 1);
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    const resize = new ResizeObserver(schedule);
    resize.observe(box);
    const table = box.querySelector('table');
    if (table) resize.observe(table);
    box.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    measure();
    return () => {
      if (frame) cancelAnimationFrame(frame);
      resize.disconnect();
      box.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
    };
  }, [boxRef, fitRows]);
}

/** Rows this far above and below the list's box (a share of its height) stream too, ready for a scroll. */
const NEAR_VIEW_MARGIN = '50% 0px';

/**
 * Tells the list's watch which rows are in its box or near it (issue 37 item 1: only those
 * stream). Each row is observed once, as it first renders; a row filtered out leaves the view.
 */
function useRowsInView(boxRef: RefObject<HTMLDivElement | null>, tableRef: RefObject<HTMLTableElement | null>, watchRef: RefObject<ShownMarketList | null>, rows: unknown): void {
  const observer = useRef<{ io: IntersectionObserver; seen: WeakSet<Element> } | null>(null);
  useLayoutEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const inView = new Set<string>();
    const io = new IntersectionObserver(
      (entries) => {
        for (const e of entries) {
          const id = (e.target as HTMLElement).dataset.symbol;
          if (!id) continue;
          if (e.isIntersecting && e.target.isConnected) inView.add(id);
          else inView.delete(id);
        }
        watchRef.current?.inView([...inView].sort());
      },
      { root: box, rootMargin: NEAR_VIEW_MARGIN },
    );
    observer.current = { io, seen: new WeakSet() };
    return () => {
      io.disconnect();
      observer.current = null;
    };
  }, [boxRef, watchRef]);
  useLayoutEffect(() => {
    const o = observer.current;
    const table = tableRef.current;
    if (!o || !table) return;
    for (const tr of table.querySelectorAll('tbody tr[data-symbol]')) {
      if (o.seen.has(tr)) continue;
      o.seen.add(tr);
      o.io.observe(tr);
    }
  }, [tableRef, rows]);
}

interface Props {
  id: string;
  /** The active symbol id, marked as the current page. */
  currentSymbolId: string | undefined;
  /** Focus the search box on mount (opened from the keyboard). */
  autoFocusSearch: boolean;
  onChoose: () => void;
  /** 'panel': the right-hand column's list (a region, not a dialog). */
  variant?: 'popover' | 'panel';
}

type SortColumn = Exclude<MarketSortKey, 'default'>;

// A row whose price moved draws its two figures again, not its link and star (their props are the same).
const PairLink = memo(function PairLink({ to, pair, current, onChoose }: { to: string; pair: string; current: boolean; onChoose: () => void }) {
  return (
    <Link className="market-list__link" to={to} aria-current={current ? 'page' : undefined} onClick={onChoose}>
      {pair}
    </Link>
  );
});
const Star = memo(FavouriteStar);
type Row = ReturnType<typeof marketListRows>[number];

/** The header's market list (spec 2.8): every symbol with its live last price and 24 h change. */
export function MarketList({ id, currentSymbolId, autoFocusSearch, onChoose, variant = 'popover' }: Props) {
  useSignals();
  const { t } = useTranslation();
  const locale = useRouteLocale();
  const { search } = useLocation();
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<{ key: MarketSortKey; dir: SortDirection }>({ key: 'default', dir: 'desc' });
  const [onlyFavourites, setOnlyFavourites] = useState(false);
  useEffect(() => startFavourites(), []);
  // The tickers of the rows in view stream while this list is on screen (and the page shown, spec
  // 4.17); the others come from a read of every ticker every 30 s (state/market/ticker-watch.ts).
  const watchRef = useRef<ShownMarketList | null>(null);
  useLayoutEffect(() => {
    const watch = showMarketList();
    watchRef.current = watch;
    return () => {
      watch.done();
      watchRef.current = null;
    };
  }, []);
  const [firstTickers, setFirstTickers] = useState(true);
  useEffect(() => {
    const id = setTimeout(() => setFirstTickers(false), FIRST_TICKERS_MS);
    return () => clearTimeout(id);
  }, []);
  // A pair with no ticker yet: a loading mark while the list's first tickers come, then '--' (no data).
  const pending = (text: string) => (firstTickers ? <span className="market-list__pending"><span className="visually-hidden">{t('loading')}</span></span> : text);
  const favs = favourites.value;
  const live = useThrottledSignal(tickers, LIST_REFRESH_MS);
  const read = listTickers.value;
  const streaming = watchedNow.value;
  const state = symbolsState.value;
  const symbols = state.status === 'ready' ? state.value : null;
  const tableRef = useRef<HTMLTableElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  useWholeRows(scrollRef, variant === 'popover');
  // Also when a list opened by hover is then asked for by the keyboard (Enter on the thumbnail).
  useEffect(() => {
    if (autoFocusSearch) searchRef.current?.focus();
  }, [autoFocusSearch]);

  // A row whose price and change read as before keeps its object, so the table redraws only the
  // rows that changed (a list shown all day repaints a few cells twice a second, not the table).
  const shownRows = useRef<Row[]>([]);
  const sorted = useRef<{ order: string[]; at: number; by: unknown[] }>({ order: [], at: 0, by: [] });
  const rows = useMemo(() => {
    if (!symbols) return [];
    const shown = onlyFavourites ? symbols.filter((s) => favs.includes(s.symbolId)) : symbols;
    let fresh = marketListRows(shown.map((s) => ({ symbol: s, ticker: listRowTicker(s.symbolId, live, read, streaming) })), query, sort.key, sort.dir, storedDefaultQuote());
    // A row whose first ticker came sorts the list again too (its place was a guess without one).
    const by = [symbols, query, sort, onlyFavourites, favs, fresh.reduce((n, r) => (r.ticker ? n + 1 : n), 0)];
    const last = sorted.current;
    const now = Date.now();
    if (by.every((x, i) => x === last.by[i]) && now - last.at < RESORT_MS) fresh = inOrder(last.order, fresh);
    else sorted.current = { order: fresh.map((r) => r.symbol.symbolId), at: now, by };
    return (shownRows.current = reuseUnchangedRows(shownRows.current, fresh));
  }, [symbols, live, read, streaming, query, sort, onlyFavourites, favs]);
  useRowsInView(scrollRef, tableRef, watchRef, rows);

  const sortBy = (key: SortColumn) =>
    setSort((s) => (s.key === key ? { key, dir: s.dir === 'asc' ? 'desc' : 'asc' } : { key, dir: key === 'pair' ? 'asc' : 'desc' }));
  const ariaSort = (key: SortColumn) => (sort.key === key ? (sort.dir === 'asc' ? 'ascending' : 'descending') : undefined);

  // Arrow keys walk the rows' links, from the search box too, so the list needs no mouse.
  const moveFocus = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    const links = Array.from(tableRef.current?.querySelectorAll<HTMLAnchorElement>('tbody a') ?? []);
    if (links.length === 0) return;
    e.preventDefault();
    const at = links.indexOf(document.activeElement as HTMLAnchorElement);
    const next = e.key === 'ArrowDown' ? Math.min(at + 1, links.length - 1) : at - 1;
    if (next < 0) searchRef.current?.focus();
    else links[next]!.focus();
  };

  const header = (key: SortColumn, label: string) => (
    <button type="button" className="market-list__sort" onClick={() => sortBy(key)}>
      {label}
      <span aria-hidden="true" className="market-list__arrow">
        {sort.key === key ? (sort.dir === 'asc' ? '▲' : '▼') : ''}
      </span>
    </button>
  );
  const columns = useMemo<Column<Row>[]>(() => [
    {
      key: 'pair',
      header: header('pair', t('header.pair')),
      sort: ariaSort('pair'),
      rowHeader: true,
      className: 'market-list__col market-list__col--pair',
      cell: ({ symbol }) => (
        <PairLink
          to={`${pairPath(locale, symbol.baseTokenName, symbol.quoteTokenName)}${search}`}
          pair={`${symbol.baseTokenName}/${symbol.quoteTokenName}`}
          current={symbol.symbolId === currentSymbolId}
          onChoose={onChoose}
        />
      ),
    },
    {
      key: 'price',
      header: header('price', t('lastPrice')),
      sort: ariaSort('price'),
      className: 'num market-list__col market-list__col--price',
      cell: ({ symbol, ticker }) =>
        hasTraded(ticker) ? formatPrice(ticker.lastPrice, symbol.pricePrecision, true) : ticker ? formatPrice(undefined, symbol.pricePrecision, true) : pending(formatPrice(undefined, symbol.pricePrecision, true)),
    },
    {
      key: 'change',
      header: header('change', t('change24h')),
      sort: ariaSort('change'),
      className: ({ ticker }) => {
        const sign = hasTraded(ticker) ? signOf(ticker.price24hPcnt) : 0;
        return `num num--${sign > 0 ? 'up' : sign < 0 ? 'down' : 'flat'}`;
      },
      cell: ({ ticker }) => (hasTraded(ticker) ? formatChangePercent(ticker.price24hPcnt) : ticker ? formatChangePercent(undefined) : pending(formatChangePercent(undefined))),
    },
    {
      key: 'star',
      header: <span className="visually-hidden">{t('favourites.column')}</span>,
      className: 'market-list__col market-list__col--star',
      cell: ({ symbol }) => <Star symbolId={symbol.symbolId} pair={`${symbol.baseTokenName}/${symbol.quoteTokenName}`} />,
    },
  ], [t, sort, locale, search, currentSymbolId, onChoose, firstTickers]);
  const rowProps = useCallback(
    (r: Row) => ({ 'data-symbol': r.symbol.symbolId, className: r.symbol.symbolId === currentSymbolId ? 'market-list__row is-current' : 'market-list__row' }),
    [currentSymbolId],
  );

  return (
    <div
      id={id}
      className={variant === 'panel' ? 'market-list market-list--panel' : 'market-list'}
      role={variant === 'panel' ? 'region' : 'dialog'}
      aria-label={t('header.marketList')}
      onKeyDown={moveFocus}
    >
      <div className="market-list__filters" role="group" aria-label={t('favourites.filter')}>
        <button type="button" className="market-list__filter" aria-pressed={!onlyFavourites} onClick={() => setOnlyFavourites(false)}>
          {t('favourites.all')}
        </button>
        <button type="button" className="market-list__filter" aria-pressed={onlyFavourites} onClick={() => setOnlyFavourites(true)}>
          {t('favourites.title')}
        </button>
      </div>
      <input
        type="search"
        className="market-list__search"
        aria-label={t('header.searchMarkets')}
        placeholder={t('header.searchPlaceholder')}
        ref={searchRef}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      <div className="market-list__scroll" ref={scrollRef}>
        <Table
          tableRef={tableRef}
          className="market-list__table"
          tableProps={{ 'data-testid': 'market-list' }}
          columns={columns}
          rows={rows}
          rowKey={(r) => r.symbol.symbolId}
          rowProps={rowProps}
        />
        {symbols && rows.length === 0 ? <p className="market-list__empty">{onlyFavourites && favs.length === 0 ? t('favourites.none') : t('header.noMatches')}</p> : null}
        {!symbols ? <p className="market-list__empty">{t('loadingMarkets')}</p> : null}
      </div>
    </div>
  );
}
