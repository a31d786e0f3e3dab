// The local exchange as the benchmarks run it: a child process on a port of their range, one
// process (node --import tsx, so a signal reaches the server itself, not a wrapper).
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

/** The first port of `ports` that is free on 127.0.0.1 and not in `taken`. */
export async function freePort(ports: readonly number[], taken: ReadonlySet<number> = new Set()): Promise<number> {
  for (const port of ports) {
    if (taken.has(port)) continue;
    const ok = await new Promise<boolean>((resolve) => {
      const s = createServer();
      s.once('error', () => resolve(false));
      s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
    });
    if (ok) return port;
  }
  throw new Error(`no free port in ${ports[0]}–${ports.at(-1)}`);
}

/** A range of `n` ports from `first`. */
export const portRange = (first: number, n = 10): number[] => Array.from({ length: n }, (_, i) => first + i);

/**
 * Starts `root`'s exchange (`server/main.ts`, with `root` as its working folder) with these
 * arguments, and resolves with its base URL once it printed it.
 */
export async function startExchange(root: string, args: readonly string[], label = 'exchange'): Promise<{ proc: ChildProcess; base: string }> {
  const proc = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/main.ts'), ...args], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  const base = await new Promise<string>((resolve, reject) => {
    let out = '';
    proc.stdout!.on('data', (d) => {
      out += String(d);
      const m = /(http:\/\/[^/\s]+)\//.exec(out);
      if (m) resolve(m[1]!);
    });
    proc.once('exit', (code) => reject(new Error(`${label} exited ${code}`)));
  });
  return { proc, base };
}
