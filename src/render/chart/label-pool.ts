import { BitmapText, Container, type Renderer } from 'pixi.js';
import { BLANK, DIGITS_FONT_SIZE, setCellText } from '../text-atlas.ts';
import { CHART_FONT } from './chart-font.ts';

/** Width of one glyph of the 12 px monospace digits font, for layout and overlap checks. */
export const GLYPH_WIDTH = 7.3;

/**
 * Bitmap labels reused frame after frame: `begin`, `add` as many as needed, `end` hides the
 * rest. A label keeps its text across frames when it can (panning moves labels, it rarely
 * changes them), since re-laying out glyphs is the costly part. Texts change through
 * setCellText (the Canvas-renderer workaround) and are never ''.
 */
export class LabelPool {
  readonly container = new Container();
  /** Labels shown last frame, by text, not yet claimed this frame. */
  private previous = new Map<string, BitmapText[]>();
  private current = new Map<string, BitmapText[]>();
  private spare: BitmapText[] = [];

  constructor(private readonly renderer: () => Renderer | null) {}

  begin(): void {
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
