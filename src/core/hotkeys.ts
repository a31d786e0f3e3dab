// Trading hotkeys (issue 35 item 1): which actions there are, their default keys, and the rule that
// matches a key press to one. Keys are matched by KeyboardEvent.code — the key's place on the
// keyboard, whatever letter the layout or language puts there — so a binding works the same in
// every locale, with right-to-left pages and with non-Latin layouts (Arabic, Persian, Russian…).
import { fx, fxDiv, fxFloorTo, fxText, decimalPlaces } from './decimal.ts';

export const HOTKEY_ACTIONS = ['buyBest', 'sellBest', 'limitHover', 'cancelLast', 'cancelAll', 'priceUp', 'priceDown', 'flipSide', 'size1', 'size2', 'size3', 'size4'] as const;
export type HotkeyAction = (typeof HOTKEY_ACTIONS)[number];

/** The actions that send or cancel (a confirmation may be asked first); the rest only change the form. */
export const ORDER_ACTIONS: ReadonlySet<HotkeyAction> = new Set(['buyBest', 'sellBest', 'limitHover', 'cancelLast', 'cancelAll']);

export interface KeyBinding {
  /** KeyboardEvent.code: the physical key ('KeyB', 'Digit1', 'BracketRight'). */
  code: string;
  shift: boolean;
}

export const DEFAULT_BINDINGS: Readonly<Record<HotkeyAction, KeyBinding>> = {
  buyBest: { code: 'KeyB', shift: false },
  sellBest: { code: 'KeyS', shift: false },
  limitHover: { code: 'KeyL', shift: false },
  cancelLast: { code: 'KeyX', shift: false },
  cancelAll: { code: 'KeyX', shift: true },
  priceUp: { code: 'BracketRight', shift: false },
  priceDown: { code: 'BracketLeft', shift: false },
  flipSide: { code: 'KeyF', shift: false },
  size1: { code: 'Digit1', shift: false },
  size2: { code: 'Digit2', shift: false },
  size3: { code: 'Digit3', shift: false },
  size4: { code: 'Digit4', shift: false },
};

/** Order values in the pair's quote coin that 1, 2, 3, 4 choose (buy and sell at best use the chosen one). */
export const DEFAULT_PRESETS: readonly string[] = ['10', '50', '100', '500'];

export interface HotkeySettings {
  enabled: boolean;
  bindings: Record<HotkeyAction, KeyBinding>;
  /** Per action: ask before it acts. */
  confirm: Record<HotkeyAction, boolean>;
  presets: string[];
  /** Index into presets of the size in use. */
  preset: number;
}

export function defaultHotkeySettings(): HotkeySettings {
  return {
    enabled: false,
    bindings: { ...DEFAULT_BINDINGS },
    confirm: Object.fromEntries(HOTKEY_ACTIONS.map((a) => [a, false])) as Record<HotkeyAction, boolean>,
    presets: [...DEFAULT_PRESETS],
    preset: 0,
  };
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isBinding = (v: unknown): v is KeyBinding => isObj(v) && typeof v.code === 'string' && /^[A-Za-z0-9]{1,24}$/.test(v.code) && typeof v.shift === 'boolean';
const PRESET_RE = /^\d{1,12}(?:\.\d{1,8})?$/;

/** Stored settings, whatever storage held: unknown or broken parts fall back to their defaults (off stays off). */
export function sanitizeHotkeySettings(v: unknown): HotkeySettings {
  const d = defaultHotkeySettings();
  if (!isObj(v)) return d;
  const bindings = isObj(v.bindings) ? v.bindings : {};
  const confirm = isObj(v.confirm) ? v.confirm : {};
  for (const a of HOTKEY_ACTIONS) {
    const b = bindings[a];
    if (isBinding(b)) d.bindings[a] = { code: b.code, shift: b.shift };
    if (typeof confirm[a] === 'boolean') d.confirm[a] = confirm[a];
  }
  if (Array.isArray(v.presets) && v.presets.length === DEFAULT_PRESETS.length && v.presets.every((p) => typeof p === 'string' && PRESET_RE.test(p))) d.presets = [...(v.presets as string[])];
  if (typeof v.preset === 'number' && Number.isInteger(v.preset) && v.preset >= 0 && v.preset < d.presets.length) d.preset = v.preset;
  d.enabled = v.enabled === true;
  return d;
}

/** What a key press looked like, as far as matching cares. */
export interface KeyPress {
  code: string;
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  repeat: boolean;
  isComposing: boolean;
}

/** The action bound to a press, or null. A press with Ctrl, ⌘ or Alt is the browser's or the system's, never a hotkey. */
export function matchHotkey(e: KeyPress, bindings: Readonly<Record<HotkeyAction, KeyBinding>>): HotkeyAction | null {
  if (e.ctrlKey || e.metaKey || e.altKey || e.repeat || e.isComposing) return null;
  for (const a of HOTKEY_ACTIONS) {
    const b = bindings[a];
    if (b.code === e.code && b.shift === e.shiftKey) return a;
  }
  return null;
}

/** Ctrl+K or ⌘+K (the K key's place, any layout): the command palette. */
export const isPaletteKey = (e: KeyPress): boolean => e.code === 'KeyK' && (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey;

/** `?` — Shift and the key right of the full stop on a US keyboard, or whatever key types '?' in this layout. */
export const isCheatSheetKey = (e: KeyPress): boolean => !e.ctrlKey && !e.metaKey && !e.altKey && (e.key === '?' || (e.code === 'Slash' && e.shiftKey));

/** Keys a binding may not take: they move focus, close dialogs, or type into fields. */
export const RESERVED_CODES: ReadonlySet<string> = new Set(['Tab', 'Escape', 'Enter', 'Space', 'ShiftLeft', 'ShiftRight', 'ControlLeft', 'ControlRight', 'AltLeft', 'AltRight', 'MetaLeft', 'MetaRight', 'CapsLock', 'Backspace']);

/** The name of a physical key as a US keyboard prints it ('KeyB' → 'B', 'BracketRight' → ']'). */
export function keyCap(code: string): string {
  if (/^Key[A-Z]$/.test(code)) return code.slice(3);
  if (/^Digit\d$/.test(code)) return code.slice(5);
  if (/^Numpad\d$/.test(code)) return `Num ${code.slice(6)}`;
  const named: Record<string, string> = {
    BracketLeft: '[', BracketRight: ']', Minus: '-', Equal: '=', Semicolon: ';', Quote: "'", Comma: ',', Period: '.', Slash: '/', Backslash: '\\', Backquote: '`',
    ArrowUp: '↑', ArrowDown: '↓', ArrowLeft: '←', ArrowRight: '→',
  };
  return named[code] ?? code;
}

/** A binding as the cheat sheet writes it ('Shift+X'). */
export const bindingLabel = (b: KeyBinding): string => (b.shift ? `Shift+${keyCap(b.code)}` : keyCap(b.code));

/** The same binding in aria-keyshortcuts' syntax ('Shift+X', 'BracketRight' → ']'). */
export const ariaShortcut = (b: KeyBinding): string => bindingLabel(b);

/** Another action already on this key, or null. */
export function bindingClash(bindings: Readonly<Record<HotkeyAction, KeyBinding>>, action: HotkeyAction, b: KeyBinding): HotkeyAction | null {
  for (const a of HOTKEY_ACTIONS) if (a !== action && bindings[a].code === b.code && bindings[a].shift === b.shift) return a;
  return null;
}

/** The quantity a quote value buys at a price, down to the lot size; null when it is none. */
export function qtyForValue(value: string, price: string, lotSize: string): string | null {
  const v = fx(value);
  const p = fx(price);
  const lot = fx(lotSize);
  if (v === null || p === null || lot === null || p <= 0n || lot <= 0n) return null;
  const q = fxFloorTo(fxDiv(v, p), lot);
  return q > 0n ? fxText(q, decimalPlaces(lotSize)) : null;
}

/** A price moved by `ticks` ticks (never below one tick); null when the price is not a number. */
export function nudgePrice(price: string, tickSize: string, ticks: number): string | null {
  const p = fx(price);
  const tick = fx(tickSize);
  if (p === null || tick === null || tick <= 0n) return null;
  const snapped = fxFloorTo(p, tick);
  const base = ticks < 0 && snapped < p ? snapped + tick : snapped;
  const next = base + BigInt(ticks) * tick;
  return fxText(next < tick ? tick : next, decimalPlaces(tickSize));
}
