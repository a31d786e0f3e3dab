// Builds what the browser bench serves: the page into dist-bench/ (never dist/, which others
// use) when missing or older than its sources, and the two baselines into dist-bench/bench-baselines/.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

export const BENCH_WEB = 'dist-bench';
export const BASELINES_DIR = 'bench-baselines';

/** Newest modification time under a path (0 when it is missing). */
export function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let m = 0;
  for (const name of readdirSync(path)) m = Math.max(m, newest(join(path, name)));
  return m;
}

function run(root: string, cmd: string, args: string[]): void {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${r.status})`);
}

/** Builds the page into dist-bench/ when needed; returns what it did. */
export async function ensureBenchBuild(root: string, force: boolean): Promise<{ page: 'built' | 'fresh'; wasm: 'built' | 'present' }> {
  let wasm: 'built' | 'present' = 'present';
  if (!existsSync(join(root, 'build/wasm/book.release.wasm'))) {
    run(root, 'npm', ['run', 'build:wasm']);
    wasm = 'built';
  }
  const out = join(root, BENCH_WEB);
  const builtAt = existsSync(join(out, 'index.html')) ? statSync(join(out, 'index.html')).mtimeMs : 0;
  const sourcesAt = Math.max(
    ...['src', 'public', 'index.html', 'vite.config.ts', 'package.json', 'build/wasm/book.release.wasm'].map((p) => newest(join(root, p))),
  );
  let page: 'built' | 'fresh' = 'fresh';
  if (force || builtAt === 0 || sourcesAt > builtAt) {
    // `npm run build` = build:wasm + build:web; the wasm is shared and present, so only the web part, into dist-bench.
    // With source maps (the production build has none): the profiles are mapped back to sources.
    // The test mode keeps window.__spotDebug (the frame counters the bench reads).
    run(root, 'npm', ['run', 'build:web', '--', '--mode', 'test', '--outDir', BENCH_WEB, '--emptyOutDir', '--sourcemap', '--logLevel', 'warn']);
    page = 'built';
  }
  await build({
    configFile: false,
    root: join(root, 'bench/baselines'),
    base: `/${BASELINES_DIR}/`,
    logLevel: 'warn',
    plugins: [react()],
    build: {
      outDir: join(out, BASELINES_DIR),
      emptyOutDir: true,
      target: 'es2022',
      sourcemap: true,
      rolldownOptions: { input: { dom: join(root, 'bench/baselines/dom.html'), canvas2d: join(root, 'bench/baselines/canvas2d.html') } },
    },
  });
  return { page, wasm };
}
