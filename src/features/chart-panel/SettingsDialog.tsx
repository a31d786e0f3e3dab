import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { CHART_TIME_ZONES } from '../../core/chart/time-zone.ts';
import { chartPrefs, DEFAULT_PREFS, updatePrefs } from '../../state/chart/chart-settings.ts';
import { useSignals } from '../../state/signals.ts';
import { Popover } from '../../ui/Popover.tsx';

const hex = (n: number) => `#${n.toString(16).padStart(6, '0')}`;
const fromHex = (s: string) => Number.parseInt(s.slice(1), 16);

/** Chart settings (spec 2.5): colours, grid, scale (auto, log) and time zone. */
export function SettingsDialog({ triggerRef, onClose }: { triggerRef: RefObject<HTMLElement | null>; onClose: () => void }) {
  useSignals();
  const { t } = useTranslation();
  const p = chartPrefs.value;
  const local = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const zones = [...new Set<string>([...CHART_TIME_ZONES, local])];
  return (
    <Popover triggerRef={triggerRef} label={t('chart.settings')} onClose={onClose} placement="bottom end" className="chart-menu">
      <label className="chart-menu__num">
        {t('chart.upColor')}
        <input type="color" value={hex(p.upColor)} onChange={(e) => updatePrefs({ upColor: fromHex(e.target.value) })} />
      </label>
      <label className="chart-menu__num">
        {t('chart.downColor')}
        <input type="color" value={hex(p.downColor)} onChange={(e) => updatePrefs({ downColor: fromHex(e.target.value) })} />
      </label>
      <label>
        <input type="checkbox" checked={p.grid} onChange={(e) => updatePrefs({ grid: e.target.checked })} /> {t('chart.grid')}
      </label>
      <label>
        <input type="checkbox" checked={p.autoScale} onChange={(e) => updatePrefs({ autoScale: e.target.checked })} /> {t('chart.autoScale')}
      </label>
      <label>
        <input type="checkbox" checked={p.logScale} onChange={(e) => updatePrefs({ logScale: e.target.checked })} /> {t('chart.logScale')}
      </label>
      <label className="chart-menu__num">
        {t('chart.timeZone')}
        <select value={p.timeZone} onChange={(e) => updatePrefs({ timeZone: e.target.value })}>
          {zones.map((z) => (
            <option key={z} value={z}>
              {z === 'UTC' ? t('chart.utc') : z}
            </option>
          ))}
        </select>
      </label>
      <div className="chart-menu__actions">
        <button type="button" className="btn btn--secondary" onClick={() => updatePrefs(DEFAULT_PREFS)}>
          {t('chart.reset')}
        </button>
        <button type="button" className="btn btn--primary" onClick={onClose}>
          {t('chart.close')}
        </button>
      </div>
    </Popover>
  );
}
