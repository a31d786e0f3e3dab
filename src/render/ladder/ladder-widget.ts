// The price ladder's canvas: its view (ladder-view.ts) and its painter, drawn by the thread's frame
// scheduler when what it shows changed. It exists only while the ladder is shown: hidden, no
// ladder code runs at all (its module is not even loaded), so it costs the book nothing.
import { scheduler } from '../scheduler.ts';
import { CanvasLadderPainter } from './canvas-painter.ts';
import { LadderView, type LadderInput, type LadderRow } from './ladder-view.ts';

/** Row pitch of the ladder in CSS pixels. */
export const LADDER_PITCH = 20;

export class LadderWidget {
  readonly view = new LadderView(0);
  private readonly painter: CanvasLadderPainter | null;
  private width = 0;
  private height = 0;
  /** The rows drawn last (what a click or key at a row means). */
  rows: readonly LadderRow[] = [];
  /** Frames drawn (for tests and the benchmark). */
  draws = 0;

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly read: () => LadderInput | null,
    private readonly onRows: (rows: readonly LadderRow[]) => void,
  ) {
    const ctx = canvas.getContext('2d');
    this.painter = ctx ? new CanvasLadderPainter(ctx) : null;
  }

  /** The ladder's box in CSS pixels: as many rows as fit. */
  resize(width: number, height: number): void {
    const w = Math.max(0, Math.floor(width));
    const h = Math.max(0, Math.floor(height));
    if (w === this.width && h === this.height) return;
    this.width = w;
    this.height = h;
    const scale = globalThis.devicePixelRatio || 1;
    this.canvas.width = Math.round(w * scale);
    this.canvas.height = Math.round(h * scale);
    this.canvas.style.width = `${w}px`;
    this.canvas.style.height = `${h}px`;
    const rows = Math.max(1, Math.floor(h / LADDER_PITCH));
    if (rows !== this.view.rows) {
      // Keep the middle price in the middle when the row count changes.
      const mid = this.view.top === null ? null : this.view.top - Math.floor(this.view.rows / 2) * this.stepTicks();
      this.view.rows = rows;
      if (mid !== null) this.view.top = mid + Math.floor(rows / 2) * this.stepTicks();
    }
    this.invalidate();
  }

  private stepTicks(): number {
    return this.read()?.stepTicks ?? 1;
  }

  invalidate(): void {
    scheduler.markDirty(this);
  }

  draw(): void {
    const input = this.read();
    this.rows = input ? this.view.update(input) : [];
    this.draws++;
    this.painter?.paint(this.rows, this.width, this.height, LADDER_PITCH, globalThis.devicePixelRatio || 1, input?.theme ?? DEFAULT_THEME, input?.rtl ?? false, input?.stale ?? false);
    this.onRows(this.rows);
  }

  destroy(): void {
    scheduler.forget(this);
  }
}

const DEFAULT_THEME = { background: 0, text: 0, muted: 0, up: 0, down: 0, upBar: 0, downBar: 0, highlight: 0, line: 0, accent: 0 };
