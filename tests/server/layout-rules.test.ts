// The server's layout (README, "Where the exchange's code is"): server/accounts is below trading, so
// oxlint's import rules (oxlint.config.ts, the server/accounts row) refuse an import of
// server/private, of a feature built on it or of the composition root from there. A throwaway
// project with the real config and node_modules gets allowed and forbidden imports; oxlint must
// pass the first and name each of the others.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, throwawayLint } from '../lint/throwaway-lint.ts';

const lint = throwawayLint('server-layout-');

/** A small server: accounts, the trading on top of it, a feature and the composition root. */
const server = (extra: Record<string, string>) => ({
  'src/core/format.ts': 'export const f = 1;\n',
  'server/app.ts': 'export const app = 1;\n',
  'server/http/reply.ts': 'export const reply = 1;\n',
  'server/accounts/db.ts': "import { app } from '../app.ts';\nimport { reply } from '../http/reply.ts';\nimport { f } from '../../src/core/format.ts';\nexport const db = [app, reply, f];\n",
  'server/private/rows/ledger.ts': "import { db } from '../../accounts/db.ts';\nexport const ledger = db;\n",
  'server/rewards/install.ts': "import { ledger } from '../private/rows/ledger.ts';\nexport const rewards = ledger;\n",
  'server/compose.ts': "import { db } from './accounts/db.ts';\nimport { ledger } from './private/rows/ledger.ts';\nimport { rewards } from './rewards/install.ts';\nexport const all = [db, ledger, rewards];\n",
  'server/main.ts': "import { all } from './compose.ts';\nexport const m = all;\n",
  ...extra,
});

const restricted = (file: string, spec: string) =>
  new RegExp(`'${spec.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}' import is restricted[\\s\\S]{0,80}${file.replace(/[./]/g, '\\$&')}`);

describe('server layout (oxlint.config.ts)', () => {
  it('passes trading, features and the composition root building on accounts', () => {
    const r = lint(server({}));
    expect(r.out).not.toMatch(/ x /);
    expect(r.code).toBe(0);
  });

  it('refuses server/accounts importing server/private, a feature on it or the composition root', () => {
    const r = lint(server({
      'server/accounts/seed.ts': [
        "import { ledger } from '../private/rows/ledger.ts';",
        "import { rewards } from '../rewards/install.ts';",
        "import { all } from '../compose.ts';",
        "import { m } from '../../server/main.ts';",
        "import { db } from './db.ts';",
        'export const seed = [ledger, rewards, all, m, db];',
        '',
      ].join('\n'),
    }));
    expect(r.code).not.toBe(0);
    for (const spec of ['../private/rows/ledger.ts', '../rewards/install.ts', '../compose.ts', '../../server/main.ts']) {
      expect(r.out, spec).toMatch(restricted('server/accounts/seed.ts', spec));
    }
    expect(r.out).not.toMatch(restricted('server/accounts/seed.ts', './db.ts'));
    expect(r.out).toMatch(/server\/accounts\/ may import server\/accounts, server\/auth, server\/http, server\/exchange/);
  });
});

describe('the real tree', () => {
  it('server/accounts imports nothing of server/private (nor the composition root)', () => {
    const files = readdirSync(join(ROOT, 'server/accounts'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) {
      const text = readFileSync(join(ROOT, 'server/accounts', f), 'utf8');
      expect(text, f).not.toMatch(/from '[./]*(private|compose\.ts|main\.ts)[/']/);
    }
  });
});
