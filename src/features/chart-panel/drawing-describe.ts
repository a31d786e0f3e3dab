// What a drawing says in words (issue 36): its anchors, a retracement's levels, a measure's
// reading, in the page's language with Latin digits (the drawings list and the chart's labels).
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { dateRangeOf, fibLevels, priceRangeOf, type Drawing, type DrawingKind } from '../../core/chart/drawings.ts';
import { formatDateTimeIn } from '../../core/datetime.ts';
import { candleSeries } from '../../state/chart/candles.ts';
import { activeSymbol } from '../../state/market/active-market.ts';

export const toolKey = (k: DrawingKind) => `chart.drawings.tool.${k}`;

/** Prices and percents in the page's language (Latin digits), at the pair's precision. */
function useNumbers() {
  const { i18n } = useTranslation();
  const precision = activeSymbol.value?.pricePrecision ?? 2;
  return useMemo(() => {
    const price = new Intl.NumberFormat(i18n.language, { minimumFractionDigits: precision, maximumFractionDigits: precision, numberingSystem: 'latn', useGrouping: false });
    const signed = new Intl.NumberFormat(i18n.language, { minimumFractionDigits: precision, maximumFractionDigits: precision, numberingSystem: 'latn', useGrouping: false, signDisplay: 'exceptZero' });
    const pct = new Intl.NumberFormat(i18n.language, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 2, numberingSystem: 'latn' });
    const signedPct = new Intl.NumberFormat(i18n.language, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2, numberingSystem: 'latn', signDisplay: 'exceptZero' });
    return { price: (v: number) => price.format(v), signed: (v: number) => signed.format(v), pct: (v: number) => pct.format(v), signedPct: (v: number) => signedPct.format(v), lng: i18n.language };
  }, [i18n.language, precision]);
}

/** What a drawing says in words: its anchors, levels or measure. */
export function useDescribe() {
  const { t } = useTranslation();
  const n = useNumbers();
  return (d: Drawing): { text: string; levels?: string[] } => {
    const [a, b] = d.points;
    const at = (x: { t: number; p: number }) => `${formatDateTimeIn(x.t, n.lng)} ${n.price(x.p)}`;
    switch (d.kind) {
      case 'hline':
      case 'hray':
        return { text: n.price(a!.p) };
      case 'vline':
        return { text: formatDateTimeIn(a!.t, n.lng) };
      case 'text':
        return { text: at(a!) };
      case 'fib':
        return { text: `${at(a!)} → ${at(b!)}`, levels: fibLevels(d).map((l) => `${n.pct(l.ratio)}: ${n.price(l.price)}`) };
      case 'priceRange': {
        const r = priceRangeOf(d);
        return { text: t('chart.drawings.change', { change: n.signed(r.change), percent: n.signedPct(r.percent / 100) }) };
      }
      case 'dateRange': {
        const r = dateRangeOf(d, candleSeries.time, candleSeries.length);
        return { text: t('chart.drawings.span', { from: formatDateTimeIn(Math.min(a!.t, b!.t), n.lng), to: formatDateTimeIn(Math.max(a!.t, b!.t), n.lng), bars: String(Math.abs(r.bars)) }) };
      }
      default:
        return { text: `${at(a!)} → ${at(b!)}` };
    }
  };
}

