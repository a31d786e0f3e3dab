// Toasts (spec 8, 9: 2500 ms). State holds what to say, as a translation key or a server message;
// the view translates and shows it.
import { TOAST_MS } from '../core/constants.ts';
import { signal } from './signals.ts';

export type ToastKind = 'success' | 'error' | 'info';

export interface Toast {
  id: number;
  kind: ToastKind;
  /** Translation key (namespace-qualified when not spotExchange), or absent when `text` is given. */
  key?: string;
  params?: Record<string, string>;
  /** Params that are decimal strings (amounts, prices), written in the page's language as they go in. */
  amounts?: Record<string, string>;
  /** Places an amount is written with (its coin's display precision, spec 5.12), truncated; exact when absent. */
  decimals?: Record<string, number>;
  /** Params whose values are translation keys, translated before they go in (a side, a reason). */
  tParams?: Record<string, string>;
  /** For plural forms (i18next `count`). */
  count?: number;
  /** A server message shown as it came (still text only, never markup). */
  text?: string;
  /** Title key above the message (e.g. operationFail). */
  titleKey?: string;
  sound?: boolean;
}

export const toasts = signal<readonly Toast[]>([]);
let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

export function pushToast(t: Omit<Toast, 'id'>, ms = TOAST_MS): number {
  const id = nextId++;
  toasts.value = [...toasts.value, { ...t, id }];
  timers.set(id, setTimeout(() => dismissToast(id), ms));
  return id;
}

export function dismissToast(id: number): void {
  const timer = timers.get(id);
  if (timer !== undefined) clearTimeout(timer);
  timers.delete(id);
  toasts.value = toasts.value.filter((t) => t.id !== id);
}

export function clearToasts(): void {
  for (const timer of timers.values()) clearTimeout(timer);
  timers.clear();
  toasts.value = [];
}
