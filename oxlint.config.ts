// Import rules of ARCHITECTURE.md ("Folders"), checked by oxlint in `npm run lint` (so in npm test):
// a wrong import fails the build rather than a review. The folder table below is the source; from
// it this file builds, per folder and per file depth, oxlint's `no-restricted-imports` patterns:
// - relative imports: the top folders (of src/, and beside src/) a folder may not reach, as
//   regular expressions anchored at the exact number of `../` that reaches them from that depth;
//   a row for a folder of server/ (server/accounts) also names the other folders of server/ and
//   the composition root (server/compose.ts, server/main.ts) it may not reach;
// - packages: every package in package.json and every Node built-in the folder may not use.
// Also: no default exports in src/, and @preact/signals-react only in src/state/signals.ts.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { defineConfig, type OxlintOverride } from 'oxlint';

const REACT = ['react', 'react-dom'];
/** The accessible primitives' libraries: src/ui/ wraps them, features use src/ui/. */
const UI_LIBS = ['react-aria-components', '@tanstack/react-virtual'];
const I18N = ['i18next', 'react-i18next'];
const NODE = 'node builtins';
const SERVER_PKGS = [NODE, 'ws', 'better-sqlite3', 'fastify', '@fastify/static', '@fastify/compress', '@fastify/rate-limit', '@fastify/helmet'];

/** folder → the folders (project-relative) and packages it may import. */
const FOLDERS: Record<string, { dirs: string[]; pkgs: string[] }> = {
  'assembly': { dirs: ['assembly'], pkgs: [] },
  'src/core': { dirs: ['src/core'], pkgs: [] },
  'src/protocol': { dirs: ['src/protocol', 'src/core'], pkgs: [] },
  'src/engine': { dirs: ['src/engine', 'src/core', 'build'], pkgs: [] },
  'src/net': { dirs: ['src/net', 'src/core'], pkgs: [] },
  'src/feed': { dirs: ['src/feed', 'src/core', 'src/engine', 'src/protocol', 'src/net'], pkgs: [] },
  'src/api': { dirs: ['src/api', 'src/core', 'src/protocol', 'src/net'], pkgs: [] },
  'src/state': { dirs: ['src/state', 'src/core', 'src/api', 'src/feed', 'src/protocol', 'src/net'], pkgs: ['@preact/signals-react', '@preact/signals-core'] },
  'src/render': { dirs: ['src/render', 'src/core'], pkgs: ['pixi.js', '@preact/signals-core'] },
  'src/ui': { dirs: ['src/ui', 'src/core', 'src/i18n'], pkgs: [...REACT, ...UI_LIBS, ...I18N] },
  'src/i18n': { dirs: ['src/i18n', 'src/core'], pkgs: I18N },
  'src/features': {
    dirs: ['src/features', 'src/core', 'src/engine', 'src/feed', 'src/protocol', 'src/net', 'src/api', 'src/state', 'src/render', 'src/ui', 'src/i18n'],
    pkgs: [...REACT, ...I18N, 'react-router-dom'],
  },
  'src/app': { dirs: ['src', 'public'], pkgs: [...REACT, ...I18N, 'react-router-dom', 'pixi.js', '@preact/signals-core'] },
  'server': { dirs: ['server', 'src/core', 'src/protocol'], pkgs: SERVER_PKGS },
  // Accounts (users, sessions, seeding, the database) sit below trading: server/private, the
  // features on top of it and the composition root (server/compose.ts) build on them, never the
  // other way round.
  'server/accounts': { dirs: ['server/accounts', 'server/auth', 'server/http', 'server/exchange', 'src/core', 'src/protocol'], pkgs: SERVER_PKGS },
};

const ROOT = import.meta.dirname;
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Record<string, Record<string, string> | undefined>;
const PACKAGES = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.devDependencies ?? {})];
const BUILTINS = builtinModules.filter((m) => !m.startsWith('_'));
const SIGNALS_HOME = 'src/state/signals.ts';

const dirsOf = (dir: string): string[] => readdirSync(join(ROOT, dir)).filter((n) => !n.startsWith('.') && statSync(join(ROOT, dir, n)).isDirectory());
const SRC_TOPS = dirsOf('src');
/** What a folder of server/ with a row of its own may be kept from: the other folders, and the files that wire them all. */
const SERVER_TOPS = existsSync(join(ROOT, 'server')) ? [...dirsOf('server'), 'compose.ts', 'main.ts'] : [];
const ROOT_TOPS = dirsOf('.').filter((n) => n !== 'node_modules');
// A folder of src/ missing from the table would be checked by nothing: that is an error too.
const untabled = SRC_TOPS.filter((t) => !FOLDERS[`src/${t}`]);
if (untabled.length) throw new Error(`src/${untabled.join(', src/')}: not in the folder table of oxlint.config.ts (and ARCHITECTURE.md)`);
const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
const alt = (names: string[]) => `(${names.map(esc).join('|')})`;

/** The deepest folder of the project below `folder`, counted in segments from the root. */
function maxDepth(dir: string): number {
  return Math.max(dir.split('/').length, ...dirsOf(dir).map((d) => maxDepth(`${dir}/${d}`)));
}

type Pattern = { regex: string; message: string } | { group: string[]; message: string };

/** The patterns for a file `depth` folders deep (src/render/chart/x.ts: 3) in `folder`. */
function patternsFor(folder: string, depth: number, signalsHome = false): Pattern[] {
  const rule = FOLDERS[folder]!;
  const may = `${folder}/ may import ${rule.dirs.join(', ')}`;
  const out: Pattern[] = [];
  const up = (n: number) => (n === 0 ? '\\./' : `(\\.\\./){${n}}`);
  // Top folders beside src/ (and src/ itself for a folder outside it): depth ups reach the root.
  const rootBan = ROOT_TOPS.filter((t) => !rule.dirs.some((d) => d === t || d.startsWith(`${t}/`)));
  if (rootBan.length) out.push({ regex: `^${up(depth)}${alt(rootBan)}(/|$)`, message: may });
  // Folders of src/: from inside src/, depth - 1 ups reach src/; from outside, depth ups then src/.
  const srcBan = SRC_TOPS.filter((t) => !rule.dirs.some((d) => d === 'src' || d === `src/${t}`));
  if (srcBan.length) {
    const toSrc = folder.startsWith('src/') ? up(depth - 1) : `${up(depth)}src/`;
    out.push({ regex: `^${toSrc}${alt(srcBan)}(/|\\.|$)`, message: may });
  }
  // Folders of server/ (for a row such as server/accounts): depth - 1 ups reach server/, depth ups then server/.
  if (folder.startsWith('server/')) {
    const serverBan = SERVER_TOPS.filter((t) => !rule.dirs.some((d) => d === 'server' || d === `server/${t}`));
    if (serverBan.length) out.push({ regex: `^(${up(depth - 1)}|${up(depth)}server/)${alt(serverBan)}(/|$)`, message: may });
  }
  const allowed = new Set(rule.pkgs);
  if (!signalsHome && folder !== 'src/app') allowed.delete('@preact/signals-react');
  const banned = PACKAGES.filter((p) => !allowed.has(p));
  const pkgMsg = `${folder}/ may import ${rule.pkgs.length ? rule.pkgs.join(', ') : 'no packages'}${folder === 'src/state' ? ` (@preact/signals-react through ${SIGNALS_HOME})` : ''}`;
  if (banned.length) out.push({ regex: `^${alt(banned)}(/|$)`, message: pkgMsg });
  if (!allowed.has(NODE)) out.push({ regex: `^(node:|${alt(BUILTINS)}(/|$))`, message: `${folder}/ runs in the browser: no Node built-ins` });
  return out;
}

const overrides: OxlintOverride[] = [];
for (const folder of Object.keys(FOLDERS).filter((f) => existsSync(join(ROOT, f)))) {
  const base = folder.split('/').length;
  // Each depth its own override, so the number of `../` in a pattern is exact; a deeper folder of
  // the table (none today) would come later and win for its files.
  for (let depth = base; depth <= maxDepth(folder); depth++) {
    const glob = `${folder}/${'*/'.repeat(depth - base)}*.{ts,tsx,mts,js,mjs}`;
    overrides.push({ files: [glob], rules: { 'no-restricted-imports': ['error', { patterns: patternsFor(folder, depth) }] } } as OxlintOverride);
  }
}
overrides.push({ files: [SIGNALS_HOME], rules: { 'no-restricted-imports': ['error', { patterns: patternsFor('src/state', 2, true) }] } } as OxlintOverride);
overrides.push({ files: ['src/**/*.{ts,tsx}'], rules: { 'import/no-default-export': 'error' } });

export default defineConfig({
  plugins: ['import', 'typescript'],
  categories: { correctness: 'off' },
  ignorePatterns: ['**/*.d.ts', 'build/**', 'dist/**', 'dist-*/**'],
  overrides,
});
