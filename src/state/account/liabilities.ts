// The Borrowings tab (spec 2.13, 7.2): the unified account's liabilities, read while shown and again
// after each wallet push (wallet-reads.ts), and repaying a coin in full.
import { fetchLiabilities, repayCoin, type Liability } from '../../api/margin.ts';
import { computed } from '../signals.ts';
import { pushToast } from '../toasts.ts';
import { walletRead } from './wallet-reads.ts';

export type { Liability } from '../../api/margin.ts';

const read = walletRead<Liability[]>(() => fetchLiabilities());

/** The liabilities; null before the first answer. */
export const liabilities = computed<readonly Liability[] | null>(() => read.poll.data.value);

/** Reads the liabilities while shown; returns the release. */
export function watchLiabilities(): () => void {
  return read.watch();
}

/** Repays a coin's liability from its balance; says the outcome (the server's message on a refusal) and reads the list again. */
export async function repayLiability(coin: string): Promise<void> {
  try {
    await repayCoin(coin);
    pushToast({ kind: 'success', key: 'margin.borrowings.repaid', params: { coin } });
    void read.poll.refresh();
  } catch (err) {
    pushToast({ kind: 'error', text: (err instanceof Error ? err.message : String(err)) || 'error' });
  }
}
