// The boxes on the price axis (last price, orders, triggers, average prices, position), placed so
// that none prints over another, as TradingView does: the last price stays at its price, the
// others keep their order and are shifted apart from it and from each other; tick labels make way
// for them. The crosshair's box is drawn on the crosshair layer, above all of these. Collected
// during a paint into reused entries (no allocation per frame), placed once, then drawn.
import type { Graphics } from 'pixi.js';
import type { LabelPool } from './label-pool.ts';

export type AxisBoxKind = 'last' | 'order' | 'trigger' | 'average' | 'position';

/** Height of a box on the price axis; its text is centred in it. */
export const AXIS_BOX_H = 18;
/** Half the height of a tick label: a tick label within this of a box would touch it. */
const TICK_HALF_H = 7;
const TEXT_PAD = 6;

export interface AxisBox {
  kind: AxisBoxKind;
  text: string;
  color: number;
  alpha: number;
  width: number;
  /** Where its price is (the box's centre before placing). */
  y: number;
  /** Top edge where it is drawn, after placing. */
  top: number;
}

/** A box as drawn, for the page's tests; the crosshair's box (on its own layer) has no price y. */
export interface AxisBoxShown {
  kind: AxisBoxKind | 'crosshair';
  text: string;
  top: number;
  height: number;
  y?: number;
}

export class AxisBoxes {
  private readonly boxes: AxisBox[] = [];
  private count = 0;

  begin(): void {
    this.count = 0;
  }

  /** A box centred at `y` (its price), `width` wide. */
  add(kind: AxisBoxKind, text: string, y: number, width: number, color: number, alpha: number): void {
    const b = this.boxes[this.count] ?? (this.boxes[this.count] = { kind, text, color, alpha, width, y, top: 0 });
    b.kind = kind;
    b.text = text;
    b.y = y;
    b.top = y - AXIS_BOX_H / 2;
    b.width = width;
    b.color = color;
    b.alpha = alpha;
    this.count++;
  }

  /**
   * Shifts the boxes apart within [top, bottom] (the pane). The last price stays where its price
   * is; the boxes above it are stacked upwards from it, those at or below it downwards, each as
   * close to its price as the one before allows, and pushed back inside the pane where there is
   * room. Without a last-price box they stack from the top one down.
   */
  place(top: number, bottom: number): void {
    const n = this.count;
    const list = this.boxes;
    // Insertion sort by price position: a handful of boxes, sorted in place.
    for (let i = 1; i < n; i++) {
      const b = list[i]!;
      let j = i - 1;
      while (j >= 0 && list[j]!.y > b.y) {
        list[j + 1] = list[j]!;
        j--;
      }
      list[j + 1] = b;
    }
    let fixed = -1;
    for (let i = 0; i < n; i++) if (list[i]!.kind === 'last') fixed = i;
    if (fixed < 0) return this.stackDown(0, n, top, bottom);
    const f = list[fixed]!;
    this.stackDown(fixed + 1, n, f.top + AXIS_BOX_H, bottom);
    this.stackUp(fixed - 1, f.top, top);
  }

  /** Boxes [from, to) downwards from `start`; back up from `end` when they ran past it and all fit. */
  private stackDown(from: number, to: number, start: number, end: number): void {
    let edge = start;
    for (let i = from; i < to; i++) {
      const b = this.boxes[i]!;
      b.top = Math.max(b.top, edge);
      edge = b.top + AXIS_BOX_H;
    }
    if (edge <= end || start + (to - from) * AXIS_BOX_H > end) return;
    edge = end;
    for (let i = to - 1; i >= from; i--) {
      const b = this.boxes[i]!;
      if (b.top + AXIS_BOX_H <= edge) break;
      b.top = edge - AXIS_BOX_H;
      edge = b.top;
    }
  }

  /** Boxes [0, from] upwards from `start` (their bottom edge); back down from `end` when they ran past it and all fit. */
  private stackUp(from: number, start: number, end: number): void {
    let edge = start;
    for (let i = from; i >= 0; i--) {
      const b = this.boxes[i]!;
      b.top = Math.min(b.top, edge - AXIS_BOX_H);
      edge = b.top;
    }
    if (edge >= end || start - (from + 1) * AXIS_BOX_H < end) return;
    edge = end;
    for (let i = 0; i <= from; i++) {
      const b = this.boxes[i]!;
      if (b.top >= edge) break;
      b.top = edge;
      edge = b.top + AXIS_BOX_H;
    }
  }

  /** Whether a tick label centred at `y` would touch a placed box. */
  covers(y: number): boolean {
    for (let i = 0; i < this.count; i++) {
      const b = this.boxes[i]!;
      if (y > b.top - TICK_HALF_H && y < b.top + AXIS_BOX_H + TICK_HALF_H) return true;
    }
    return false;
  }

  /** Draws the placed boxes at x on the axis, the last price last (on top). */
  draw(ax: Graphics, labels: LabelPool, x: number): void {
    for (let pass = 0; pass < 2; pass++)
      for (let i = 0; i < this.count; i++) {
        const b = this.boxes[i]!;
        if ((b.kind === 'last') !== (pass === 1)) continue;
        ax.rect(x, b.top, b.width, AXIS_BOX_H).fill({ color: b.color, alpha: b.alpha });
        labels.add(b.text, x + TEXT_PAD, b.top + AXIS_BOX_H / 2, 0, 0.5, 0xffffff);
      }
  }

  /** The boxes as drawn last (the page's tests read them through the debug hooks). */
  shown(): AxisBoxShown[] {
    return this.boxes.slice(0, this.count).map((b) => ({ kind: b.kind, text: b.text, y: b.y, top: b.top, height: AXIS_BOX_H }));
  }
}
