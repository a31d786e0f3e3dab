import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ariaShortcut, bindingClash, bindingLabel, HOTKEY_ACTIONS, RESERVED_CODES, type HotkeyAction } from '../../core/hotkeys.ts';
import { activeSymbol } from '../../state/market/active-market.ts';
import { useSignals } from '../../state/signals.ts';
import { bindHotkey, hotkeySettings, resetHotkeys, setHotkeyConfirm, setHotkeysEnabled, setPresetValue } from '../../state/trading/hotkey-settings.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Table, type Column } from '../../ui/Table.tsx';
import { actionLabel } from './action-labels.ts';

const PRESET_RE = /^\d{1,12}(?:\.\d{1,8})?$/;

/** The hotkeys' settings: on/off (turning on warns first), a key per action (press to rebind), a confirmation per action, the size presets. */
export function HotkeySettingsDialog({ onClose }: { onClose: () => void }) {
  useSignals();
  const { t } = useTranslation();
  const s = hotkeySettings.value;
  const [warning, setWarning] = useState(false);
  const [capturing, setCapturing] = useState<HotkeyAction | null>(null);
  const [note, setNote] = useState('');
  const quote = activeSymbol.value?.quoteTokenName ?? '';

  if (warning) {
    return (
      <Dialog
        title={t('hotkeys.warningTitle')}
        onClose={() => setWarning(false)}
        actions={
          <>
            <Button onClick={() => setWarning(false)}>{t('orderForm.cancel')}</Button>
            <Button
              variant="primary"
              onClick={() => {
                setHotkeysEnabled(true);
                setWarning(false);
              }}
            >
              {t('hotkeys.turnOn')}
            </Button>
          </>
        }
      >
        <p className="hotkeys-warning">{t('hotkeys.warningBody')}</p>
      </Dialog>
    );
  }

  const capture = (action: HotkeyAction) => (e: KeyboardEvent<HTMLButtonElement>) => {
    if (capturing !== action) return;
    e.preventDefault();
    e.stopPropagation();
    if (e.code === 'Escape') {
      setCapturing(null);
      return;
    }
    if (RESERVED_CODES.has(e.code) || e.ctrlKey || e.metaKey || e.altKey) return;
    const b = { code: e.code, shift: e.shiftKey };
    const other = bindingClash(hotkeySettings.peek().bindings, action, b);
    bindHotkey(action, b);
    setCapturing(null);
    const l = actionLabel(action);
    setNote(other ? t('hotkeys.swapped', { key: bindingLabel(b), action: t(l.key, l.params), other: t(actionLabel(other).key, actionLabel(other).params) }) : t('hotkeys.bound', { key: bindingLabel(b), action: t(l.key, l.params) }));
  };

  const nameOf = (a: HotkeyAction) => {
    const l = actionLabel(a);
    return t(l.key, l.params);
  };
  const columns: Column<HotkeyAction>[] = [
    { key: 'action', header: t('hotkeys.colAction'), cell: nameOf, rowHeader: true },
    {
      key: 'key',
      header: t('hotkeys.colKey'),
      cell: (a) => (
        <button
          type="button"
          className="btn btn--secondary hotkeys-rebind"
          data-capturing={capturing === a ? '' : undefined}
          aria-label={capturing === a ? t('hotkeys.pressKey') : t('hotkeys.changeKey', { action: nameOf(a), key: bindingLabel(s.bindings[a]) })}
          aria-keyshortcuts={ariaShortcut(s.bindings[a])}
          onClick={() => setCapturing(capturing === a ? null : a)}
          onKeyDown={capture(a)}
          onBlur={() => capturing === a && setCapturing(null)}
        >
          {capturing === a ? t('hotkeys.pressKey') : bindingLabel(s.bindings[a])}
        </button>
      ),
    },
    {
      key: 'confirm',
      header: t('hotkeys.colConfirm'),
      cell: (a) => <input type="checkbox" aria-label={t('hotkeys.confirmLabel', { action: nameOf(a) })} checked={s.confirm[a]} onChange={(e) => setHotkeyConfirm(a, e.target.checked)} />,
    },
  ];

  return (
    <Dialog title={t('hotkeys.settingsTitle')} onClose={onClose} closeLabel={t('orderForm.cancel')} wide>
      <div>
        {s.enabled ? (
          <Button onClick={() => setHotkeysEnabled(false)}>{t('hotkeys.turnOff')}</Button>
        ) : (
          <Button variant="primary" onClick={() => setWarning(true)}>
            {t('hotkeys.turnOnEllipsis')}
          </Button>
        )}{' '}
        <span role="status">{s.enabled ? t('hotkeys.stateOn') : t('hotkeys.stateOff')}</span>
      </div>
      <p>{t('hotkeys.keyRule')}</p>
      <Table label={t('hotkeys.trading')} className="hotkeys-table" columns={columns} rows={HOTKEY_ACTIONS} rowKey={(a) => a} />
      <p role="status">{note}</p>
      <fieldset className="hotkeys-presets">
        <legend>{t('hotkeys.presets', { coin: quote })}</legend>
        {s.presets.map((p, i) => (
          <label key={i}>
            <span>{t('hotkeys.presetLabel', { n: String(i + 1) })}</span>
            <input
              type="text"
              inputMode="decimal"
              defaultValue={p}
              onBlur={(e) => {
                const v = e.target.value.trim();
                if (PRESET_RE.test(v)) setPresetValue(i, v);
                else e.target.value = p;
              }}
            />
          </label>
        ))}
      </fieldset>
      <div>
        <Button onClick={resetHotkeys}>{t('hotkeys.resetKeys')}</Button>
      </div>
    </Dialog>
  );
}
