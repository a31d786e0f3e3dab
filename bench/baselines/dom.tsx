// Baseline (a): the conventional exchange page. A React DOM order book and trades list whose
// state is replaced and re-rendered synchronously on every WebSocket message.
import { memo, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { MODE, PlainBook, connect, formatTotal, maxTotal, stats, type BookSnapshot, type Level, type Trade } from './feed.ts';

const Row = memo(function Row({ level, side, max }: { level: Level; side: 'bid' | 'ask'; max: number }) {
  return (
    <tr className={side}>
      <td className="p">
        <span>{level.price}</span>
      </td>
      <td className="r">
        <span>{level.size}</span>
      </td>
      <td className="r">
        <div className="bar" style={{ width: `${(level.total / max) * 300}%` }} />
        <span>{formatTotal(level.total)}</span>
      </td>
    </tr>
  );
});

function Side({ levels, side, max }: { levels: Level[]; side: 'bid' | 'ask'; max: number }) {
  return (
    <table>
      <tbody>
        {levels.map((l) => (
          <Row key={l.price} level={l} side={side} max={max} />
        ))}
      </tbody>
    </table>
  );
}

function TradeRow({ t }: { t: Trade }) {
  return (
    <tr className={t.buy ? 'buy' : 'sell'}>
      <td className="p">{t.price}</td>
      <td className="r">{t.qty}</td>
      <td className="r">{new Date(t.time).toLocaleTimeString('en-GB')}</td>
    </tr>
  );
}

function App() {
  const [snap, setSnap] = useState<BookSnapshot>({ bids: [], asks: [], trades: [] });
  useEffect(() => {
    const book = new PlainBook();
    // What pages do today: every message becomes new state and a synchronous re-render.
    const ws = connect(book, () => flushSync(() => setSnap(book.snapshot())));
    return () => ws.close();
  }, []);
  useEffect(() => {
    stats.renders++;
  });
  const max = maxTotal(snap);
  const mid = snap.bids[0] && snap.asks[0] ? ((Number(snap.bids[0].price) + Number(snap.asks[0].price)) / 2).toFixed(2) : '--';
  return (
    <div className="wrap">
      <div className={`book ${MODE === 4 ? 'split' : ''}`} data-testid="baseline-book">
        {MODE === 4 ? (
          <div className="sides">
            <Side levels={snap.bids} side="bid" max={max} />
            <Side levels={snap.asks} side="ask" max={max} />
          </div>
        ) : (
          <div className="sides">
            <Side levels={[...snap.asks].reverse()} side="ask" max={max} />
            <div className="mid">{mid}</div>
            <Side levels={snap.bids} side="bid" max={max} />
          </div>
        )}
      </div>
      <div className="trades">
        <table>
          <tbody>
            {snap.trades.map((t) => (
              <TradeRow key={t.id} t={t} />
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

createRoot(document.getElementById('root')!).render(<App />);
