import { lazy, Suspense, useEffect, useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../core/locale.ts';
import { isCheatSheetKey, isPaletteKey, matchHotkey } from '../../core/hotkeys.ts';
import { activeSymbol } from '../../state/market/active-market.ts';
import { formatDecimalIn } from '../../core/format.ts';
import { useSignals } from '../../state/signals.ts';
import { followHotkeySettings, hotkeySettings, pendingConfirm } from '../../state/trading/hotkey-settings.ts';
import { inOverlay, isTypingTarget } from './typing-target.ts';
import './hotkeys.css';

// The palette, cheat sheet, settings and confirmation load on first use: nothing of them before.
const HotkeyDialogs = lazy(() => import('./HotkeyDialogs.tsx').then((m) => ({ default: m.HotkeyDialogs })));

export type HotkeyDialog = 'palette' | 'sheet' | 'settings' | null;

/**
 * The header's command button (Ctrl/⌘+K) and the page's one keydown listener: the palette and the
 * cheat sheet (`?`) always; the trading hotkeys only once the user has turned them on. It never
 * acts while focus is in a text field, a select or editable text, nor while a dialog is open.
 * `touch`: the phone's header, where the button is how the palette opens.
 */
export function Hotkeys({ locale, touch = false }: { locale: Locale; touch?: boolean }) {
  useSignals();
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState<HotkeyDialog>(null);
  const asking = pendingConfirm.value !== null;
  const settings = hotkeySettings.value;

  useEffect(followHotkeySettings, []);
  // Attached as the header button is committed (a layout effect, before the paint): a Ctrl+K pressed as
  // soon as the button shows is not lost while passive effects wait behind a busy load.
  useLayoutEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented) return;
      if (isPaletteKey(e)) {
        e.preventDefault();
        setOpen((o) => (o === 'palette' ? null : 'palette'));
        return;
      }
      if (isTypingTarget(e.target) || inOverlay(e.target)) return;
      if (isCheatSheetKey(e)) {
        e.preventDefault();
        setOpen('sheet');
        return;
      }
      const s = hotkeySettings.peek();
      if (!s.enabled) return;
      const action = matchHotkey(e, s.bindings);
      if (!action) return;
      e.preventDefault();
      // The actions load on the first press (the page's first load carries only the settings).
      void import('../../state/trading/hotkeys.ts').then((m) => m.runHotkey(action));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const preset = settings.presets[settings.preset];
  return (
    <>
      <button type="button" className="hotkeys__palette-button" aria-haspopup="dialog" aria-keyshortcuts="Control+K Meta+K" aria-label={t('hotkeys.paletteButton')} title={t('hotkeys.paletteButton')} onClick={() => setOpen('palette')}>
        {/* A phone has no keyboard to learn the shortcut from: a magnifier there, drawn at icon size
            (issue 33: the '⌕' character came out about 6 px high). */}
        {touch ? (
          <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round">
            <circle cx="10.5" cy="10.5" r="6.5" />
            <path d="M15.5 15.5 21 21" />
          </svg>
        ) : (
          <span aria-hidden="true">⌘K</span>
        )}
      </button>
      {settings.enabled && !touch ? (
        <button type="button" className="hotkeys__status" data-testid="hotkeys-on" aria-haspopup="dialog" aria-keyshortcuts="Shift+Slash" onClick={() => setOpen('sheet')}>
          {t('hotkeys.statusOn', { size: `${preset ? formatDecimalIn(preset, i18n.language) : ''} ${activeSymbol.value?.quoteTokenName ?? ''}`.trim() })}
        </button>
      ) : null}
      {open !== null || asking ? (
        <Suspense fallback={null}>
          <HotkeyDialogs locale={locale} open={open} setOpen={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
