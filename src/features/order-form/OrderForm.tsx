import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { availableAmount, quotaRemaining, sideRestricted, zoneOf } from '../../core/order-gates.ts';
import { fxText } from '../../core/decimal.ts';
import { ORDER_KINDS, orderKind } from '../../core/order-kinds/index.ts';
import { preCheckOrder, type OrderKind, type RuleMessage } from '../../core/order-rules.ts';
import type { Side } from '../../core/order-types.ts';
import type { SpotSymbol } from '../../core/symbols.ts';
import { balances, freeOf } from '../../state/account/balances.ts';
import { noticeState } from '../../state/chart/chart-notice.ts';
import { useSignals } from '../../state/signals.ts';
import { activeLastPrice, activeTicker } from '../../state/market/ticker-view.ts';
import { pushToast } from '../../state/toasts.ts';
import { acceptDisclaimer, innovationRemaining, loadDisclaimers, pageGate, quotaFor, refreshInnovationQuota, refreshMaintenance, watchMaintenance } from '../../state/trading/market-gates.ts';
import { placeOrder, placing, standardAccountLimit, tradeLimitReached } from '../../state/trading/trading.ts';
import { user } from '../../state/account/user.ts';
import { Button } from '../../ui/Button.tsx';
import { TabPanel, Tabs } from '../../ui/Tabs.tsx';
import { OrderTypeGuide } from '../trade-guide/OrderTypeGuide.tsx';
import { TradePrefsButton } from '../trade-prefs/TradePrefsButton.tsx';
import { prefItemsOn } from '../../state/trading/order-prefs.ts';
import { BalanceSlider } from './BalanceSlider.tsx';
import { fieldRules, limitsOf } from '../../core/field-rules.ts';
import { belowMinimum } from '../../core/order-checks.ts';
import { KindFields } from './KindFields.tsx';
import { RiskDisclaimer } from './RiskDisclaimer.tsx';
import { LazyLeverageSwitch } from '../margin/LazyLeverageSwitch.tsx';
import { borrowEstimate, leverageCheck } from '../../core/leverage-check.ts';
import { formatGrouped } from '../../core/format.ts';
import { assetDecimals } from '../../core/symbols.ts';
import { symbolList } from '../../state/market/markets.ts';
import { leverageChecked, marginAccount } from '../../state/account/margin.ts';
import { reloadMarginAccount } from '../../state/account/margin-actions.ts';
import { useOrderDraft } from './use-order-draft.ts';
import { useBalancePoll } from './use-balance-poll.ts';
import { tradeStateOf, watchInstrumentStatus, type TradeState } from '../../state/market/instrument-status.ts';
import './order-form.css';
import { useThrottledSignal } from '../hooks/useThrottledSignal.ts';


const PRICE_REFRESH_MS = 250;

/** Spec 5.2's reading of a quota for the 5.3 check: '--' is none left, '-1' or '-' unlimited (null). */
function quotaText(raw: string | null): string | null {
  const q = quotaRemaining(raw);
  return q === null ? null : fxText(q, 8);
}

/**
 * Whether the pair is not open for trading: its opening countdown runs, or the exchange lists it
 * as not trading (live: state/market/instrument-status.ts) and no notice has said it opened since.
 */
function marketNotOpen(symbol: SpotSymbol, state: TradeState): boolean {
  const n = noticeState.value;
  if (n.symbol === symbol.symbolId && n.kind === 'countdown') return true;
  return state.tradeStatus !== 'Trading' && !(n.symbol === symbol.symbolId && n.kind === 'open');
}

/** Order entry (issue 7 item 2): every order kind, checked per spec 5.3/5.4 before it is sent once. */
export function OrderForm({ symbol, initialSide = 'Buy' }: { symbol: SpotSymbol; initialSide?: Side }) {
  useSignals();
  const { t } = useTranslation();
  const u = user.value;
  // The form shows figures that follow the price (max quantity of a market order); four times a
  // second is live enough, and keeps the whole form from re-rendering on every tick.
  const last = useThrottledSignal(activeLastPrice, PRICE_REFRESH_MS);
  const { draft, set, reset } = useOrderDraft(symbol, last, initialSide);
  const [disclaimer, setDisclaimer] = useState<string | null>(null);
  // The last failed check: its field is marked and its message shown under it until the draft changes.
  const [problem, setProblem] = useState<RuleMessage | null>(null);
  useEffect(() => setProblem(null), [draft]);
  // Spec 4.4, 7.7: the pair's status follows the exchange while the form is shown (a ban, a
  // delisting, a suspension arrive without a reload).
  useEffect(watchInstrumentStatus, []);
  const state = tradeStateOf(symbol);
  // Trading stopped (Closed: delisted or suspended; not PreLaunch's "not open yet"), whatever the
  // opening notice said before.
  const stopped = state.tradeStatus === 'Closed';
  const closed = stopped || marketNotOpen(symbol, state);
  // Spec 4.4: a side the exchange bans cannot be sent; the button says so.
  const banned = sideRestricted(draft.side, state);
  useEffect(watchMaintenance, []);
  // The accepted disclaimers come with the user's preferences: loaded before the first order.
  useEffect(() => loadDisclaimers(), [u.userState]);
  useEffect(() => void refreshInnovationQuota(symbol), [symbol, u.userState]);
  useBalancePoll(symbol.symbolId, draft);
  void innovationRemaining.value;
  const quota = quotaFor(symbol);
  // Spec 5.13: what the trade preferences enable; a switched-off option goes back to its default, so
  // nothing hidden is ever sent.
  const on = prefItemsOn.value;
  const extras = { timeInForce: on.has('timeInForce'), postOnly: on.has('postOnly'), slippage: on.has('slippage') };
  const allowTpsl = on.has('tpsl');
  useEffect(() => {
    if (!extras.timeInForce && draft.timeInForce !== 'GTC') set('timeInForce', 'GTC');
    if (!extras.postOnly && draft.postOnly) set('postOnly', false);
    if (!extras.slippage && draft.slippage !== '') set('slippage', '');
    // Spec 4.5: the form's orders borrow (isLeverage=1) while a unified account's leverage switch is on.
    // Only on a pair the exchange trades on margin (instruments-info marginTrading): elsewhere it refuses isLeverage.
    const lev = leverageChecked.value && u.isUTA && symbol.margin;
    if (draft.isLeverage !== lev) set('isLeverage', lev);
    if (!allowTpsl && (draft.takeProfit !== '' || draft.stopLoss !== '')) {
      set('takeProfit', '');
      set('stopLoss', '');
    }
  });
  const rules = fieldRules(symbol);
  // Under its field: the last submit's problem, or at once a quantity or value below the pair's minimum.
  const shownProblem = problem ?? belowMinimum(draft, limitsOf(symbol));
  const buy = draft.side === 'Buy';
  // The kinds this account may send (Bybit's demo trading lacks some, spec 6), each its definition.
  const kinds = ORDER_KINDS.filter((k) => k.demo || !u.isDemoAccount);
  const kind = orderKind(draft.kind);
  const free = freeOf(balances.value, buy ? symbol.quoteTokenName : symbol.baseTokenName);
  // Leverage trading (4.5): the account's max buy / sell from its account info, borrowing included.
  const margin = marginAccount.value;
  const levered = leverageChecked.value && margin !== null && margin.symbolId === symbol.symbolId && margin.spotMarginOn;
  const available = availableAmount({
    side: draft.side, free, zone: zoneOf(symbol.mark), quota, decimals: buy ? symbol.amountPrecision : symbol.quantityPrecision,
    ...(levered ? { maxBuyAmount: margin.maxBuyAmt, maxSellQty: margin.maxSellQty } : {}),
  });
  const borrow = levered && on.has('borrowedAmount') ? borrowEstimate(draft, free, last) : null;
  // Spec 5.1: a leverage trade is one made with the switch on, or one that needs more than the free
  // balance on a pair the exchange lends for, from an account whose spot margin the exchange says is
  // on (it confirmed leverage trading; the local exchange has no leverage test, so confirmed is
  // passed). Then leverage must be on: with the switch off the form says to turn it on
  // ('leverage_off_trade_tip') and sends nothing.
  const marginHere = u.isUTA && symbol.margin && margin !== null && margin.symbolId === symbol.symbolId ? margin : null;
  const needsBorrow = marginHere !== null && marginHere.spotMarginOn && (borrowEstimate(draft, free, last) ?? 0n) > 0n;
  const levCheck =
    u.isUTA && (leverageChecked.value || needsBorrow)
      ? leverageCheck({
          isUnified: true, marginMode: marginHere?.marginMode ?? 'REGULAR_MARGIN', confirmed: marginHere?.spotMarginOn === true,
          passed: marginHere?.spotMarginOn === true, leverageOn: leverageChecked.value,
        })
      : null;
  const leverageOffTip = levCheck !== null && !levCheck.ok && levCheck.message === 'margin.leverageOffTradeTip';
  const borrowCoin = buy ? symbol.quoteTokenName : symbol.baseTokenName;
  // Shown at the coin's display precision, rounded up: never less than it would borrow.
  const borrowDecimals = assetDecimals(symbolList.value, borrowCoin);

  const send = async () => {
    // The action mints the client order id; sending this same draft again reuses it.
    const result = await placeOrder(draft, symbol.symbolId);
    // A refused or rejected order keeps what was typed, to fix and send again.
    if (result === 'live' || result === 'filled') {
      set('qty', '');
      set('amount', '');
    }
    // What the answer may have changed: the quota a fill used, a maintenance window that refused it.
    if (result === 'failed') void refreshMaintenance();
    void refreshInnovationQuota(symbol);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (placing.peek() || closed || banned) return;
    const gate = pageGate(symbol);
    // Spec 5.1: before a leverage trade, the leverage check (isolated margin is not supported; an
    // unconfirmed account's leverage info is fetched again and the order waits).
    if (levCheck !== null && !levCheck.ok) {
      if (levCheck.message) pushToast({ kind: 'error', key: levCheck.message });
      if (levCheck.refetch) void reloadMarginAccount(symbol.symbolId);
      return;
    }
    if (!gate.ok) {
      if ('disclaimer' in gate) setDisclaimer(gate.disclaimer);
      else pushToast({ kind: 'error', key: `orderMsg.${gate.message.key}`, params: gate.message.params });
      return;
    }
    const found = preCheckOrder(draft, limitsOf(symbol), { lastPrice: activeTicker.peek()?.lastPrice ?? null, available, isUnified: u.isUTA, editing: false, innovationRemaining: buy && zoneOf(symbol.mark) !== '' ? quotaText(quota) : null });
    if (found) {
      setProblem(found);
      pushToast({ kind: 'error', key: `orderMsg.${found.key}`, params: found.params });
      return;
    }
    void send();
  };

  return (
    <section className="order-form" aria-label={t('orderForm.title')}>
      <TradePrefsButton />
      <Tabs
        idPrefix="side"
        label={t('orderForm.sideLabel')}
        className={`order-form__sides order-form__sides--${buy ? 'buy' : 'sell'}`}
        active={draft.side}
        onChange={(side) => reset(side, draft.kind)}
        items={[
          { key: 'Buy', label: t('orderForm.buy') },
          { key: 'Sell', label: t('orderForm.sell') },
        ]}
      />
      <TabPanel idPrefix="side" tabKey={draft.side}>
        <form className="order-form__body" onSubmit={submit} noValidate>
          <label className="order-form__kind">
            <span>{t('orderForm.kindLabel')}</span>
            <select
              value={draft.kind}
              onChange={(e) => reset(draft.side, e.target.value as OrderKind)}
            >
              {kinds.map((k) => (
                <option key={k.kind} value={k.kind}>
                  {t(k.labelKey)}
                </option>
              ))}
            </select>
          </label>
          {kind.guide ? <OrderTypeGuide guide={kind.guide} side={draft.side} /> : null}
          <KindFields
            draft={draft}
            set={set}
            symbol={symbol}
            rules={rules}
            allowTpsl={allowTpsl}
            extras={extras}
            error={shownProblem?.field ? { field: shownProblem.field, message: t(`orderMsg.${shownProblem.key}`, shownProblem.params) } : null}
          />
          <BalanceSlider draft={draft} set={set} symbol={symbol} available={available} calcPrice={kind.calcPrice(draft, last ?? '')} withBorrowing={levered} />
          <LazyLeverageSwitch symbolId={symbol.symbolId} />
          {borrow !== null && borrow > 0n ? (
            <p className="order-form__borrow" data-testid="borrow-estimate">
              {t('orderForm.borrow', { amount: formatGrouped(fxText(borrow, borrowDecimals, 'up'), borrowDecimals), coin: borrowCoin })}
            </p>
          ) : null}
          {leverageOffTip ? (
            <p className="order-form__closed" role="status" data-testid="leverage-off-tip">
              {t('margin.leverageOffTradeTip')}
            </p>
          ) : null}
          {closed ? (
            <p className="order-form__closed" role="status" data-testid="market-not-open">
              {t(stopped ? 'orderForm.marketStopped' : 'orderForm.marketNotOpen')}
            </p>
          ) : null}
          {banned && !closed ? (
            <p className="order-form__closed" role="status" data-testid="side-banned">
              {t('orderForm.sideBanned')}
            </p>
          ) : null}
          {/* Spec 8: the exchange said this account reached a trade limit; it stays said until an order is taken again. */}
          {tradeLimitReached.value || standardAccountLimit.value ? (
            <p className="order-form__closed" role="status" data-testid="trade-limit">
              {t(tradeLimitReached.value ? 'orderMsg.tradeLimitReached' : 'orderMsg.standardAccountLimit')}
            </p>
          ) : null}
          <Button type="submit" variant={buy ? 'buy' : 'sell'} className="order-form__submit" disabled={placing.value || closed || banned} aria-busy={placing.value}>
            {buy ? t('orderForm.submitBuy', { base: symbol.baseTokenName }) : t('orderForm.submitSell', { base: symbol.baseTokenName })}
          </Button>
        </form>
      </TabPanel>
      {disclaimer ? (
        <RiskDisclaimer
          id={disclaimer}
          onAccept={() => {
            setDisclaimer(null);
            void acceptDisclaimer(disclaimer).then((saved) => saved || pushToast({ kind: 'error', key: 'errorCodes:operationFail' }));
          }}
          onClose={() => setDisclaimer(null)}
        />
      ) : null}
    </section>
  );
}
