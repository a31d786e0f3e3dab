// Import rules of ARCHITECTURE.md ("Folders"), checked by oxlint in `npm run lint` (so in npm test):
// a wrong import fails the build rather than a review. The folder table below is the source; from
// it this file builds, per folder and per file depth, oxlint's `no-restricted-imports` patterns:
// - relative imports: the folders (of src/, beside src/, and the table's sub-folder rows such as
//   the rooms of src/state/) a folder may not reach, as regular expressions anchored at each
//   number of `../` that reaches them from that depth;
//   a row for a folder of server/ (server/accounts) also names the other folders of server/ and
//   the composition root (server/compose.ts, server/main.ts) it may not reach;
// - packages: every package in package.json and every Node built-in the folder may not use.
// A row may be a sub-folder of another row (src/state/account/): it is then a folder of its own,
// and the parent's row covers only the parent's other files. Naming a folder in `dirs` allows that
// folder without its sub-folder rows; `folder/**` allows it with all of them. A folder that has
// sub-folder rows is "in rooms": each of its sub-folders must have a row.
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
const SIGNALS = ['@preact/signals-react', '@preact/signals-core'];
/** What every room of src/state/ may import besides src/state/ itself. */
const STATE_BELOW = ['src/core', 'src/api', 'src/feed', 'src/protocol', 'src/net'];
const SERVER_PKGS = [NODE, 'ws', 'better-sqlite3', 'fastify', '@fastify/static', '@fastify/compress', '@fastify/rate-limit', '@fastify/helmet'];

/** folder → the folders (project-relative; `x/**`: with its sub-folder rows) and packages it may import. */
const FOLDERS: Record<string, { dirs: string[]; pkgs: string[] }> = {
  'assembly': { dirs: ['assembly'], pkgs: [] },
  'src/core': { dirs: ['src/core'], pkgs: [] },
  'src/protocol': { dirs: ['src/protocol', 'src/core'], pkgs: [] },
  'src/engine': { dirs: ['src/engine', 'src/core', 'build'], pkgs: [] },
  'src/net': { dirs: ['src/net', 'src/core'], pkgs: [] },
  'src/feed': { dirs: ['src/feed', 'src/core', 'src/engine', 'src/protocol', 'src/net'], pkgs: [] },
  'src/api': { dirs: ['src/api', 'src/core', 'src/protocol', 'src/net'], pkgs: [] },
  // src/state/ in rooms, each importing only the rooms below it: the root's kit (signals, storage,
  // toasts, poll, …) ← account ← market ← net, trading ← chart.
  'src/state': { dirs: ['src/state', ...STATE_BELOW], pkgs: SIGNALS },
  'src/state/account': { dirs: ['src/state', 'src/state/account', ...STATE_BELOW], pkgs: SIGNALS },
  'src/state/market': { dirs: ['src/state', 'src/state/account', 'src/state/market', ...STATE_BELOW], pkgs: SIGNALS },
  'src/state/net': { dirs: ['src/state', 'src/state/account', 'src/state/market', 'src/state/net', ...STATE_BELOW], pkgs: SIGNALS },
  'src/state/trading': { dirs: ['src/state', 'src/state/account', 'src/state/market', 'src/state/trading', ...STATE_BELOW], pkgs: SIGNALS },
  'src/state/chart': { dirs: ['src/state/**', ...STATE_BELOW], pkgs: SIGNALS },
  'src/render': { dirs: ['src/render', 'src/core'], pkgs: ['pixi.js', '@preact/signals-core'] },
  'src/ui': { dirs: ['src/ui', 'src/core', 'src/i18n'], pkgs: [...REACT, ...UI_LIBS, ...I18N] },
  'src/i18n': { dirs: ['src/i18n', 'src/core'], pkgs: I18N },
  // One door for server data: features read stores and call actions of src/state/; never src/api/,
  // src/protocol/, src/feed/, src/engine/ or src/net/.
  'src/features': {
    dirs: ['src/features', 'src/core', 'src/state/**', 'src/render', 'src/ui', 'src/i18n'],
    pkgs: [...REACT, ...I18N, 'react-router-dom'],
  },
  'src/app': { dirs: ['src/**', 'public'], pkgs: [...REACT, ...I18N, 'react-router-dom', 'pixi.js', '@preact/signals-core'] },
  'server': { dirs: ['server', 'src/core', 'src/protocol'], pkgs: SERVER_PKGS },
  // Accounts (users, sessions, seeding, the database) sit below trading: server/private, the
  // features on top of it and the composition root (server/compose.ts) build on them, never the
  // other way round. (server/ is not in rooms: its other folders follow the server row.)
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
const ROWS = Object.keys(FOLDERS);
const rowsBelow = (folder: string) => ROWS.filter((r) => r.startsWith(`${folder}/`));
/** A folder of src/ with sub-folder rows is in rooms; server/'s one row (server/accounts) only narrows that folder. */
const inRooms = (folder: string) => folder.startsWith('src/') && rowsBelow(folder).length > 0;
// A folder in rooms: every sub-folder is a row of its own (one missing would follow no room's rule).
for (const folder of ROWS.filter((f) => inRooms(f) && existsSync(join(ROOT, f)))) {
  const loose = dirsOf(folder).filter((d) => !FOLDERS[`${folder}/${d}`]);
  if (loose.length) throw new Error(`${folder}/${loose.join(`, ${folder}/`)}: not in the folder table of oxlint.config.ts (${folder}/ is in rooms)`);
}

/** Everything an import can name: the top folders beside src/, those of src/, and the sub-folder rows. */
const TARGETS = [...ROOT_TOPS, ...SRC_TOPS.map((t) => `src/${t}`), ...ROWS.filter((r) => r.split('/').length > 2)];
const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
const alt = (names: string[]) => `(${names.map(esc).join('|')})`;

/** Whether `folder`'s row allows importing from `target` (a folder of TARGETS). */
function allows(folder: string, target: string): boolean {
  return FOLDERS[folder]!.dirs.some((d) => {
    if (d.endsWith('/**')) return target === d.slice(0, -3) || target.startsWith(d.slice(0, -2));
    // A plain folder allows itself and its ordinary sub-folders, not a sub-folder row.
    return d === target || (target.startsWith(`${d}/`) && !ROWS.includes(target));
  });
}

/** The folders `folder` may not import: each not allowed and holding nothing allowed (else its parts are named). */
function banned(folder: string): string[] {
  const dirs = FOLDERS[folder]!.dirs.map((d) => d.replace(/\/\*\*$/, ''));
  return TARGETS.filter((t) => !allows(folder, t) && !dirs.some((d) => d.startsWith(`${t}/`)));
}

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
  const parts = folder.split('/');
  const base = parts.length;
  const ban = banned(folder);
  // k `../` from a file `depth` deep: the first (depth - base) stay inside `folder`'s own
  // sub-folders; the next ones climb its ancestors; `depth` of them reach the project's root.
  for (let k = depth - base; k <= depth; k++) {
    const at = parts.slice(0, base - (k - (depth - base))).join('/');
    const names = ban.filter((t) => at === '' || t.startsWith(`${at}/`)).map((t) => (at === '' ? t : t.slice(at.length + 1)));
    if (names.length) out.push({ regex: `^${up(k)}${alt(names)}(/|\\.|$)`, message: may });
  }
  // Folders of server/ (for a row such as server/accounts): depth - 1 ups reach server/, depth ups then server/.
  if (folder.startsWith('server/')) {
    const serverBan = SERVER_TOPS.filter((t) => !rule.dirs.some((d) => d === 'server' || d === `server/${t}`));
    if (serverBan.length) out.push({ regex: `^(${up(depth - 1)}|${up(depth)}server/)${alt(serverBan)}(/|$)`, message: may });
  }
  const allowed = new Set(rule.pkgs);
  if (!signalsHome && folder !== 'src/app') allowed.delete('@preact/signals-react');
  const bannedPkgs = PACKAGES.filter((p) => !allowed.has(p));
  const pkgMsg = `${folder}/ may import ${rule.pkgs.length ? rule.pkgs.join(', ') : 'no packages'}${folder.startsWith('src/state') ? ` (@preact/signals-react through ${SIGNALS_HOME})` : ''}`;
  if (bannedPkgs.length) out.push({ regex: `^${alt(bannedPkgs)}(/|$)`, message: pkgMsg });
  if (!allowed.has(NODE)) out.push({ regex: `^(node:|${alt(BUILTINS)}(/|$))`, message: `${folder}/ runs in the browser: no Node built-ins` });
  return out;
}

const overrides: OxlintOverride[] = [];
// Parents before their sub-folder rows, so a row's override comes later and wins for its files.
for (const folder of ROWS.filter((f) => existsSync(join(ROOT, f))).sort((a, b) => a.split('/').length - b.split('/').length)) {
  const base = folder.split('/').length;
  // Each depth its own override, so the number of `../` in a pattern is exact. A folder in rooms
  // has files of its own only at its top; its sub-folders are rows.
  const deepest = inRooms(folder) ? base : maxDepth(folder);
  for (let depth = base; depth <= deepest; depth++) {
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
