// The integrated orders area's Positions, Profit and loss and Borrowings tabs (spec 2.13, 7.2),
// a lazy chunk. The lists are the stores' (state/trading/positions.ts, state/account/liabilities.ts):
// read on opening and again 500 ms after each wallet push (spec 7.7); prices are the live tickers.
// A load failure shows the server's message (spec 8). Figures are decimal strings throughout.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTimeIn, formatDayIn } from '../../core/datetime.ts';
import { formatAmountIn, formatPercentIn, formatPrice, signOf } from '../../core/format.ts';
import { assetDecimals, pairOfId } from '../../core/symbols.ts';
import { symbolList } from '../../state/market/markets.ts';
import {
  liabilities, loanRecords, repayLiability, repaymentRecords, watchLiabilities, watchLoanHistory, type Liability, type LoanRecord, type RepaymentRecord,
} from '../../state/account/liabilities.ts';
import { useSignals } from '../../state/signals.ts';
import {
  closePosition, dailyPnl, pnlRange, positionRows, realisedByCoin, setPnlRange, unrealisedByCoin, unrealisedStale, watchClosedPnl, watchPositions,
  type DayPnl, type PositionRow,
} from '../../state/trading/positions.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { RangeSelect } from './RangeSelect.tsx';
import { type Column } from '../../ui/Table.tsx';
import { VirtualTable } from '../../ui/VirtualTable.tsx';
import './margin.css';

/**
 * A profit or loss with its coin (the unit it is counted in), coloured by its sign: an amount of
 * that coin at the coin's places (spec 5.12), truncated toward zero as every amount on the page is
 * (formatAmountIn); one the places would cut to nothing is written to four significant digits.
 */
function Pnl({ value, coin }: { value: string | null; coin: string }) {
  useSignals();
  const { i18n } = useTranslation();
  const sign = signOf(value);
  return <span className={sign > 0 ? 'pnl--up' : sign < 0 ? 'pnl--down' : ''}>{amountIn(value, coin, i18n.language)}</span>;
}

/** Who repaid, in the history's words. */
const BY_KEY = { user: 'margin.history.byUser', liquidation: 'margin.history.byLiquidation', auto: 'margin.history.byAuto' } as const;

/** An amount of a coin at the coin's display precision (spec 5.12), or at `decimals`, with its unit. */
const amountIn = (value: string | null, coin: string, lng: string, decimals?: number) =>
  `${formatAmountIn(value, lng, decimals ?? assetDecimals(symbolList.value, coin))} ${coin}`;

/** A column whose header only names it for assistive technology (a row's button). */
const hiddenHeader = (text: string) => <span className="visually-hidden">{text}</span>;

export function PositionsTab() {
  useSignals();
  const { t, i18n } = useTranslation();
  const [closing, setClosing] = useState<PositionRow | null>(null);
  // Read while shown, with the positions' tickers streaming meanwhile.
  useEffect(watchPositions, []);
  const list = positionRows.value;
  const symbols = symbolList.value;
  if (!list) return null;
  if (list.length === 0) return <p className="orders-empty">{t('margin.positions.empty')}</p>;
  const lng = i18n.language;
  const quoteOf = (p: PositionRow) => symbols.find((x) => x.symbolId === p.symbolId)?.quoteTokenName ?? '';
  const columns: Column<PositionRow>[] = [
    { key: 'symbol', header: t('margin.positions.symbol'), cell: (p) => pairOfId(symbols, p.symbolId) },
    // A short (base sold on borrowed coins) says so (fourth walkthrough: it was no position at all).
    { key: 'side', header: t('margin.positions.side'), cell: (p) => <span className={p.short ? 'num--down' : 'num--up'}>{t(p.short ? 'margin.positions.short' : 'margin.positions.long')}</span> },
    { key: 'size', header: t('margin.positions.size'), cell: (p) => amountIn(p.size, p.baseCoin, lng) },
    { key: 'avg', header: t('margin.positions.avgPrice'), cell: (p) => `${formatPrice(p.avgPrice, symbols.find((x) => x.symbolId === p.symbolId)?.pricePrecision, true)} ${quoteOf(p)}` },
    // Figures at a stale price look stale, as the P&L tab's do (sixth walkthrough: Positions did not).
    { key: 'value', header: t('margin.positions.markValue'), cell: (p) => amountIn(p.markValue, quoteOf(p), lng), className: (p) => (p.stale ? 'is-stale' : undefined) },
    { key: 'pnl', header: t('margin.positions.pnl'), cell: (p) => <Pnl value={p.pnl} coin={quoteOf(p)} />, className: (p) => (p.stale ? 'is-stale' : undefined) },
    {
      key: 'close',
      header: hiddenHeader(t('margin.positions.close')),
      className: 'sticky-end-col',
      cell: (p) => (
        <button type="button" className="orders-panel__chip" onClick={() => setClosing(p)}>
          {t('margin.positions.close')}
        </button>
      ),
    },
  ];
  return (
    <>
      {list.some((p) => p.stale) ? <p role="status" className="margin-unrealised__stale">{t('feed.stale')}</p> : null}
      <VirtualTable box="stacked" className="margin-table" tableProps={{ 'data-testid': 'positions-table' }} columns={columns} rows={list} rowKey={(p) => `${p.symbolId}${p.short ? '-short' : ''}`} rowProps={(p) => ({ 'data-testid': `position-${p.symbolId}${p.short ? '-short' : ''}`, 'data-stale': String(p.stale) })} />
      {closing ? (
        // Closing sells the whole holding at the market's price: it asks first (issue 32).
        <Dialog
          title={t('margin.positions.closeTitle', { pair: pairOfId(symbols, closing.symbolId) })}
          onClose={() => setClosing(null)}
          actions={
            <>
              <Button onClick={() => setClosing(null)}>{t('orderForm.cancel')}</Button>
              <Button
                variant="primary"
                onClick={() => {
                  const p = closing;
                  setClosing(null);
                  void closePosition(p);
                }}
              >
                {t(closing.short ? 'margin.positions.closeConfirmShort' : 'margin.positions.closeConfirm')}
              </Button>
            </>
          }
        >
          <p>{t(closing.short ? 'margin.positions.closeBodyShort' : 'margin.positions.closeBody', { size: amountIn(closing.size, closing.baseCoin, lng), value: amountIn(closing.markValue, quoteOf(closing), lng) })}</p>
        </Dialog>
      ) : null}
    </>
  );
}

/** A sum that is not zero (a figure the P&L tab has something to say about). */
const nonZero = ([, v]: readonly [string, string]) => signOf(v) !== 0;

/**
 * Unrealised profit and loss per coin at the live price, and what closing fills realised over the
 * chosen range (7, 30 or 180 days: spec 2.12) in total and per day; "no profit or loss" only when
 * both are zero.
 */
export function PnlTab() {
  useSignals();
  const { t } = useTranslation();
  useEffect(watchPositions, []);
  useEffect(watchClosedPnl, []);
  const byCoin = unrealisedByCoin.value;
  const closed = dailyPnl.value;
  const totals = realisedByCoin.value;
  const range = pnlRange.value;
  if (!byCoin) return null;
  const columns: Column<readonly [string, string]>[] = [
    { key: 'coin', header: t('margin.pnl.coin'), cell: ([coin]) => coin },
    { key: 'pnl', header: t('margin.pnl.amount'), cell: ([coin, v]) => <Pnl value={v} coin={coin} /> },
  ];
  const nothing = !byCoin.some(nonZero) && closed !== null && !(totals ?? []).some(nonZero);
  return (
    <>
      <RangeSelect className="margin-table__range" value={range} onChange={setPnlRange} />
      {nothing ? <p className="orders-empty">{t('margin.pnl.empty')}</p> : null}
      {byCoin.length > 0 ? (
        <section aria-label={t('margin.pnl.unrealised')} className="margin-unrealised" data-stale={unrealisedStale.value}>
          <h4 className="margin-table__title">{t('margin.pnl.unrealised')}</h4>
          {unrealisedStale.value ? <p role="status" className="margin-unrealised__stale">{t('feed.stale')}</p> : null}
          <VirtualTable box="stacked" className="margin-table" tableProps={{ 'data-testid': 'pnl-table' }} columns={columns} rows={byCoin} rowKey={([coin]) => coin} />
        </section>
      ) : null}
      {closed && totals ? (
        <section aria-label={t('margin.pnl.realisedTotal', { range: t(`margin.pnl.range${range}`) })}>
          <h4 className="margin-table__title">{t('margin.pnl.realisedTotal', { range: t(`margin.pnl.range${range}`) })}</h4>
          {totals.length === 0 ? (
            <p className="orders-empty">{t('margin.pnl.noRealisedIn', { range: t(`margin.pnl.range${range}`) })}</p>
          ) : (
            <VirtualTable box="stacked" className="margin-table" tableProps={{ 'data-testid': 'pnl-realised' }} columns={columns} rows={totals} rowKey={([coin]) => coin} />
          )}
          {closed.length > 0 ? <DailyPnl days={closed} /> : null}
        </section>
      ) : (
        <p className="orders-empty" role="status">
          {t('loading')}
        </p>
      )}
    </>
  );
}

/** Realised profit per day and coin over the chosen range. */
function DailyPnl({ days }: { days: readonly DayPnl[] }) {
  const { t, i18n } = useTranslation();
  const columns: Column<DayPnl>[] = [
    { key: 'day', header: t('margin.pnl.day'), cell: (d) => formatDayIn(d.day, i18n.language) },
    { key: 'coin', header: t('margin.pnl.coin'), cell: (d) => d.coin },
    { key: 'realised', header: t('margin.pnl.realised'), cell: (d) => <Pnl value={d.pnl} coin={d.coin} /> },
  ];
  return (
    <>
      <h4 className="margin-table__title">{t('margin.pnl.perDay')}</h4>
      <VirtualTable box="stacked" className="margin-table" tableProps={{ 'data-testid': 'pnl-daily' }} columns={columns} rows={days} rowKey={(d) => `${d.day} ${d.coin}`} />
    </>
  );
}

export function BorrowingsTab() {
  useSignals();
  const { t, i18n } = useTranslation();
  useEffect(watchLiabilities, []);
  const list = liabilities.value;
  if (!list) return null;
  const lng = i18n.language;
  const columns: Column<Liability>[] = [
    { key: 'coin', header: t('margin.borrowings.coin'), cell: (l) => l.coin },
    { key: 'size', header: t('margin.borrowings.borrowSize'), cell: (l) => amountIn(l.borrowSize, l.coin, lng) },
    { key: 'interest', header: t('margin.borrowings.interest'), cell: (l) => amountIn(l.interest, l.coin, lng) },
    { key: 'rate', header: t('margin.borrowings.hourlyRate'), cell: (l) => formatPercentIn(l.hourlyBorrowRate, lng, 6) },
    {
      key: 'repay',
      header: hiddenHeader(t('margin.borrowings.repay')),
      className: 'sticky-end-col',
      cell: (l) => (
        <button type="button" className="orders-panel__chip" onClick={() => void repayLiability(l.coin, assetDecimals(symbolList.value, l.coin))}>
          {t('margin.borrowings.repay')}
        </button>
      ),
    },
  ];
  return (
    <>
      {list.length === 0 ? (
        <p className="orders-empty">{t('margin.borrowings.empty')}</p>
      ) : (
        <VirtualTable box="stacked" className="margin-table" tableProps={{ 'data-testid': 'borrowings-table' }} columns={columns} rows={list} rowKey={(l) => l.coin} rowProps={(l) => ({ 'data-testid': `liability-${l.coin}` })} />
      )}
      <LoanHistory />
    </>
  );
}

type LoanFilter = 'all' | 'unpaid' | 'paid';
const LOAN_FILTERS: readonly LoanFilter[] = ['all', 'unpaid', 'paid'];

/** The borrowing history (spec 2.12): each loan with what is left of it (all, unpaid, paid off), and the repayments. */
function LoanHistory() {
  useSignals();
  const { t, i18n } = useTranslation();
  const [filter, setFilter] = useState<LoanFilter>('all');
  useEffect(watchLoanHistory, []);
  const loans = loanRecords.value;
  const repayments = repaymentRecords.value;
  const lng = i18n.language;
  if (!loans || !repayments) {
    return (
      <p className="orders-empty" role="status">
        {t('loading')}
      </p>
    );
  }
  const shown = loans.filter((l) => filter === 'all' || (filter === 'paid' ? l.state === 'paid' : l.state !== 'paid'));
  const loanColumns: Column<LoanRecord>[] = [
    { key: 'time', header: t('margin.history.time'), cell: (l) => formatDateTimeIn(l.time, lng) },
    { key: 'coin', header: t('margin.borrowings.coin'), cell: (l) => l.coin },
    { key: 'loan', header: t('margin.history.borrowed'), cell: (l) => amountIn(l.loan, l.coin, lng) },
    { key: 'remain', header: t('margin.history.left'), cell: (l) => amountIn(l.remain, l.coin, lng) },
    { key: 'interest', header: t('margin.borrowings.interest'), cell: (l) => amountIn(l.interest, l.coin, lng) },
    { key: 'state', header: t('margin.history.state'), cell: (l) => t(`margin.history.states.${l.state}`) },
  ];
  const repayColumns: Column<RepaymentRecord>[] = [
    { key: 'time', header: t('margin.history.time'), cell: (r) => formatDateTimeIn(r.time, lng) },
    { key: 'coin', header: t('margin.borrowings.coin'), cell: (r) => r.coin },
    { key: 'amount', header: t('margin.history.repaid'), cell: (r) => amountIn(r.amount, r.coin, lng) },
    { key: 'principal', header: t('margin.history.principal'), cell: (r) => amountIn(r.principal, r.coin, lng) },
    { key: 'interest', header: t('margin.borrowings.interest'), cell: (r) => amountIn(r.interest, r.coin, lng) },
    { key: 'by', header: t('margin.history.by'), cell: (r) => t(BY_KEY[r.by]) },
  ];
  return (
    <section aria-label={t('margin.history.title')}>
      <h4 className="margin-table__title">{t('margin.history.title')}</h4>
      <label className="margin-table__range">
        {t('margin.history.show')}{' '}
        <select value={filter} onChange={(e) => setFilter(LOAN_FILTERS.find((f) => f === e.target.value) ?? 'all')}>
          {LOAN_FILTERS.map((f) => (
            <option key={f} value={f}>
              {t(`margin.history.filters.${f}`)}
            </option>
          ))}
        </select>
      </label>
      {shown.length === 0 ? (
        <p className="orders-empty">{t('margin.history.noLoans')}</p>
      ) : (
        <VirtualTable box="stacked" className="margin-table" tableProps={{ 'data-testid': 'loan-history' }} columns={loanColumns} rows={shown} rowKey={(l) => l.id} />
      )}
      <h4 className="margin-table__title">{t('margin.history.repayments')}</h4>
      {repayments.length === 0 ? (
        <p className="orders-empty">{t('margin.history.noRepayments')}</p>
      ) : (
        <VirtualTable box="stacked" className="margin-table" tableProps={{ 'data-testid': 'repayment-history' }} columns={repayColumns} rows={repayments} rowKey={(r) => r.id} />
      )}
    </section>
  );
}
