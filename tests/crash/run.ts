// npm run test:crash [-- --lives N --seed S --points P]: the crash harness at full size (a thousand
// kills at random points, then every crash point of every script), printing what it found.
import { parseArgs } from 'node:util';
import { runHarness, runScripted, SCRIPTS } from './harness.ts';

const { values } = parseArgs({ options: { lives: { type: 'string', default: '1000' }, seed: { type: 'string', default: String(Date.now() % 1_000_000) }, points: { type: 'string', default: '1000' } } });
const lives = Number(values.lives);
const seed = Number(values.seed);
console.log(`crash harness: ${lives} lives from seed ${seed}`);
const started = Date.now();
const r = await runHarness({
  lives, seed,
  onLife: (i, s) => {
    if ((i + 1) % 50 === 0) console.log(`  ${i + 1} lives, ${s.kills} kills, ${s.acks} acknowledged, ${((Date.now() - started) / 1000).toFixed(0)} s`);
  },
});

console.log(`random: ${r.kills} kills in ${r.lives} lives, ${r.acks} acknowledged requests, ${r.seconds.toFixed(0)} s`);
console.log('  kills by area:', JSON.stringify(r.byArea));
console.log('  kills by point:', JSON.stringify(r.byPoint));
const problems = [...r.problems];
let scripted = 0;
for (const name of Object.keys(SCRIPTS) as Array<keyof typeof SCRIPTS>) {
  const s = await runScripted(name, { points: Number(values.points) });
  scripted += s.kills;
  console.log(`script ${name}: killed at ${s.kills} of its ${s.points} points`);
  problems.push(...s.problems);
}
console.log(`total: ${r.kills + scripted} kills; ${problems.length === 0 ? 'nothing lost or doubled' : `${problems.length} problems:`}`);
for (const p of problems) console.log(`  ${p}`);
process.exit(problems.length === 0 ? 0 : 1);
