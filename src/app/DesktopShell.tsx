import { lazy, Suspense, useEffect, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { isRtl, type Locale } from '../core/locale.ts';
import { BookAndTrades } from '../features/market-area/BookAndTrades.tsx';
import { ExchangeHeader } from '../features/exchange-header/ExchangeHeader.tsx';
import { SymbolInfo } from '../features/symbol-info/SymbolInfo.tsx';
import { activeSymbol } from '../state/market/active-market.ts';
import { loadCompliance } from '../state/market/compliance.ts';
import { useSignals } from '../state/signals.ts';
import { Spinner } from '../ui/Spinner.tsx';
import { loadAriaParts } from '../ui/aria-loader.ts';
import { TabPanel, Tabs } from '../ui/Tabs.tsx';
import { ChartSlot } from './ChartSlot.tsx';
import { OrderEntrySlot, OrdersPanelSlot } from './TradingSlots.tsx';
import { DataBoundary } from './ErrorBoundaries.tsx';
import { AnnouncementSlot, FavouriteStarSlot, FooterSlot, NoticeBarSlot } from './SecondWaveSlots.tsx';
import { Region } from './Region.tsx';
import { useAfterFirstBook } from './useAfterFirstBook.ts';
import { OrdersSplitter } from './OrdersSplitter.tsx';
import { BookSplitter } from './BookSplitter.tsx';
import { BOOK_TRADES_SIDE_BY_SIDE_MIN_WIDTH } from '../core/constants.ts';
import { ladderShown, ordersHeight } from '../state/layout.ts';
import { startWorkspaceSync, workspace } from '../state/account/workspace.ts';
import { BOOK_MIN_WIDTH, panelAt, type PanelId } from '../core/workspace.ts';
import { WorkspaceButton } from '../features/workspace/WorkspaceButton.tsx';
import { poppedOut, watchPopouts } from '../state/popouts.ts';
import { useMediaQuery } from '../features/hooks/useMediaQuery.ts';
import { tradeGridStyle, WIDE_GRID_MIN_WIDTH } from './trade-grid.ts';

// The right-hand column comes after the book's first rows (it holds the pair's assets and, when wide, the market list).
const RightColumn = lazy(() => import('./RightColumn.tsx').then((m) => ({ default: m.RightColumn })));
// The price ladder (issue 35 item 2) loads when the person shows it: hidden, none of its code runs.
const LadderPanel = lazy(() => import('../features/ladder/LadderPanel.tsx').then((m) => ({ default: m.LadderPanel })));
// Two or four charts (issue 36 item 3): the extra ones' code loads when the layout asks for them.
const ExtraCharts = lazy(() => import('../features/chart-panel/ExtraCharts.tsx').then((m) => ({ default: m.ExtraCharts })));
const ToolsPanel = lazy(() => import('../features/tools/ToolsPanel.tsx').then((m) => ({ default: m.ToolsPanel })));

type MainTab = 'trade' | 'tools';

interface Props {
  locale: Locale;
  base: string;
  quote: string;
}

/** The desktop trading page (spec 2.2): header, Trade/Tools strip, and the trading regions. */
export function DesktopShell({ locale, base, quote }: Props) {
  useSignals();
  const { t } = useTranslation();
  const [tab, setTab] = useState<MainTab>('trade');
  // The tab strips' and hints' react-aria code comes after the book's first rows (aria-loader.ts).
  // Not after the chart: the notice bar, banner and footer change the chart's height, and came after its
  // first candles as a layout shift under the pointer (a fresh-clone run caught it in overlays.spec).
  const afterBook = useAfterFirstBook(true);
  useEffect(() => {
    if (!afterBook) return;
    void loadAriaParts();
    void loadCompliance();
  }, [afterBook]);
  useEffect(() => startWorkspaceSync(), []);
  useEffect(() => watchPopouts(), []);
  const saved = workspace.value;
  // A panel in a window of its own (issue 36 item 3) is hidden here meanwhile, and not kept so.
  const out = poppedOut.value;
  const ws = out.length === 0 ? saved : { ...saved, hidden: [...new Set([...saved.hidden, ...out])] };
  const shown = (p: PanelId) => !ws.hidden.includes(p);
  const wide = useMediaQuery(`(min-width: ${WIDE_GRID_MIN_WIDTH}px)`);
  // A hidden panel's space goes to its neighbours (issue 36 item 3); with none hidden, styles.css's grid.
  const gridStyle = tradeGridStyle(wide, ladderShown.value, ws.hidden.map((p) => ws.places[p]));
  // The split sits between the chart's and the orders' places: only while both are shown.
  const splitShown = shown(panelAt(ws, 'chart')) && shown(panelAt(ws, 'orders'));
  // The book's column as the person set it (BookSplitter), never narrower than its content needs.
  const sideBySide = useMediaQuery(`(min-width: ${BOOK_TRADES_SIDE_BY_SIDE_MIN_WIDTH}px)`);
  const bookMin = sideBySide ? 2 * BOOK_MIN_WIDTH : BOOK_MIN_WIDTH;
  const bookWidth = ws.bookWidth === null ? null : Math.max(bookMin, ws.bookWidth);
  const columnSplitShown = shown(panelAt(ws, 'book')) && shown(panelAt(ws, 'chart'));
  const style = bookWidth === null ? gridStyle : ({ ...gridStyle, '--book-col': `${bookWidth}px` } as CSSProperties);
  return (
    <div
      className="page page--desktop"
      data-variant="desktop"
      // The orders area's height as the person set it (OrdersSplitter), else styles.css's default.
      style={ordersHeight.value === null ? undefined : ({ '--orders-h': `${ordersHeight.value}px` } as CSSProperties)}
    >
      <ExchangeHeader locale={locale}>
        <Tabs
          idPrefix="main"
          label={t('tradeModes')}
          className="main-tabs"
          active={tab}
          onChange={setTab}
          items={[
            { key: 'trade', label: t('tradeTab') },
            { key: 'tools', label: t('toolsTab') },
          ]}
        />
        {tab === 'trade' ? <WorkspaceButton locale={locale} base={base} quote={quote} /> : null}
      </ExchangeHeader>
      <NoticeBarSlot locale={locale} ready={afterBook} />
      {tab === 'trade' ? (
        <TabPanel idPrefix="main" tabKey="trade" className={ladderShown.value ? 'trade-grid trade-grid--ladder' : 'trade-grid'} style={style ?? undefined}>
          <Region name="symbol" labelKey="region.symbolInfo">
            <SymbolInfo base={base} quote={quote} star={<FavouriteStarSlot symbolId={activeSymbol.value?.symbolId} pair={`${base}/${quote}`} ready={afterBook} />} />
          </Region>
          {shown('chart') ? (<Region name="chart" labelKey="region.chart" place={ws.places.chart}>
            {ws.charts.count > 1 ? (
              <div className={`chart-grid chart-grid--${ws.charts.count}`}>
                <ChartSlot afterBook />
                {afterBook ? (
                  <Suspense fallback={null}>
                    <ExtraCharts />
                  </Suspense>
                ) : null}
              </div>
            ) : (
              <ChartSlot afterBook />
            )}
          </Region>) : null}
          {shown('book') ? (<Region name="book" labelKey="region.orderBook" place={ws.places.book}>
            <BookAndTrades rtl={isRtl(locale)} ladderToggle />
          </Region>) : null}
          {ladderShown.value ? (
            <Region name="ladder" labelKey="ladder.title">
              <Suspense fallback={null}>
                <LadderPanel locale={locale} />
              </Suspense>
            </Region>
          ) : null}
          {shown('forms') ? (<Region name="forms" labelKey="region.orderForms" place={ws.places.forms}>
            <OrderEntrySlot afterBook />
          </Region>) : null}
          {shown('orders') ? (<Region name="orders" labelKey="region.orderLists" place={ws.places.orders}>
            <OrdersPanelSlot afterBook />
          </Region>) : null}
          {splitShown ? <OrdersSplitter /> : null}
          {columnSplitShown ? <BookSplitter place="book" bookRegion={panelAt(ws, 'book')} chartRegion={panelAt(ws, 'chart')} min={bookMin} /> : null}
          {shown('right') ? (<Region name="right" labelKey="region.rightColumn" place={ws.places.right}>
            {/* The pair's assets and the market list come after the book's first rows. */}
            {afterBook ? (
              <Suspense fallback={null}>
                <RightColumn />
              </Suspense>
            ) : null}
          </Region>) : null}
        </TabPanel>
      ) : (
        <TabPanel idPrefix="main" tabKey="tools" className="tools-view">
          <DataBoundary name="tools">
            <Suspense fallback={<Spinner label={t('loading')} />}>
              <ToolsPanel onTrade={() => setTab('trade')} />
            </Suspense>
          </DataBoundary>
        </TabPanel>
      )}
      <FooterSlot locale={locale} ready={afterBook} />
      <AnnouncementSlot locale={locale} ready={afterBook} />
    </div>
  );
}
