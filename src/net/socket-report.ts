// Spec 9 "report thresholds 3/3/22", as this page reads them (the spec gives the numbers only):
// a socket reports a problem to the quality collector when
//   - 3 connections in a row failed to open (each closed before it opened: 4998 open error,
//     4997 open timeout, or an abnormal close before the open),
//   - 3 pings in a row went unanswered (4996 ping timeout; any answered ping starts the count again),
//   - 22 reconnects happened (of any cause, counted over the socket's life).
// A count that reaches its threshold is reported and starts from zero, so a socket that keeps
// failing reports again after as many more failures, never on every one.
import { CLOSE } from './socket-timing.ts';

export const REPORT_OPEN_FAILURES = 3;
export const REPORT_PING_TIMEOUTS = 3;
export const REPORT_RECONNECTS = 22;

export type SocketReportKind = 'openFailures' | 'pingTimeouts' | 'reconnects';

export interface SocketReport {
  kind: SocketReportKind;
  /** How many failures the report stands for (the threshold). */
  count: number;
  /** The close code (spec 8) of the failure that reached the threshold. */
  lastCode: number;
}

export class SocketReporter {
  private openFailures = 0;
  private pingTimeouts = 0;
  private reconnects = 0;

  constructor(private readonly report: (r: SocketReport) => void) {}

  /** A connection opened: the run of failed opens ends. */
  opened(): void {
    this.openFailures = 0;
  }

  /** A ping was answered: the run of ping timeouts ends. */
  answered(): void {
    this.pingTimeouts = 0;
  }

  /** A connection ended with `code` and the socket will connect again; `wasOpen`: it had opened. */
  closed(code: number, wasOpen: boolean): void {
    if (!wasOpen && ++this.openFailures >= REPORT_OPEN_FAILURES) {
      this.openFailures = 0;
      this.report({ kind: 'openFailures', count: REPORT_OPEN_FAILURES, lastCode: code });
    }
    if (code === CLOSE.pingTimeout && ++this.pingTimeouts >= REPORT_PING_TIMEOUTS) {
      this.pingTimeouts = 0;
      this.report({ kind: 'pingTimeouts', count: REPORT_PING_TIMEOUTS, lastCode: code });
    }
    if (++this.reconnects >= REPORT_RECONNECTS) {
      this.reconnects = 0;
      this.report({ kind: 'reconnects', count: REPORT_RECONNECTS, lastCode: code });
    }
  }
}
