// The tool forms' state (spec 2.14, 2.17): which tool's form is open in the order-entry region,
// its preview on the chart, and whether the orders region shows the grid-bot panel. Only signals
// here (tool-pins.ts has the rules); the Trade/Tools tab itself is the desktop shell's.
import { signal } from '../signals.ts';

/** The tools whose forms this page has (the others link out or are still to come). */
export type FormTool = 'gridBot' | 'scaledOrder' | 'twap' | 'iceberg' | 'chase';

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
}

export function closeTool(): void {
  activeTool.value = null;
  toolPreview.value = null;
}

export function setToolPreview(p: ToolPreview | null): void {
  toolPreview.value = p;
}

export function setGridPanelOpen(open: boolean): void {
  gridPanelOpen.value = open;
}
