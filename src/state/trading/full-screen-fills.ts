// Spec 2.7 "full-screen notice dialog listing the same trade columns": while part of the page is
// full screen (the chart's full-screen toggle), nothing outside it shows, toasts included. Fills
// pushed meanwhile are kept here for a notice dialog placed inside the full-screen element.
import type { Execution } from '../../core/order-types.ts';
import { signal } from '../signals.ts';

/** At most this many fills are listed; older ones drop off the end. */
export const FULL_SCREEN_FILLS_MAX = 50;

/** Fills pushed while full screen, newest first; empty otherwise. */
export const fullScreenFills = signal<readonly Execution[]>([]);

/** Called with each execution push: kept only while an element is full screen. */
export function noteFills(executions: readonly Execution[]): void {
  if (executions.length === 0 || typeof document === 'undefined' || !document.fullscreenElement) return;
  const known = new Set(fullScreenFills.peek().map((e) => e.tradeId));
  const fresh = executions.filter((e) => !known.has(e.tradeId)).sort((a, b) => b.tradeTime - a.tradeTime);
  if (fresh.length === 0) return;
  fullScreenFills.value = [...fresh, ...fullScreenFills.peek()].slice(0, FULL_SCREEN_FILLS_MAX);
}

/** The notice was closed, or full screen ended (toasts show again): forget the listed fills. */
export function clearFullScreenFills(): void {
  if (fullScreenFills.peek().length > 0) fullScreenFills.value = [];
}
