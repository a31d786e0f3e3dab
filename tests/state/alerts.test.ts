// The page's alert store (issue 35 item 3): pushes keep the list, a newly fired alert is delivered
// once (a toast, the listeners that show the system notification, the sound when chosen), and the
// same fired push again (a reconnect, another path) delivers nothing more.
import { afterEach, describe, expect, it } from 'vitest';
import type { Alert } from '../../src/protocol/alerts.ts';
import { alerts, alertSound, alertSoundPlays, applyAlertPushes, firedText, onAlertFired } from '../../src/state/trading/alerts.ts';
import { clearToasts, toasts } from '../../src/state/toasts.ts';

const base: Alert = {
  alertId: '7', kind: 'priceAbove', symbol: 'SOLUSDT', price: '200', percent: '', minutes: 0, status: 'active', createdTime: 1_800_000_000_000, firedTime: 0, firedPrice: '', detail: '',
};
const fired: Alert = { ...base, status: 'fired', firedTime: 1_800_000_060_000, firedPrice: '200.5' };

afterEach(() => {
  alerts.value = null;
  alertSound.value = false;
  clearToasts();
});

describe('alert pushes', () => {
  it('a created alert joins the list; its firing is delivered once; a deleted one leaves', () => {
    const heard: Alert[] = [];
    const stop = onAlertFired((a) => heard.push(a));
    alertSound.value = true;
    const plays = alertSoundPlays.value;
    applyAlertPushes([base]);
    expect(alerts.value).toEqual([base]);
    expect(heard).toEqual([]);
    applyAlertPushes([fired]);
    expect(alerts.value).toEqual([fired]);
    expect(heard).toEqual([fired]);
    expect(alertSoundPlays.value).toBe(plays + 1);
    expect(toasts.value).toHaveLength(1);
    expect(toasts.value[0]).toMatchObject({ kind: 'info', titleKey: 'alerts.firedTitle', key: 'alerts.fired.priceAbove', amounts: { price: '200', firedPrice: '200.5' } });
    // The same fired alert again: nothing more.
    applyAlertPushes([fired]);
    expect(heard).toHaveLength(1);
    expect(toasts.value).toHaveLength(1);
    applyAlertPushes([{ ...fired, deleted: true }]);
    expect(alerts.value).toEqual([]);
    stop();
  });

  it('without the sound chosen, a fired alert plays nothing; account alerts name what fired them', () => {
    const plays = alertSoundPlays.value;
    applyAlertPushes([{ ...base, kind: 'fill', symbol: '', price: '', status: 'fired', firedTime: 1, detail: '123' }]);
    expect(alertSoundPlays.value).toBe(plays);
    expect(firedText({ ...base, kind: 'fill', symbol: '', price: '', detail: '123' })).toMatchObject({ key: 'alerts.fired.fill', params: { detail: '123' } });
  });
});
