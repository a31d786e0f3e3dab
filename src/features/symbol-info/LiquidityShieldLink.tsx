import { useTranslation } from 'react-i18next';
import { LIQUIDITY_SHIELD_PATH } from '../../core/liquidity-shield.ts';
import { liquidityShieldShown } from '../../state/market/compliance.ts';
import { useSignals } from '../../state/signals.ts';

/** Spec 2.8: shown only under all three conditions (see showsLiquidityShield); opens in a new tab. */
export function LiquidityShieldLink() {
  useSignals();
  const { t } = useTranslation();
  if (!liquidityShieldShown.value) return null;
  return (
    <a className="market-header__action market-header__shield" href={LIQUIDITY_SHIELD_PATH} target="_blank" rel="noopener noreferrer">
      {t('header.liquidityShield')}
      <span className="visually-hidden">{t('header.opensInNewTab')}</span>
    </a>
  );
}
