// One life of the crash harness (harness.ts runs it, bundled, as a child process): start the
// exchange on the harness's data, check every promise after the restart, then perform random
// actions until a crash point kills the process with SIGKILL during an action of the target area.
// Everything the parent needs goes into an append-only journal, one line per event, written
// synchronously so that a kill loses none of it: `begin`, `ack` (what an answer acknowledged),
// `killed <point>` (crash.ts writes it), `check <json>` (the promises after the restart), `done`.
import { appendFileSync, existsSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import fc from 'fast-check';
import { armCrashes } from '../../server/accounts/crash.ts';
import { booksMatchOrders } from './invariants.ts';
import { actionArb, areaOf, check, missingAcks, perform, quiesce, setup, startExchange, withdrawalCovered, type Ack, type Action, type Area } from './scenario.ts';

export interface LifeConfig {
  dir: string;
  journal: string;
  seed: number;
  /** Kill only during actions of this area (and what they set off); undefined: check only, then exit. */
  target?: Area;
  /** A script instead of random actions: these, with only the one at `armIndex` armed. */
  script?: Action[];
  armIndex?: number;
  /** Actions before the first one that may be killed. */
  warmup: number;
  /** Die at this crash point (counted from 1) of the first armed action that reaches so many. */
  killAt: number;
  maxActions: number;
}

const config = JSON.parse(process.argv[2]!) as LifeConfig;
const clockFile = `${config.dir}/harness-clock`;
const log = (line: string) => appendFileSync(config.journal, `${line}\n`);

/** Acknowledgements of every earlier life, from the journal. */
function pastAcks(): Ack[] {
  if (!existsSync(config.journal)) return [];
  return readFileSync(config.journal, 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('ack '))
    .map((l) => JSON.parse(l.slice(4)) as Ack);
}

let armed = false;
/** Crash points reached during the armed action so far. */
let reached = 0;
let killAt = config.killAt;
armCrashes(() => armed && ++reached === killAt, openSync(config.journal, 'a'));

const ex = await startExchange(config.dir, existsSync(clockFile) ? Number(readFileSync(clockFile, 'utf8')) : Date.UTC(2026, 10, 1));
await quiesce(ex);
const problems = [...check(ex), ...booksMatchOrders(ex.db, ex.engines), ...missingAcks(ex.db, pastAcks())];
log(`check ${JSON.stringify({ problems })}`);
if ((config.target === undefined && config.script === undefined) || problems.length > 0) {
  log('done');
  await ex.stop();
  process.exit(0);
}
await setup(ex);
const actions = config.script ?? fc.sample(actionArb, { numRuns: config.maxActions, seed: config.seed });
for (const [i, a] of actions.entries()) {
  const area = areaOf(a);
  armed = config.script ? i === config.armIndex : i >= config.warmup && area === config.target;
  reached = 0;
  log(`begin ${i} ${area} ${a.t}`);
  const ack = await perform(ex, a);
  writeFileSync(clockFile, String(ex.clock.now));
  if (ack) log(`ack ${JSON.stringify(ack)}`);
  const withdrawn = withdrawalCovered(ex, a, ack);
  if (withdrawn.length > 0) log(`check ${JSON.stringify({ problems: withdrawn })}`);
  await quiesce(ex);
  // Not that many points in this action: aim within the count it had, so the next one of its area dies.
  if (armed && !config.script && reached > 0 && reached < killAt) killAt = 1 + ((killAt - 1) % reached);
  if (armed && config.script) log(`reached ${reached}`);
  armed = false;
}
log('done');
await ex.stop();
process.exit(0);
