// The Borrowings tab (spec 2.13, 7.2): the unified account's liabilities, read while shown and again
// after each wallet push (wallet-reads.ts), and repaying a coin in full.
import { fetchLiabilities, fetchLoans, fetchRepayments, repayCoin, type Liability, type LoanRecord, type RepaymentRecord } from '../../api/margin.ts';
import { fx, fxPlain } from '../../core/decimal.ts';
import { computed } from '../signals.ts';
import { pushToast } from '../toasts.ts';
import { walletRead } from './wallet-reads.ts';

export type { Liability, LoanRecord, RepaymentRecord } from '../../api/margin.ts';

const read = walletRead<Liability[]>(() => fetchLiabilities());

/** The liabilities; null before the first answer. */
export const liabilities = computed<readonly Liability[] | null>(() => read.poll.data.value);

// The borrowing history (spec 2.12): the loans one by one and the repayments, read together while shown.
const history = walletRead(async () => {
  const [loans, repayments] = await Promise.all([fetchLoans(), fetchRepayments()]);
  return { loans, repayments };
});

/** The loans (newest first); null before the first answer. */
export const loanRecords = computed<readonly LoanRecord[] | null>(() => history.poll.data.value?.loans ?? null);
/** The repayments (newest first); null before the first answer. */
export const repaymentRecords = computed<readonly RepaymentRecord[] | null>(() => history.poll.data.value?.repayments ?? null);

/** Reads the borrowing history while shown (and after each wallet push); returns the release. */
export function watchLoanHistory(): () => void {
  return history.watch();
}

/** Reads the liabilities while shown; returns the release. */
export function watchLiabilities(): () => void {
  return read.watch();
}

/** What a coin owes in all (principal and interest), as 18-place fixed point; 0 when nothing. */
const owedOf = (list: readonly Liability[] | null, coin: string): bigint => {
  const l = list?.find((x) => x.coin === coin);
  return l ? (fx(l.borrowSize) ?? 0n) + (fx(l.interest) ?? 0n) : 0n;
};

/**
 * Repays a coin's liability from its balance and says what the exchange did, with the amounts it
 * reports afterwards: repaid X of Y (the list read again), nothing repaid because no coin is free
 * (resultStatus FA), or in progress (P: the next wallet push reads the list again). A refusal
 * shows the server's message.
 */
/** `places`: the coin's display precision (spec 5.12), which the toast's amounts are written at. */
export async function repayLiability(coin: string, places?: number): Promise<void> {
  const before = owedOf(read.poll.data.peek(), coin);
  try {
    const status = await repayCoin(coin);
    if (status === 'FA') {
      pushToast({ kind: 'error', key: 'margin.borrowings.nothingRepaid', params: { coin } });
      return;
    }
    if (status === 'P') {
      pushToast({ kind: 'info', key: 'margin.borrowings.repayPending', params: { coin } });
      return;
    }
    await read.poll.refresh();
    const after = owedOf(read.poll.data.peek(), coin);
    const paid = before - after;
    if (paid <= 0n) {
      // The exchange said SU but the list shows no change (interest charged meanwhile): say what the list shows.
      pushToast({ kind: 'info', key: 'margin.borrowings.repaidUnknown', params: { coin }, amounts: { owed: fxPlain(after) }, ...(places === undefined ? {} : { decimals: { owed: places } }) });
    } else if (after === 0n) {
      pushToast({ kind: 'success', key: 'margin.borrowings.repaidAll', params: { coin }, amounts: { paid: fxPlain(paid) }, ...(places === undefined ? {} : { decimals: { paid: places } }) });
    } else {
      pushToast({ kind: 'success', key: 'margin.borrowings.repaidPart', params: { coin }, amounts: { paid: fxPlain(paid), owed: fxPlain(before), left: fxPlain(after) }, ...(places === undefined ? {} : { decimals: { paid: places, owed: places, left: places } }) });
    }
  } catch (err) {
    pushToast({ kind: 'error', text: (err instanceof Error ? err.message : String(err)) || 'error' });
  }
}
