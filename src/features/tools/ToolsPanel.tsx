import { useTranslation } from 'react-i18next';
import { DEFAULT_BASE } from '../../core/constants.ts';
import { LEADER_CENTRE_PATH } from '../../core/routes.ts';
import { storedDefaultQuote } from '../../state/market/default-quote.ts';
import { useSignals } from '../../state/signals.ts';
import { user } from '../../state/account/user.ts';
import { useEffect } from 'react';
import { openTool, type FormTool } from '../../state/trading/tools.ts';
import { followOtc, loadOtcGuided, otcGuidedNow, otcGuideOpen } from '../../state/account/otc-guide.ts';
import { OtcGuide } from './OtcGuide.tsx';
import { startToolRules, toolsShown, type ToolKey } from '../../state/trading/tool-pins.ts';
import './tools.css';

interface Tool {
  key: ToolKey;
  href?: string;
  newWindow?: boolean;
  /** Opens its form beside the chart. */
  form?: FormTool;
}

/** Spec 2.17: the tools and their outbound links. Loaded lazily with the Tools tab. */
function toolsFor(defaultQuote: string, guided: boolean | null): Tool[] {
  // OTC converts from the stored default quote coin to BTC by default (spec 2.17).
  const otc = new URLSearchParams({ fromCoin: defaultQuote, toCoin: DEFAULT_BASE, source: 'spot_convert_block_trade' });
  const invest = new URLSearchParams({ source: 'spot', target: 'BTC', type: 'crypto' });
  return [
    { key: 'gridBot', form: 'gridBot' },
    // Spec 2.17's two OTC paths: the convert page once the exchange says the account is guided (7.5),
    // else the index path (the page shows its guide first to an account not yet guided).
    { key: 'otc', href: `/user/assets/otc/${guided === true ? 'convert' : 'index'}?${otc}` },
    { key: 'autoInvest', href: `/fiat/trade/invest/home?${invest}` },
    { key: 'iceberg', form: 'iceberg' },
    { key: 'twap', form: 'twap' },
    // Chase (spec 2.13's strategy orders): a limit order that follows the best price.
    { key: 'chase', form: 'chase' },
    { key: 'scaledOrder', form: 'scaledOrder' },
    { key: 'futureSpread', href: '/liquid-marketplace/future-spread', newWindow: true },
    // Spec 2.17: the copy-trading leader centre, for leaders (the local exchange's page says it has
    // no copy trading).
    { key: 'leaderCentre', href: LEADER_CENTRE_PATH, newWindow: true },
  ];
}

interface Props {
  /** Shows the Trade view (the shell owns the tab). */
  onTrade: () => void;
}

/** The tools this account may use (spec 5.13); a tool with a form opens it on the Trade view, beside the chart. */
export function ToolsPanel({ onTrade }: Props) {
  useSignals();
  const { t } = useTranslation();
  // Spec 2.2: a sub-account logging in while on Tools returns to Trade.
  useEffect(() => startToolRules(onTrade), [onTrade]);
  const loggedInAs = user.value.userState === 1 ? user.value.id : undefined;
  useEffect(() => loadOtcGuided(), [loggedInAs]);
  const shown = toolsShown.value;
  const guided = otcGuidedNow();
  const tools = toolsFor(storedDefaultQuote(), guided);
  const convertHref = tools.find((tool) => tool.key === 'otc')!.href!.replace('/otc/index?', '/otc/convert?');
  // Each tool a card: its name as the button (or link) that starts it, and one line of what it
  // does (issue 33 item 6: a page of bare link tiles said nothing of what they were).
  return (
    <>
      <ul className="tools-panel" aria-label={t('tools')}>
        {tools
          .filter((tool) => shown.has(tool.key))
          .map((tool) => {
            const about = `tool-about-${tool.key}`;
            return (
              <li key={tool.key} className="tools-panel__item" data-tool={tool.key}>
                {tool.form ? (
                  <button type="button" className="tools-panel__open" aria-describedby={about} onClick={() => {
                      openTool(tool.form!);
                      onTrade();
                    }}>
                    {t(`tool.${tool.key}`)}
                  </button>
                ) : tool.href ? (
                  <a
                    className="tools-panel__open"
                    aria-describedby={about}
                    href={tool.href}
                    onClick={
                      tool.key === 'otc' && guided !== true && loggedInAs !== undefined
                        ? (e) => {
                            e.preventDefault();
                            void followOtc().then((to) => {
                              if (to !== 'guide') window.location.assign(to === 'convert' ? convertHref : tool.href!);
                            });
                          }
                        : undefined
                    }
                    target={tool.newWindow ? '_blank' : undefined} rel={tool.newWindow ? 'noopener noreferrer' : undefined}>
                    {t(`tool.${tool.key}`)}
                  </a>
                ) : (
                  <span className="tools-panel__open">{t(`tool.${tool.key}`)}</span>
                )}
                <p id={about} className="tools-panel__about">{t(`toolAbout.${tool.key}`)}</p>
              </li>
            );
          })}
      </ul>
      {otcGuideOpen.value ? <OtcGuide convertHref={convertHref} /> : null}
    </>
  );
}
