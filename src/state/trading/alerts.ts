// The account's alerts (issue 35 item 3): they live on the exchange, which checks them and fires
// each once; the page lists them (read on the private stream's start and each reconnect, then kept
// by the `user.alert` pushes, so every tab shows the same), creates and deletes them, and delivers
// a fired one: an in-page toast always, a system notification when the user allowed them (asked
// only when the first alert is created), and the fill sound (spec 7.5) when the user wants it. A
// background tab's private stream keeps delivering, and Notification works from one.
import { createAlert, deleteAlert, listAlerts } from '../../api/alerts.ts';
import type { Alert, AlertCreateRequest, AlertKind } from '../../protocol/alerts.ts';
import { user } from '../account/user.ts';
import { pairName } from '../market/markets.ts';
import { signal } from '../signals.ts';
import { readStored, writeStored } from '../storage.ts';
import { pushToast } from '../toasts.ts';

export type { Alert, AlertCreateRequest, AlertKind } from '../../protocol/alerts.ts';
export { ALERT_KINDS, MOVE_MINUTES_MAX, MOVE_MINUTES_MIN, PRICE_ALERT_KINDS } from '../../protocol/alerts.ts';

/** The account's alerts, newest first; null until read. */
export const alerts = signal<readonly Alert[] | null>(null);
/** Why the list could not be read (the server's message), or null. */
export const alertsError = signal<string | null>(null);
/** Whether a fired alert also plays the fill sound (stored in this browser). */
const SOUND_KEY = 'spot.alertSound';
export const alertSound = signal<boolean>(readStored(SOUND_KEY, (v): v is boolean => typeof v === 'boolean') ?? false);
/** Bumped for each fired alert the user wants to hear; the toasts' view plays the sound. */
export const alertSoundPlays = signal(0);

export type NotificationState = NotificationPermission | 'unsupported';
const permissionNow = (): NotificationState => (typeof Notification === 'undefined' ? 'unsupported' : Notification.permission);
/** The browser's notification permission as last seen. */
export const notificationState = signal<NotificationState>(permissionNow());

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));
let owner: number | null | undefined;
let reading = 0;
const firedListeners = new Set<(a: Alert) => void>();

/** Reads the list (on the stream's start, each reconnect, and when the list is shown unread). */
export async function loadAlerts(): Promise<void> {
  const id = user.peek().id;
  if (owner !== id) {
    owner = id;
    alerts.value = null;
  }
  const seq = ++reading;
  try {
    const list = await listAlerts();
    if (seq !== reading || owner !== user.peek().id) return;
    alerts.value = list;
    alertsError.value = null;
  } catch (err) {
    if (seq === reading) alertsError.value = message(err);
  }
}

/** Reads the list once when it is shown and nothing was read for this account yet. */
export function showAlerts(): void {
  notificationState.value = permissionNow();
  if (alerts.peek() === null || owner !== user.peek().id) void loadAlerts();
}

/** Hears each alert this tab sees fire (the view turns it into a system notification). */
export function onAlertFired(l: (a: Alert) => void): () => void {
  firedListeners.add(l);
  return () => firedListeners.delete(l);
}

/** Pushes from the stream: created, fired and deleted alerts; a newly fired one is delivered. */
export function applyAlertPushes(list: readonly Alert[]): void {
  let next: Alert[] = [...(alerts.peek() ?? [])];
  for (const a of list) {
    const before = next.find((x) => x.alertId === a.alertId);
    next = next.filter((x) => x.alertId !== a.alertId);
    if (a.deleted) continue;
    next = [a, ...next];
    if (a.status === 'fired' && before?.status !== 'fired') deliver(a);
  }
  if (alerts.peek() !== null || list.some((a) => !a.deleted)) alerts.value = next.sort((a, b) => b.createdTime - a.createdTime);
}

function deliver(a: Alert): void {
  pushToast({ kind: 'info', titleKey: 'alerts.firedTitle', ...firedText(a) }, 8000);
  if (alertSound.peek()) alertSoundPlays.value++;
  for (const l of firedListeners) l(a);
}

/** What a fired alert says, as a translation key with its params (toast and notification alike). */
export function firedText(a: Alert): { key: string; params: Record<string, string>; amounts: Record<string, string> } {
  const amounts: Record<string, string> = {};
  if (a.price) amounts.price = a.price;
  if (a.firedPrice) amounts.firedPrice = a.firedPrice;
  if (a.percent) amounts.percent = a.percent;
  return { key: `alerts.fired.${a.kind}`, params: { pair: a.symbol ? pairName(a.symbol) : '', minutes: String(a.minutes), detail: a.detail }, amounts };
}

/**
 * Creates an alert. The first time (the browser has not been asked yet) it asks for permission to
 * show notifications; whatever the answer, the alert is created and at least shows in the page.
 */
export async function createAlertNow(req: AlertCreateRequest): Promise<boolean> {
  if (permissionNow() === 'default') {
    try {
      notificationState.value = await Notification.requestPermission();
    } catch {
      notificationState.value = permissionNow();
    }
  }
  try {
    const a = await createAlert(req);
    applyAlertPushes([a]);
    pushToast({ kind: 'success', key: 'alerts.created' });
    return true;
  } catch (err) {
    pushToast({ kind: 'error', titleKey: 'errorCodes:operationFail', text: message(err) });
    return false;
  }
}

export async function deleteAlertNow(alertId: string): Promise<void> {
  try {
    await deleteAlert(alertId);
    const list = alerts.peek();
    if (list) alerts.value = list.filter((a) => a.alertId !== alertId);
  } catch (err) {
    pushToast({ kind: 'error', titleKey: 'errorCodes:operationFail', text: message(err) });
  }
}

export function setAlertSound(on: boolean): void {
  alertSound.value = on;
  writeStored(SOUND_KEY, on);
}

/** Alerts waiting to fire. */
export const activeCount = (list: readonly Alert[] | null): number => (list ?? []).filter((a) => a.status === 'active').length;

/** The kinds a price is part of. */
export const needsPrice = (k: AlertKind): boolean => k === 'priceAbove' || k === 'priceBelow';
