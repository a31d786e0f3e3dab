// A throwaway project with the real oxlint.config.ts, package.json and node_modules, for tests that
// prove an import rule fires: write some files, lint src/ and server/ as `npm run lint` does.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll } from 'vitest';

export const ROOT = resolve(import.meta.dirname, '../..');

/** Sets the project up before the file's tests and removes it after; returns the lint of some files. */
export function throwawayLint(prefix: string): (files: Record<string, string>) => { code: number | null; out: string } {
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), prefix));
    cpSync(join(ROOT, 'oxlint.config.ts'), join(dir, 'oxlint.config.ts'));
    cpSync(join(ROOT, 'package.json'), join(dir, 'package.json'));
    symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return (files) => {
    rmSync(join(dir, 'src'), { recursive: true, force: true });
    rmSync(join(dir, 'server'), { recursive: true, force: true });
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    const r = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'node_modules/oxlint/bin/oxlint'), 'src', 'server'], { cwd: dir, encoding: 'utf8' });
    return { code: r.status, out: r.stdout + r.stderr };
  };
}
