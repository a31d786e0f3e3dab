import { useTranslation } from 'react-i18next';
import { DEFAULT_BASE } from '../../core/constants.ts';
import { storedDefaultQuote } from '../../state/default-quote.ts';

interface Tool {
  key: string;
  href?: string;
  newWindow?: boolean;
}

/** Spec 2.17: the tools and their outbound links. Loaded lazily with the Tools tab. */
function toolsFor(defaultQuote: string): Tool[] {
  // OTC converts from the stored default quote coin to BTC by default (spec 2.17).
  const otc = new URLSearchParams({ fromCoin: defaultQuote, toCoin: DEFAULT_BASE, source: 'spot_convert_block_trade' });
  const invest = new URLSearchParams({ source: 'spot', target: 'BTC', type: 'crypto' });
  return [
    { key: 'gridBot' },
    { key: 'otc', href: `/user/assets/otc/index?${otc}` },
    { key: 'autoInvest', href: `/fiat/trade/invest/home?${invest}` },
    { key: 'iceberg' },
    { key: 'twap' },
    { key: 'scaledOrder' },
    { key: 'futureSpread', href: '/liquid-marketplace/future-spread', newWindow: true },
  ];
}

export function ToolsPanel() {
  const { t } = useTranslation();
  return (
    <ul className="tools-panel" aria-label={t('tools')}>
      {toolsFor(storedDefaultQuote()).map((tool) => (
        <li key={tool.key} className="tools-panel__item">
          {tool.href ? (
            <a href={tool.href} target={tool.newWindow ? '_blank' : undefined} rel={tool.newWindow ? 'noopener noreferrer' : undefined}>
              {t(`tool.${tool.key}`)}
            </a>
          ) : (
            <span>{t(`tool.${tool.key}`)}</span>
          )}
        </li>
      ))}
    </ul>
  );
}
