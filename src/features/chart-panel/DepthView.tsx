import { useEffect, useRef, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ticksToDecimal } from '../../core/decimal.ts';
import { mountDepth, type DepthWidget } from '../../render/chart/depth-mount.ts';
import { depthData, startDepthStream } from '../../state/chart-depth.ts';
import { depthHover } from '../../state/chart-view.ts';
import { useSignals } from '../../state/signals.ts';

/** The depth chart (spec 2.4) with the hover readout: price, cumulative amount and value. */
export function DepthView() {
  useSignals();
  const { t } = useTranslation();
  const hostRef = useRef<HTMLDivElement>(null);
  const widgetRef = useRef<DepthWidget | null>(null);

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const stop = startDepthStream();
    const canvas = document.createElement('canvas');
    canvas.setAttribute('aria-hidden', 'true');
    canvas.className = 'chart-canvas__layer';
    host.prepend(canvas);
    const widget = mountDepth(canvas, host.clientWidth, host.clientHeight);
    widgetRef.current = widget;
    const ro = new ResizeObserver((e) => widget.resize(e[0]!.contentRect.width, e[0]!.contentRect.height));
    ro.observe(host);
    return () => {
      ro.disconnect();
      widget.destroy();
      canvas.remove();
      stop();
      depthHover.value = null;
    };
  }, []);

  const onMove = (e: PointerEvent<HTMLDivElement>) => {
    const w = widgetRef.current;
    const d = depthData.peek();
    if (!w || !d) return;
    const rect = e.currentTarget.getBoundingClientRect();
    const hit = w.hitTest(e.clientX - rect.left);
    w.setHover(hit);
    if (!hit) return void (depthHover.value = null);
    const s = hit.side === 'buy' ? d.bids : d.asks;
    depthHover.value = {
      side: hit.side,
      price: ticksToDecimal(s.ticks[hit.index]!, { decimals: d.tickDecimals, units: d.tickUnits }),
      amount: s.amount[hit.index]!.toFixed(d.sizeDecimals),
      value: s.value[hit.index]!.toFixed(d.quoteDecimals),
      x: hit.x,
      y: hit.y,
    };
  };

  const hover = depthHover.value;
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
          widgetRef.current?.setHover(null);
          depthHover.value = null;
        }}
      >
        {depthData.value === null ? <p className="chart-view__overlay">{t('chart.loading')}</p> : null}
        {hover ? (
          <dl className="depth-readout" data-testid="depth-readout" style={{ insetInlineStart: Math.min(hover.x + 12, 9999), top: Math.max(0, hover.y - 60) }}>
            <dt>{t('chart.depthPrice')}</dt>
            <dd>{hover.price}</dd>
            <dt>{t('chart.depthAmount')}</dt>
            <dd>{hover.amount}</dd>
            <dt>{t('chart.depthValue')}</dt>
            <dd>{hover.value}</dd>
          </dl>
        ) : null}
      </div>
    </div>
  );
}
