// Vite plugins for the production build (vite.config.ts):
//
// - moduleWorkers: builds chosen module workers inside the page's own chunk graph instead of
//   Vite's separate worker build, so code both need (PixiJS and the canvas widgets) is one set
//   of chunks that the browser fetches, caches and compiles once. The worker entry is emitted as
//   a chunk and `new Worker(new URL('./x.ts', import.meta.url), …)` points at its URL. Then it
//   checks what each such worker loads: no React (nor anything on a deny list), and no chunk
//   carrying a module the worker does not import itself (whose top-level code, written for the
//   page, could touch `window` or `document`). The worker's entry chunk also imports every chunk
//   it needs statically, so they download in parallel, not one level of imports after another
//   (Rollup's hoistTransitiveImports, which Rolldown does not do; there is no modulepreload in a
//   worker).
// - preloadAssets: `<link rel="preload">` in index.html for built assets the page fetches early
//   (the WebAssembly book engine), so their download starts with the HTML.
//
// In `vite` (dev) none of this applies: Vite serves workers itself.
import { basename, dirname, extname, posix, relative, resolve } from 'node:path';
import type { Plugin } from 'vite';

export interface ModuleWorkersOptions {
  /** Worker entry modules, relative to the project root. */
  entries: readonly string[];
  /** Module ids that must never be part of these workers' module graphs. */
  deny: RegExp;
}

/** React and everything that brings it along (the React adapter of signals, its shim). */
export const REACT_MODULES = /[\\/]node_modules[\\/](react|react-dom|scheduler|use-sync-external-store|@preact[\\/]signals-react)[\\/]/;

const WORKER_URL = /new\s+Worker\(\s*new\s+URL\(\s*(['"])(\.{1,2}\/[^'"]+)\1\s*,\s*import\.meta\.url\s*\)/g;
/** Helpers a bundler adds to chunks: functions only, nothing runs at top level. */
const BUNDLER_HELPERS = /^\0(rolldown[\\/]runtime|vite[\\/]preload-helper)/;

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
  imports: string[];
  dynamicImports: string[];
  moduleIds: string[];
  code: string;
}

/** The chunks a chunk imports statically, transitively, that it does not import itself. */
export function transitiveOnly(entry: string, chunks: ReadonlyMap<string, Pick<ChunkLike, 'imports'>>): string[] {
  const direct = new Set(chunks.get(entry)?.imports ?? []);
  const seen = new Set<string>();
  const todo = [...direct];
  while (todo.length) {
    const f = todo.pop()!;
    if (seen.has(f)) continue;
    seen.add(f);
    todo.push(...(chunks.get(f)?.imports ?? []));
  }
  return [...seen].filter((f) => f !== entry && !direct.has(f));
}

/** The chunks a chunk loads, itself included: its static and dynamic imports, transitively. */
export function chunksLoadedBy(entry: string, chunks: ReadonlyMap<string, Pick<ChunkLike, 'imports' | 'dynamicImports'>>): string[] {
  const seen = new Set<string>();
  const todo = [entry];
  while (todo.length) {
    const f = todo.pop()!;
    if (seen.has(f)) continue;
    seen.add(f);
    const c = chunks.get(f);
    if (c) todo.push(...c.imports, ...c.dynamicImports);
  }
  return [...seen];
}

export function moduleWorkers(opts: ModuleWorkersOptions): Plugin {
  let root = process.cwd();
  const refs = new Map<string, string>();
  /** File names of every chunk one of these workers may load (filled in generateBundle). */
  const workerChunks = new Set<string>();
  return {
    name: 'spot:module-workers',
    apply: 'build',
    enforce: 'pre',
    config() {
      return {
        build: {
          modulePreload: {
            // Vite preloads a dynamic import's dependencies by adding <link> elements, which a
            // worker has no document for: chunks a worker loads import without that step.
            resolveDependencies: (_file: string, deps: string[], ctx: { hostId: string }) => (workerChunks.has(ctx.hostId) ? [] : deps),
          },
        },
      };
    },
    configResolved(config) {
      root = config.root;
    },
    buildStart() {
      refs.clear();
      workerChunks.clear();
      for (const entry of opts.entries) {
        const id = resolve(root, entry);
        refs.set(id, this.emitFile({ type: 'chunk', id, name: basename(entry).replace(/\.[cm]?[jt]sx?$/, ''), preserveSignature: false }));
      }
    },
    transform(code, id) {
      if (!code.includes('new Worker')) return null;
      let changed = false;
      const out = code.replace(WORKER_URL, (match, _q: string, spec: string) => {
        const ref = refs.get(resolve(dirname(id.split('?')[0]!), spec));
        if (!ref) return match;
        changed = true;
        return `new Worker(new URL(import.meta.ROLLUP_FILE_URL_${ref}, import.meta.url)`;
      });
      return changed ? { code: out, map: null } : null;
    },
    generateBundle(_options, bundle) {
      const chunks = new Map<string, ChunkLike>();
      for (const item of Object.values(bundle)) if (item.type === 'chunk') chunks.set(item.fileName, item as unknown as ChunkLike);
      for (const [id] of refs) {
        const entry = [...chunks.values()].find((c) => c.facadeModuleId === id);
        const name = relative(root, id);
        if (!entry) return this.error(`module worker ${name}: no chunk was emitted for it`);
        // The worker's own module graph, static and dynamic imports.
        const graph = new Set<string>();
        const todo = [id];
        while (todo.length) {
          const m = todo.pop()!;
          if (graph.has(m)) continue;
          graph.add(m);
          const info = this.getModuleInfo(m);
          if (info) todo.push(...info.importedIds, ...info.dynamicallyImportedIds);
        }
        const problems: string[] = [];
        for (const file of chunksLoadedBy(entry.fileName, chunks)) {
          workerChunks.add(file);
          for (const m of chunks.get(file)?.moduleIds ?? []) {
            const shown = relative(root, m.replace(/^\0/, ''));
            if (opts.deny.test(m)) problems.push(`${file} carries ${shown}, which the worker must not load`);
            else if (!graph.has(m) && !BUNDLER_HELPERS.test(m)) problems.push(`${file} carries ${shown}, which the worker does not import`);
          }
        }
        if (problems.length) this.error(`module worker ${name}:\n  ${problems.slice(0, 20).join('\n  ')}`);
        // Appended, so evaluation order is unchanged: these were all evaluated by then.
        const hoisted = transitiveOnly(entry.fileName, chunks).map((f) => `import ${JSON.stringify(`./${posix.relative(posix.dirname(entry.fileName), f)}`)};`);
        if (hoisted.length) entry.code += `\n${hoisted.join('')}\n`;
      }
    },
  };
}

export interface PreloadAssetsOptions {
  /** Built files to preload, by their source path relative to the project root, and how. */
  assets: ReadonlyArray<{ source: string; as: 'fetch' | 'font' | 'script'; type?: string }>;
}

export function preloadAssets(opts: PreloadAssetsOptions): Plugin {
  let root = process.cwd();
  let base = '/';
  return {
    name: 'spot:preload-assets',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return [];
        return opts.assets.map((a) => {
          const want = resolve(root, a.source);
          // Assets of a worker's own build carry no original file name: match `name-hash.ext`.
          const ext = extname(a.source);
          const stem = basename(a.source, ext);
          const file = Object.values(bundle).find(
            (item) =>
              item.type === 'asset' &&
              ((item.originalFileNames ?? []).some((f) => resolve(root, f) === want) ||
                (basename(item.fileName).startsWith(`${stem}-`) && item.fileName.endsWith(ext) && /^[\w-]{6,}$/.test(basename(item.fileName, ext).slice(stem.length + 1)))),
          );
          if (!file) throw new Error(`preloadAssets: ${a.source} is not in the build`);
          // Fonts and fetches are CORS requests: without crossorigin the preload is not reused.
          return {
            tag: 'link',
            attrs: { rel: 'preload', href: base + file.fileName, as: a.as, ...(a.type ? { type: a.type } : {}), crossorigin: '' },
            injectTo: 'head' as const,
          };
        });
      },
    },
  };
}

export interface EarlyEntryOptions {
  /** A module of the page's own graph, relative to the project root, that should run before the rest. */
  entry: string;
}

/**
 * Runs one module of the page before the rest of the page's code is even fetched and compiled:
 * it becomes an entry chunk of its own, loaded by a module script placed before the page's
 * entry in index.html. Module scripts run in document order, and the page's entry imports the
 * same chunk, so the module still runs once, first. The trading page's boot.ts starts its
 * workers this way.
 */
export function earlyEntry(opts: EarlyEntryOptions): Plugin {
  let root = process.cwd();
  let base = '/';
  return {
    name: 'spot:early-entry',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    buildStart() {
      this.emitFile({ type: 'chunk', id: resolve(root, opts.entry), name: basename(opts.entry).replace(/\.[cm]?[jt]sx?$/, ''), preserveSignature: 'exports-only' });
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const id = resolve(root, opts.entry);
        const chunk = Object.values(ctx.bundle ?? {}).find((item) => item.type === 'chunk' && item.facadeModuleId === id);
        if (!chunk) throw new Error(`earlyEntry: no chunk for ${opts.entry}`);
        return [{ tag: 'script', attrs: { type: 'module', crossorigin: true, src: base + chunk.fileName }, injectTo: 'head-prepend' as const }];
      },
    },
  };
}
