import { groupThousands } from '../../core/format.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fx } from '../../core/decimal.ts';
import { sanitizeNumeric } from '../../core/numeric-input.ts';
import { withUnit } from '../../core/order-checks.ts';
import type { SpotSymbol } from '../../core/symbols.ts';
import { endOfStarted, startStrategy, throughShownBook, waitOfStarted, TWAP_INTERVALS, TWAP_MAX_DURATION, TWAP_MIN_DURATION, type StrategyRequest } from '../../state/trading/strategies.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { NumberInput } from '../../ui/NumberInput.tsx';
import { runTool, SideChoice } from './tool-parts.tsx';
import { useSignals } from '../../state/signals.ts';

type Result = { ok: true; id: string } | { ok: false; reason: string };

/** The request the form describes, or the key of what is missing. */
function requestOf(kind: StrategyKind, symbol: SpotSymbol, f: { side: 'Buy' | 'Sell'; size: string; minutes: string; interval: number; random: boolean; slice: string; price: string; postOnly: boolean; distance: string }): StrategyRequest | string {
  const size = fx(f.size);
  if (size === null || size <= 0n) return 'size';
  // Below the pair's minimum order the exchange refuses it: said at once, with the minimum and its unit.
  const min = fx(symbol.minTradeQuantity);
  if (min !== null && size < min) return 'minSize';
  if (kind === 'chase') {
    // The chase rests at the best price (or `distance` from it) and follows it, never beyond `price`.
    const distance = f.distance === '' ? null : fx(f.distance);
    if (distance !== null && distance < 0n) return 'distance';
    return {
      symbol: symbol.symbolId, side: f.side, strategyType: 'chaseOrder', size: f.size,
      ...(f.price !== '' ? { maxChasePrice: f.price } : {}), ...(f.distance !== '' ? { chaseDistance: f.distance } : {}),
    };
  }
  const base: StrategyRequest = { symbol: symbol.symbolId, side: f.side, strategyType: kind, size: f.size };
  if (kind === 'twap') {
    const seconds = Number(f.minutes) * 60;
    if (!Number.isInteger(seconds) || seconds < TWAP_MIN_DURATION || seconds > TWAP_MAX_DURATION || seconds % f.interval !== 0) return 'duration';
    return { ...base, duration: seconds, interval: f.interval, isRandom: f.random };
  }
  const slice = fx(f.slice);
  if (slice === null || slice <= 0n || slice > size) return 'slice';
  if (min !== null && slice < min) return 'minSlice';
  return { ...base, subSize: f.slice, ...(f.price !== '' ? { limitPrice: f.price } : {}), postOnly: f.postOnly ? 1 : 0 };
}

type StrategyKind = 'twap' | 'iceberg' | 'chase';

/** "Started", or, once the exchange has ended it (at once, say), what it filled and why, as its push says. */
function StartedOrEnded({ id, tool }: { id: string; tool: string }) {
  useSignals();
  const { t } = useTranslation();
  const end = endOfStarted(id);
  if (!end) {
    // Said only when the exchange's push says it waits (a post-only iceberg priced through the book places nothing).
    const wait = waitOfStarted(id);
    return <>{wait ? t(`strategyTool.startedWait.${wait}`, { tool }) : t('strategyTool.started', { tool })}</>;
  }
  const translated = Object.fromEntries(Object.entries(end.tParams).map(([k, v]) => [k, t(v)]));
  return <>{t(end.key, { ...end.params, ...translated })}</>;
}

/** TWAP, iceberg and chase (spec 2.13, 2.17): the form, a confirm dialog, and the exchange's answer; progress shows in Strategy orders. */
export function StrategyForm({ kind, symbol }: { kind: StrategyKind; symbol: SpotSymbol }) {
  useSignals();
  const { t } = useTranslation();
  const [side, setSide] = useState<'Buy' | 'Sell'>('Buy');
  const [size, setSize] = useState('');
  const [minutes, setMinutes] = useState('5');
  const [interval, setIntervalS] = useState(30);
  const [random, setRandom] = useState(false);
  const [slice, setSlice] = useState('');
  const [price, setPrice] = useState('');
  const [postOnly, setPostOnly] = useState(true);
  const [distance, setDistance] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result | null>(null);
  const base = symbol.baseTokenName;
  const quote = symbol.quoteTokenName;
  const req = requestOf(kind, symbol, { side, size, minutes, interval, random, slice, price, postOnly, distance });
  const missing = typeof req === 'string' ? req : null;
  const touched = size !== '';
  const minQty = t('orderMsg.minQty', { min: withUnit(symbol.minTradeQuantity, base) });
  const edit = <T,>(set: (v: T) => void) => (v: T) => {
    set(v);
    setResult(null);
  };

  const submit = async () => {
    if (typeof req === 'string') return;
    setConfirming(false);
    await runTool(setBusy, () => startStrategy(req), (id) => setResult({ ok: true, id }), (reason) => setResult({ ok: false, reason }));
  };

  return (
    <div className="tool-form__body">
      <SideChoice name={`${kind}-side`} side={side} onChange={edit(setSide)} />
      <NumberInput label={t('strategyTool.size')} value={size} onChange={edit(setSize)} sanitize={(raw) => sanitizeNumeric(raw, symbol.quantityPrecision)} unit={base} error={touched && missing === 'size' ? t('strategyTool.err.size') : missing === 'minSize' ? minQty : undefined} />
      {kind === 'twap' ? (
        <>
          <NumberInput label={t('strategyTool.minutes')} value={minutes} onChange={edit(setMinutes)} sanitize={(raw) => sanitizeNumeric(raw, 0)} error={missing === 'duration' ? t('strategyTool.err.duration', { min: 5, max: 1440 }) : undefined} />
          <label className="tool-form__select">
            {t('strategyTool.interval')}
            <select value={interval} onChange={(e) => edit(setIntervalS)(Number(e.target.value))}>
              {TWAP_INTERVALS.map((s) => (
                <option key={s} value={s}>
                  {t('strategyTool.seconds', { value: s })}
                </option>
              ))}
            </select>
          </label>
          <label className="tool-form__check">
            <input type="checkbox" checked={random} onChange={(e) => edit(setRandom)(e.target.checked)} />
            {t('strategyTool.random')}
          </label>
        </>
      ) : kind === 'chase' ? (
        <>
          <NumberInput label={t('strategyTool.maxChasePrice')} value={price} onChange={edit(setPrice)} sanitize={(raw) => sanitizeNumeric(raw, symbol.pricePrecision)} unit={quote} placeholder={t('strategyTool.noLimit')} />
          <NumberInput label={t('strategyTool.chaseDistance')} value={distance} onChange={edit(setDistance)} sanitize={(raw) => sanitizeNumeric(raw, symbol.pricePrecision)} unit={quote} placeholder={t('strategyTool.atBest')} />
        </>
      ) : (
        <>
          <NumberInput label={t('strategyTool.slice')} value={slice} onChange={edit(setSlice)} sanitize={(raw) => sanitizeNumeric(raw, symbol.quantityPrecision)} unit={base} error={touched && missing === 'slice' ? t('strategyTool.err.slice') : missing === 'minSlice' ? minQty : undefined} />
          <NumberInput label={t('strategyTool.price')} value={price} onChange={edit(setPrice)} sanitize={(raw) => sanitizeNumeric(raw, symbol.pricePrecision)} unit={quote} placeholder={t('strategyTool.bestPrice')} />
          <label className="tool-form__check">
            <input type="checkbox" checked={postOnly} onChange={(e) => edit(setPostOnly)(e.target.checked)} />
            {t('orderForm.postOnly')}
          </label>
        </>
      )}
      <Button variant={side === 'Buy' ? 'buy' : 'sell'} disabled={missing !== null} busy={busy} onClick={() => setConfirming(true)}>
        {t('strategyTool.start', { tool: t(`tool.${kind}`) })}
      </Button>
      {result ? (
        <div className={`tool-form__result${result.ok ? '' : ' tool-form__result--error'}`} role="status" data-testid="tool-result">
          <p>{result.ok ? <StartedOrEnded id={result.id} tool={t(`tool.${kind}`)} /> : result.reason}</p>
        </div>
      ) : null}
      {confirming && typeof req !== 'string' ? (
        <Dialog
          title={t('strategyTool.confirmTitle', { tool: t(`tool.${kind}`) })}
          onClose={() => setConfirming(false)}
          actions={
            <>
              <Button onClick={() => setConfirming(false)}>{t('toolForm.cancel')}</Button>
              <Button variant="primary" onClick={() => void submit()}>
                {t('strategyTool.start', { tool: t(`tool.${kind}`) })}
              </Button>
            </>
          }
        >
          <p>
            {kind === 'chase'
              ? price
                ? t('strategyTool.chaseSummary', { side: t(side === 'Buy' ? 'chart.lineBuy' : 'chart.lineSell'), size, base, limit: `${groupThousands(price)} ${quote}` })
                : t('strategyTool.chaseSummaryNoLimit', { side: t(side === 'Buy' ? 'chart.lineBuy' : 'chart.lineSell'), size, base })
              : kind === 'twap'
              ? t('strategyTool.twapSummary', { side: t(side === 'Buy' ? 'chart.lineBuy' : 'chart.lineSell'), size, base, n: (Number(minutes) * 60) / interval, seconds: interval })
              : t('strategyTool.icebergSummary', { side: t(side === 'Buy' ? 'chart.lineBuy' : 'chart.lineSell'), size, base, slice, price: price ? `${groupThousands(price)} ${quote}` : t('strategyTool.bestPrice') })}
          </p>
          {/* Post only (on by default) is said, and, priced through the book shown now, that it will wait (sixth walkthrough: left out). */}
          {kind === 'iceberg' && postOnly ? (
            <p data-testid="strategy-confirm-post-only">
              {price !== '' && throughShownBook(symbol.symbolId, side, price) ? t('strategyTool.postOnlyWaits') : t('strategyTool.postOnlyNote')}
            </p>
          ) : null}
          {/* Where the chase rests, as the exchange places it: its distance behind the best price (fourth walkthrough: left out). */}
          {kind === 'chase' ? (
            <p>
              {distance !== '' && (fx(distance) ?? 0n) > 0n
                ? t(side === 'Buy' ? 'strategyTool.restsBelowBid' : 'strategyTool.restsAboveAsk', { distance: `${groupThousands(distance)} ${quote}` })
                : t(side === 'Buy' ? 'strategyTool.restsAtBid' : 'strategyTool.restsAtAsk')}
            </p>
          ) : null}
        </Dialog>
      ) : null}
    </div>
  );
}
