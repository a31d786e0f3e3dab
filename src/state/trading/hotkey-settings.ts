// Trading hotkeys' settings (issue 35 item 1), kept with the page's other local preferences, and
// the two signals the page reads: the order form's next command and an action awaiting a yes. Small
// on purpose: the header loads it with the page; the actions (hotkeys.ts) load on the first press.
import { bindingClash, defaultHotkeySettings, sanitizeHotkeySettings, type HotkeyAction, type HotkeySettings, type KeyBinding } from '../../core/hotkeys.ts';
import { signal } from '../signals.ts';
import { readStored, writeStored } from '../storage.ts';

const KEY = 'spot.hotkeys';

export const hotkeySettings = signal<HotkeySettings>(sanitizeHotkeySettings(readStored(KEY, (v): v is unknown => true)));

export function saveHotkeySettings(next: HotkeySettings): void {
  hotkeySettings.value = next;
  writeStored(KEY, next);
}

/**
 * Follows the settings other tabs of the page save (turning hotkeys off in one tab turns them off
 * in every tab at once); returns the stop.
 */
export function followHotkeySettings(): () => void {
  const onStorage = (e: StorageEvent) => {
    if (e.key !== KEY) return;
    let next: unknown = null;
    try {
      next = e.newValue === null ? null : JSON.parse(e.newValue);
    } catch {
      // Whatever another version wrote: the defaults (off).
    }
    hotkeySettings.value = sanitizeHotkeySettings(next);
  };
  globalThis.addEventListener('storage', onStorage);
  return () => globalThis.removeEventListener('storage', onStorage);
}

export function setHotkeysEnabled(on: boolean): void {
  saveHotkeySettings({ ...hotkeySettings.peek(), enabled: on });
}

/** Binds a key to an action; the action that had it before (if any) swaps to this action's old key. */
export function bindHotkey(action: HotkeyAction, b: KeyBinding): void {
  const s = hotkeySettings.peek();
  const bindings = { ...s.bindings };
  const other = bindingClash(bindings, action, b);
  if (other) bindings[other] = bindings[action];
  bindings[action] = b;
  saveHotkeySettings({ ...s, bindings });
}

export function setHotkeyConfirm(action: HotkeyAction, on: boolean): void {
  const s = hotkeySettings.peek();
  saveHotkeySettings({ ...s, confirm: { ...s.confirm, [action]: on } });
}

export function setPresetValue(index: number, value: string): void {
  const s = hotkeySettings.peek();
  const presets = s.presets.map((p, i) => (i === index ? value : p));
  saveHotkeySettings(sanitizeHotkeySettings({ ...s, presets }));
}

export function resetHotkeys(): void {
  saveHotkeySettings({ ...defaultHotkeySettings(), enabled: hotkeySettings.peek().enabled });
}

/** What the order form does next, for the hotkeys that change it (seq tells two equal commands apart). */
export type FormCommand = { type: 'nudge'; ticks: number } | { type: 'flip' } | { type: 'value'; value: string };
export const formCommand = signal<{ seq: number; cmd: FormCommand } | null>(null);
/** An action waiting for the user's yes (its hotkey's confirmation is on, or the palette asks). */
export interface PendingConfirm {
  /** Translation key of the question, and its params (plain) and amounts (decimal strings). */
  key: string;
  params: Record<string, string>;
  amounts?: Record<string, string>;
  tParams?: Record<string, string>;
  run: () => Promise<unknown>;
}
export const pendingConfirm = signal<PendingConfirm | null>(null);

export function answerConfirm(yes: boolean): void {
  const p = pendingConfirm.peek();
  pendingConfirm.value = null;
  if (yes && p) void p.run();
}

let seq = 0;
/** Tells the order form what to do next. */
export function tellForm(cmd: FormCommand): void {
  formCommand.value = { seq: ++seq, cmd };
}

/** The chart's price under its crosshair (the chart lives above this room and provides it while mounted). */
let chartPrice: (() => string | null) | null = null;
export function provideChartHoverPrice(fn: (() => string | null) | null): void {
  chartPrice = fn;
}
export const chartHoverPrice = (): string | null => chartPrice?.() ?? null;
