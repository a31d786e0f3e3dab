import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isRtl, type Locale } from '../core/locale.ts';
import type { Side } from '../core/order-types.ts';
import { AccountLinks } from '../features/exchange-header/AccountLinks.tsx';
import { LanguageSwitcher } from '../features/exchange-header/LanguageSwitcher.tsx';
import { Hotkeys } from '../features/hotkeys/Hotkeys.tsx';
import { OrderBookPanel } from '../features/order-book/OrderBookPanel.tsx';
import { SymbolInfo } from '../features/symbol-info/SymbolInfo.tsx';
import { TradesPanel } from '../features/trades/TradesPanel.tsx';
import { useSignals } from '../state/signals.ts';
import { isLoggedIn } from '../state/account/user.ts';
import { loadCompliance } from '../state/market/compliance.ts';
import { activeTool, closeTool } from '../state/trading/tools.ts';
import { loadAriaParts } from '../ui/aria-loader.ts';
import { Button } from '../ui/Button.tsx';
import { DialogPlaceholder } from '../ui/DialogPlaceholder.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { TabPanel, Tabs } from '../ui/Tabs.tsx';
import { ChartSlot } from './ChartSlot.tsx';
import { OrderEntrySlot, OrdersPanelSlot, TradeToastsLazy } from './TradingSlots.tsx';
import { DataBoundary } from './ErrorBoundaries.tsx';
import { Region } from './Region.tsx';
import { NoticeBarSlot } from './SecondWaveSlots.tsx';

// The order sheet (a modal) loads when first opened: it is not on the first screen.
const Dialog = lazy(() => import('../ui/Dialog.tsx').then((m) => ({ default: m.Dialog })));
// The tools' tiles, loaded when their sheet first opens.
const ToolsPanel = lazy(() => import('../features/tools/ToolsPanel.tsx').then((m) => ({ default: m.ToolsPanel })));

type MobileTab = 'chart' | 'book' | 'trades';

interface Props {
  locale: Locale;
  base: string;
  quote: string;
}

/**
 * The variant for widths of 500 px or less (spec 2.1, issue 15 item 7): the header with the account,
 * one market view at a time (chart, book, trades), the order lists, and a Buy/Sell bar kept at the
 * bottom of the screen that opens the order form as a sheet. Nothing is wider than the screen.
 */
export function MobileShell({ locale, base, quote }: Props) {
  useSignals();
  const { t } = useTranslation();
  const [tab, setTab] = useState<MobileTab>('chart');
  const [sheet, setSheet] = useState<Side | null>(null);
  // The tools (grid bot, TWAP, iceberg, chase, scaled order) in a sheet of their own; a tool's form
  // opens in the order sheet (the third walkthrough: the phone could start none of them).
  const [toolsOpen, setToolsOpen] = useState(false);
  const closeSheet = () => {
    setSheet(null);
    // A tool's form was for this visit of the sheet: Buy and Sell open the order form again.
    if (activeTool.peek()) closeTool();
  };
  /** A tool tile was pressed (it set the tool): its form opens in the order sheet. */
  const openToolForm = useCallback(() => {
    setToolsOpen(false);
    setSheet('Buy');
  }, []);
  // No book comes first here: the tab strips' react-aria code loads at once (aria-loader.ts).
  useEffect(() => {
    void loadAriaParts();
    void loadCompliance();
  }, []);
  return (
    <div className="page page--mobile" data-variant="mobile">
      {/* Everything but the Buy/Sell bar scrolls in here, so the bar covers nothing (issue 33). */}
      <div className="mobile-scroll">
        <header className="mobile-header" role="banner">
          <span className="exchange-header__brand">{t('brand')}</span>
          <div className="exchange-header__account">
            <Hotkeys locale={locale} touch />
            <AccountLinks />
            <LanguageSwitcher locale={locale} />
          </div>
        </header>
        <NoticeBarSlot locale={locale} ready />
        <Region name="symbol" labelKey="region.symbolInfo">
          <SymbolInfo base={base} quote={quote} />
        </Region>
        <Tabs
          idPrefix="mobile"
          label={t('marketViews')}
          active={tab}
          onChange={setTab}
          items={[
            { key: 'chart', label: t('chartTab') },
            { key: 'book', label: t('orderBookTab') },
            { key: 'trades', label: t('tradesTab') },
          ]}
        />
        <TabPanel idPrefix="mobile" tabKey={tab} className="mobile-panel">
          <Region name={tab} labelKey={tab === 'chart' ? 'region.chart' : tab === 'book' ? 'region.orderBook' : 'region.trades'}>
            {tab === 'book' ? <OrderBookPanel rtl={isRtl(locale)} /> : tab === 'trades' ? <TradesPanel rtl={isRtl(locale)} /> : <ChartSlot afterBook={false} />}
          </Region>
        </TabPanel>
        {isLoggedIn.value ? (
          <Region name="orders" labelKey="region.orderLists">
            <OrdersPanelSlot afterBook={false} />
          </Region>
        ) : null}
      </div>
      <div className={isLoggedIn.value ? 'mobile-trade-bar mobile-trade-bar--tools' : 'mobile-trade-bar'} role="group" aria-label={t('orderForm.title')}>
        <Button variant="buy" onClick={() => setSheet('Buy')}>
          {t('orderForm.buy')}
        </Button>
        <Button variant="sell" onClick={() => setSheet('Sell')}>
          {t('orderForm.sell')}
        </Button>
        {isLoggedIn.value ? (
          <Button onClick={() => setToolsOpen(true)} aria-haspopup="dialog">
            {t('toolsTab')}
          </Button>
        ) : null}
      </div>
      {toolsOpen ? (
        <Suspense fallback={<DialogPlaceholder label={t('loading')} />}>
          <Dialog sheet title={t('tools')} closeLabel={t('orderForm.closeSheet')} onClose={() => setToolsOpen(false)}>
            <DataBoundary name="tools">
              <Suspense fallback={<Spinner label={t('loading')} />}>
                <ToolsPanel onTrade={openToolForm} />
              </Suspense>
            </DataBoundary>
          </Dialog>
        </Suspense>
      ) : null}
      {sheet ? (
        <Suspense fallback={<DialogPlaceholder label={t('loading')} />}>
        <Dialog sheet title={t('orderForm.title')} closeLabel={t('orderForm.closeSheet')} onClose={closeSheet}>
          <Region name="forms" labelKey="region.orderForms">
            <OrderEntrySlot afterBook={false} side={sheet} toasts={false} />
          </Region>
        </Dialog>
        </Suspense>
      ) : null}
      {isLoggedIn.value ? (
        <Suspense fallback={null}>
          <TradeToastsLazy />
        </Suspense>
      ) : null}
    </div>
  );
}
