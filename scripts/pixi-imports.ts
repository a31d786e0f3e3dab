// Vite plugin for the production build (vite.config.ts): `import { Container } from 'pixi.js'`
// becomes an import of the module that defines Container.
//
// Why: pixi.js's root module re-exports all of PixiJS and is marked as having side effects, and
// the bundler assigns every module it re-exports to the chunk of whoever imports it, tree-shaken
// or not. So the WebGL, WebGPU and Canvas renderers, which PixiJS's autoDetectRenderer loads with
// import() and only the one chosen, all landed in the one chunk the canvas worker loads first
// (about 200 kB of the 290 kB chunk). Importing each name from its own module keeps those
// import() calls separate chunks, fetched only for the renderer in use.
//
// The root module's own side effects are the environment extensions (which our renderers skip:
// `skipExtensionImports`), the spritesheet loader (unused), and rendering/init, which registers
// texture sources and masks: that one is imported by every rewritten module.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

/** PixiJS's exported names and the module (absolute path or package) each comes from. */
export function pixiExports(indexFile: string): Map<string, { from: string; name: string }> {
  const dir = dirname(indexFile);
  const out = new Map<string, { from: string; name: string }>();
  const text = readFileSync(indexFile, 'utf8');
  for (const m of text.matchAll(/^export\s*\{([^}]*)\}\s*from\s*'([^']+)';/gm)) {
    const from = m[2]!.startsWith('.') ? join(dir, m[2]!) : m[2]!;
    for (const part of m[1]!.split(',')) {
      const [name, as] = part.trim().split(/\s+as\s+/);
      if (name) out.set((as ?? name).trim(), { from, name: name.trim() });
    }
  }
  return out;
}

const IMPORT_RE = /\bimport\s*\{([^}]*)\}\s*from\s*(['"])pixi\.js\2\s*;?/g;

export function pixiDeepImports(): Plugin {
  let exports = new Map<string, { from: string; name: string }>();
  let init = '';
  let index = '';
  return {
    name: 'spot:pixi-deep-imports',
    apply: 'build',
    configResolved(config) {
      const require = createRequire(join(config.root, 'package.json'));
      index = join(dirname(require.resolve('pixi.js')), 'index.mjs');
      exports = pixiExports(index);
      init = join(dirname(index), 'rendering/init.mjs');
      if (exports.size < 100) throw new Error(`pixi-deep-imports: could not read PixiJS's exports from ${index}`);
    },
    transform(code, id) {
      if (id.includes('/node_modules/') || !code.includes('pixi.js')) return null;
      let changed = false;
      const out = code.replace(IMPORT_RE, (_match, names: string) => {
        changed = true;
        const lines = [`import ${JSON.stringify(init)};`];
        for (const raw of names.split(',')) {
          const spec = raw.trim();
          if (!spec || spec.startsWith('type ')) continue;
          const [name, local] = spec.split(/\s+as\s+/).map((s) => s.trim()) as [string, string | undefined];
          const where = exports.get(name);
          if (!where) throw new Error(`pixi-deep-imports: ${id} imports ${name}, which pixi.js does not export`);
          lines.push(`import { ${where.name} as ${local ?? name} } from ${JSON.stringify(where.from)};`);
        }
        return lines.join(' ');
      });
      return changed ? { code: out, map: null } : null;
    },
    generateBundle(_options, bundle) {
      for (const item of Object.values(bundle)) {
        if (item.type === 'chunk' && item.moduleIds.includes(index)) {
          this.error(`pixi-deep-imports: ${item.fileName} still carries pixi.js's root module (an import this plugin did not rewrite)`);
        }
      }
    },
  };
}
