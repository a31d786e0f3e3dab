// The import rules (oxlint.config.ts) fire: a throwaway project with the real config, package.json
// and node_modules gets one allowed and several forbidden imports, and oxlint must name each one.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, throwawayLint } from './throwaway-lint.ts';

const lint = throwawayLint('lint-rules-');

const folders = (extra: Record<string, string>) => ({
  // One file in each folder of the table, so the config finds them all.
  'src/core/format.ts': 'export const f = 1;\n',
  'src/state/signals.ts': "export { signal } from '@preact/signals-react';\n",
  'src/state/user.ts': "import { signal } from './signals.ts';\nimport { f } from '../core/format.ts';\nexport const u = signal(f);\n",
  'src/render/theme.ts': "import { Container } from 'pixi.js';\nimport { f } from '../core/format.ts';\nexport const t = [Container, f];\n",
  'src/features/x/X.tsx': "import { useState } from 'react';\nimport { u } from '../../state/user.ts';\nimport { t } from '../../render/theme.ts';\nexport const X = () => [useState, u, t];\n",
  'server/main.ts': "import { readFileSync } from 'node:fs';\nimport { f } from '../src/core/format.ts';\nexport const m = [readFileSync, f];\n",
  ...extra,
});

describe('import rules (oxlint.config.ts)', () => {
  it('pass a project that keeps the folder table', () => {
    const r = lint(folders({}));
    expect(r.out).not.toMatch(/ x /);
    expect(r.code).toBe(0);
  });

  it('name every import against the table, by folder and depth', () => {
    const r = lint(folders({
      'src/core/chart/a.ts': "import { u } from '../../state/user.ts';\nimport { useState } from 'react';\nimport fs from 'node:fs';\nexport const a = [u, useState, fs];\n",
      'src/render/chart/b.ts': "import { u } from '../../state/user.ts';\nimport { useState } from 'react';\nexport const b = [u, useState];\n",
      'src/state/c.ts': "import { signal } from '@preact/signals-react';\nexport const c = signal(0);\n",
      'src/features/x/d.ts': "export default 1;\n",
      'server/e.ts': "import { u } from '../src/state/user.ts';\nexport const e = u;\n",
    }));
    expect(r.code).not.toBe(0);
    for (const [file, spec] of [
      ['src/core/chart/a.ts', '../../state/user.ts'],
      ['src/core/chart/a.ts', 'react'],
      ['src/core/chart/a.ts', 'node:fs'],
      ['src/render/chart/b.ts', '../../state/user.ts'],
      ['src/render/chart/b.ts', 'react'],
      ['src/state/c.ts', '@preact/signals-react'],
      ['server/e.ts', '../src/state/user.ts'],
    ]) expect(r.out, `${file} → ${spec}`).toMatch(new RegExp(`'${spec!.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}' import is restricted[\\s\\S]{0,80}${file!.replace(/[./]/g, '\\$&')}`));
    expect(r.out).toMatch(/no-default-export[\s\S]{0,80}src\/features\/x\/d\.ts/);
  });

  it('keep the rooms of src/state/: each imports only the kit and the rooms below it', () => {
    const ok = lint(folders({
      'src/state/account/who.ts': "import { signal } from '../signals.ts';\nexport const who = signal(0);\n",
      'src/state/market/m.ts': "import { who } from '../account/who.ts';\nexport const m = who;\n",
      'src/state/net/n.ts': "import { m } from '../market/m.ts';\nexport const n = m;\n",
      'src/state/trading/t.ts': "import { m } from '../market/m.ts';\nimport { who } from '../account/who.ts';\nexport const t = [m, who];\n",
      'src/state/chart/c.ts': "import { t } from '../trading/t.ts';\nimport { n } from '../net/n.ts';\nimport { signal } from '../signals.ts';\nexport const c = [t, n, signal];\n",
      'src/features/y/Y.tsx': "import { c } from '../../state/chart/c.ts';\nimport { who } from '../../state/account/who.ts';\nexport const Y = () => [c, who];\n",
    }));
    expect(ok.out).not.toMatch(/ x /);
    expect(ok.code).toBe(0);
    const r = lint(folders({
      'src/state/account/who.ts': "import { m } from '../market/m.ts';\nexport const who = m;\n",
      'src/state/market/m.ts': "import { t } from '../trading/t.ts';\nimport { c } from '../../state/chart/c.ts';\nexport const m = [t, c];\n",
      'src/state/net/n.ts': "import { t } from '../trading/t.ts';\nexport const n = t;\n",
      'src/state/trading/t.ts': "import { n } from '../net/n.ts';\nimport { c } from '../chart/c.ts';\nexport const t = [n, c];\n",
      'src/state/chart/c.ts': "import { useState } from 'react';\nexport const c = useState;\n",
      'src/state/kit.ts': "import { who } from './account/who.ts';\nexport const k = who;\n",
    }));
    expect(r.code).not.toBe(0);
    for (const [file, spec] of [
      ['src/state/account/who.ts', '../market/m.ts'],
      ['src/state/market/m.ts', '../trading/t.ts'],
      ['src/state/market/m.ts', '../../state/chart/c.ts'],
      ['src/state/net/n.ts', '../trading/t.ts'],
      ['src/state/trading/t.ts', '../net/n.ts'],
      ['src/state/trading/t.ts', '../chart/c.ts'],
      ['src/state/chart/c.ts', 'react'],
      ['src/state/kit.ts', './account/who.ts'],
    ]) expect(r.out, `${file} → ${spec}`).toMatch(new RegExp(`'${spec!.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}' import is restricted[\\s\\S]{0,80}${file!.replace(/[./]/g, '\\$&')}`));
  });

  it('keep features behind the one door: no src/api/, src/protocol/, src/feed/, src/engine/ or src/net/', () => {
    const r = lint(folders({
      'src/api/grid.ts': 'export const g = 1;\n',
      'src/protocol/wire.ts': 'export const w = 1;\n',
      'src/feed/frame.ts': 'export const f = 1;\n',
      'src/engine/book.ts': 'export const b = 1;\n',
      'src/net/socket.ts': 'export const s = 1;\n',
      'src/features/z/Z.tsx':
        "import { g } from '../../api/grid.ts';\nimport type { w } from '../../protocol/wire.ts';\nimport { f } from '../../feed/frame.ts';\nimport { b } from '../../engine/book.ts';\nimport { s } from '../../net/socket.ts';\nexport const Z = [g, f, b, s];\nexport type W = typeof w;\n",
    }));
    expect(r.code).not.toBe(0);
    for (const spec of ['../../api/grid.ts', '../../protocol/wire.ts', '../../feed/frame.ts', '../../engine/book.ts', '../../net/socket.ts'])
      expect(r.out, spec).toMatch(new RegExp(`'${spec.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}' import is restricted[\\s\\S]{0,80}src/features/z/Z\\.tsx`));
  });

  it('refuse a folder of src/state/ that is not one of its rooms', () => {
    const r = lint(folders({ 'src/state/account/a.ts': 'export const a = 1;\n', 'src/state/misc/z.ts': 'export const z = 1;\n' }));
    expect(r.code).not.toBe(0);
    expect(r.out).toMatch(/src\/state\/misc: not in the folder table/);
  });

  it('refuse a folder of src/ that the table does not name', () => {
    const r = lint(folders({ 'src/misc/z.ts': 'export const z = 1;\n' }));
    expect(r.code).not.toBe(0);
    expect(r.out).toMatch(/src\/misc: not in the folder table/);
  });
});

describe('assembly/ (AssemblyScript: no TypeScript parser reads it, so this test checks it)', () => {
  it('imports only from assembly/', () => {
    const files = readdirSync(join(ROOT, 'assembly'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) {
      const text = readFileSync(join(ROOT, 'assembly', f), 'utf8');
      for (const m of text.matchAll(/\bfrom\s*['"]([^'"]+)['"]|\bimport\s*['"]([^'"]+)['"]/g)) {
        const spec = m[1] ?? m[2]!;
        const target = resolve(join(ROOT, 'assembly', dirname(f)), spec);
        expect(spec.startsWith('.') && target.startsWith(join(ROOT, 'assembly') + '/'), `assembly/${f} imports ${spec}`).toBe(true);
      }
    }
  });
});
