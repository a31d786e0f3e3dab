import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { RATIO_ANIMATION_MS } from '../../core/order-book.ts';
import { bookView } from '../../state/market/active-market.ts';
import { useThrottledSignal } from '../hooks/useThrottledSignal.ts';

const pct = (ratio: number) => (ratio / 100).toFixed(2);
/**
 * Moves smaller than this (percentage points, about a pixel of the bar) are shown without the
 * animation: under a busy feed the ratio moves a little every 300 ms, and animating each of
 * those kept the page restyling on every frame (bench:browser trace) for a change nobody sees.
 */
const ANIMATE_FROM_POINTS = 1;

/**
 * The B/S ratio bar; its change animates over 300 ms (spec 9). The buy part is scaled, not
 * resized: a width transition lays the page out on every frame of the animation.
 */
export function RatioBar() {
  const { t } = useTranslation();
  const view = useThrottledSignal(bookView, RATIO_ANIMATION_MS);
  const shown = useRef<number | null>(null);
  if (!view || view.noRatio) {
    shown.current = null;
    return (
      <div className="ratio-bar ratio-bar--empty" data-testid="ratio-bar">
        {t('book.noRatio')}
      </div>
    );
  }
  const buy = view.buyRatio / 100;
  const animate = shown.current !== null && Math.abs(buy - shown.current) >= ANIMATE_FROM_POINTS;
  shown.current = buy;
  return (
    <div className="ratio-bar" data-testid="ratio-bar" aria-label={t('book.ratioLabel', { buy: pct(view.buyRatio), sell: pct(view.sellRatio) })}>
      <span className="ratio-bar__b">B {pct(view.buyRatio)}%</span>
      <div className="ratio-bar__track" aria-hidden="true">
        <div className="ratio-bar__buy" style={{ transform: `scaleX(${buy / 100})`, transition: animate ? `transform ${RATIO_ANIMATION_MS}ms ease-out` : 'none' }} />
      </div>
      <span className="ratio-bar__s">{pct(view.sellRatio)}% S</span>
    </div>
  );
}
