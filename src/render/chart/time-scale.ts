// The horizontal model: bars are `barSpacing` px apart and the newest bar sits `rightOffset`
// bars left of the plot's right edge (spec 9: 5 bars, minimum spacing 0.8 px). Indexes are
// the series' own (0 = oldest), so prepending older pages does not move what is on screen as
// long as the caller shifts nothing: the view is anchored on the right.

export const DEFAULT_BAR_SPACING = 8;
export const MAX_BAR_SPACING = 60;

export class TimeScale {
  barSpacing = DEFAULT_BAR_SPACING;
  rightOffset: number;
  width = 0;
  length = 0;

  constructor(
    readonly defaultRightOffset: number,
    readonly minBarSpacing: number,
  ) {
    this.rightOffset = defaultRightOffset;
  }

  /** x of the centre of bar `i`. */
  x(i: number): number {
    return this.width - (this.rightOffset + (this.length - 1 - i) + 0.5) * this.barSpacing;
  }

  /** Fractional bar index at x (inverse of `x`). */
  indexAt(x: number): number {
    return this.length - 1 - ((this.width - x) / this.barSpacing - 0.5 - this.rightOffset);
  }

  /** First and last bar index that may show (clamped to the series). */
  visibleRange(): { from: number; to: number } {
    const from = Math.max(0, Math.floor(this.indexAt(0)));
    const to = Math.min(this.length - 1, Math.ceil(this.indexAt(this.width)));
    return { from, to };
  }

  /** Pans by dx px (positive: content moves right, i.e. towards older bars). */
  pan(dx: number): void {
    this.rightOffset -= dx / this.barSpacing;
    this.clamp();
  }

  /** Zooms by `factor` (>1 zooms in) keeping the bar under `anchorX` in place. */
  zoom(factor: number, anchorX: number): void {
    const at = this.indexAt(anchorX);
    const next = Math.min(MAX_BAR_SPACING, Math.max(this.minBarSpacing, this.barSpacing * factor));
    if (next === this.barSpacing) return;
    this.barSpacing = next;
    // Solve x(at) = anchorX for rightOffset.
    this.rightOffset = (this.width - anchorX) / this.barSpacing - 0.5 - (this.length - 1 - at);
    this.clamp();
  }

  /** New data length; `prepended` bars were added in front (the view stays put either way). */
  setLength(n: number): void {
    this.length = n;
    this.clamp();
  }

  reset(): void {
    this.barSpacing = DEFAULT_BAR_SPACING;
    this.rightOffset = this.defaultRightOffset;
  }

  /** Keeps at least a few bars on screen at either end. */
  private clamp(): void {
    const visibleBars = this.width / this.barSpacing;
    const keep = Math.min(5, Math.max(1, this.length));
    const maxOffset = visibleBars - keep;
    const minOffset = -(this.length - keep);
    if (this.rightOffset > maxOffset) this.rightOffset = maxOffset;
    if (this.rightOffset < minOffset) this.rightOffset = minOffset;
  }
}
