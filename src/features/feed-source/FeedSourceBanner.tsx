import { useTranslation } from 'react-i18next';
import { feedSource } from '../../state/market/market-data.ts';

/**
 * Says, on every screen and for as long as the page lives, when its market data does not come from
 * this exchange (the operator configured another host) or cannot come at all (a bad setting). Not
 * dismissible: a trader reads prices all session, and the warning is about every one of them.
 */
export function FeedSourceBanner() {
  const { t } = useTranslation();
  const source = feedSource();
  if (source.kind === 'own') return null;
  return (
    <div className={`feed-banner feed-banner--${source.kind}`} role="alert" data-testid="feed-banner">
      {source.kind === 'foreign' ? t('feed.foreignSource', { host: source.host }) : t('feed.badSource')}
    </div>
  );
}
