import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fx, fxFloorTo, fxText } from '../../core/decimal.ts';
import { formatGrouped } from '../../core/format.ts';
import { sanitizeNumeric } from '../../core/numeric-input.ts';
import { SCALED_DISTRIBUTIONS, SCALED_MAX_ORDERS, SCALED_MIN_ORDERS, scaledOrders, type ScaledDistribution, type ScaledOrder } from '../../core/scaled-orders.ts';
import type { SpotSymbol } from '../../core/symbols.ts';
import { activeLastPrice } from '../../state/market/ticker-view.ts';
import { placeScaledOrders } from '../../state/trading/scaled-orders.ts';
import { setToolPreview } from '../../state/trading/tools.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { NumberInput } from '../../ui/NumberInput.tsx';
import { runTool, SideChoice } from './tool-parts.tsx';

type Result = { placed: number; count: number; reason: string | null };

/** The last price times num/den on the tick; '' when unknown. */
function around(last: string | null, tick: string, num: bigint, den: bigint): string {
  const p = fx(last);
  const t = fx(tick);
  if (p === null || t === null || p <= 0n) return '';
  return fxText(fxFloorTo((p * num) / den, t), Math.max(0, tick.split('.')[1]?.length ?? 0));
}

/** The scaled-order form (spec 2.17): 2–100 limit orders between two prices, previewed on the chart, confirmed, placed in batches. */
export function ScaledOrderForm({ symbol }: { symbol: SpotSymbol }) {
  const { t } = useTranslation();
  const last = activeLastPrice.peek();
  const [side, setSide] = useState<'Buy' | 'Sell'>('Buy');
  const [from, setFrom] = useState(() => around(last, symbol.tickSize, 95n, 100n));
  const [to, setTo] = useState(() => around(last, symbol.tickSize, 99n, 100n));
  const [count, setCount] = useState('10');
  const [total, setTotal] = useState('');
  const [distribution, setDistribution] = useState<ScaledDistribution>('flat');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result | null>(null);
  const base = symbol.baseTokenName;
  const quote = symbol.quoteTokenName;

  const ladder = useMemo(
    () =>
      from === '' || to === '' || total === ''
        ? null
        : scaledOrders({ from, to, count: Number(count), total, distribution, tickSize: symbol.tickSize, lotSize: symbol.lotSize, minQty: symbol.minTradeQuantity, minAmt: symbol.minTradeAmount }),
    [from, to, count, total, distribution, symbol],
  );
  const orders: ScaledOrder[] | null = Array.isArray(ladder) ? ladder : null;
  const error = typeof ladder === 'string' ? ladder : null;

  useEffect(() => {
    setToolPreview(orders && !result ? { lines: orders.map((o) => ({ price: o.price, side })), band: null } : null);
  }, [orders, side, result]);
  useEffect(() => () => setToolPreview(null), []);

  const errorText =
    error === null
      ? undefined
      : t(`scaledTool.err.${error}`, { min: error === 'minAmt' ? symbol.minTradeAmount : symbol.minTradeQuantity, coin: error === 'minAmt' ? quote : base, tick: symbol.tickSize, lot: symbol.lotSize, from: SCALED_MIN_ORDERS, to: SCALED_MAX_ORDERS });
  const value = orders ? orders.reduce((a, o) => a + ((fx(o.price) ?? 0n) * (fx(o.qty) ?? 0n)) / 10n ** 18n, 0n) : 0n;

  const submit = async () => {
    if (!orders) return;
    setConfirming(false);
    await runTool(
      setBusy,
      () => placeScaledOrders(symbol.symbolId, side, orders),
      (r) => setResult({ placed: r.placed, count: orders.length, reason: r.firstError }),
      (reason) => setResult({ placed: 0, count: orders.length, reason }),
    );
  };

  return (
    <div className="tool-form__body">
      <SideChoice name="scaled-side" side={side} onChange={setSide} />
      <div className="tool-form__row">
        <NumberInput label={t('scaledTool.from')} value={from} onChange={(v) => (setFrom(v), setResult(null))} sanitize={(raw) => sanitizeNumeric(raw, symbol.pricePrecision)} unit={quote} error={error === 'price' || error === 'priceTick' || error === 'range' ? errorText : undefined} />
        <NumberInput label={t('scaledTool.to')} value={to} onChange={(v) => (setTo(v), setResult(null))} sanitize={(raw) => sanitizeNumeric(raw, symbol.pricePrecision)} unit={quote} />
      </div>
      <NumberInput label={t('scaledTool.count')} value={count} onChange={(v) => (setCount(v), setResult(null))} sanitize={(raw) => sanitizeNumeric(raw, 0)} error={error === 'count' ? errorText : undefined} />
      <NumberInput
        label={t('scaledTool.total')}
        value={total}
        onChange={(v) => (setTotal(v), setResult(null))}
        sanitize={(raw) => sanitizeNumeric(raw, symbol.quantityPrecision)}
        unit={base}
        error={error === 'total' || error === 'totalLot' || error === 'minQty' || error === 'minAmt' ? errorText : undefined}
      />
      <label className="tool-form__select">
        {t('scaledTool.distribution')}
        <select value={distribution} onChange={(e) => setDistribution(e.target.value as ScaledDistribution)}>
          {SCALED_DISTRIBUTIONS.map((d) => (
            <option key={d} value={d}>
              {t(`scaledTool.${d}`)}
            </option>
          ))}
        </select>
      </label>
      <dl className="tool-form__facts">
        <dt>{t('scaledTool.value')}</dt>
        <dd>{orders ? `${formatGrouped(fxText(value, symbol.amountPrecision), symbol.amountPrecision)} ${quote}` : '--'}</dd>
      </dl>
      <Button variant={side === 'Buy' ? 'buy' : 'sell'} disabled={!orders} busy={busy} onClick={() => setConfirming(true)}>
        {t('scaledTool.place', { count: orders?.length ?? Number(count) })}
      </Button>
      {result ? (
        <div className={`tool-form__result${result.reason ? ' tool-form__result--error' : ''}`} role="status" data-testid="tool-result">
          <p>{result.reason ? t('scaledTool.partly', { placed: result.placed, count: result.count, reason: result.reason }) : t('scaledTool.placed', { count: result.placed })}</p>
        </div>
      ) : null}
      {confirming && orders ? (
        <Dialog
          title={t('scaledTool.confirmTitle')}
          onClose={() => setConfirming(false)}
          actions={
            <>
              <Button onClick={() => setConfirming(false)}>{t('toolForm.cancel')}</Button>
              <Button variant="primary" onClick={() => void submit()}>
                {t('scaledTool.place', { count: orders.length })}
              </Button>
            </>
          }
        >
          <ol className="tool-form__ladder" aria-label={t('scaledTool.ladder')}>
            {orders.map((o) => (
              <li key={o.price}>
                {t(side === 'Buy' ? 'chart.lineBuy' : 'chart.lineSell')} {formatGrouped(o.qty, symbol.quantityPrecision)} {base} @ {formatGrouped(o.price, symbol.pricePrecision, 'half-up')} {quote}
              </li>
            ))}
          </ol>
        </Dialog>
      ) : null}
    </div>
  );
}
