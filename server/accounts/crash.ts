// Named crash points (issue 30): places in the money paths where a test may kill the exchange with
// SIGKILL, as a power cut or the OOM killer would, to prove that a restart on the same data loses
// nothing acknowledged and doubles nothing. Unarmed (always, outside the crash harness) a point
// costs one comparison. The harness (tests/crash/) arms them in its child process only.
import { writeSync } from 'node:fs';

type Decide = (name: string) => boolean;

let decide: Decide | undefined;
let reportFd: number | undefined;

/**
 * Arms the crash points of this process: `shouldCrash` is asked at every point reached and kills
 * the process there when it says so. `fd`, when given, receives the point's name first (a line,
 * written synchronously), so the harness knows where the kill happened.
 */
export function armCrashes(shouldCrash: Decide, fd?: number): void {
  decide = shouldCrash;
  reportFd = fd;
}

export function disarmCrashes(): void {
  decide = undefined;
  reportFd = undefined;
}

/** A point where the process may die (only when armed). */
export function crashPoint(name: string): void {
  if (decide === undefined || !decide(name)) return;
  if (reportFd !== undefined) writeSync(reportFd, `killed ${name}\n`);
  process.kill(process.pid, 'SIGKILL');
}
