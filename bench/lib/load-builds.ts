// The two builds bench:load compares: this tree's dist/ and the build of a base commit (the
// commit before the first-load work), built once in a temporary git worktree and kept in
// dist-load-<commit>/ (ignored by git, like every dist-*/).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, lstatSync, mkdtempSync, rmSync, statSync, symlinkSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { newest } from './browser-build.ts';

function run(cwd: string, cmd: string, args: string[], quiet = false): string {
  const r = spawnSync(cmd, args, { cwd, stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit', encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${r.status}) in ${cwd}${quiet ? `:\n${r.stdout}${r.stderr}` : ''}`);
  return quiet ? r.stdout : '';
}

export interface Build {
  label: string;
  dist: string;
  commit: string;
  made: 'built' | 'reused' | 'given';
}

/** This tree's dist/: `npm run build` when it is missing or older than its sources (or `force`). */
export function currentBuild(root: string, force: boolean, given?: string): Build {
  const commit = run(root, 'git', ['rev-parse', '--short', 'HEAD'], true).trim();
  const dirty = run(root, 'git', ['status', '--porcelain', '--untracked-files=no'], true).trim() !== '';
  const label = `${commit}${dirty ? '+changes' : ''}`;
  if (given) return { label, dist: resolve(given), commit, made: 'given' };
  const dist = join(root, 'dist');
  const builtAt = existsSync(join(dist, 'index.html')) ? statSync(join(dist, 'index.html')).mtimeMs : 0;
  const sourcesAt = Math.max(...['src', 'public', 'assembly', 'scripts', 'index.html', 'vite.config.ts', 'package.json'].map((p) => newest(join(root, p))));
  if (!force && builtAt > sourcesAt) return { label, dist, commit, made: 'reused' };
  run(root, 'npm', ['run', '--silent', 'build']);
  return { label, dist, commit, made: 'built' };
}

/**
 * The base commit's build in dist-load-<commit>/: made once with `git worktree add` of the commit
 * into a temporary folder, this tree's node_modules linked in, `npm run build` there, and the
 * worktree removed again.
 */
export function baseBuild(root: string, commit: string, force: boolean, given?: string): Build {
  const full = run(root, 'git', ['rev-parse', '--short', commit], true).trim();
  if (given) return { label: full, dist: resolve(given), commit: full, made: 'given' };
  const dist = join(root, `dist-load-${full}`);
  if (!force && existsSync(join(dist, 'index.html'))) return { label: full, dist, commit: full, made: 'reused' };
  const tmp = mkdtempSync(join(tmpdir(), 'bench-load-base-'));
  const tree = join(tmp, 'tree');
  run(root, 'git', ['worktree', 'add', '--detach', tree, full], true);
  try {
    symlinkSync(join(root, 'node_modules'), join(tree, 'node_modules'), 'dir');
    console.log(`building ${full} in a temporary worktree (${tree})…`);
    run(tree, 'npm', ['run', '--silent', 'build'], true);
    rmSync(dist, { recursive: true, force: true });
    cpSync(join(tree, 'dist'), dist, { recursive: true });
  } finally {
    // The link first, so that nothing removing the worktree can follow it into node_modules.
    const link = join(tree, 'node_modules');
    if (existsSync(link) && lstatSync(link).isSymbolicLink()) unlinkSync(link);
    run(root, 'git', ['worktree', 'remove', '--force', tree], true);
    rmSync(tmp, { recursive: true, force: true });
  }
  return { label: full, dist, commit: full, made: 'built' };
}
