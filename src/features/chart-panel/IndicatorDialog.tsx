import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { indicatorSettings, updateIndicators, type IndicatorSettings, type Pane } from '../../state/chart/chart-settings.ts';
import { useSignals } from '../../state/signals.ts';
import { Popover } from '../../ui/Popover.tsx';

type NumField = { key: string; label: string; min: number; max: number; step?: number };

const FIELDS: Record<keyof IndicatorSettings, NumField[]> = {
  ma: [{ key: 'length', label: 'chart.length', min: 1, max: 500 }],
  ema: [{ key: 'length', label: 'chart.length', min: 1, max: 500 }],
  boll: [
    { key: 'length', label: 'chart.length', min: 2, max: 500 },
    { key: 'mult', label: 'chart.multiplier', min: 0.5, max: 10, step: 0.5 },
  ],
  vol: [],
  macd: [
    { key: 'fast', label: 'chart.fast', min: 1, max: 200 },
    { key: 'slow', label: 'chart.slow', min: 2, max: 400 },
    { key: 'signal', label: 'chart.signal', min: 1, max: 200 },
  ],
  rsi: [{ key: 'length', label: 'chart.length', min: 2, max: 200 }],
};
const NAMES: Record<keyof IndicatorSettings, string> = {
  ma: 'chart.ind.ma',
  ema: 'chart.ind.ema',
  boll: 'chart.ind.boll',
  vol: 'chart.ind.vol',
  macd: 'chart.ind.macd',
  rsi: 'chart.ind.rsi',
};

/** Indicators (spec 2.5): on/off, parameters, and for price-like ones overlay or sub-pane. */
export function IndicatorDialog({ triggerRef, onClose }: { triggerRef: RefObject<HTMLElement | null>; onClose: () => void }) {
  useSignals();
  const { t } = useTranslation();
  const s = indicatorSettings.value;
  const patch = <K extends keyof IndicatorSettings>(k: K, p: Partial<IndicatorSettings[K]>) => updateIndicators({ ...s, [k]: { ...s[k], ...p } });
  return (
    <Popover triggerRef={triggerRef} label={t('chart.indicators')} onClose={onClose} placement="bottom end" className="chart-menu">
      {(Object.keys(FIELDS) as Array<keyof IndicatorSettings>).map((k) => {
        const cfg = s[k] as unknown as Record<string, number | boolean | string>;
        return (
          <fieldset key={k} className="chart-menu__row">
            <legend className="visually-hidden">{t(NAMES[k])}</legend>
            <label>
              <input type="checkbox" checked={cfg.on as boolean} onChange={(e) => patch(k, { on: e.target.checked } as never)} /> {t(NAMES[k])}
            </label>
            {FIELDS[k].map((f) => (
              <label key={f.key} className="chart-menu__num">
                {t(f.label)}
                <input
                  type="number"
                  min={f.min}
                  max={f.max}
                  step={f.step ?? 1}
                  value={cfg[f.key] as number}
                  onChange={(e) => {
                    const v = Number(e.target.value);
                    if (Number.isFinite(v) && v >= f.min && v <= f.max) patch(k, { [f.key]: v } as never);
                  }}
                />
              </label>
            ))}
            {'pane' in cfg ? (
              <label className="chart-menu__num">
                {t('chart.pane')}
                <select value={cfg.pane as Pane} onChange={(e) => patch(k, { pane: e.target.value as Pane } as never)}>
                  <option value="main">{t('chart.paneOverlay')}</option>
                  <option value="sub">{t('chart.paneSub')}</option>
                </select>
              </label>
            ) : null}
          </fieldset>
        );
      })}
      <button type="button" className="btn btn--secondary" onClick={onClose}>
        {t('chart.close')}
      </button>
    </Popover>
  );
}
