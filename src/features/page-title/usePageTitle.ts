import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { buildTitle, type PriceDirection } from '../../core/title.ts';

interface TitleArgs {
  base: string;
  quote: string;
  price: string | undefined;
  direction: PriceDirection;
  isDemo: boolean;
}

/** Keeps the tab title in step with the pair, its last price and the account (spec 2.2). */
export function usePageTitle({ base, quote, price, direction, isDemo }: TitleArgs): void {
  const { t } = useTranslation();
  const template = t('titleTemplate');
  const demoTitle = t('demoTitle');
  useEffect(() => {
    document.title = buildTitle({ pair: `${base}/${quote}`, price, direction, isDemo }, template, demoTitle);
  }, [base, quote, price, direction, isDemo, template, demoTitle]);
}
