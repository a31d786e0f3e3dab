import { memo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { activeSymbol } from '../../state/market/active-market.ts';
import { useSignals } from '../../state/signals.ts';
import { tradeRows } from '../../state/market/trades-view.ts';
import { StaleMarker } from '../order-book/StaleMarker.tsx';
import { useCanvasHost } from '../canvas/useCanvasHost.ts';
import { useThrottledSignal } from '../hooks/useThrottledSignal.ts';
import { mountTrades } from './trades-canvas-mount.ts';

const TradesCanvas = memo(function TradesCanvas({ rtl }: { rtl: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  useCanvasHost(ref, { mount: ([canvas], width) => mountTrades(canvas!, width, rtl) }, [rtl]);
  return <div ref={ref} className="trades-canvas" data-testid="trades-canvas" />;
});

function TradesMirror() {
  const { t } = useTranslation();
  const rows = useThrottledSignal(tradeRows, 500);
  const buyLabel = t('book.buy');
  const sellLabel = t('book.sell');
  return (
    <div className="canvas-mirror">
      <table aria-label={t('region.trades')} data-testid="trades-mirror">
        <thead>
          <tr>
            <th scope="col">{t('book.price')}</th>
            <th scope="col">{t('book.quantity')}</th>
            <th scope="col">{t('trades.time')}</th>
            <th scope="col">{t('book.side')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i} data-side={r.buy ? 'buy' : 'sell'}>
              <td>{r.price}</td>
              <td>{r.qty}</td>
              <td>{r.time}</td>
              <td>{r.buy ? buyLabel : sellLabel}</td>
            </tr>
          ))}
        </tbody>
      </table>
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
