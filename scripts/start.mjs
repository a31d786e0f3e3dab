// npm start: install when needed, build the WebAssembly module and the page, run the local exchange.
import { ensureDeps, run, runForever, bin } from './lib.mjs';

try {
  ensureDeps();
  run('npm', ['run', '--silent', 'build']);
} catch (err) {
  console.error(`npm start: ${err.message}`);
  process.exit(1);
}
process.exit(await runForever(bin('tsx'), ['server/main.ts', ...process.argv.slice(2)]));
