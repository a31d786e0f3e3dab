// Row arrays crossing to the canvas worker keep their identity: a row object the worker has
// already received is sent as its id only, and the worker hands back the same object, so the
// widgets' "same row, skip it" check works there exactly as on the main thread.

/** One array of rows on the wire: every row's id in order, and the rows the receiver lacks. */
export interface RowPatch<W> {
  ids: number[];
  added: Array<[number, W]>;
}

/** Main-thread side of one row array (one per stream: bids, asks, trades). */
export class RowSender<T extends object, W> {
  private readonly ids = new WeakMap<T, number>();
  private next = 1;
  /** Ids the receiver holds now: exactly those of the last patch. */
  private held = new Set<number>();

  constructor(private readonly wire: (row: T) => W) {}

  encode(rows: readonly T[]): RowPatch<W> {
    const ids: number[] = new Array(rows.length);
    const added: Array<[number, W]> = [];
    const held = new Set<number>();
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i]!;
      let id = this.ids.get(row);
      if (id === undefined) {
        id = this.next++;
        this.ids.set(row, id);
      }
      ids[i] = id;
      if (!this.held.has(id) && !held.has(id)) added.push([id, this.wire(row)]);
      held.add(id);
    }
    this.held = held;
    return { ids, added };
  }

  /** After the receiver was reset (a new widget), every row must be sent again. */
  reset(): void {
    this.held = new Set();
  }
}

/** Worker side of one row array. */
export class RowReceiver<W> {
  private rows = new Map<number, W>();
  /** Patches that named a row the receiver does not hold (a protocol fault). */
  faults = 0;

  /**
   * The rows of `patch`, or null when it names a row this side does not hold: the caller keeps
   * what it showed and asks the sender to `reset`, never shows a row in the wrong place.
   */
  decode(patch: RowPatch<W>): W[] | null {
    const added = new Map(patch.added);
    const next = new Map<number, W>();
    const out: W[] = [];
    for (const id of patch.ids) {
      const row = added.get(id) ?? this.rows.get(id);
      if (row === undefined) {
        this.faults++;
        this.rows = new Map();
        return null;
      }
      next.set(id, row);
      out.push(row);
    }
    this.rows = next;
    return out;
  }
}
