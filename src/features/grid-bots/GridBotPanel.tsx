import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GRID_BOT_POLL_MS } from '../../core/constants.ts';
import { GRID_LIST_HISTORY, GRID_LIST_RUNNING } from '../../core/chart/grid-bot.ts';
import { formatGrouped } from '../../core/format.ts';
import { fetchGridBots, type GridBot } from '../../api/grid-bots.ts';
import { closeGrid } from '../../api/grid-tools.ts';
import { GRID_CLOSE_MODES, type GridCloseMode } from '../../protocol/grid-bots.ts';
import { activeSymbol } from '../../state/market/active-market.ts';
import { symbolList } from '../../state/market/markets.ts';
import { gridBots } from '../../state/trading/grid-bots.ts';
import { useSignals } from '../../state/signals.ts';
import { setGridPanelOpen } from '../../state/trading/tools.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Table, type Column } from '../../ui/Table.tsx';
import { TabPanel, Tabs } from '../../ui/Tabs.tsx';
import '../tools/tools.css';

type Tab = 'running' | 'completed';

/** The pair's base and quote (the list gives only the symbol id). */
function pairOf(symbolId: string): [string, string] {
  const s = symbolList.value.find((x) => x.symbolId === symbolId);
  return s ? [s.baseTokenName, s.quoteTokenName] : [symbolId, ''];
}

/**
 * The grid-bot orders panel (spec 2.14, 4.9): Running and Completed tabs, a back arrow to the
 * standard panel, show-all-pairs, refreshed every 3 s. The running bots of the active pair are the
 * chart's own poll (the same data as its grid overlay); the other lists poll here.
 */
export function GridBotPanel() {
  useSignals();
  const { t, i18n } = useTranslation();
  const [tab, setTab] = useState<Tab>('running');
  const [showAll, setShowAll] = useState(false);
  const [polled, setPolled] = useState<readonly GridBot[] | null>(null);
  const [closing, setClosing] = useState<GridBot | null>(null);
  const [mode, setMode] = useState<GridCloseMode>(3);
  const [message, setMessage] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  const symbolId = activeSymbol.value?.symbolId;
  const fromChart = tab === 'running' && !showAll;

  useEffect(() => {
    setPolled(null);
    if (fromChart) return;
    let live = true;
    const poll = () => {
      if (document.hidden) return;
      fetchGridBots(tab === 'running' ? GRID_LIST_RUNNING : GRID_LIST_HISTORY, showAll ? undefined : symbolId)
        .then((list) => live && setPolled(list))
        .catch(() => {
          // The next poll, 3 s later, tries again.
        });
    };
    poll();
    const timer = setInterval(poll, GRID_BOT_POLL_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [tab, showAll, symbolId, fromChart, tick]);

  const rows = fromChart ? gridBots.value : (polled ?? []);
  const pct = (r: string) => new Intl.NumberFormat(i18n.language, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Number(r));
  const columns: Column<GridBot>[] = [
    { key: 'pair', header: t('gridPanel.pair'), rowHeader: true, cell: (b) => pairOf(b.symbolId).filter(Boolean).join('/') },
    { key: 'range', header: t('gridPanel.range'), cell: (b) => `${formatGrouped(b.minPrice, undefined)} – ${formatGrouped(b.maxPrice, undefined)}` },
    { key: 'grids', header: t('gridTool.grids'), cell: (b) => String(b.gridNumber) },
    { key: 'investment', header: t('gridTool.investment'), cell: (b) => `${formatGrouped(b.totalInvestment, 2)} ${pairOf(b.symbolId)[1]}` },
    { key: 'gridProfit', header: t('gridPanel.gridProfit'), cell: (b) => formatGrouped(b.gridProfit, 4) },
    { key: 'totalProfit', header: t('gridPanel.totalProfit'), cell: (b) => formatGrouped(b.totalProfit, 4) },
    { key: 'apr', header: t('gridPanel.apr'), cell: (b) => pct(b.totalApr) },
    { key: 'arbitrage', header: t('gridPanel.arbitrages'), cell: (b) => String(b.arbitrageNum) },
    { key: 'status', header: t('gridPanel.statusHeader'), cell: (b) => t(`gridPanel.status.${b.label}`) },
    ...(tab === 'completed' ? [{ key: 'reason', header: t('gridPanel.closeReason'), cell: (b: GridBot) => t(`gridPanel.reason.${b.closeReason}`, { defaultValue: b.closeReason }) }] : []),
    ...(tab === 'running'
      ? [
          {
            key: 'action',
            header: t('gridPanel.action'),
            cell: (b: GridBot) =>
              b.label === 'RUNNING' || b.label === 'NEW' || b.label === 'AWAIT_ACTIVATION' ? (
                <Button variant="link" onClick={() => (setMode(3), setClosing(b))} aria-label={t('gridPanel.closeBot', { id: b.botId })}>
                  {t('gridPanel.close')}
                </Button>
              ) : null,
          },
        ]
      : []),
  ];

  const close = async (bot: GridBot) => {
    setClosing(null);
    try {
      await closeGrid(bot.botId, mode);
      setMessage(t('gridPanel.closed', { id: bot.botId }));
    } catch (err) {
      setMessage(t('gridPanel.closeFailed', { reason: (err as Error).message }));
    }
    setTick((n) => n + 1);
  };
  const [base, quote] = closing ? pairOf(closing.symbolId) : ['', ''];

  return (
    <section className="grid-panel" aria-label={t('gridPanel.title')} data-testid="grid-bot-panel">
      <div className="grid-panel__head">
        <button type="button" className="grid-panel__back" aria-label={t('gridPanel.back')} onClick={() => setGridPanelOpen(false)}>
          <span aria-hidden="true">←</span>
        </button>
        <h2 className="grid-panel__title">{t('gridPanel.title')}</h2>
        <Tabs
          idPrefix="grid-bots"
          label={t('gridPanel.title')}
          active={tab}
          onChange={setTab}
          items={[
            { key: 'running', label: t('gridPanel.running') },
            { key: 'completed', label: t('gridPanel.completed') },
          ]}
        />
        <label className="orders-panel__all">
          <input type="checkbox" checked={showAll} onChange={(e) => setShowAll(e.target.checked)} />
          {t('orders.showAllPairs')}
        </label>
      </div>
      {message ? (
        <p className="grid-panel__message" role="status">
          {message}
        </p>
      ) : null}
      <TabPanel idPrefix="grid-bots" tabKey={tab}>
        {rows.length === 0 ? (
          <p className="grid-panel__empty">{t('gridPanel.empty')}</p>
        ) : (
          <Table columns={columns} rows={rows} rowKey={(b) => b.botId} rowProps={(b) => ({ 'data-bot-id': b.botId, 'data-status': b.label })} label={t('gridPanel.title')} tableProps={{ 'data-testid': 'grid-bot-table' }} />
        )}
      </TabPanel>
      {closing ? (
        <Dialog
          title={t('gridPanel.closeTitle', { id: closing.botId })}
          onClose={() => setClosing(null)}
          actions={
            <>
              <Button onClick={() => setClosing(null)}>{t('toolForm.cancel')}</Button>
              <Button variant="primary" onClick={() => void close(closing)}>
                {t('gridPanel.confirmClose')}
              </Button>
            </>
          }
        >
          <fieldset className="tool-form__choice tool-form__choice--column">
            <legend>{t('gridPanel.closeMode')}</legend>
            {GRID_CLOSE_MODES.map((m) => (
              <label key={m}>
                <input type="radio" name="grid-close-mode" checked={mode === m} onChange={() => setMode(m)} />
                {t(`gridPanel.mode${m}`, { base, quote })}
              </label>
            ))}
          </fieldset>
        </Dialog>
      ) : null}
    </section>
  );
}
