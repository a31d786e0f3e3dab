import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { gridInnerLines, MAX_GRID_NUMBER, MIN_GRID_NUMBER } from '../../core/chart/grid-bot.ts';
import { fx, fxFloorTo, fxText } from '../../core/decimal.ts';
import { formatAmountIn, formatGrouped, formatPercentIn } from '../../core/format.ts';
import { assetDecimals, type SpotSymbol } from '../../core/symbols.ts';
import { symbolList } from '../../state/market/markets.ts';
import { sanitizeNumeric } from '../../core/numeric-input.ts';
import { activeLastPrice } from '../../state/market/ticker-view.ts';
import { useSignals } from '../../state/signals.ts';
import {
  checkGridDraft, clearGridCheck, createGridBot, GRID_CHECK_OK, gridCheck, type GridCheckCode, type GridCreated, type GridCreateBody, type GridValidation,
} from '../../state/trading/grid-bots.ts';
import { setGridPanelOpen, setToolPreview } from '../../state/trading/tools.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { NumberInput } from '../../ui/NumberInput.tsx';
import { runTool } from './tool-parts.tsx';

type Field = 'lower' | 'upper' | 'grids' | 'investment' | 'stopLoss' | 'takeProfit' | 'trailing';
/** Which field a check code is about, and whether the value is under or over its range. */
const CHECK_FIELD: Partial<Record<GridCheckCode, [Field, 'low' | 'high' | 'aboveMarket' | 'belowMarket' | 'trailingCells' | 'trailingPrice']>> = {
  SPOT_CHECK_CODE_LOW_PRICE_TOO_LOW: ['lower', 'low'], SPOT_CHECK_CODE_LOW_PRICE_TOO_HIGH: ['lower', 'high'],
  SPOT_CHECK_CODE_HIGH_PRICE_TOO_LOW: ['upper', 'low'], SPOT_CHECK_CODE_HIGH_PRICE_TOO_HIGH: ['upper', 'high'],
  SPOT_CHECK_CODE_GRID_NO_TOO_LOW: ['grids', 'low'], SPOT_CHECK_CODE_GRID_NO_TOO_HIGH: ['grids', 'high'],
  SPOT_CHECK_CODE_INVESTMENT_TOO_LOW: ['investment', 'low'], SPOT_CHECK_CODE_INVESTMENT_TOO_HIGH: ['investment', 'high'],
  SPOT_CHECK_CODE_TP_TOO_LOW: ['takeProfit', 'low'], SPOT_CHECK_CODE_TP_TOO_HIGH: ['takeProfit', 'high'], SPOT_CHECK_CODE_TP_TOO_LOW_THAN_MARKET: ['takeProfit', 'aboveMarket'],
  SPOT_CHECK_CODE_SL_TOO_LOW: ['stopLoss', 'low'], SPOT_CHECK_CODE_SL_TOO_HIGH: ['stopLoss', 'high'], SPOT_CHECK_CODE_SL_TOO_HIGH_THAN_MARKET: ['stopLoss', 'belowMarket'],
  SPOT_CHECK_CODE_CAN_NOT_ENABLE_TRAILING_UP: ['trailing', 'trailingCells'], SPOT_CHECK_CODE_LAST_PRICE_FORBIDDEN_TRAILING_UP: ['trailing', 'trailingPrice'],
};
const RANGE_OF: Record<Field, keyof GridValidation | null> = {
  lower: 'min_price', upper: 'max_price', grids: 'cell_number', investment: 'investment', stopLoss: 'stop_loss', takeProfit: 'take_profit', trailing: null,
};

/** The last price moved by `factor` (0.9 = 10 % below), on the tick; '' when unknown. */
function around(last: string | null, tick: string, num: bigint, den: bigint): string {
  const p = fx(last);
  const t = fx(tick);
  if (p === null || t === null || p <= 0n) return '';
  return fxText(fxFloorTo((p * num) / den, t), Math.max(0, tick.split('.')[1]?.length ?? 0));
}

type Result = ({ ok: true } & GridCreated) | { ok: false; reason: string };

/** The grid-bot form (spec 2.17): live validation by the exchange, a preview on the chart, a confirm dialog, the result. */
export function GridBotForm({ symbol }: { symbol: SpotSymbol }) {
  useSignals();
  const { t, i18n } = useTranslation();
  const last = activeLastPrice.peek();
  const [lower, setLower] = useState(() => around(last, symbol.tickSize, 9n, 10n));
  const [upper, setUpper] = useState(() => around(last, symbol.tickSize, 11n, 10n));
  const [grids, setGrids] = useState('10');
  const [kind, setKind] = useState<1 | 2>(1);
  const [mode, setMode] = useState<0 | 1 | 2>(0);
  const [quoteInv, setQuoteInv] = useState('');
  const [baseInv, setBaseInv] = useState('');
  const [stopLoss, setStopLoss] = useState('');
  const [takeProfit, setTakeProfit] = useState('');
  const [trailing, setTrailing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result | null>(null);
  const base = symbol.baseTokenName;
  const quote = symbol.quoteTokenName;

  const body = useMemo<GridCreateBody | null>(() => {
    const cells = Number(grids);
    if (lower === '' || upper === '' || !Number.isInteger(cells)) return null;
    return {
      symbol: symbol.symbolId, min_price: lower, max_price: upper, cell_number: cells, grid_type: kind, invest_mode: mode,
      ...(mode !== 1 ? { quote_investment: quoteInv === '' ? '0' : quoteInv } : {}), ...(mode !== 0 ? { base_investment: baseInv === '' ? '0' : baseInv } : {}),
      ...(stopLoss ? { stop_loss_price: stopLoss } : {}), ...(takeProfit ? { take_profit_price: takeProfit } : {}), ...(trailing ? { enable_trailing: true } : {}),
    };
  }, [symbol.symbolId, lower, upper, grids, kind, mode, quoteInv, baseInv, stopLoss, takeProfit, trailing]);

  // Live validation: the exchange's validate-input, a moment after the last keystroke (state/trading/grid-bots.ts).
  // A check of an earlier form (another pair) never shows in this one.
  useEffect(() => (clearGridCheck(), clearGridCheck), []);
  useEffect(() => checkGridDraft(body), [body]);

  // The preview: the band and its grid lines on the chart while the form holds a drawable range.
  useEffect(() => {
    const cells = Number(grids);
    const inner = cells >= MIN_GRID_NUMBER && cells <= MAX_GRID_NUMBER ? gridInnerLines(lower, upper, cells, kind === 1 ? 'grade' : 'other') : [];
    setToolPreview(inner.length > 0 && !(result && result.ok && !result.ended) ? { lines: [], band: { min: lower, max: upper, inner } } : null);
  }, [lower, upper, grids, kind, result]);
  useEffect(() => () => setToolPreview(null), []);

  const check = gridCheck.value;
  const v = check && 'v' in check ? check.v : null;
  const failing = v && v.check_code !== GRID_CHECK_OK ? CHECK_FIELD[v.check_code] : undefined;
  // A field left empty says nothing until the person has typed in it (issue 33: the form opened
  // with "Must be at least 56.98" under an investment nobody had entered yet; the minimum is in the hint below it).
  const [edited, setEdited] = useState<ReadonlySet<Field>>(() => new Set());
  const edit = (field: Field, set: (s: string) => void) => (s: string) => {
    set(s);
    setEdited((e) => (e.has(field) ? e : new Set(e).add(field)));
  };
  const valueOf: Record<Field, string> = {
    lower, upper, grids, investment: mode === 1 ? baseInv : quoteInv, stopLoss, takeProfit, trailing: trailing ? 'on' : '',
  };
  const errorOf = (field: Field): string | undefined => {
    if (!failing || failing[0] !== field || !v) return undefined;
    if (valueOf[field] === '' && !edited.has(field)) return undefined;
    // Invested in the base coin, the field's range is the exchange's base_investment (walkthrough 7, B4).
    const key = field === 'investment' && mode === 1 ? 'base_investment' : RANGE_OF[field];
    const range = key ? (v[key] as { from: string; to: string }) : null;
    return t(`gridTool.err.${failing[1]}`, { min: range ? formatGrouped(range.from, undefined) : '', max: range ? formatGrouped(range.to, undefined) : '' });
  };
  const pct = (r: string) => formatPercentIn(r, i18n.language, 2, 2);
  const coinAmount = (v: string, coin: string) => `${formatAmountIn(v, i18n.language, assetDecimals(symbolList.value, coin))} ${coin}`;
  const priceInput = (label: string, value: string, set: (s: string) => void, field: Field, unit = quote) => (
    <NumberInput label={label} value={value} onChange={edit(field, set)} sanitize={(raw) => sanitizeNumeric(raw, symbol.pricePrecision)} unit={unit} error={errorOf(field)} />
  );
  const ready = v !== null && v.check_code === GRID_CHECK_OK;

  const submit = async () => {
    if (!body) return;
    setConfirming(false);
    await runTool(
      setBusy,
      () => createGridBot(body),
      (r) => setResult({ ok: true, ...r }),
      (reason) => setResult({ ok: false, reason }),
    );
  };

  return (
    <div className="tool-form__body">
      <div className="tool-form__row">
        {priceInput(t('gridTool.lower'), lower, setLower, 'lower')}
        {priceInput(t('gridTool.upper'), upper, setUpper, 'upper')}
      </div>
      <NumberInput label={t('gridTool.grids')} value={grids} onChange={edit('grids', setGrids)} sanitize={(raw) => sanitizeNumeric(raw, 0)} error={errorOf('grids')} />
      {v ? <p className="tool-form__hint">{t('gridTool.gridsHint', { max: v.cell_number.to })}</p> : null}
      <fieldset className="tool-form__choice">
        <legend>{t('gridTool.mode')}</legend>
        {([1, 2] as const).map((k) => (
          <label key={k}>
            <input type="radio" name="grid-kind" checked={kind === k} onChange={() => setKind(k)} />
            {t(k === 1 ? 'gridTool.arithmetic' : 'gridTool.geometric')}
          </label>
        ))}
      </fieldset>
      <label className="tool-form__select">
        {t('gridTool.investWith')}
        <select value={mode} onChange={(e) => setMode(Number(e.target.value) as 0 | 1 | 2)}>
          <option value={0}>{quote}</option>
          <option value={1}>{base}</option>
          <option value={2}>{t('gridTool.both', { base, quote })}</option>
        </select>
      </label>
      {mode !== 1 ? <NumberInput label={t('gridTool.investment')} value={quoteInv} onChange={edit('investment', setQuoteInv)} sanitize={(raw) => sanitizeNumeric(raw, symbol.amountPrecision)} unit={quote} error={errorOf('investment')} /> : null}
      {mode !== 0 ? (
        <NumberInput label={t('gridTool.investment')} value={baseInv} onChange={edit('investment', setBaseInv)} sanitize={(raw) => sanitizeNumeric(raw, symbol.quantityPrecision)} unit={base} error={mode === 1 ? errorOf('investment') : undefined} />
      ) : null}
      {v ? (
        <p className="tool-form__hint">
          {/* In the base coin when investing in it, from the exchange's own base_investment (walkthrough 7, B4: "53.93 USDT" for a BTC investment). */}
          {t('gridTool.investmentHint', mode === 1 ? { min: formatGrouped(v.base_investment.from, undefined), coin: base } : { min: formatGrouped(v.investment.from, undefined), coin: quote })}
        </p>
      ) : null}
      <div className="tool-form__row">
        {priceInput(t('gridTool.stopLoss'), stopLoss, setStopLoss, 'stopLoss')}
        {priceInput(t('gridTool.takeProfit'), takeProfit, setTakeProfit, 'takeProfit')}
      </div>
      <label className="tool-form__check">
        <input type="checkbox" checked={trailing} onChange={(e) => setTrailing(e.target.checked)} />
        {t('gridTool.trailing')}
      </label>
      {errorOf('trailing') ? <p className="number-input__error">{errorOf('trailing')}</p> : null}
      <dl className="tool-form__facts" aria-live="polite">
        <dt>{t('gridTool.profitPerGrid')}</dt>
        <dd data-testid="grid-profit">{v && v.check_code === GRID_CHECK_OK ? `${pct(v.profit.from)} – ${pct(v.profit.to)}` : check && 'error' in check ? check.error : '--'}</dd>
      </dl>
      <Button variant="primary" disabled={!ready} busy={busy} onClick={() => setConfirming(true)}>
        {t('gridTool.create')}
      </Button>
      {result ? (
        <div className={`tool-form__result${result.ok && !result.ended ? '' : ' tool-form__result--error'}`} role="status" data-testid="tool-result">
          {result.ok && result.ended ? (
            <>
              {/* The exchange ended it at once (walkthrough 7, A2: "created: Completed" for a bot that failed to start): why, and what it settled. */}
              <p>{t('gridTool.notStarted', { id: result.id, reason: t(`gridPanel.reason.${result.ended.reason}`, { defaultValue: result.ended.reason }) })}</p>
              {result.ended.settled.length > 0 ? (
                <p>{t('gridTool.returned', { assets: result.ended.settled.map((a) => coinAmount(a.amount, a.coin)).join(' + ') })}</p>
              ) : null}
              <Button variant="link" onClick={() => setGridPanelOpen(true)}>
                {t('gridTool.viewBots')}
              </Button>
            </>
          ) : result.ok ? (
            <>
              <p>{t('gridTool.created', { id: result.id, status: t(`gridPanel.status.${result.status}`) })}</p>
              <Button variant="link" onClick={() => setGridPanelOpen(true)}>
                {t('gridTool.viewBots')}
              </Button>
            </>
          ) : (
            <p>{t('gridTool.failed', { reason: result.reason })}</p>
          )}
        </div>
      ) : null}
      {confirming && body && v ? (
        <Dialog
          title={t('gridTool.confirmTitle')}
          onClose={() => setConfirming(false)}
          actions={
            <>
              <Button onClick={() => setConfirming(false)}>{t('toolForm.cancel')}</Button>
              <Button variant="primary" onClick={() => void submit()}>
                {t('gridTool.confirm')}
              </Button>
            </>
          }
        >
          <dl className="tool-form__summary">
            <dt>{t('gridTool.pair')}</dt>
            <dd>{`${base}/${quote}`}</dd>
            <dt>{t('gridTool.range')}</dt>
            <dd>{`${formatGrouped(lower, symbol.pricePrecision)} – ${formatGrouped(upper, symbol.pricePrecision)} ${quote}`}</dd>
            <dt>{t('gridTool.grids')}</dt>
            <dd>{`${grids} · ${t(kind === 1 ? 'gridTool.arithmetic' : 'gridTool.geometric')}`}</dd>
            <dt>{t('gridTool.investment')}</dt>
            {/* Each coin at its places (spec 5.12; fourth walkthrough: "20,000 USDT" without its decimals). */}
            <dd>{[mode !== 1 ? coinAmount(quoteInv || '0', quote) : '', mode !== 0 ? coinAmount(baseInv || '0', base) : ''].filter(Boolean).join(' + ')}</dd>
            <dt>{t('gridTool.profitPerGrid')}</dt>
            <dd>{`${pct(v.profit.from)} – ${pct(v.profit.to)}`}</dd>
            {stopLoss ? (
              <>
                <dt>{t('gridTool.stopLoss')}</dt>
                <dd>{formatGrouped(stopLoss, symbol.pricePrecision)}</dd>
              </>
            ) : null}
            {takeProfit ? (
              <>
                <dt>{t('gridTool.takeProfit')}</dt>
                <dd>{formatGrouped(takeProfit, symbol.pricePrecision)}</dd>
              </>
            ) : null}
          </dl>
        </Dialog>
      ) : null}
    </div>
  );
}
