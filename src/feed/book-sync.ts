import type { OrderbookBatch } from '../protocol/bybit-v5/orderbook.ts';

export type SyncOutcome =
  /** A snapshot replaced the book (also u = 1: the exchange restarted the topic). */
  | 'snapshot'
  | 'delta'
  /** u ≤ the last applied u, or seq went backwards: already seen, ignored. */
  | 'stale'
  /** u skipped ahead: the book was dropped and needs a fresh snapshot (resubscribe). */
  | 'gap'
  /** A delta before any snapshot: held until the snapshot arrives. */
  | 'waiting';

/** Deltas held before the first snapshot; more than this and the oldest go. */
const MAX_EARLY_DELTAS = 64;

/**
 * The sequence rules of 05_orderbook_rules.md for one orderbook topic. It decides; the caller
 * applies (`apply(batch, reset)`) so the engine and its memory stay with the caller.
 */
export class BookSync {
  private lastU = 0;
  private lastSeq = -1;
  private synced = false;
  private early: OrderbookBatch[] = [];
  counts = { snapshot: 0, delta: 0, stale: 0, gap: 0, waiting: 0 };

  constructor(private readonly apply: (batch: OrderbookBatch, reset: boolean) => void) {}

  get hasBook(): boolean {
    return this.synced;
  }

  get updateId(): number {
    return this.lastU;
  }

  /** Forgets the book (after a gap, a reconnect or a resubscribe); the next snapshot starts over. */
  reset(): void {
    this.synced = false;
    this.lastU = 0;
    this.lastSeq = -1;
    this.early = [];
  }

  push(batch: OrderbookBatch): SyncOutcome {
    const outcome = this.decide(batch);
    this.counts[outcome]++;
    return outcome;
  }

  private decide(batch: OrderbookBatch): SyncOutcome {
    if (batch.type === 'snapshot') {
      // Depth 1 repeats its snapshot with the same u every 3 s: still a snapshot, applied.
      if (this.synced && batch.u < this.lastU && batch.u !== 1) return 'stale';
      this.apply(batch, true);
      this.synced = true;
      this.lastU = batch.u;
      this.lastSeq = batch.seq ?? -1;
      const held = this.early;
      this.early = [];
      for (const d of held) if (d.u > this.lastU) this.decide(d);
      return this.synced ? 'snapshot' : 'gap';
    }
    if (!this.synced) {
      if (this.early.length >= MAX_EARLY_DELTAS) this.early.shift();
      this.early.push(batch);
      return 'waiting';
    }
    if (batch.u <= this.lastU) return 'stale';
    if (batch.seq !== null && batch.seq < this.lastSeq) return 'stale';
    if (batch.u !== this.lastU + 1) {
      this.reset();
      return 'gap';
    }
    this.apply(batch, false);
    this.lastU = batch.u;
    if (batch.seq !== null) this.lastSeq = batch.seq;
    return 'delta';
  }
}
