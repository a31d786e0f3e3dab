import { memo, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { activeSymbol } from '../../state/market/active-market.ts';
import { useSignals } from '../../state/signals.ts';
import { tradeRows, type TradeRowText } from '../../state/market/trades-view.ts';
import { Table, type Column } from '../../ui/Table.tsx';
import { StaleMarker } from '../order-book/StaleMarker.tsx';
import { useCanvasHost } from '../canvas/useCanvasHost.ts';
import { useThrottledSignal } from '../hooks/useThrottledSignal.ts';
import { mountTrades } from './trades-canvas-mount.ts';

const TradesCanvas = memo(function TradesCanvas({ rtl }: { rtl: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  useCanvasHost(ref, { mount: ([canvas], width) => mountTrades(canvas!, width, rtl) }, [rtl]);
  return <div ref={ref} className="trades-canvas" data-testid="trades-canvas" />;
});

interface MirrorRow {
  key: string;
  row: TradeRowText;
}

function TradesMirror() {
  const { t } = useTranslation();
  const rows = useThrottledSignal(tradeRows, 500);
  const buyLabel = t('book.buy');
  const sellLabel = t('book.sell');
  const columns = useMemo<Column<MirrorRow>[]>(
    () => [
      { key: 'price', header: t('book.price'), cell: (r) => r.row.price },
      { key: 'qty', header: t('book.quantity'), cell: (r) => r.row.qty },
      { key: 'time', header: t('trades.time'), cell: (r) => r.row.time },
      { key: 'side', header: t('book.side'), cell: (r) => (r.row.buy ? buyLabel : sellLabel) },
    ],
    [t, buyLabel, sellLabel],
  );
  // Rows are places in the tape (the newest first), as the canvas draws them.
  const mirror = rows.map((row, i) => ({ key: String(i), row }));
  return (
    <div className="canvas-mirror">
      <Table label={t('region.trades')} tableProps={{ 'data-testid': 'trades-mirror' }} columns={columns} rows={mirror} rowKey={(r) => r.key} rowProps={(r) => ({ 'data-side': r.row.buy ? 'buy' : 'sell' })} />
    </div>
  );
}

/** Latest trades (spec 2.11): price, quantity, time; 40 rows. */
export function TradesPanel({ rtl }: { rtl: boolean }) {
  useSignals();
  const { t } = useTranslation();
  const symbol = activeSymbol.value;
  return (
    <div className="trades-panel">
      <div className="book-columns" aria-hidden="true">
        <div className="book-columns__set">
          <span>{t('book.priceIn', { coin: symbol?.quoteTokenName ?? '' })}</span>
          <span>{t('book.quantityIn', { coin: symbol?.baseTokenName ?? '' })}</span>
          <span>{t('trades.time')}</span>
        </div>
      </div>
      <div className="trades-panel__body">
        <TradesCanvas key={rtl ? 'rtl' : 'ltr'} rtl={rtl} />
        <StaleMarker stream="trades" />
      </div>
      <TradesMirror />
    </div>
  );
}
