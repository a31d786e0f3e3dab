// Enforces the import directions of ARCHITECTURE.md ("Folders" table), so a wrong import fails
// `npm test` rather than a review. Also: no default exports in src/, and @preact/signals-react
// is imported by src/state/signals.ts alone.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { ROOT } from './lib.mjs';

const REACT = ['react', 'react-dom', 'react/jsx-runtime'];
/** folder → the folders (project-relative) and packages it may import. */
const RULES = {
  'assembly': { dirs: ['assembly'], pkgs: [] },
  'src/core': { dirs: ['src/core'], pkgs: [] },
  'src/engine': { dirs: ['src/engine', 'src/core', 'build/wasm'], pkgs: [] },
  'src/protocol': { dirs: ['src/protocol', 'src/core'], pkgs: [] },
  'src/feed': { dirs: ['src/feed', 'src/core', 'src/engine', 'src/protocol'], pkgs: [] },
  'src/api': { dirs: ['src/api', 'src/core', 'src/protocol'], pkgs: [] },
  'src/state': { dirs: ['src/state', 'src/core', 'src/api', 'src/feed', 'src/protocol'], pkgs: ['@preact/signals-react'] },
  // src/feed: the canvas worker takes feed frames straight from the feed worker and formats rows as state/ does.
  // Signals from @preact/signals-core (the same signals state/ makes): the React adapter stays out
  // of the canvas worker, which the build checks (scripts/module-workers.ts).
  'src/render': { dirs: ['src/render', 'src/core', 'src/state', 'src/feed'], pkgs: ['pixi.js', '@preact/signals-core'] },
  // react-aria-components and the virtualizer stay behind src/ui/ (features use its primitives).
  'src/ui': { dirs: ['src/ui'], pkgs: [...REACT, 'react-aria-components', '@tanstack/react-virtual'] },
  'src/i18n': { dirs: ['src/i18n', 'src/core'], pkgs: ['i18next', 'react-i18next'] },
  'src/features': {
    dirs: ['src/features', 'src/core', 'src/engine', 'src/feed', 'src/protocol', 'src/api', 'src/state', 'src/render', 'src/ui', 'src/i18n'],
    pkgs: [...REACT, 'react-router-dom', 'react-i18next', 'i18next'],
  },
  'src/app': { dirs: ['src', 'public'], pkgs: [...REACT, 'react-router-dom', 'react-i18next', 'i18next'] },
  'server': { dirs: ['server', 'src/core', 'src/protocol'], pkgs: ['ws', 'better-sqlite3', 'fastify', '@fastify/static', '@fastify/compress', '@fastify/rate-limit', '@fastify/helmet', 'node:*'] },
};
const SIGNALS_HOME = 'src/state/signals.ts';
const EXT = /\.(ts|tsx|mts|js|mjs)$/;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) yield* files(p);
    else if (EXT.test(name) && !name.endsWith('.d.ts')) yield p;
  }
}

const IMPORT_RE = /(?:^|[;\n}])\s*(?:import|export)\s[^'"]*?\sfrom\s*['"]([^'"]+)['"]|(?:^|[;\n])\s*import\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)|new URL\(\s*['"](\.[^'"]+)['"]\s*,\s*import\.meta\.url/g;

function ruleFor(rel) {
  let best;
  for (const key of Object.keys(RULES)) {
    if ((rel === key || rel.startsWith(key + '/')) && (!best || key.length > best.length)) best = key;
  }
  return best;
}

function pkgName(spec) {
  if (spec.startsWith('node:')) return 'node:*';
  const parts = spec.split('/');
  return spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

const problems = [];
let checked = 0;
for (const top of Object.keys(RULES).filter((k) => !k.includes('/')).concat(['src'])) {
  const dir = join(ROOT, top);
  let exists = true;
  try {
    statSync(dir);
  } catch {
    exists = false;
  }
  if (!exists) continue;
  for (const file of files(dir)) {
    const rel = relative(ROOT, file).split(sep).join('/');
    if (top === 'src' && !rel.startsWith('src/')) continue;
    const key = ruleFor(rel);
    if (!key) {
      if (rel.startsWith('src/') && rel.split('/').length > 2) problems.push(`${rel}: folder not in the architecture table`);
      continue;
    }
    if (top !== 'src' && key.startsWith('src/')) continue;
    checked++;
    const rule = RULES[key];
    const text = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
    if (rel.startsWith('src/') && /^\s*export\s+default\b/m.test(text)) problems.push(`${rel}: default export (use a named export)`);
    for (const m of text.matchAll(IMPORT_RE)) {
      const spec = m[1] ?? m[2] ?? m[3] ?? m[4];
      if (!spec) continue;
      if (spec.startsWith('.') || spec.startsWith('/')) {
        const target = relative(ROOT, resolve(dirname(file), spec)).split(sep).join('/');
        const ok = rule.dirs.some((d) => target === d || target.startsWith(d + '/'));
        if (!ok) problems.push(`${rel}: imports ${spec} (${target}); ${key}/ may import only ${rule.dirs.join(', ')}`);
      } else {
        const pkg = pkgName(spec);
        if (pkg === '@preact/signals-react' && rel !== SIGNALS_HOME && key !== 'src/state') {
          problems.push(`${rel}: imports ${spec}; only ${SIGNALS_HOME} may (re-export from there)`);
          continue;
        }
        if (pkg === '@preact/signals-react' && rel !== SIGNALS_HOME) {
          problems.push(`${rel}: imports ${spec}; import it from ./signals.ts`);
          continue;
        }
        const allowedTop = key === 'src/app';
        if (!rule.pkgs.includes(pkg) && !(allowedTop && !pkg.startsWith('node:') && pkg !== 'ws' && pkg !== 'better-sqlite3') && !(pkg === 'node:*' && rule.pkgs.includes('node:*'))) {
          problems.push(`${rel}: imports package ${spec}; ${key}/ may import ${rule.pkgs.length ? rule.pkgs.join(', ') : 'no packages'}`);
        }
      }
    }
  }
}
if (problems.length) {
  console.error(`Import directions broken (${problems.length}):`);
  for (const p of problems) console.error(`  ${p}`);
  process.exit(1);
}
console.log(`lint: import directions hold in ${checked} files`);
