import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { EMPTY_VALUE } from '../../core/constants.ts';
import { formatGrouped } from '../../core/format.ts';
import { assetDecimals } from '../../core/symbols.ts';
import { activeSymbol } from '../../state/market/active-market.ts';
import { balances } from '../../state/account/balances.ts';
import { symbolList } from '../../state/market/markets.ts';
import { useSignals } from '../../state/signals.ts';
import { isLoggedIn, user, userKnown } from '../../state/account/user.ts';
import { authLink } from '../login-prompt/login-links.ts';
import './pair-assets.css';

/**
 * The account's holdings of the pair's two coins (available, and held by open orders), beside the
 * market header; a visitor gets the way to log in. Nothing is shown as a number before the
 * exchange has sent the balances ('--' until then). Unified accounts also see what each coin owes.
 */
export function PairAssets() {
  useSignals();
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const symbol = activeSymbol.value;
  if (!userKnown.value || !symbol) return null;
  if (!isLoggedIn.value) {
    return (
      <p className="pair-assets__visitor">
        <a href={authLink('login', pathname, search)}>{t('pairAssets.logIn')}</a>
      </p>
    );
  }
  const map = balances.value;
  // Unified accounts can borrow (spot margin): what each coin owes, as the wallet reports it.
  const unified = user.value.isUTA;
  const row = (coin: string) => {
    const b = map.get(coin);
    const digits = assetDecimals(symbolList.value, coin);
    const shown = (v: string | undefined) => (map.size === 0 ? EMPTY_VALUE : formatGrouped(v ?? '0', digits));
    return (
      <tr key={coin}>
        <th scope="row">{coin}</th>
        <td className="num">{shown(b?.free)}</td>
        <td className="num">{shown(b?.locked)}</td>
        {unified ? <td className="num">{b && b.borrowed === undefined ? EMPTY_VALUE : shown(b?.borrowed)}</td> : null}
      </tr>
    );
  };
  return (
    <table className="pair-assets" aria-label={t('pairAssets.title')}>
      <thead>
        <tr>
          <th scope="col">{t('pairAssets.coin')}</th>
          <th scope="col">{t('pairAssets.available')}</th>
          <th scope="col">{t('pairAssets.inOrders')}</th>
          {unified ? <th scope="col">{t('pairAssets.borrowed')}</th> : null}
        </tr>
      </thead>
      <tbody>{[symbol.baseTokenName, symbol.quoteTokenName].map(row)}</tbody>
    </table>
  );
}
