import type { HotkeyAction } from '../../core/hotkeys.ts';

/** Translation key and params of a hotkey action's name. */
export function actionLabel(a: HotkeyAction): { key: string; params?: Record<string, string> } {
  if (a.startsWith('size')) return { key: 'hotkeys.action.size', params: { n: a.slice(4) } };
  return { key: `hotkeys.action.${a}` };
}
