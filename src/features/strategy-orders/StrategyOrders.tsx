import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listStrategies, stopStrategy, strategyChildren } from '../../api/strategies.ts';
import { formatGrouped } from '../../core/format.ts';
import { pairOfId } from '../../core/symbols.ts';
import { STRATEGY_STATUS, type Strategy, type StrategyChild, type StrategyType } from '../../protocol/strategy.ts';
import { symbolList } from '../../state/market/markets.ts';
import { useSignals } from '../../state/signals.ts';
import { strategyPushes } from '../../state/trading/strategy-pushes.ts';
import { pushToast } from '../../state/toasts.ts';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { Table, type Column } from '../../ui/Table.tsx';
import { TabPanel, Tabs } from '../../ui/Tabs.tsx';
import { WebhookPanel } from './WebhookPanel.tsx';
import './strategy-orders.css';

const TABS: readonly (StrategyType | 'webhook')[] = ['iceberg', 'twap', 'chaseOrder', 'webhook'];
type View = 'running' | 'history';
const LIVE: readonly number[] = [STRATEGY_STATUS.running, STRATEGY_STATUS.untriggered, STRATEGY_STATUS.paused];

/** The list as loaded, with the pushes since laid over it (a strategy that ended leaves Running, a new one joins). */
function merged(list: readonly Strategy[], pushes: readonly Strategy[], type: StrategyType, view: View): Strategy[] {
  const byId = new Map(list.map((s) => [s.strategyId, s]));
  for (const p of pushes) if (p.type === type) byId.set(p.strategyId, p);
  const keep = (s: Strategy) => (view === 'running' ? LIVE.includes(s.status) : !LIVE.includes(s.status));
  return [...byId.values()].filter(keep).sort((a, b) => b.createdMs - a.createdMs);
}

function elapsed(s: Strategy, now: number): string {
  if (!s.startedMs) return '--';
  const sec = Math.max(0, Math.floor(((s.endedMs || now) - s.startedMs) / 1000));
  const h = Math.floor(sec / 3600);
  const m = Math.floor((sec % 3600) / 60);
  return h > 0 ? `${h}h ${String(m).padStart(2, '0')}m` : `${m}m ${String(sec % 60).padStart(2, '0')}s`;
}

/** Spec 2.13's Strategy orders: iceberg, TWAP and chase, each running or ended, live from the `strategy` topic; and the webhook. */
export function StrategyOrders() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<StrategyType | 'webhook'>('twap');
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
  const [list, setList] = useState<readonly Strategy[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const [now, setNow] = useState(Date.now());

  useEffect(() => {
    let live = true;
    setList(null);
    setError(null);
    listStrategies(view === 'running' ? 2 : 3, type).then(
      (l) => live && setList(l),
      (err: Error) => {
        if (!live) return;
        // Spec 8: a list that fails to load says the server's message.
        setError(err.message);
        pushToast({ kind: 'error', titleKey: 'errorCodes:operationFail', text: err.message });
      },
    );
    return () => {
      live = false;
    };
  }, [type, view]);

  const rows = list ? merged(list, strategyPushes.value, type, view) : [];
  const running = view === 'running' && rows.length > 0;
  useEffect(() => {
    if (!running) return;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [running]);

  const stop = async (s: Strategy) => {
    try {
      await stopStrategy(s.strategyId);
      pushToast({ kind: 'success', key: 'strategy.stopped' });
    } catch (err) {
      pushToast({ kind: 'error', titleKey: 'errorCodes:operationFail', text: (err as Error).message });
    }
  };

  const pairs = symbolList.value;
  const columns: Column<Strategy>[] = [
    { key: 'pair', header: t('strategy.pair'), cell: (s) => pairOfId(pairs, s.symbol), rowHeader: true },
    { key: 'side', header: t('strategy.side'), cell: (s) => <span className={s.side === 'Buy' ? 'num--up' : 'num--down'}>{t(s.side === 'Buy' ? 'chart.lineBuy' : 'chart.lineSell')}</span> },
    {
      key: 'progress',
      header: t('strategy.progress'),
      cell: (s) => (
        <span data-testid="strategy-progress">
          {s.executedSize} / {s.size}
        </span>
      ),
    },
    { key: 'avg', header: t('strategy.avgPrice'), cell: (s) => (s.executedAvgPrice ? formatGrouped(s.executedAvgPrice, 8) : '--') },
    { key: 'elapsed', header: t('strategy.elapsed'), cell: (s) => elapsed(s, now) },
    { key: 'status', header: t('strategy.status'), cell: (s) => t(`strategy.statusName.${s.status}`, { defaultValue: String(s.status) }) },
    {
      key: 'actions',
      header: t('strategy.actions'),
      cell: (s) => (
        <span className="orders-table__actions">
          <Button aria-expanded={open === s.strategyId} onClick={() => setOpen(open === s.strategyId ? null : s.strategyId)}>
            {t('strategy.children')}
          </Button>
          {LIVE.includes(s.status) ? <Button onClick={() => void stop(s)}>{t('strategy.stop')}</Button> : null}
        </span>
      ),
    },
  ];

  return (
    <>
      <div className="orders-panel__ranges" role="radiogroup" aria-label={t('strategy.view')}>
        {(['running', 'history'] as const).map((v) => (
          <button key={v} type="button" role="radio" aria-checked={view === v} className="orders-panel__chip" onClick={() => setView(v)}>
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
          <Table className="orders-table" label={t(`strategy.type.${type}`)} columns={columns} rows={rows} rowKey={(s) => s.strategyId} tableProps={{ 'data-testid': 'strategy-table' }} />
        )
      ) : null}
      {open ? <Children strategyId={open} /> : null}
    </>
  );
}

function Children({ strategyId }: { strategyId: string }) {
  useSignals();
  const { t } = useTranslation();
  const [kids, setKids] = useState<readonly StrategyChild[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Reloaded when a push says the strategy moved.
  const stamp = strategyPushes.value.find((s) => s.strategyId === strategyId)?.executedSize ?? '';
  useEffect(() => {
    let live = true;
    strategyChildren(strategyId).then(
      (k) => live && setKids(k),
      (err: Error) => live && setError(err.message),
    );
    return () => {
      live = false;
    };
  }, [strategyId, stamp]);
  if (error) return <p className="orders-empty" role="alert">{error}</p>;
  if (!kids) return <Spinner label={t('loading')} />;
  const columns: Column<StrategyChild>[] = [
    { key: 'time', header: t('strategy.time'), cell: (c) => new Date(c.createdMs).toLocaleTimeString() },
    { key: 'price', header: t('strategy.price'), cell: (c) => (c.price ? formatGrouped(c.price, 8) : t('strategy.market')) },
    { key: 'filled', header: t('strategy.filled'), cell: (c) => `${c.executedSize} / ${c.size}` },
    { key: 'status', header: t('strategy.status'), cell: (c) => t(`strategy.childStatus.${c.status}`, { defaultValue: String(c.status) }) + (c.msg ? ` (${c.msg})` : '') },
  ];
  return <Table className="orders-table strategy-orders__children" label={t('strategy.children')} columns={columns} rows={kids} rowKey={(c) => c.orderId} />;
}
