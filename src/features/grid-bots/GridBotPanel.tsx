import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GRID_LIST_HISTORY, GRID_LIST_RUNNING, shownApr } from '../../core/chart/grid-bot.ts';
import { formatAmountIn, formatPercentIn, formatPrice } from '../../core/format.ts';
import { assetDecimals } from '../../core/symbols.ts';
import { activeSymbol } from '../../state/market/active-market.ts';
import { symbolList } from '../../state/market/markets.ts';
import { closeGridBot, GRID_CLOSE_MODES, gridBotList, watchGridBots, type GridBot, type GridCloseMode, type GridListQuery } from '../../state/trading/grid-bots.ts';
import { useSignals } from '../../state/signals.ts';
import { setGridPanelOpen } from '../../state/trading/tools.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { type Column } from '../../ui/Table.tsx';
import { VirtualTable } from '../../ui/VirtualTable.tsx';
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
 * standard panel, show-all-pairs, refreshed every 3 s. Each list is the grid-bot store's
 * (state/trading/grid-bots.ts): the running bots of the active pair are the same read as the
 * chart's grid overlay.
 */
export function GridBotPanel({ embedded = false }: { embedded?: boolean } = {}) {
  useSignals();
  const { t, i18n } = useTranslation();
  const [tab, setTab] = useState<Tab>('running');
  // Inside the integrated area's Tools tab every pair's bots show by default.
  const [showAll, setShowAll] = useState(embedded);
  const [closing, setClosing] = useState<GridBot | null>(null);
  const [mode, setMode] = useState<GridCloseMode>(3);
  const [message, setMessage] = useState<string | null>(null);
  const symbolId = activeSymbol.value?.symbolId;
  const status = tab === 'running' ? GRID_LIST_RUNNING : GRID_LIST_HISTORY;
  const symbol = showAll ? undefined : symbolId;
  const query: GridListQuery = symbol === undefined ? { status } : { status, symbol };
  useEffect(() => watchGridBots(query), [status, symbol]);

  const rows = gridBotList(query);
  const pct = (r: string) => formatPercentIn(r, i18n.language, 2, 2);
  const now = Date.now();
  // An amount of the pair's quote coin at that coin's places (spec 5.12), as the P&L tab writes profit; one the exchange did not give is '--'.
  const inQuote = (b: GridBot, v: string) => {
    const quote = pairOf(b.symbolId)[1];
    const shown = formatAmountIn(v, i18n.language, assetDecimals(symbolList.value, quote));
    return v === '' || !quote ? shown : `${shown} ${quote}`;
  };
  /** The bot's range at the pair's price places, with the quote coin. */
  const rangeOf = (b: GridBot) => {
    // At the pair's price places, with the quote coin (fourth walkthrough: "87,649.45 – 107,127.1").
    const places = symbolList.value.find((x) => x.symbolId === b.symbolId)?.pricePrecision;
    return `${formatPrice(b.minPrice, places, true)} – ${formatPrice(b.maxPrice, places, true)} ${pairOf(b.symbolId)[1]}`;
  };
  /** A bot as the page names it: its pair and range, never the exchange's internal id (sixth walkthrough: "Close grid bot grid-100001-1?"). */
  const nameOf = (b: GridBot) => `${pairOf(b.symbolId).filter(Boolean).join('/')} ${rangeOf(b)}`;
  const columns: Column<GridBot>[] = [
    { key: 'pair', header: t('gridPanel.pair'), rowHeader: true, cell: (b) => pairOf(b.symbolId).filter(Boolean).join('/') },
    { key: 'range', header: t('gridPanel.range'), cell: rangeOf },
    { key: 'grids', header: t('gridTool.grids'), cell: (b) => String(b.gridNumber) },
    // Figures as the exchange reports them, in the quote coin; one it did not give shows as unknown.
    { key: 'investment', header: t('gridTool.investment'), cell: (b) => inQuote(b, b.totalInvestment) },
    { key: 'gridProfit', header: t('gridPanel.gridProfit'), cell: (b) => inQuote(b, b.gridProfit) },
    { key: 'totalProfit', header: t('gridPanel.totalProfit'), cell: (b) => inQuote(b, b.totalProfit) },
    {
      key: 'apr',
      header: t('gridPanel.apr'),
      cell: (b) => {
        const apr = shownApr(b, now);
        return apr === '' ? <span title={t('gridPanel.aprLater')}>{pct('')}</span> : pct(apr);
      },
    },
    { key: 'arbitrage', header: t('gridPanel.arbitrages'), cell: (b) => String(b.arbitrageNum) },
    { key: 'status', header: t('gridPanel.statusHeader'), cell: (b) => t(`gridPanel.status.${b.label}`) },
    ...(tab === 'completed' ? [{ key: 'reason', header: t('gridPanel.closeReason'), cell: (b: GridBot) => t(`gridPanel.reason.${b.closeReason}`, { defaultValue: b.closeReason }) }] : []),
    ...(tab === 'running'
      ? [
          {
            key: 'action',
            header: t('gridPanel.action'),
            className: 'sticky-end-col',
            cell: (b: GridBot) =>
              b.label === 'RUNNING' || b.label === 'NEW' || b.label === 'AWAIT_ACTIVATION' ? (
                <Button variant="link" onClick={() => (setMode(3), setClosing(b))} aria-label={t('gridPanel.closeBot', { bot: nameOf(b) })}>
                  {t('gridPanel.close')}
                </Button>
              ) : null,
          },
        ]
      : []),
  ];

  const close = async (bot: GridBot) => {
    setClosing(null);
    const r = await closeGridBot(bot.botId, mode);
    if (r.refused !== null) return setMessage(t('gridPanel.closeFailed', { reason: r.refused }));
    if (!r.settled || (r.settled.assets.length === 0 && r.settled.profit === null)) return setMessage(t('gridPanel.closed', { bot: nameOf(bot) }));
    // What the exchange settled, each coin at its display precision; the profit in the pair's quote coin.
    const lng = i18n.language;
    const assets = r.settled.assets.map((a) => `${formatAmountIn(a.amount, lng, assetDecimals(symbolList.value, a.coin))} ${a.coin}`).join(' + ') || '0';
    const [, quote] = pairOf(bot.symbolId);
    const profit = r.settled.profit === null ? '--' : `${formatAmountIn(r.settled.profit, lng, assetDecimals(symbolList.value, quote))} ${quote}`;
    setMessage(t('gridPanel.closedSettled', { bot: nameOf(bot), assets, profit }));
  };
  const [base, quote] = closing ? pairOf(closing.symbolId) : ['', ''];

  return (
    <section className={embedded ? 'grid-panel grid-panel--embedded' : 'grid-panel'} aria-label={t('gridPanel.title')} data-testid="grid-bot-panel">
      <div className="grid-panel__head">
        {embedded ? null : (
          <button type="button" className="grid-panel__back" aria-label={t('gridPanel.back')} onClick={() => setGridPanelOpen(false)}>
            <span aria-hidden="true">←</span>
          </button>
        )}
        <h2 className="grid-panel__title">{t('gridPanel.title')}</h2>
        <Tabs
          idPrefix={embedded ? 'grid-bots-tools' : 'grid-bots'}
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
      <TabPanel idPrefix={embedded ? 'grid-bots-tools' : 'grid-bots'} tabKey={tab}>
        {rows.length === 0 ? (
          <p className="grid-panel__empty">{t('gridPanel.empty')}</p>
        ) : (
          <VirtualTable columns={columns} rows={rows} rowKey={(b) => b.botId} rowProps={(b) => ({ 'data-bot-id': b.botId, 'data-status': b.label })} label={t('gridPanel.title')} tableProps={{ 'data-testid': 'grid-bot-table' }} />
        )}
      </TabPanel>
      {closing ? (
        <Dialog
          title={t('gridPanel.closeTitle', { bot: nameOf(closing) })}
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
