import { BookAndTrades } from '../features/market-area/BookAndTrades.tsx';
import { Region } from './Region.tsx';
import './bench-book.css';

/**
 * Test builds only (`?bench=book`): the order book and the latest trades alone, with the real feed
 * worker, book engine, canvas worker and painters, and nothing else of the page (no header, chart,
 * forms or lists). The browser bench's like-for-like scenario against the hand-written Canvas 2D
 * floor (issue 21); the region has the size it has in the whole page at the bench's viewport.
 */
export function BenchBookShell() {
  return (
    <div className="page bench-book">
      <Region name="book" labelKey="region.orderBook">
        <BookAndTrades rtl={false} />
      </Region>
    </div>
  );
}
