import { useEffect, useRef, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { depthReadout } from '../../core/depth-curve.ts';
import { formatGrouped } from '../../core/format.ts';
import { assetDecimals } from '../../core/symbols.ts';
import { activeSymbol } from '../../state/market/active-market.ts';
import { symbolList } from '../../state/market/markets.ts';
import { depthData, startDepthStream } from '../../state/chart/chart-depth.ts';
import { depthHover, setDepthHover } from '../../state/chart/chart-view.ts';
import { useSignals } from '../../state/signals.ts';
import { useCanvasHost } from '../canvas/useCanvasHost.ts';
import { mountDepth } from './depth-canvas-mount.ts';

/** The depth chart (spec 2.4) with the hover readout: price, cumulative amount and value. */
export function DepthView() {
  useSignals();
  const { t } = useTranslation();
  const hostRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const stop = startDepthStream();
    return () => {
      stop();
      setDepthHover(null);
    };
  }, []);
  const mounted = useCanvasHost(hostRef, { className: 'chart-canvas__layer', mount: ([canvas], w, h) => mountDepth(canvas!, w, h) }, []);

  const onMove = (e: PointerEvent<HTMLDivElement>) => {
    const w = mounted.current?.widget;
    const d = depthData.peek();
    if (!w || !d) return;
    const rect = e.currentTarget.getBoundingClientRect();
    const hit = w.hitTest(e.clientX - rect.left);
    w.setHover(hit);
    if (!hit) return setDepthHover(null);
    // Exact decimals from the engine's integers, for the hovered point only.
    const readout = depthReadout(d, hit.side === 'buy' ? d.bids : d.asks, hit.index);
    setDepthHover(readout ? { side: hit.side, ...readout, x: hit.x, y: hit.y } : null);
  };

  const hover = depthHover.value;
  // The readout in the page's number format with units (issue 32: it showed raw decimals).
  const sym = activeSymbol.value;
  const base = sym?.baseTokenName ?? '';
  const quote = sym?.quoteTokenName ?? '';
  const written = (v: string, decimals: number | undefined, coin: string) => `${formatGrouped(v, decimals)} ${coin}`.trim();
  return (
    <div className="chart-view">
      <div
        ref={hostRef}
        className="chart-canvas chart-canvas--depth"
        role="img"
        aria-label={t('chart.depthLabel')}
        data-testid="depth-canvas"
        onPointerMove={onMove}
        onPointerLeave={() => {
          mounted.current?.widget.setHover(null);
          setDepthHover(null);
        }}
      >
        {depthData.value === null ? <p className="chart-view__overlay">{t('chart.loading')}</p> : null}
        {hover ? (
          <dl className="depth-readout" data-testid="depth-readout" style={{ insetInlineStart: Math.min(hover.x + 12, 9999), top: Math.max(0, hover.y - 60) }}>
            <dt>{t('chart.depthPrice')}</dt>
            <dd>{written(hover.price, sym?.pricePrecision, quote)}</dd>
            <dt>{t('chart.depthAmount')}</dt>
            <dd>{written(hover.amount, sym?.quantityPrecision, base)}</dd>
            <dt>{t('chart.depthValue')}</dt>
            <dd>{written(hover.value, assetDecimals(symbolList.value, quote), quote)}</dd>
          </dl>
        ) : null}
      </div>
    </div>
  );
}
