import { describe, expect, it } from 'vitest';
import { DEFAULT_BINDINGS, bindingClash, bindingLabel, defaultHotkeySettings, isCheatSheetKey, isPaletteKey, matchHotkey, nudgePrice, qtyForValue, sanitizeHotkeySettings, type KeyPress } from '../../src/core/hotkeys.ts';

const press = (p: Partial<KeyPress>): KeyPress => ({ code: '', key: '', shiftKey: false, ctrlKey: false, metaKey: false, altKey: false, repeat: false, isComposing: false, ...p });

describe('hotkeys', () => {
  it('match the physical key whatever letter the layout types there', () => {
    // B's place on a Russian layout types 'и', on Arabic 'لا', on Persian 'ذ': all KeyB.
    for (const key of ['b', 'и', 'لا', 'ذ', 'ㅠ']) expect(matchHotkey(press({ code: 'KeyB', key }), DEFAULT_BINDINGS)).toBe('buyBest');
    expect(matchHotkey(press({ code: 'KeyX', key: 'X', shiftKey: true }), DEFAULT_BINDINGS)).toBe('cancelAll');
    expect(matchHotkey(press({ code: 'KeyX', key: 'x' }), DEFAULT_BINDINGS)).toBe('cancelLast');
    expect(matchHotkey(press({ code: 'Digit2', key: '2' }), DEFAULT_BINDINGS)).toBe('size2');
  });

  it('leave Ctrl, ⌘, Alt, repeats and composition alone', () => {
    expect(matchHotkey(press({ code: 'KeyB', ctrlKey: true }), DEFAULT_BINDINGS)).toBeNull();
    expect(matchHotkey(press({ code: 'KeyB', metaKey: true }), DEFAULT_BINDINGS)).toBeNull();
    expect(matchHotkey(press({ code: 'KeyB', altKey: true }), DEFAULT_BINDINGS)).toBeNull();
    expect(matchHotkey(press({ code: 'KeyB', repeat: true }), DEFAULT_BINDINGS)).toBeNull();
    expect(matchHotkey(press({ code: 'KeyB', isComposing: true }), DEFAULT_BINDINGS)).toBeNull();
  });

  it('open the palette on Ctrl/⌘+K and the cheat sheet on ? in any layout', () => {
    expect(isPaletteKey(press({ code: 'KeyK', ctrlKey: true }))).toBe(true);
    expect(isPaletteKey(press({ code: 'KeyK', metaKey: true, key: 'л' }))).toBe(true);
    expect(isPaletteKey(press({ code: 'KeyK' }))).toBe(false);
    expect(isCheatSheetKey(press({ code: 'Slash', shiftKey: true, key: ',' }))).toBe(true);
    expect(isCheatSheetKey(press({ code: 'Minus', shiftKey: true, key: '?' }))).toBe(true);
    expect(isCheatSheetKey(press({ code: 'Slash', key: '/' }))).toBe(false);
  });

  it('start off, and keep off whatever storage holds that is not a plain true', () => {
    expect(defaultHotkeySettings().enabled).toBe(false);
    expect(sanitizeHotkeySettings({ enabled: 'yes' }).enabled).toBe(false);
    expect(sanitizeHotkeySettings(null)).toEqual(defaultHotkeySettings());
    const s = sanitizeHotkeySettings({ enabled: true, bindings: { buyBest: { code: 'KeyJ', shift: false }, sellBest: { code: '<script>', shift: false } }, presets: ['1', '2', 'x', '4'], preset: 9 });
    expect(s.enabled).toBe(true);
    expect(s.bindings.buyBest).toEqual({ code: 'KeyJ', shift: false });
    expect(s.bindings.sellBest).toEqual(DEFAULT_BINDINGS.sellBest);
    expect(s.presets).toEqual(defaultHotkeySettings().presets);
    expect(s.preset).toBe(0);
  });

  it('name keys as a US keyboard prints them and find clashes', () => {
    expect(bindingLabel({ code: 'BracketRight', shift: false })).toBe(']');
    expect(bindingLabel({ code: 'KeyX', shift: true })).toBe('Shift+X');
    expect(bindingClash(DEFAULT_BINDINGS, 'buyBest', { code: 'KeyS', shift: false })).toBe('sellBest');
    expect(bindingClash(DEFAULT_BINDINGS, 'buyBest', { code: 'KeyS', shift: true })).toBeNull();
  });

  it('size a preset value down to the lot and nudge a price by whole ticks', () => {
    expect(qtyForValue('100', '3000', '0.0001')).toBe('0.0333');
    expect(qtyForValue('10', '30000', '0.001')).toBeNull();
    expect(nudgePrice('3000.00', '0.01', 1)).toBe('3000.01');
    expect(nudgePrice('3000.00', '0.01', -1)).toBe('2999.99');
    // Off the tick, a step goes to the next tick that way.
    expect(nudgePrice('3000.005', '0.01', 1)).toBe('3000.01');
    expect(nudgePrice('3000.005', '0.01', -1)).toBe('3000.00');
    expect(nudgePrice('0.01', '0.01', -1)).toBe('0.01');
  });
});
