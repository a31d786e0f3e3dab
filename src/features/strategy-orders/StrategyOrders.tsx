import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTimeIn } from '../../core/datetime.ts';
import { timeHeader } from '../hooks/time-header.ts';
import { formatGrouped, formatQuantity } from '../../core/format.ts';
import { pairOfId } from '../../core/symbols.ts';
import { symbolList } from '../../state/market/markets.ts';
import { useSignals } from '../../state/signals.ts';
import {
  endReasonKey, isLiveStrategy, isStoppingStrategy, showStrategyType, shownStrategyType, stopStrategy, strategyChildrenError, strategyChildrenOf, strategyListError, strategyRows, watchStrategies, watchStrategyChildren,
  type Strategy, type StrategyChild, type StrategyType, type StrategyView,
} from '../../state/trading/strategies.ts';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { type Column } from '../../ui/Table.tsx';
import { VirtualTable } from '../../ui/VirtualTable.tsx';
import { TabPanel, Tabs } from '../../ui/Tabs.tsx';
import { WebhookPanel } from './WebhookPanel.tsx';
import './strategy-orders.css';

const TABS: readonly (StrategyType | 'webhook')[] = ['iceberg', 'twap', 'chaseOrder', 'webhook'];
type View = StrategyView;

function elapsed(s: Strategy, now: number): string {
  if (!s.startedMs) return '--';
  const sec = Math.max(0, Math.floor(((s.endedMs || now) - s.startedMs) / 1000));
  const h = Math.floor(sec / 3600);
  const m = Math.floor((sec % 3600) / 60);
  return h > 0 ? `${h}h ${String(m).padStart(2, '0')}m` : `${m}m ${String(sec % 60).padStart(2, '0')}s`;
}

/** Spec 2.13's Strategy orders: iceberg, TWAP and chase, each running or ended, live from the `strategy` topic; and the webhook. */
export function StrategyOrders() {
  useSignals();
  const { t } = useTranslation();
  const tab = shownStrategyType.value;
  const setTab = showStrategyType;
  return (
    <div className="strategy-orders">
      <Tabs idPrefix="strategy-type" label={t('strategy.types')} active={tab} onChange={setTab} items={TABS.map((k) => ({ key: k, label: t(`strategy.type.${k}`) }))} />
      <TabPanel idPrefix="strategy-type" tabKey={tab}>
        {tab === 'webhook' ? <WebhookPanel /> : <StrategyList key={tab} type={tab} />}
      </TabPanel>
    </div>
  );
}

function StrategyList({ type }: { type: StrategyType }) {
  useSignals();
  const { t } = useTranslation();
  const [view, setView] = useState<View>('running');
  const [open, setOpen] = useState<string | null>(null);
  const [now, setNow] = useState(Date.now());
  // The list (read once while shown, state/trading/strategies.ts) with the pushes laid over it.
  useEffect(() => watchStrategies(type, view), [type, view]);
  const list = strategyRows(type, view);
  const error = strategyListError(type, view);

  const rows = list ?? [];
  const running = view === 'running' && rows.length > 0;
  // The elapsed column's clock (a display tick, not a read).
  useEffect(() => {
    if (!running) return;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [running]);

  const openRow = open === null ? undefined : rows.find((r) => r.strategyId === open);
  const pairs = symbolList.value;
  const pairOf = (s: Strategy) => pairs.find((x) => x.symbolId === s.symbol);
  const columns: Column<Strategy>[] = [
    { key: 'pair', header: t('strategy.pair'), cell: (s) => pairOfId(pairs, s.symbol), rowHeader: true },
    { key: 'side', header: t('strategy.side'), cell: (s) => <span className={s.side === 'Buy' ? 'num--up' : 'num--down'}>{t(s.side === 'Buy' ? 'chart.lineBuy' : 'chart.lineSell')}</span> },
    {
      key: 'progress',
      header: t('strategy.progress'),
      // With the base coin's unit (third walkthrough: "0.02 / 0.05" said nothing of what).
      cell: (s) => (
        <span data-testid="strategy-progress">
          {/* At the pair's quantity places, as the toasts write them (fifth walkthrough: "0.001 / 0.01" beside "0.001000 BTC"). */}
          {formatQuantity(s.executedSize, pairOf(s)?.quantityPrecision, true)} / {formatQuantity(s.size, pairOf(s)?.quantityPrecision, true)} {pairOf(s)?.baseTokenName ?? ''}
        </span>
      ),
    },
    { key: 'avg', header: t('strategy.avgPrice'), // At the pair's price precision (spec 5.12; it showed 189.96000000), in the quote coin.
      cell: (s) => (s.executedAvgPrice ? `${formatGrouped(s.executedAvgPrice, pairOf(s)?.pricePrecision)} ${pairOf(s)?.quoteTokenName ?? ''}`.trim() : '--') },
    { key: 'elapsed', header: t('strategy.elapsed'), cell: (s) => elapsed(s, now) },
    {
      key: 'status',
      header: t('strategy.status'),
      // Wraps (sixth walkthrough: at 1366 the waiting reason ran under the held Actions column).
      className: 'strategy-orders__status',
      // A running strategy the exchange says places nothing now says why (fourth walkthrough: a post-only
      // iceberg priced through the book read "Running 0 / 0.004 BTC" with no hint that it waits).
      cell: (s) => (
        <>
          {t(`strategy.statusName.${s.status}`, { defaultValue: String(s.status) })}
          {isLiveStrategy(s) && s.waitReason ? (
            <span className="strategy-wait" data-testid="strategy-wait">
              {' · '}
              {t(`strategy.wait.${s.waitReason}`)}
            </span>
          ) : null}
        </>
      ),
    },
    // Why the exchange ended it (its terminateType; fourth walkthrough: a chase ended beyond its maximum price said nothing of it).
    ...(view === 'history'
      ? [{ key: 'reason', header: t('strategy.reason'), cell: (s: Strategy) => { const k = endReasonKey(s.terminateType); return k ? t(k) : '--'; } }]
      : []),
    {
      key: 'actions',
      header: t('strategy.actions'),
      // Kept in view while a narrow table scrolls sideways (third walkthrough: Stop was off-screen at 390 px).
      className: 'sticky-end-col',
      cell: (s) => (
        <span className="orders-table__actions">
          <Button aria-expanded={open === s.strategyId} onClick={() => setOpen(open === s.strategyId ? null : s.strategyId)}>
            {t('strategy.children')}
          </Button>
          {isLiveStrategy(s) ? <Button busy={isStoppingStrategy(s.strategyId)} onClick={() => void stopStrategy(s)}>{t('strategy.stop')}</Button> : null}
        </span>
      ),
    },
  ];

  return (
    <>
      <div className="orders-panel__ranges" role="radiogroup" aria-label={t('strategy.view')}>
        {(['running', 'history'] as const).map((v) => (
          <button key={v} type="button" role="radio" aria-checked={view === v} className="orders-panel__chip" onClick={() => (setView(v), setOpen(null))}>
            {t(`strategy.${v}`)}
          </button>
        ))}
      </div>
      {list === null && error === null ? <Spinner label={t('loading')} /> : null}
      {error !== null ? (
        <p className="orders-empty" role="alert">
          {error}
        </p>
      ) : null}
      {list !== null ? (
        rows.length === 0 ? (
          <p className="orders-empty">{t('strategy.empty')}</p>
        ) : (
          <VirtualTable className="orders-table" label={t(`strategy.type.${type}`)} columns={columns} rows={rows} rowKey={(s) => s.strategyId} tableProps={{ 'data-testid': 'strategy-table' }} />
        )
      ) : null}
      {/* Only under a strategy the list shows (sixth walkthrough: it stayed below "No strategies" after switching to Running). */}
      {openRow ? <Children strategyId={openRow.strategyId} pair={openRow.symbol} /> : null}
    </>
  );
}

function Children({ strategyId, pair }: { strategyId: string; pair: string | undefined }) {
  useSignals();
  const { t, i18n } = useTranslation();
  // Read while shown, and again when a push says the strategy moved (state/trading/strategies.ts).
  useEffect(() => watchStrategyChildren(strategyId), [strategyId]);
  const kids = strategyChildrenOf(strategyId);
  const error = strategyChildrenError(strategyId);
  if (error) return <p className="orders-empty" role="alert">{error}</p>;
  if (!kids) return <Spinner label={t('loading')} />;
  const sym = symbolList.value.find((x) => x.symbolId === pair);
  const columns: Column<StrategyChild>[] = [
    { key: 'time', header: timeHeader(t, t('strategy.time')), cell: (c) => formatTimeIn(c.createdMs, i18n.language) },
    // At the pair's price precision, in its quote coin (it was written at eight places).
    { key: 'price', header: t('strategy.price'), cell: (c) => (c.price ? `${formatGrouped(c.price, sym?.pricePrecision ?? 8)} ${sym?.quoteTokenName ?? ''}`.trim() : t('strategy.market')) },
    // At the pair's quantity places, as the strategy's row writes them (sixth walkthrough: "0.003 / 0.003 ETH" as the exchange sent it).
    { key: 'filled', header: t('strategy.filled'), cell: (c) => `${formatQuantity(c.executedSize, sym?.quantityPrecision, true)} / ${formatQuantity(c.size, sym?.quantityPrecision, true)} ${sym?.baseTokenName ?? ''}`.trim() },
    { key: 'status', header: t('strategy.status'), cell: (c) => t(`strategy.childStatus.${c.status}`, { defaultValue: String(c.status) }) + (c.msg ? ` (${c.msg})` : '') },
  ];
  if (kids.length === 0) return <p className="orders-empty" data-testid="strategy-children-empty">{t('strategy.childrenEmpty')}</p>;
  return <VirtualTable box="stacked" className="orders-table strategy-orders__children" label={t('strategy.children')} columns={columns} rows={kids} rowKey={(c) => c.orderId} />;
}
