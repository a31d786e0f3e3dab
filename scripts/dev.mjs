// npm run dev: the local exchange on :8787 plus Vite with hot reload, proxying the exchange's paths.
import { ensureDeps, run, runForever, bin } from './lib.mjs';
import { spawn } from 'node:child_process';

ensureDeps();
run('npm', ['run', '--silent', 'build:wasm']);
const server = spawn(bin('tsx'), ['watch', 'server/main.ts', ...process.argv.slice(2)], { stdio: 'inherit' });
const code = await runForever(bin('vite'), []);
server.kill('SIGTERM');
process.exit(code);
