// The Tools tab's state (spec 2.2, 2.14, 2.17): which main tab shows, which tool's form is open in
// the order-entry region, its preview on the chart, and whether the orders region shows the
// grid-bot panel. Only signals here: this module is on the first load (tool-pins.ts has the rules).
import { signal } from './signals.ts';

export type MainTab = 'trade' | 'tools';
/** The tools whose forms this page has (the others link out or are still to come). */
export type FormTool = 'gridBot' | 'scaledOrder';

export const mainTab = signal<MainTab>('trade');
export const activeTool = signal<FormTool | null>(null);

/** What a tool form draws on the chart before it is confirmed: order prices, and a grid's band. */
export interface ToolPreview {
  lines: ReadonlyArray<{ price: string; side: 'Buy' | 'Sell' }>;
  band: { min: string; max: string; inner: readonly number[] } | null;
}
export const toolPreview = signal<ToolPreview | null>(null);

/** The orders region shows the grid-bot panel (spec 2.14) instead of the standard one. */
export const gridPanelOpen = signal(false);

export function openTool(tool: FormTool): void {
  activeTool.value = tool;
  mainTab.value = 'trade';
}

export function closeTool(): void {
  activeTool.value = null;
  toolPreview.value = null;
}
