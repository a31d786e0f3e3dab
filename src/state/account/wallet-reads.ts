// Reads that follow the wallet (spec 7.7): read when first shown and again 500 ms after each wallet
// push (a burst of pushes makes one read), for as long as a view shows them. The account's lists
// that move with the balances: positions, closed P&L, liabilities.
import { createPoll, type Poll } from '../poll.ts';
import { effect } from '../signals.ts';
import { pushToast } from '../toasts.ts';
import { balances } from './balances.ts';

/** A wallet push's burst settles this long before the read. */
export const WALLET_READ_DELAY_MS = 500;

export interface WalletRead<T> {
  /** The last answer; null before the first. */
  readonly poll: Poll<T | null>;
  /** A reader: reads now and after each wallet push while held; returns the release. */
  watch(): () => void;
}

/**
 * Calls `read` 500 ms after each wallet push (a burst makes one call), not for the balances as
 * they are when it starts; returns the stop. The one "after a fill" trigger of reads that move with
 * the wallet.
 */
export function afterWalletPush(read: () => void): () => void {
  let first = true;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = effect(() => {
    void balances.value;
    if (first) return void (first = false);
    clearTimeout(timer);
    timer = setTimeout(read, WALLET_READ_DELAY_MS);
  });
  return () => {
    stop();
    clearTimeout(timer);
  };
}

/** A read that follows the wallet; a failure says the server's message (spec 8) and keeps the last answer. */
export function walletRead<T>(read: () => Promise<T>): WalletRead<T> {
  const poll = createPoll<T, T | null>({
    read: () => read(),
    everyMs: null,
    initial: null,
    onError: (err) => pushToast({ kind: 'error', text: (err instanceof Error ? err.message : String(err)) || 'error' }),
  });
  return {
    poll,
    watch() {
      const release = poll.use();
      const stop = afterWalletPush(() => void poll.refresh());
      return () => {
        stop();
        release();
      };
    },
  };
}
