import { BitmapText, Container, type Renderer } from 'pixi.js';
import { cssColor } from '../css-color.ts';
import { BLANK, CELL_FONT, DIGITS_FONT_SIZE, canvasContextOf, setCellText } from '../text-atlas.ts';
import { CHART_FONT } from './chart-font.ts';

/** Width of one glyph of the 12 px monospace digits font, for layout and overlap checks. */
export const GLYPH_WIDTH = 7.3;

interface PaintedLabel {
  text: string;
  x: number;
  y: number;
  anchorX: number;
  anchorY: number;
  tint: number;
}

/**
 * Axis and box labels. On WebGL/WebGPU: bitmap labels reused frame after frame (`begin`, `add`
 * as many as needed, `end` hides the rest); a label keeps its text across frames when it can
 * (panning moves labels, it rarely changes them), since re-laying out glyphs is the costly
 * part, and texts are never ''. On PixiJS's Canvas renderer a BitmapText is one drawImage per
 * glyph, so there `add` only records the label and `paint` writes them all with fillText after
 * the scene is rendered (labels are the top layer of their canvas).
 */
export class LabelPool {
  readonly container = new Container();
  /** Canvas renderer: this frame's labels (the first `paintedCount` entries). */
  private readonly painted: PaintedLabel[] = [];
  private paintedCount = 0;
  /** Labels shown last frame, by text, not yet claimed this frame. */
  private previous = new Map<string, BitmapText[]>();
  private current = new Map<string, BitmapText[]>();
  private spare: BitmapText[] = [];

  constructor(private readonly renderer: () => Renderer | null) {}

  begin(): void {
    this.paintedCount = 0;
    // Whatever was not reused last frame is free; this frame starts from last frame's labels.
    for (const list of this.previous.values()) for (const t of list) this.spare.push(t);
    const recycled = this.previous;
    recycled.clear();
    this.previous = this.current;
    this.current = recycled;
  }

  add(text: string, x: number, y: number, anchorX: number, anchorY: number, tint: number): void {
    const renderer = this.renderer();
    if (!renderer) return;
    if (canvasContextOf(renderer) !== null) {
      if (text === '') return;
      const l = this.painted[this.paintedCount] ?? (this.painted[this.paintedCount] = { text, x, y, anchorX, anchorY, tint });
      l.text = text;
      l.x = Math.round(x);
      l.y = Math.round(y);
      l.anchorX = anchorX;
      l.anchorY = anchorY;
      l.tint = tint;
      this.paintedCount++;
      return;
    }
    const value = text === '' ? BLANK : text;
    let t = this.previous.get(value)?.pop();
    if (!t) {
      t = this.spare.pop() ?? this.previousAny();
      if (!t) {
        t = new BitmapText({ text: BLANK, style: { fontFamily: CHART_FONT, fontSize: DIGITS_FONT_SIZE } });
        this.container.addChild(t);
      }
      setCellText(t, value, renderer);
    }
    let list = this.current.get(value);
    if (!list) this.current.set(value, (list = []));
    list.push(t);
    t.anchor.set(anchorX, anchorY);
    t.position.set(Math.round(x), Math.round(y));
    t.tint = tint;
    t.visible = true;
  }

  /** Hides labels not used this frame. */
  end(): void {
    for (const list of this.previous.values()) for (const t of list) t.visible = false;
    for (const t of this.spare) t.visible = false;
  }

  /** Canvas renderer: writes this frame's labels into the renderer's context (after its render). */
  paint(ctx: CanvasRenderingContext2D, resolution: number): void {
    if (this.paintedCount === 0) return;
    ctx.setTransform(resolution, 0, 0, resolution, 0, 0);
    ctx.globalAlpha = 1;
    ctx.globalCompositeOperation = 'source-over';
    ctx.font = CELL_FONT;
    let align = -1;
    let base = -1;
    let color = -1;
    for (let i = 0; i < this.paintedCount; i++) {
      const l = this.painted[i]!;
      if (l.anchorX !== align) {
        align = l.anchorX;
        ctx.textAlign = align === 0 ? 'left' : align === 1 ? 'right' : 'center';
      }
      if (l.anchorY !== base) {
        base = l.anchorY;
        ctx.textBaseline = base === 0 ? 'top' : base === 1 ? 'bottom' : 'middle';
      }
      if (l.tint !== color) {
        color = l.tint;
        ctx.fillStyle = cssColor(color);
      }
      ctx.fillText(l.text, l.x, l.y);
    }
  }

  /** A label from last frame whose text is not needed (taken only when no spare is left). */
  private previousAny(): BitmapText | undefined {
    for (const [text, list] of this.previous) {
      const t = list.pop();
      if (list.length === 0) this.previous.delete(text);
      if (t) return t;
    }
    return undefined;
  }

  destroy(): void {
    this.container.destroy({ children: true });
    this.previous.clear();
    this.current.clear();
    this.spare.length = 0;
  }
}
