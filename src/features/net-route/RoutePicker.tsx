import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../core/locale.ts';
import { AUTO, latencyTone, MAIN_ROUTE, netRoutes, pickRoute, routeInUse, routePick, routeSamples, startNetRoutes, type Sample } from '../../state/net/net-route.ts';
import { accelProtocol, accelState, startAcceleration } from '../../state/net/net-accel.ts';
import { feedStatus } from '../../state/market/market-data.ts';
import { useSignals } from '../../state/signals.ts';
import { Popover } from '../../ui/Popover.tsx';
import './net-route.css';

function Latency({ sample, format }: { sample: Sample | undefined; format: Intl.NumberFormat }) {
  const { t } = useTranslation();
  if (!sample) return <span className="net-route__latency">{t('net.measuring')}</span>;
  const tone = latencyTone(sample.ms);
  return (
    <span className={`net-route__latency net-route__latency--${tone}`} data-tone={tone}>
      {format.format(sample.ms)}
    </span>
  );
}

/**
 * The footer's network-route picker (spec 2.16, 4.2): the route in use with its latency, and a
 * popover offering Auto and every route with its latest probe, coloured by speed.
 */
export function RoutePicker({ locale }: { locale: Locale }) {
  useSignals();
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  useEffect(() => startNetRoutes(), []);
  useEffect(() => startAcceleration(), []);
  const format = useMemo(() => new Intl.NumberFormat(locale, { style: 'unit', unit: 'millisecond', unitDisplay: 'short', maximumFractionDigits: 0, numberingSystem: 'latn' }), [locale]);
  const label = (name: string) => (name === MAIN_ROUTE ? t('net.direct') : name);
  const last = (name: string) => routeSamples.value.get(name)?.at(-1);
  const pick = routePick.value;
  const inUse = routeInUse.value;
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="footer-bar__button net-route__button"
        aria-expanded={open}
        aria-haspopup="dialog"
        data-route={inUse}
        // The market-data socket's state and the close code (spec 8) that ended its last connection.
        data-feed-socket={feedStatus.value?.socket}
        data-feed-close={feedStatus.value?.closeCode || undefined}
        onClick={() => setOpen((v) => !v)}
      >
        <span>{t('net.route')}</span> <span>{pick === AUTO ? t('net.autoUsing', { route: label(inUse) }) : label(inUse)}</span>{' '}
        <Latency sample={last(inUse)} format={format} />
      </button>
      {open ? (
        <Popover triggerRef={buttonRef} label={t('net.title')} onClose={() => setOpen(false)} placement="top end" className="net-route__popover">
          <ul className="net-route__list">
            <li>
              <button type="button" className="net-route__option" aria-pressed={pick === AUTO} onClick={() => pickRoute(AUTO)}>
                <span>{t('net.auto')}</span>
              </button>
            </li>
            {netRoutes.value.map((r) => (
              <li key={r.name}>
                <button type="button" className="net-route__option" aria-pressed={pick === r.name} data-route={r.name} onClick={() => pickRoute(r.name)}>
                  <span>{label(r.name)}</span> <Latency sample={last(r.name)} format={format} />
                  {inUse === r.name ? <span className="net-route__in-use"> {t('net.inUse')}</span> : null}
                </button>
              </li>
            ))}
          </ul>
          {accelState.value === 'off' ? null : (
            <p className="net-route__accel" data-accel={accelState.value}>
              {accelState.value === 'on' ? t('net.accelOn', { protocol: accelProtocol.value || '…' }) : t('net.accelOff')}
            </p>
          )}
        </Popover>
      ) : null}
    </>
  );
}
