// Sends a socket's threshold reports (spec 9 "3/3/22", src/net/socket-report.ts) to the exchange's
// quality collector under this browser's device id. Loaded on the first report only.
import { uploadQuality } from '../../api/net-accel.ts';
import type { SocketReport } from '../../net/socket-report.ts';
import { deviceId } from '../device-id.ts';

export function reportSocket(stream: 'public' | 'private', report: SocketReport): void {
  // A report is best effort: a collector that cannot be reached loses it.
  void uploadQuality({ deviceId: deviceId(), sockets: [{ stream, kind: report.kind, count: report.count, lastCode: report.lastCode }] }).catch(() => undefined);
}
