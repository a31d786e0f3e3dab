// Spec 7.6's monitoring uploads: the event types the page can produce (src/net/quality.ts records
// them, src/protocol/net-accel.ts uploads them, server/net/quality.ts stores them).
/** Spec 7.6's monitoring events the page can produce (connect problems go as `sockets`). */
export const MONITOR_EVENTS = ['httpException', 'detectQuality', 'netstatus', 'linksException', 'whitelist', 'sdkerror'] as const;
export type MonitorEventType = (typeof MONITOR_EVENTS)[number];
export interface MonitorEvent {
  type: MonitorEventType;
  /** When it happened, epoch ms. */
  at: number;
  /** What happened, short ("HTTP 502", "whitelisted", the exception's message). */
  detail: string;
}
