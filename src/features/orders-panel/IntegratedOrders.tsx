import { isUserOrder } from '../../core/order-types.ts';
import { lazy, Suspense, useState } from 'react';
import { complianceConfig } from '../../state/market/compliance.ts';
import { useTranslation } from 'react-i18next';
import { HISTORY_DAYS, historyDays, historyMore, historyStatus, openOrdersKnown, openStatus, ORDER_GROUPS, ordersScope, shownHistoryOrders, shownOpenOrders, shownTradeHistory, tradesMore, tradesStatus } from '../../state/trading/orders.ts';
import { setHistoryDays, showMoreHistory, showMoreTrades, showOrdersView } from '../../state/trading/orders-view.ts';
import { useSignals } from '../../state/signals.ts';
import { user } from '../../state/account/user.ts';
import { gridBotsShown } from '../../state/trading/grid-bots.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { OverflowTabs } from '../../ui/OverflowTabs.tsx';
import { TabPanel } from '../../ui/Tabs.tsx';
import { CancelAllButton } from './CancelAllButton.tsx';
import { OpenOrdersPending, OrderTable } from './OrderTable.tsx';
import { PanelToolbar } from './PanelToolbar.tsx';
import { TradesTable } from './TradesTable.tsx';
import type { RowActions } from './use-row-actions.tsx';

type IntegratedTab = 'open' | 'positions' | 'history' | 'trades' | 'pnl' | 'tools' | 'borrowings' | 'strategy' | 'lt';
const PositionsTab = lazy(() => import('../margin/MarginTabs.tsx').then((m) => ({ default: m.PositionsTab })));
const PnlTab = lazy(() => import('../margin/MarginTabs.tsx').then((m) => ({ default: m.PnlTab })));
const BorrowingsTab = lazy(() => import('../margin/MarginTabs.tsx').then((m) => ({ default: m.BorrowingsTab })));
/** The margin tabs (spec 2.13), one lazy chunk. */
const MARGIN_TABS: Partial<Record<IntegratedTab, typeof PositionsTab>> = { positions: PositionsTab, pnl: PnlTab, borrowings: BorrowingsTab };
const LtRecords = lazy(() => import('../lever-token/LtRecords.tsx').then((m) => ({ default: m.LtRecords })));
const StrategyOrders = lazy(() => import('../strategy-orders/StrategyOrders.tsx').then((m) => ({ default: m.StrategyOrders })));
// Spec 2.13's Tools tab: the account's grid bots (running and completed, every pair) with their
// figures and Close, and its strategies with theirs (issue 32: it only said "not available").
const GridBotPanel = lazy(() => import('../grid-bots/GridBotPanel.tsx').then((m) => ({ default: m.GridBotPanel })));
const TABS: readonly Exclude<IntegratedTab, 'lt'>[] = ['open', 'positions', 'history', 'trades', 'pnl', 'tools', 'borrowings', 'strategy'];
/** Tabs whose data the local exchange has no endpoint for; they show their empty state. */
/** Tab names the integratedTrade namespace already holds. */
const LABEL_KEY: Record<Exclude<IntegratedTab, 'lt'>, string> = {
  open: 'openOrders', positions: 'positions', history: 'orderHistory', trades: 'tradeHistory', pnl: 'profitAndLoss', tools: 'tools', borrowings: 'borrowings', strategy: 'strategyOrders',
};
const PANEL_OF: Partial<Record<IntegratedTab, 'current' | 'history' | 'trades' | 'lt'>> = { open: 'current', history: 'history', trades: 'trades', lt: 'lt' };

/** The unified account's integrated orders area (spec 2.13): one open-orders list for every kind. */
export function IntegratedOrders({ actions }: { actions: RowActions }) {
  useSignals();
  const { t } = useTranslation();
  const u = user.value;
  const [tab, setLocalTab] = useState<IntegratedTab>('open');
  const open = shownOpenOrders.value;
  const setTab = (next: IntegratedTab) => {
    setLocalTab(next);
    // Tabs without a list of ours keep the session loading nothing extra.
    showOrdersView(PANEL_OF[next] ?? 'current', 'ordinary');
  };
  const loading = (tab === 'history' && historyStatus.value === 'loading') || (tab === 'trades' && tradesStatus.value === 'loading');
  return (
    <div className="orders-panel orders-panel--integrated">
      <div className="orders-panel__head">
        <OverflowTabs
          moreLabel={t('orders.moreTabs')}
          idPrefix="uta-orders"
          label={t('orders.title')}
          active={tab}
          onChange={setTab}
          items={[
            ...TABS.map((k) => ({ key: k, label: k === 'open' ? (openOrdersKnown.value ? t('integratedTrade:utaOrders.openCount', { count: open.length }) : t('integratedTrade:openOrders')) : t(`integratedTrade:${LABEL_KEY[k as Exclude<IntegratedTab, 'lt'>]}`) })),
            // Spec 2.12: the leveraged-token records, where compliance allows them and not on demo.
            ...(complianceConfig.value.ltRecords && !u.isDemoAccount ? [{ key: 'lt' as const, label: t('lt.recordsTab') }] : []),
          ]}
        />
        <PanelToolbar filters={PANEL_OF[tab] !== undefined && tab !== 'lt'}>{tab === 'open' ? <CancelAllButton groups={ORDER_GROUPS} symbolId={ordersScope.value ?? undefined} disabled={!open.some(isUserOrder)} confirm={u.doubleConfirm.notifyClose} /> : null}</PanelToolbar>
      </div>
      <TabPanel idPrefix="uta-orders" tabKey={tab} className="orders-panel__body">
        {tab === 'history' || tab === 'trades' ? (
          <div className="orders-panel__ranges" role="radiogroup" aria-label={t('orders.range')}>
            {HISTORY_DAYS.map((d) => (
              <button key={d} type="button" role="radio" aria-checked={historyDays.value === d} className="orders-panel__chip" onClick={() => setHistoryDays(d)}>
                {t('orders.lastDays', { count: d })}
              </button>
            ))}
          </div>
        ) : null}
        {loading ? <Spinner label={t('loading')} /> : null}
        {tab === 'open' ? (
          openOrdersKnown.value ? <OrderTable orders={open} actions={actions} label={t('integratedTrade:openOrders')} emptyText={t('orders.empty')} /> : <OpenOrdersPending failed={openStatus.value === 'error'} />
        ) : null}
        {tab === 'history' && !loading ? <OrderTable orders={shownHistoryOrders.value} onNearEnd={showMoreHistory} loadingMore={historyMore.value === 'loading'} label={t('integratedTrade:orderHistory')} emptyText={t('orders.empty')} /> : null}
        {tab === 'trades' && !loading ? <TradesTable trades={shownTradeHistory.value} onNearEnd={showMoreTrades} loadingMore={tradesMore.value === 'loading'} emptyText={t('orders.empty')} /> : null}
        {tab === 'lt' ? (
          <Suspense fallback={<Spinner label={t('loading')} />}>
            <LtRecords />
          </Suspense>
        ) : null}
        {tab === 'tools' ? (
          <Suspense fallback={<Spinner label={t('loading')} />}>
            {gridBotsShown.value ? <GridBotPanel embedded /> : null}
            <StrategyOrders />
          </Suspense>
        ) : null}
        {tab === 'strategy' ? (
          <Suspense fallback={<Spinner label={t('loading')} />}>
            <StrategyOrders />
          </Suspense>
        ) : null}
        {MARGIN_TABS[tab] ? (
          <Suspense fallback={<Spinner label={t('loading')} />}>
            {(() => {
              const Tab = MARGIN_TABS[tab]!;
              return <Tab />;
            })()}
          </Suspense>
        ) : null}
        {!PANEL_OF[tab] && !MARGIN_TABS[tab] && tab !== 'strategy' && tab !== 'tools' ? <p className="orders-empty">{t('integratedTrade:utaOrders.notAvailable')}</p> : null}
      </TabPanel>
    </div>
  );
}
