import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A second local exchange for a test that needs one configured differently from the suite's
 * (for example with `--feed`): its own port and data, serving the same build. Stop it when done.
 */
export async function startExchange(args: string[]): Promise<{ base: string; stop: () => void }> {
  const data = mkdtempSync(join(tmpdir(), 'spot-e2e-extra-'));
  const proc = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', '--port', '0', '--data', data, '--web', process.env.E2E_WEB ?? 'dist', '--quiet', ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stop = () => {
    proc.kill('SIGKILL');
    rmSync(data, { recursive: true, force: true });
  };
  try {
    const base = await new Promise<string>((resolve, reject) => {
      let out = '';
      proc.stdout!.on('data', (d) => {
        out += String(d);
        const m = /(http:\/\/127\.0\.0\.1:\d+)\//.exec(out);
        if (m) resolve(m[1]!);
      });
      proc.once('exit', (code) => reject(new Error(`exchange exited (${code})`)));
    });
    return { base, stop };
  } catch (err) {
    stop();
    throw err;
  }
}
