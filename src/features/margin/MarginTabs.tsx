// The integrated orders area's Positions, Profit and loss and Borrowings tabs (spec 2.13, 7.2),
// a lazy chunk. The lists are the stores' (state/trading/positions.ts, state/account/liabilities.ts):
// read on opening and again 500 ms after each wallet push (spec 7.7); prices are the live tickers.
// A load failure shows the server's message (spec 8). Figures are decimal strings throughout.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDayIn } from '../../core/datetime.ts';
import { formatDecimalIn, formatPercentIn, signOf } from '../../core/format.ts';
import { liabilities, repayLiability, watchLiabilities, type Liability } from '../../state/account/liabilities.ts';
import { useSignals } from '../../state/signals.ts';
import {
  closePosition, dailyPnl, positionRows, unrealisedByCoin, watchClosedPnl, watchPositions, type DayPnl, type PositionRow,
} from '../../state/trading/positions.ts';
import { Table, type Column } from '../../ui/Table.tsx';
import './margin.css';

function Pnl({ value }: { value: string | null }) {
  const { i18n } = useTranslation();
  const sign = signOf(value);
  return <span className={sign > 0 ? 'pnl--up' : sign < 0 ? 'pnl--down' : ''}>{formatDecimalIn(value, i18n.language, 4)}</span>;
}

/** A column whose header only names it for assistive technology (a row's button). */
const hiddenHeader = (text: string) => <span className="visually-hidden">{text}</span>;

export function PositionsTab() {
  useSignals();
  const { t, i18n } = useTranslation();
  // Read while shown, with the positions' tickers streaming meanwhile.
  useEffect(watchPositions, []);
  const list = positionRows.value;
  if (!list) return null;
  if (list.length === 0) return <p className="orders-empty">{t('margin.positions.empty')}</p>;
  const lng = i18n.language;
  const columns: Column<PositionRow>[] = [
    { key: 'symbol', header: t('margin.positions.symbol'), cell: (p) => p.symbolId },
    { key: 'size', header: t('margin.positions.size'), cell: (p) => formatDecimalIn(p.size, lng) },
    { key: 'avg', header: t('margin.positions.avgPrice'), cell: (p) => formatDecimalIn(p.avgPrice, lng) },
    { key: 'value', header: t('margin.positions.markValue'), cell: (p) => formatDecimalIn(p.markValue, lng, 4) },
    { key: 'pnl', header: t('margin.positions.pnl'), cell: (p) => <Pnl value={p.pnl} /> },
    {
      key: 'close',
      header: hiddenHeader(t('margin.positions.close')),
      cell: (p) => (
        <button type="button" className="orders-panel__chip" onClick={() => void closePosition(p)}>
          {t('margin.positions.close')}
        </button>
      ),
    },
  ];
  return (
    <Table className="margin-table" tableProps={{ 'data-testid': 'positions-table' }} columns={columns} rows={list} rowKey={(p) => p.symbolId} rowProps={(p) => ({ 'data-testid': `position-${p.symbolId}` })} />
  );
}

/** Unrealised profit and loss per coin at the live price, and what closing fills realised per day. */
export function PnlTab() {
  useSignals();
  const { t } = useTranslation();
  useEffect(watchPositions, []);
  useEffect(watchClosedPnl, []);
  const byCoin = unrealisedByCoin.value;
  const closed = dailyPnl.value;
  if (!byCoin) return null;
  const columns: Column<[string, string]>[] = [
    { key: 'coin', header: t('margin.pnl.coin'), cell: ([coin]) => coin },
    { key: 'unrealised', header: t('margin.pnl.unrealised'), cell: ([, v]) => <Pnl value={v} /> },
  ];
  return (
    <>
      {byCoin.length === 0 ? (
        <p className="orders-empty">{t('margin.pnl.empty')}</p>
      ) : (
        <Table className="margin-table" tableProps={{ 'data-testid': 'pnl-table' }} columns={columns} rows={byCoin} rowKey={([coin]) => coin} />
      )}
      {closed ? <DailyPnl days={closed} /> : null}
    </>
  );
}

/** Realised profit per day and coin over Bybit's 7-day window of closing fills. */
function DailyPnl({ days }: { days: readonly DayPnl[] }) {
  const { t, i18n } = useTranslation();
  const columns: Column<DayPnl>[] = [
    { key: 'day', header: t('margin.pnl.day'), cell: (d) => formatDayIn(d.day, i18n.language) },
    { key: 'coin', header: t('margin.pnl.coin'), cell: (d) => d.coin },
    { key: 'realised', header: t('margin.pnl.realised'), cell: (d) => <Pnl value={d.pnl} /> },
  ];
  return (
    <section aria-label={t('margin.pnl.daily')}>
      <h4 className="margin-table__title">{t('margin.pnl.daily')}</h4>
      {days.length === 0 ? (
        <p className="orders-empty">{t('margin.pnl.noRealised')}</p>
      ) : (
        <Table className="margin-table" tableProps={{ 'data-testid': 'pnl-daily' }} columns={columns} rows={days} rowKey={(d) => `${d.day} ${d.coin}`} />
      )}
    </section>
  );
}

export function BorrowingsTab() {
  useSignals();
  const { t, i18n } = useTranslation();
  useEffect(watchLiabilities, []);
  const list = liabilities.value;
  if (!list) return null;
  if (list.length === 0) return <p className="orders-empty">{t('margin.borrowings.empty')}</p>;
  const lng = i18n.language;
  const columns: Column<Liability>[] = [
    { key: 'coin', header: t('margin.borrowings.coin'), cell: (l) => l.coin },
    { key: 'size', header: t('margin.borrowings.borrowSize'), cell: (l) => formatDecimalIn(l.borrowSize, lng) },
    { key: 'interest', header: t('margin.borrowings.interest'), cell: (l) => formatDecimalIn(l.interest, lng) },
    { key: 'rate', header: t('margin.borrowings.hourlyRate'), cell: (l) => formatPercentIn(l.hourlyBorrowRate, lng, 6) },
    {
      key: 'repay',
      header: hiddenHeader(t('margin.borrowings.repay')),
      cell: (l) => (
        <button type="button" className="orders-panel__chip" onClick={() => void repayLiability(l.coin)}>
          {t('margin.borrowings.repay')}
        </button>
      ),
    },
  ];
  return (
    <Table className="margin-table" tableProps={{ 'data-testid': 'borrowings-table' }} columns={columns} rows={list} rowKey={(l) => l.coin} rowProps={(l) => ({ 'data-testid': `liability-${l.coin}` })} />
  );
}
