// Live symbol status (spec 4.4, 6, 7.7 "instrument info all"): whether each pair trades and which
// side the exchange bans, followed while an order form is shown, so a ban, a delisting or a
// suspension reaches the form without a reload. Bybit has no public instrument push, so the
// subscription is Bybit's instruments-info read again every INSTRUMENT_STATUS_POLL_MS through the
// one poller (state/poll.ts: only while shown, backing off on failures).
import { fetchSpotSymbols } from '../../api/market.ts';
import { INSTRUMENT_STATUS_POLL_MS } from '../../core/constants.ts';
import type { SpotSymbol } from '../../core/symbols.ts';
import { createPoll } from '../poll.ts';
import { computed } from '../signals.ts';

/** What the order form needs of a pair's status. */
export type TradeState = Pick<SpotSymbol, 'tradeStatus' | 'isBanBuy' | 'isBanSell'>;

const poll = createPoll<SpotSymbol[], SpotSymbol[] | null>({
  read: (signal) => fetchSpotSymbols('', signal),
  everyMs: INSTRUMENT_STATUS_POLL_MS,
  initial: null,
  // The list was read at start (state/market/markets.ts): the first read waits one period.
  readAtStart: false,
  keepOnStop: true,
});

const live = computed<ReadonlyMap<string, TradeState>>(() => {
  const out = new Map<string, TradeState>();
  for (const s of poll.data.value ?? []) out.set(s.symbolId, { tradeStatus: s.tradeStatus, isBanBuy: s.isBanBuy, isBanSell: s.isBanSell });
  return out;
});

/** Follows the exchange's symbol status while the returned release is not called. */
export function watchInstrumentStatus(): () => void {
  return poll.use();
}

/** The pair's status as the exchange last said: the latest read's, else the list read at start. */
export function tradeStateOf(symbol: SpotSymbol): TradeState {
  return live.value.get(symbol.symbolId) ?? symbol;
}
