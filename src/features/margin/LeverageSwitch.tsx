// Spec 4.5 and 5.1: the order form's leverage switch and leverage picker, for unified accounts
// only. Turning it on confirms spot margin on the exchange (switch-mode) the first time; the
// picker sets the account's leverage (2×–10×). An isolated-margin account is told leverage is not
// supported. It keeps the symbol's account info (spec 3) in state/account/margin.ts, reloaded after
// each wallet push (state/account/margin-actions.ts).
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { leverageCheck } from '../../core/leverage-check.ts';
import { symbolById } from '../../state/market/markets.ts';
import { leverage, leverageChecked, marginAccount, MAX_LEVERAGE, MIN_LEVERAGE } from '../../state/account/margin.ts';
import { useSignals } from '../../state/signals.ts';
import { chooseLeverage, followMarginAccount, setLeverageChecked } from '../../state/account/margin-actions.ts';
import { user } from '../../state/account/user.ts';
import { complianceConfig } from '../../state/market/compliance.ts';
import { prefItemsShown, tradePrefs } from '../../state/trading/order-prefs.ts';
import { formatAmountIn } from '../../core/format.ts';
import { assetDecimals } from '../../core/symbols.ts';
import { symbolList } from '../../state/market/markets.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import './margin.css';

const CHOICES = Array.from({ length: MAX_LEVERAGE - MIN_LEVERAGE + 1 }, (_, i) => MIN_LEVERAGE + i);
export function LeverageSwitch({ symbolId }: { symbolId: string }) {
  useSignals();
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  // Turning leverage on asks first, with what it means (issue 32): the multiple, borrowing, liquidation.
  const [asking, setAsking] = useState(false);
  const uta = user.value.isUTA;
  // The account info: once now, then after each wallet push (state/account/margin-actions.ts).
  useEffect(() => (uta ? followMarginAccount(symbolId) : undefined), [symbolId, uta]);
  // Spec 5.13: where compliance forbids spot margin there is no switch; a user who turned the
  // spot-margin preference off (it is offered once margin is on) hides it, and the leverage
  // preference the picker.
  const shown = prefItemsShown.value;
  const prefs = tradePrefs.value;
  const sym = symbolById(symbolId);
  // A pair the exchange does not trade on margin (instruments-info marginTrading 'none') has no switch.
  if (!uta || !complianceConfig.value.spotMargin || (shown.has('spotMargin') && !prefs.spotMargin) || (sym && !sym.margin)) return null;
  const showPicker = !shown.has('leverage') || prefs.leverage;
  const a = marginAccount.value;
  const check = leverageCheck({ isUnified: true, marginMode: a?.marginMode ?? 'REGULAR_MARGIN', confirmed: true, passed: true, leverageOn: leverageChecked.value });
  const isolated = a?.marginMode === 'ISOLATED_MARGIN';
  const toggle = async (on: boolean) => {
    setBusy(true);
    await setLeverageChecked(on, symbolId);
    setBusy(false);
  };
  const pick = async (n: number) => {
    setBusy(true);
    await chooseLeverage(n, symbolId);
    setBusy(false);
  };
  return (
    <div className="leverage-switch" data-testid="leverage-switch">
      <label className="leverage-switch__toggle">
        <input
          type="checkbox" role="switch" checked={leverageChecked.value && !isolated} disabled={busy || isolated || !a}
          onChange={(e) => (e.target.checked ? setAsking(true) : void toggle(false))}
        />
        <span>{t('margin.switchLabel')}</span>
      </label>
      {leverageChecked.value && !isolated && showPicker ? (
        <label className="leverage-switch__picker">
          <span>{t('margin.pickerLabel')}</span>
          <select value={leverage.value} disabled={busy} onChange={(e) => void pick(Number(e.target.value))}>
            {CHOICES.map((n) => (
              <option key={n} value={n}>
                {t('margin.multiple', { n })}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {!check.ok && check.message && (isolated || leverageChecked.value) ? (
        <p className="leverage-switch__note" role="status">
          {t(check.message)}
        </p>
      ) : null}
      {leverageChecked.value && a && !isolated ? (
        <p className="leverage-switch__borrowed" data-testid="margin-borrowed">
          {t('margin.borrowedNow', {
            base: formatAmountIn(a.baseBorrowSize, i18n.language, assetDecimals(symbolList.value, sym?.baseTokenName ?? '')), baseCoin: sym?.baseTokenName ?? '',
            quote: formatAmountIn(a.quoteBorrowSize, i18n.language, assetDecimals(symbolList.value, sym?.quoteTokenName ?? '')), quoteCoin: sym?.quoteTokenName ?? '',
          })}
        </p>
      ) : null}
      {asking ? (
        <Dialog
          title={t('margin.riskTitle', { n: leverage.value })}
          onClose={() => setAsking(false)}
          actions={
            <>
              <Button onClick={() => setAsking(false)}>{t('orderForm.cancel')}</Button>
              <Button
                variant="primary"
                onClick={() => {
                  setAsking(false);
                  void toggle(true);
                }}
              >
                {t('margin.riskConfirm')}
              </Button>
            </>
          }
        >
          <p>{t('margin.riskBorrow', { n: leverage.value })}</p>
          <p>{t('margin.riskInterest')}</p>
          <p>{t('margin.riskLiquidation')}</p>
        </Dialog>
      ) : null}
    </div>
  );
}
