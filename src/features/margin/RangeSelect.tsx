import { useTranslation } from 'react-i18next';
import { PNL_RANGES, type PnlRange } from '../../state/trading/positions.ts';

/** The 7 / 30 / 180-day range of the P&L tab and the trade analysis (spec 2.12), as a native select. */
export function RangeSelect({ value, onChange, className }: { value: PnlRange; onChange: (days: PnlRange) => void; className: string }) {
  const { t } = useTranslation();
  return (
    <label className={className}>
      {t('margin.pnl.range')}{' '}
      <select value={value} onChange={(e) => onChange(PNL_RANGES.find((d) => String(d) === e.target.value) ?? 7)}>
        {PNL_RANGES.map((d) => (
          <option key={d} value={d}>
            {t(`margin.pnl.range${d}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
