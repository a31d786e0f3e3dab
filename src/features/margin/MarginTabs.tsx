// The integrated orders area's Positions, Profit and loss and Borrowings tabs (spec 2.13, 7.2),
// a lazy chunk. Positions and liabilities load on opening and again 500 ms after each wallet push
// (spec 7.7); prices are the live tickers. A load failure shows the server's message (spec 8).
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchClosedPnl, fetchLiabilities, repayCoin, type Liability } from '../../api/margin.ts';
import { pnlByDay } from '../../core/pnl-days.ts';
import { requestJson, v5Result, isRecord } from '../../api/http.ts';
import { EMPTY_DRAFT } from '../../core/order-rules.ts';
import { QUERY_POSITIONS_PATH } from '../../protocol/positions.ts';
import { balances } from '../../state/account/balances.ts';
import { tickers } from '../../state/market/market-data.ts';
import { symbolById } from '../../state/market/markets.ts';
import { effect, useSignals } from '../../state/signals.ts';
import { watchTickers } from '../../state/market/ticker-watch.ts';
import { pushToast } from '../../state/toasts.ts';
import { placeOrder } from '../../state/trading/trading.ts';
import './margin.css';

interface Pos {
  symbolId: string;
  baseCoin: string;
  quoteCoin: string;
  size: string;
  avgPrice: string;
}

const fail = (err: unknown) => pushToast({ kind: 'error', text: (err as Error).message || 'error' });

async function fetchPositions(): Promise<Pos[]> {
  const r = v5Result(await requestJson(QUERY_POSITIONS_PATH, { method: 'POST', body: { needSort: 1 } }));
  return (Array.isArray(r.list) ? r.list : []).filter(isRecord).map((p) => ({
    symbolId: String(p.symbol), baseCoin: String(p.baseCoin), quoteCoin: String(p.quoteCoin), size: String(p.size), avgPrice: String(p.avgPrice),
  }));
}

/** Loads `load` now and 500 ms after each wallet push; null while the first load runs. */
function useLive<T>(load: () => Promise<T>): [T | null, () => void] {
  const [value, setValue] = useState<T | null>(null);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let alive = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let first = true;
    const run = () =>
      load().then(
        (v) => alive && setValue(v),
        (err) => alive && fail(err),
      );
    const dispose = effect(() => {
      void balances.value;
      clearTimeout(timer);
      if (first) {
        first = false;
        void run();
      } else timer = setTimeout(() => void run(), 500);
    });
    return () => {
      alive = false;
      dispose();
      clearTimeout(timer);
    };
  }, [load, tick]);
  return [value, () => setTick((n) => n + 1)];
}

const lastOf = (p: Pos) => tickers.value.get(p.symbolId)?.lastPrice ?? p.avgPrice;
const pnlOf = (p: Pos) => (Number(lastOf(p)) - Number(p.avgPrice)) * Number(p.size);

function useFormat() {
  const { i18n } = useTranslation();
  return (n: number, max = 8) => new Intl.NumberFormat(i18n.language, { maximumFractionDigits: max }).format(n);
}

function Pnl({ value }: { value: number }) {
  const fmt = useFormat();
  return <span className={value > 0 ? 'pnl--up' : value < 0 ? 'pnl--down' : ''}>{fmt(value, 4)}</span>;
}

export function PositionsTab() {
  useSignals();
  const { t } = useTranslation();
  const fmt = useFormat();
  const [list] = useLive(fetchPositions);
  // The positions' last prices stream while they are shown.
  const symbols = [...new Set((list ?? []).map((p) => p.symbolId))].join(',');
  useEffect(() => watchTickers('positions', symbols ? symbols.split(',') : []), [symbols]);
  if (!list) return null;
  if (list.length === 0) return <p className="orders-empty">{t('margin.positions.empty')}</p>;
  const close = async (p: Pos) => {
    const sym = symbolById(p.symbolId);
    const dp = sym ? sym.quantityPrecision : 6;
    const [i, f = ''] = p.size.split('.');
    const qty = dp > 0 && f ? `${i}.${f.slice(0, dp)}` : i!;
    await placeOrder({ ...EMPTY_DRAFT, kind: 'market', side: 'Sell', marketBy: 'qty', qty }, p.symbolId, 'form');
  };
  return (
    <table className="margin-table" data-testid="positions-table">
      <thead>
        <tr>
          <th>{t('margin.positions.symbol')}</th>
          <th>{t('margin.positions.size')}</th>
          <th>{t('margin.positions.avgPrice')}</th>
          <th>{t('margin.positions.markValue')}</th>
          <th>{t('margin.positions.pnl')}</th>
          <th aria-label={t('margin.positions.close')} />
        </tr>
      </thead>
      <tbody>
        {list.map((p) => (
          <tr key={p.symbolId} data-testid={`position-${p.symbolId}`}>
            <td>{p.symbolId}</td>
            <td>{fmt(Number(p.size))}</td>
            <td>{fmt(Number(p.avgPrice))}</td>
            <td>{fmt(Number(lastOf(p)) * Number(p.size), 4)}</td>
            <td><Pnl value={pnlOf(p)} /></td>
            <td>
              <button type="button" className="orders-panel__chip" onClick={() => void close(p)}>
                {t('margin.positions.close')}
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Unrealised profit and loss per coin at the live price, and what closing fills realised per day. */
export function PnlTab() {
  useSignals();
  const { t } = useTranslation();
  const [list] = useLive(fetchPositions);
  const [closed] = useLive(fetchClosedPnl);
  if (!list) return null;
  const byCoin = new Map<string, number>();
  for (const p of list) byCoin.set(p.baseCoin, (byCoin.get(p.baseCoin) ?? 0) + pnlOf(p));
  return (
    <>
      {byCoin.size === 0 ? (
        <p className="orders-empty">{t('margin.pnl.empty')}</p>
      ) : (
        <table className="margin-table" data-testid="pnl-table">
          <thead>
            <tr>
              <th>{t('margin.pnl.coin')}</th>
              <th>{t('margin.pnl.unrealised')}</th>
            </tr>
          </thead>
          <tbody>
            {[...byCoin].map(([coin, v]) => (
              <tr key={coin}>
                <td>{coin}</td>
                <td><Pnl value={v} /></td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {closed ? <DailyPnl rows={closed} /> : null}
    </>
  );
}

/** Realised profit per day and coin over Bybit's 7-day window of closing fills. */
function DailyPnl({ rows }: { rows: Awaited<ReturnType<typeof fetchClosedPnl>> }) {
  const { t, i18n } = useTranslation();
  const days = pnlByDay(rows.map((r) => ({ time: r.time, pnl: r.pnl, coin: symbolById(r.symbolId)?.quoteTokenName ?? r.symbolId })));
  const dateFmt = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  return (
    <section aria-label={t('margin.pnl.daily')}>
      <h4 className="margin-table__title">{t('margin.pnl.daily')}</h4>
      {days.length === 0 ? (
        <p className="orders-empty">{t('margin.pnl.noRealised')}</p>
      ) : (
        <table className="margin-table" data-testid="pnl-daily">
          <thead>
            <tr>
              <th>{t('margin.pnl.day')}</th>
              <th>{t('margin.pnl.coin')}</th>
              <th>{t('margin.pnl.realised')}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={`${d.day} ${d.coin}`}>
                <td>{dateFmt.format(new Date(`${d.day}T12:00:00`))}</td>
                <td>{d.coin}</td>
                <td><Pnl value={Number(d.pnl)} /></td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

export function BorrowingsTab() {
  useSignals();
  const { t } = useTranslation();
  const fmt = useFormat();
  const [list, refresh] = useLive<Liability[]>(fetchLiabilities);
  if (!list) return null;
  if (list.length === 0) return <p className="orders-empty">{t('margin.borrowings.empty')}</p>;
  const repay = async (coin: string) => {
    try {
      await repayCoin(coin);
      pushToast({ kind: 'success', key: 'margin.borrowings.repaid', params: { coin } });
      refresh();
    } catch (err) {
      fail(err);
    }
  };
  return (
    <table className="margin-table" data-testid="borrowings-table">
      <thead>
        <tr>
          <th>{t('margin.borrowings.coin')}</th>
          <th>{t('margin.borrowings.borrowSize')}</th>
          <th>{t('margin.borrowings.interest')}</th>
          <th>{t('margin.borrowings.hourlyRate')}</th>
          <th aria-label={t('margin.borrowings.repay')} />
        </tr>
      </thead>
      <tbody>
        {list.map((l) => (
          <tr key={l.coin} data-testid={`liability-${l.coin}`}>
            <td>{l.coin}</td>
            <td>{fmt(Number(l.borrowSize))}</td>
            <td>{fmt(Number(l.interest))}</td>
            <td>{new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 6 }).format(Number(l.hourlyBorrowRate))}</td>
            <td>
              <button type="button" className="orders-panel__chip" onClick={() => void repay(l.coin)}>
                {t('margin.borrowings.repay')}
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
