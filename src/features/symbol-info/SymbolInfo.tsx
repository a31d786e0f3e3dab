import { useTranslation } from 'react-i18next';
import { EMPTY_VALUE } from '../../core/constants.ts';

interface Props {
  base: string;
  quote: string;
}

/** The market header's frame: pair and 24 h statistics ('--' until market data arrives). */
export function SymbolInfo({ base, quote }: Props) {
  const { t } = useTranslation();
  const stats: Array<[string, string]> = [
    ['lastPrice', EMPTY_VALUE],
    ['change24h', EMPTY_VALUE],
    ['high24h', EMPTY_VALUE],
    ['low24h', EMPTY_VALUE],
    ['turnover24h', EMPTY_VALUE],
  ];
  return (
    <div className="symbol-info">
      <h1 className="symbol-info__pair">
        {base}/{quote}
      </h1>
      <dl className="symbol-info__stats">
        {stats.map(([key, value]) => (
          <div key={key} className="symbol-info__stat">
            <dt>{t(key)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
