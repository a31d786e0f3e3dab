// While a user is logged in and a trading view is mounted: loads balances and lists, keeps the
// private stream open (spec 4.6–4.8, 7.7) and turns its pushes into list changes and toasts.
// The push is the lists' source: REST lists are read on start and on each reconnect (what was
// pushed meanwhile is lost), on a tab switch, and on a gap trading-sync.ts detects.
import { applyStrategyPushes } from './strategy-pushes.ts';
import { applyAlertPushes, loadAlerts } from './alerts.ts';
import { reactToExecutionPush, reactToOrderPush } from '../../core/order-push.ts';
import { isUserOrder, type Execution, type Order, type TokenBalance } from '../../core/order-types.ts';
import { fx, fxPlain } from '../../core/decimal.ts';
import { assetDecimals } from '../../core/symbols.ts';
import { PrivateStream, type PrivateEvent } from '../../api/private-stream.ts';
import { onUpgradePush } from '../account/uta-upgrade.ts';
import { applyLtOrderPushes } from './lt-orders.ts';
import type { AccountKind } from '../../api/trading.ts';
import type { TradingApi } from '../../api/trading.ts';
import { balances, clearBalances, loadBalances, setBalances } from '../account/balances.ts';
import {
  applyExecutionPushes, applyOrderPushes, clearOrders, findOpenOrder, historyDays, loadHistory, loadOpenOrders, loadTrades, openOrders,
  ordersScope, panelView,
} from './orders.ts';
import { noteFills } from './full-screen-fills.ts';
import { pairName, symbolById, symbolList } from '../market/markets.ts';
import { effect, signal, whileHeld } from '../signals.ts';
import { dismissToast, pushToast, toasts } from '../toasts.ts';
import { claimPushedOrder, resetSync, streamState, streamSubscribed } from './trading-sync.ts';
import { outcomeSymbol, tradingApi } from './trading.ts';
import { placeOutcome } from '../../core/order-outcome.ts';
import { user } from '../account/user.ts';
import { ensureUserPrefs } from '../account/user-prefs.ts';
import { DCP_SPOT_TOPIC } from '../../protocol/bybit-v5/dcp.ts';
import { dcpOn, reportDcpCancels } from './dcp.ts';
import { INTEGRATED_REFETCH_MS } from '../../core/constants.ts';
import { complianceConfig } from '../market/compliance.ts';
import { groupOfPlan, type OrderGroup } from '../../core/order-groups.ts';

export { streamState } from './trading-sync.ts';
/** Bumped on each pushed success the user wants to hear (successAudio); the view plays the sound. */
export const successSound = signal(0);

function loadVisible(api: TradingApi): void {
  const view = panelView.peek();
  if (view.tab === 'history') void loadHistory(api);
  else if (view.tab === 'trades') void loadTrades(api);
}

function onOrders(orders: readonly Order[]): void {
  const u = user.peek();
  for (const o of orders) {
    const r = reactToOrderPush(o, {
      previous: findOpenOrder(o.orderId),
      isDemo: u.isDemoAccount,
      successAudio: u.doubleConfirm.successAudio,
      openCount: openOrders.peek().length,
    });
    // An order an action is changing gets that action's one toast, not these (trading.ts). A grid
    // bot's or a strategy's child order is the bot's: its fills are told by the bot's or the
    // strategy's own figures, not as "Buy order filled" (issue 32's walkthrough); a liquidation's is told.
    const ownOrder = isUserOrder(o) || o.createType === 'liquidation';
    if (!claimPushedOrder(o) && ownOrder) {
      // The pair as BASE/QUOTE and the side in the page's language.
      const words = { tParams: { side: o.side === 'Buy' ? 'orderForm.buy' : 'orderForm.sell' } };
      const params = (p: Record<string, string> | undefined) => ({ ...p, symbol: pairName(o.symbolId) });
      for (const m of r.toasts) {
        // A fill of an order made elsewhere (the API, another tab) says what filled and at what
        // average, as the page's own orders do (third walkthrough: "BTC/USDT Buy order filled").
        if (m.key === 'filled' || m.key === 'partiallyFilled') {
          const out = placeOutcome(o, outcomeSymbol(o.symbolId), { side: o.side });
          pushToast({ kind: out.kind, key: `outcome.${out.key}`, params: out.params, tParams: out.tParams });
        } else pushToast({ kind: m.key === 'canceled' ? 'info' : 'success', key: `push.${m.key}`, params: params(m.params), ...words });
      }
      for (const m of r.notices) pushToast({ kind: 'info', key: `push.${m.key}`, params: params(m.params), ...words });
    }
    if (r.sound) successSound.value++;
  }
  applyOrderPushes(orders);
}

/**
 * Coins the account's fills (its own, its bots' and strategies') just paid into it (a buy's base, a sell's quote): proceeds in
 * a coin the account owes repay that loan first (the exchange's fill does it), and the wallet push
 * that follows shows the loan smaller. Only then, and only for such coins, the page says so; a repay
 * by hand has its own message (liabilities.ts), a liquidation its own notice.
 */
const proceedsIn = new Set<string>();
/** Per coin, the proceeds-repay message showing and the loan it counts from. */
const repayToasts = new Map<string, { id: number; was: bigint }>();

function noteProceeds(executions: readonly Execution[]): void {
  for (const e of executions) {
    if (e.createType === 'liquidation') continue;
    const sym = symbolById(e.symbolId);
    if (sym) proceedsIn.add(e.side === 'Buy' ? sym.baseTokenName : sym.quoteTokenName);
  }
}

/** A wallet push after own fills: each loan it shows smaller in a coin those fills paid in is told once, in the pushed figures. */
function tellRepaidByProceeds(next: readonly TokenBalance[]): void {
  if (proceedsIn.size === 0) return;
  const before = balances.peek();
  for (const b of next) {
    if (!proceedsIn.has(b.tokenId)) continue;
    const now = fx(before.get(b.tokenId)?.borrowed ?? '0') ?? 0n;
    const left = fx(b.borrowed ?? '0') ?? 0n;
    if (left >= now) continue;
    // A sale filled in several pieces repays in several pushes: one message, counting from the first while it shows.
    const shown = repayToasts.get(b.tokenId);
    const still = shown !== undefined && toasts.peek().some((x) => x.id === shown.id);
    const was = still ? shown.was : now;
    if (still) dismissToast(shown.id);
    const places = assetDecimals(symbolList.peek(), b.tokenId);
    const id = pushToast({
      kind: 'info', key: left === 0n ? 'margin.borrowings.repaidByProceedsAll' : 'margin.borrowings.repaidByProceeds', params: { coin: b.tokenId },
      amounts: { paid: fxPlain(was - left), left: fxPlain(left) }, decimals: { paid: places, left: places },
    });
    repayToasts.set(b.tokenId, { id, was });
  }
  proceedsIn.clear();
}

/** Spec 4.7: a future-spread execution shows a success toast (with its pair, side, size and price). */
function onExecutions(executions: readonly Execution[]): void {
  noteProceeds(executions);
  for (const e of executions) {
    const m = reactToExecutionPush(e);
    if (!m) continue;
    pushToast({
      kind: 'success', key: `push.${m.key}`, params: { ...m.params, symbol: pairName(e.symbolId) },
      tParams: { side: e.side === 'Buy' ? 'orderForm.buy' : 'orderForm.sell' },
    });
  }
}

class Session {
  private stream: PrivateStream | null = null;
  private stopDcp: (() => void) | null = null;
  /** The integrated refetch waiting to go out (spec 7.7, 9) and the groups it reads. */
  private refetchTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly refetchGroups = new Set<OrderGroup>();
  private subscribedOnce = false;

  constructor(
    private readonly api: TradingApi,
    private readonly kind: AccountKind,
  ) {}

  start(): void {
    void loadBalances(this.api);
    void loadAlerts();
    this.stream = new PrivateStream(
      { kind: this.kind },
      {
        onEvent: (ev) => this.onEvent(ev),
        // After a reconnect, whatever was pushed meanwhile is fetched instead.
        onReconnected: () => {
          this.reloadAll();
          void reportDcpCancels(this.kind);
        },
        onState: (s) => {
          streamState.value = s === 'closed' ? 'off' : s;
          if (s !== 'open') streamSubscribed.value = false;
        },
        onSubscribed: () => {
          streamSubscribed.value = true;
          // The first open list was read as the session started, before the exchange pushed to it:
          // an order made between that read and this acknowledgement was in neither (a strategy's
          // child placed as the page opened stayed missing). Read once more, now that pushes come.
          if (!this.subscribedOnce) {
            this.subscribedOnce = true;
            void loadOpenOrders(this.api);
          }
        },
        onReport: (r) => void import('../market/socket-reports.ts').then((m) => m.reportSocket('private', r)),
      },
    );
    this.stream.start();
    // Disconnection protection: the stream holds dcp.spot while the account's preference says on;
    // once it is known on, what the exchange cancelled while the page was away is said once.
    void ensureUserPrefs();
    let reported = false;
    this.stopDcp = effect(() => {
      const on = dcpOn.value;
      this.stream?.hold(DCP_SPOT_TOPIC, on);
      if (on && !reported) {
        reported = true;
        void reportDcpCancels(this.kind);
      }
    });
  }

  private onEvent(ev: PrivateEvent): void {
    if (ev.type === 'orders') {
      onOrders(ev.orders);
      if (this.kind === 'uta') this.scheduleRefetch(ev.orders);
    } else if (ev.type === 'executions') {
      applyExecutionPushes(ev.executions);
      noteFills(ev.executions);
      onExecutions(ev.executions);
    }
    else if (ev.type === 'wallet') {
      tellRepaidByProceeds(ev.balances);
      setBalances(ev.balances);
    }
    else if (ev.type === 'utaUpgrade') void onUpgradePush(ev.code);
    else if (ev.type === 'ltOrders') applyLtOrderPushes(ev.orders);
    else if (ev.type === 'strategies') applyStrategyPushes(ev.list);
    else if (ev.type === 'alerts') applyAlertPushes(ev.list);
  }

  /**
   * Spec 7.7, 9: a unified account's integrated orders are read again INTEGRATED_REFETCH_MS after
   * an update (the exchange's list then agrees with what the pushes said). Pushes meanwhile join
   * the one read waiting, which reads only the groups they touched.
   */
  private scheduleRefetch(orders: readonly Order[]): void {
    // Spec 6: where compliance hides the orders panel it hides the integrated order request too
    // (the pushes still keep the open orders the chart and the form read).
    if (!complianceConfig.peek().ordersPanel) return;
    for (const o of orders) this.refetchGroups.add(groupOfPlan(o.planType));
    if (this.refetchTimer !== null || this.refetchGroups.size === 0) return;
    this.refetchTimer = setTimeout(() => {
      this.refetchTimer = null;
      const groups = [...this.refetchGroups];
      this.refetchGroups.clear();
      void loadOpenOrders(this.api, groups);
    }, INTEGRATED_REFETCH_MS);
  }

  private reloadAll(): void {
    void loadOpenOrders(this.api);
    loadVisible(this.api);
    void loadBalances(this.api);
    void loadAlerts();
  }

  destroy(): void {
    this.stopDcp?.();
    this.stopDcp = null;
    if (this.refetchTimer !== null) clearTimeout(this.refetchTimer);
    this.refetchTimer = null;
    this.stream?.stop();
    this.stream = null;
    streamState.value = 'off';
    streamSubscribed.value = false;
  }
}

/** Starts the session for as long as one caller holds it (order form and orders panel both do). */
export const acquireTradingSession: () => () => void = whileHeld(() => startEffects());

function startEffects(): () => void {
  let session: Session | null = null;
  const stopSession = effect(() => {
    const api = tradingApi.value;
    session?.destroy();
    session = null;
    resetSync();
    clearOrders();
    clearBalances();
    if (!api) return;
    session = new Session(api, api.kind);
    session.start();
  });
  // Lists follow the pair, the show-all checkbox, the visible tab and the history range.
  const stopLists = effect(() => {
    const api = tradingApi.value;
    void ordersScope.value;
    if (!api) return;
    void loadOpenOrders(api);
  });
  const stopVisible = effect(() => {
    const api = tradingApi.value;
    void ordersScope.value;
    void panelView.value;
    void historyDays.value;
    if (api) loadVisible(api);
  });
  return () => {
    stopVisible();
    stopLists();
    stopSession();
    session?.destroy();
    session = null;
  };
}
