import { isUserOrder } from '../../core/order-types.ts';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { orderSubTabs } from '../../core/order-sub-tabs.ts';
import type { OrderGroup } from '../../core/order-groups.ts';
import { groupOfPlan } from '../../core/order-groups.ts';
import {
  HISTORY_DAYS, historyDays, historyMore, historyStatus, openCounts, openOrdersKnown, openStatus, ordersScope, panelView, shownHistoryOrders, shownOpenOrders, shownTradeHistory, tradesMore, tradesStatus,
  type PanelTab,
} from '../../state/trading/orders.ts';
import { complianceConfig } from '../../state/market/compliance.ts';
import { setHistoryDays, showMoreHistory, showMoreTrades, showOrdersView } from '../../state/trading/orders-view.ts';
import { useSignals } from '../../state/signals.ts';
import { user } from '../../state/account/user.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { OverflowTabs } from '../../ui/OverflowTabs.tsx';
import { TabPanel, Tabs } from '../../ui/Tabs.tsx';
import { CancelAllButton } from './CancelAllButton.tsx';
import { allOrdersLink, PERFORMANCE_LINK } from './links.ts';
import { OpenOrdersPending, OrderTable } from './OrderTable.tsx';
import { PanelToolbar } from './PanelToolbar.tsx';
import { TradesTable } from './TradesTable.tsx';
import type { RowActions } from './use-row-actions.tsx';

const LtRecords = lazy(() => import('../lever-token/LtRecords.tsx').then((m) => ({ default: m.LtRecords })));

/** The classic account's orders panel (spec 2.12). */
export function ClassicOrders({ actions }: { actions: RowActions }) {
  useSignals();
  const { t } = useTranslation();
  const u = user.value;
  const { tab, group } = panelView.value;
  const counts = openCounts.value;
  const groups: OrderGroup[] = orderSubTabs(tab === 'history' ? 'history' : 'current', u.isDemoAccount, complianceConfig.value);
  // The current-orders count covers the sub-tabs it offers.
  const total = orderSubTabs('current', u.isDemoAccount, complianceConfig.value).reduce((n, g) => n + counts[g], 0);
  const visibleOpen = shownOpenOrders.value.filter((o) => groupOfPlan(o.planType) === group);
  const setTab = (next: PanelTab) => showOrdersView(next, group);
  const setGroup = (next: OrderGroup) => showOrdersView(tab, next);
  // A sub-tab compliance hides (or that a tab does not have) falls back to ordinary orders.
  const groupShown = tab === 'trades' || tab === 'lt' || groups.includes(group);
  // Spec 2.12: the leveraged-token records tab, where compliance allows it and not on demo.
  const ltTab = complianceConfig.value.ltRecords && !u.isDemoAccount;
  useEffect(() => {
    if (tab === 'lt' && !ltTab) showOrdersView('current', group);
  }, [tab, ltTab, group]);
  useEffect(() => {
    if (!groupShown) showOrdersView(tab, 'ordinary');
  }, [groupShown, tab]);
  const loading = (tab === 'history' && historyStatus.value === 'loading') || (tab === 'trades' && tradesStatus.value === 'loading');

  return (
    <div className="orders-panel">
      <div className="orders-panel__head">
        <OverflowTabs
          moreLabel={t('orders.moreTabs')}
          idPrefix="orders"
          label={t('orders.title')}
          active={tab}
          onChange={setTab}
          items={[
            { key: 'current', label: openOrdersKnown.value ? t('orders.tabs.currentCount', { count: total }) : t('orders.tabs.current') },
            { key: 'history', label: t('orders.tabs.history') },
            { key: 'trades', label: t('orders.tabs.trades') },
            ...(ltTab ? [{ key: 'lt' as const, label: t('lt.recordsTab') }] : []),
          ]}
        />
        <PanelToolbar filters={tab !== 'lt'}>
          {tab === 'current' ? <CancelAllButton groups={[group]} symbolId={ordersScope.value ?? undefined} disabled={!visibleOpen.some(isUserOrder)} confirm={u.doubleConfirm.notifyClose} /> : null}
          {tab !== 'lt' ? <a href={allOrdersLink(tab, group)}>{t('orders.allOrders')}</a> : null}
          {tab === 'history' && !u.isDemoAccount ? (
            <a href={PERFORMANCE_LINK} target="_blank" rel="noopener noreferrer">
              {t('orders.performance')}
            </a>
          ) : null}
        </PanelToolbar>
      </div>
      <TabPanel idPrefix="orders" tabKey={tab} className="orders-panel__body">
        {tab === 'lt' ? (
          <Suspense fallback={<Spinner label={t('loading')} />}>
            <LtRecords />
          </Suspense>
        ) : null}
        {tab !== 'trades' && tab !== 'lt' ? (
          <Tabs
            idPrefix="orders-sub"
            label={t('orders.subTabs')}
            className="orders-panel__sub"
            active={group}
            onChange={setGroup}
            items={groups.map((g) => ({ key: g, label: tab === 'current' ? t(`orders.groupCount.${g}`, { count: counts[g] }) : t(`orders.group.${g}`) }))}
          />
        ) : null}
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
        {tab === 'current' ? (
          openOrdersKnown.value ? <OrderTable orders={visibleOpen} actions={actions} label={t(`orders.group.${group}`)} emptyText={t('orders.empty')} /> : <OpenOrdersPending failed={openStatus.value === 'error'} />
        ) : null}
        {tab === 'history' && !loading ? <OrderTable orders={shownHistoryOrders.value} onNearEnd={showMoreHistory} loadingMore={historyMore.value === 'loading'} label={t('orders.tabs.history')} emptyText={t('orders.empty')} /> : null}
        {tab === 'trades' && !loading ? <TradesTable trades={shownTradeHistory.value} onNearEnd={showMoreTrades} loadingMore={tradesMore.value === 'loading'} emptyText={t('orders.empty')} /> : null}
      </TabPanel>
    </div>
  );
}
