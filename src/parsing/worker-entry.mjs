/**
 * Loads a worker thread's TypeScript entry as one bundled JavaScript file when it can, through tsx
 * otherwise.
 *
 * Worker threads do not inherit tsx's loader hooks, and a thread that registers them pays for every
 * module it imports: each resolve and load crosses to tsx's hooks thread, and a package of many small
 * files (date-fns, zod) is a long walk of them. A parse thread took ~0.7 s of wall time and ~1.1 s of
 * CPU to load that way, a module thread ~2 s and ~3.5 s, an OCR thread ~1.5 s and ~2 s, paid at
 * start and again after every thread killed at a deadline or a memory cap (bench:threads). So the
 * entry, our modules under it and the ES module packages it imports are bundled by esbuild into
 * `node_modules/.cache/postroom-threads/`, CommonJS packages left outside (imported from the file
 * Node would resolve), and the thread imports that one file with no hooks.
 *
 * The bundle is made again when one of our files in it, this file or the installed packages
 * (`node_modules/.package-lock.json`, rewritten by every `npm install`) changed size or modification
 * time, checked at each start; so a change is seen by the next thread started, as with tsx. When the
 * bundle cannot be made (esbuild missing, a read-only folder, a syntax it refuses), or with
 * POSTROOM_THREAD_BUNDLES=off (error stacks then point at the TypeScript sources), the thread loads
 * the entry through tsx as before.
 *
 * Each bundled module keeps its own `import.meta.url` (a literal of its source file's URL), so the
 * files it finds next to itself (migrations, package.json, fixtures, a package's data) are found as
 * before.
 *
 * Plain JavaScript, imported by the threads' boot files before any loader exists.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CACHE = join(ROOT, 'node_modules', '.cache', 'postroom-threads');
/** Rewritten by every `npm install`: a package changed, so its resolved path may have. */
const INSTALLED = join(ROOT, 'node_modules', '.package-lock.json');
const SELF = fileURLToPath(import.meta.url);
/**
 * Which checkout the bundles are of: two checkouts may share one node_modules (a baseline worktree
 * with its node_modules linked, as bench:isolation makes), and each must run its own code.
 */
const CHECKOUT = createHash('sha256').update(ROOT).digest('hex').slice(0, 8);

export { THREADS } from './thread-paths.mjs';

/** Makes the bundles of `entries` that are missing or stale, one after the other (a test run's start, a bench). */
export async function prepareBundles(entries) {
  for (const entry of entries) if (freshBundle(entry) === null) await buildBundle(entry);
}

/** Imports `entry` (a file URL of a TypeScript module): the fresh bundle, a new one, or tsx. */
export async function importWorkerEntry(entry) {
  if (process.env.POSTROOM_THREAD_BUNDLES !== 'off') {
    const bundle = freshBundle(entry) ?? (await buildBundle(entry).catch(() => null));
    if (bundle !== null) return import(pathToFileURL(bundle).href);
  }
  // Threads start without the process's tsx preload (thread-paths.mjs threadExecArgv); turned on here,
  // source maps point error stacks at the TypeScript sources.
  process.setSourceMapsEnabled(true);
  const { register } = await import('tsx/esm/api');
  register();
  return import(entry.href);
}

/**
 * Where the bundles of `entry` are kept: `<name>-<hash of its content>.mjs`, never written over, and
 * `<name>.json`, the list of files the current one was made from and its file name (the name: the
 * entry's path in the checkout, and which checkout). Replacing that list is the one step that makes
 * a new bundle current, so a thread reads a list and a bundle that belong together, whichever of
 * several threads building at once finished last.
 */
export function bundlePaths(entry) {
  const name = `${relative(ROOT, fileURLToPath(entry)).replace(/[\\/]/g, '__').replace(/\.ts$/, '')}.${CHECKOUT}`;
  return { name, manifest: join(CACHE, `${name}.json`) };
}

const stamp = (file) => {
  try {
    const stats = statSync(file);
    return `${stats.size}:${stats.mtimeMs}`;
  } catch {
    return 'missing';
  }
};

/** The current bundle's path when every file it was made from is as it was then; null otherwise. */
export function freshBundle(entry) {
  try {
    const { inputs, bundle } = JSON.parse(readFileSync(bundlePaths(entry).manifest, 'utf8'));
    for (const [file, recorded] of Object.entries(inputs)) if (stamp(file) !== recorded) return null;
    const path = join(CACHE, bundle);
    return existsSync(path) ? path : null;
  } catch {
    return null;
  }
}

/**
 * A bundle neither current nor made current or superseded for this long is removed: a thread that
 * read the list just before it changed has long loaded its bundle.
 */
const KEEP_OLD_MS = 10 * 60_000;

/** Bundles `entry` (our modules and ES module packages inside, CommonJS packages outside); returns the bundle's path. */
export async function buildBundle(entry) {
  const { build } = await import('esbuild');
  const { name, manifest } = bundlePaths(entry);
  const started = Date.now();
  const result = await build({
    entryPoints: [fileURLToPath(entry)],
    absWorkingDir: ROOT,
    bundle: true,
    write: false,
    metafile: true,
    platform: 'node',
    format: 'esm',
    target: `node${process.versions.node.split('.')[0]}`,
    logLevel: 'silent',
    // A CommonJS file bundled inside an ES module package requires as it did.
    banner: { js: "import { createRequire as __postroomRequire } from 'node:module';\nconst require = __postroomRequire(import.meta.url);" },
    plugins: [packagesOutside, ownImportMetaUrl],
  });
  const contents = result.outputFiles[0].contents;
  const file = `${name}-${createHash('sha256').update(contents).digest('hex').slice(0, 16)}.mjs`;
  const path = join(CACHE, file);
  const unique = `${process.pid}-${Math.random().toString(36).slice(2)}`;
  mkdirSync(CACHE, { recursive: true });
  if (existsSync(path)) touch(path);
  else {
    writeFileSync(`${path}.${unique}`, contents);
    renameSync(`${path}.${unique}`, path);
  }
  const inputs = { [SELF]: stamp(SELF), [INSTALLED]: stamp(INSTALLED) };
  let changedMeanwhile = false;
  for (const input of Object.keys(result.metafile.inputs)) {
    const source = join(ROOT, input);
    // A package's files change with an install, which INSTALLED stands for.
    if (source.includes(NODE_MODULES)) continue;
    inputs[source] = stamp(source);
    changedMeanwhile ||= Number(inputs[source].split(':')[1]) >= started;
  }
  // A file saved while esbuild read the sources: this bundle may hold either version, so it is not
  // made current, and the next start makes another.
  if (!changedMeanwhile) {
    const previous = currentBundleFile(manifest);
    writeFileSync(`${manifest}.${unique}`, JSON.stringify({ bundle: file, inputs }));
    renameSync(`${manifest}.${unique}`, manifest);
    // Superseded now, whenever it was made: it stays KEEP_OLD_MS from this moment.
    if (previous !== null && previous !== file) touch(join(CACHE, previous));
  }
  removeOldBundles(name, file);
  return path;
}

function currentBundleFile(manifest) {
  try {
    return JSON.parse(readFileSync(manifest, 'utf8')).bundle ?? null;
  } catch {
    return null;
  }
}

function touch(path) {
  const now = new Date();
  try {
    utimesSync(path, now, now);
  } catch {
    // Removed meanwhile by another process: nothing to keep.
  }
}

function removeOldBundles(name, current) {
  for (const file of readdirSync(CACHE)) {
    if (file === current || !file.startsWith(`${name}-`) || !/-[0-9a-f]{16}\.mjs$/.test(file)) continue;
    const path = join(CACHE, file);
    if (Date.now() - (statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()) > KEEP_OLD_MS) rmSync(path, { force: true });
  }
}

/**
 * Packages: an ES module package is bundled with our code (a package of many small files, such as
 * date-fns or zod, cost most of a thread's start when Node loaded them one by one), a CommonJS one
 * is imported from its resolved file, as Node would find it from the source file (`__dirname`,
 * `require` of its own files and native addons stay as they are; a path without its extension,
 * which tsx completes, works from plain Node).
 */
const packagesOutside = {
  name: 'packages-outside',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.pluginData === 'inner' || args.path.startsWith('node:')) return undefined;
      const resolved = await build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: 'inner' });
      if (resolved.errors.length > 0) return { errors: resolved.errors };
      // A builtin without its `node:` prefix resolves to itself.
      if (resolved.external || !resolved.path.includes(NODE_MODULES)) return { path: args.path, external: true };
      if (isEsModule(resolved.path) && !LOADS_BESIDE_ITSELF.some((name) => resolved.path.includes(`${NODE_MODULES}${name}/`))) return { path: resolved.path };
      return { path: args.kind === 'require-call' ? resolved.path : pathToFileURL(resolved.path).href, external: true };
    });
  },
};

const NODE_MODULES = `${sep}node_modules${sep}`;
/** ES module packages that import a file beside them by a computed name (pdf.js its fake worker): not bundled. */
const LOADS_BESIDE_ITSELF = ['pdfjs-dist'];
const moduleTypes = new Map();

/** Whether Node loads this file as an ES module: `.mjs`, or `.js` under a package.json saying `"type": "module"`. */
function isEsModule(file) {
  if (file.endsWith('.mjs')) return true;
  if (file.endsWith('.cjs') || !file.endsWith('.js')) return false;
  return typeOfFolder(dirname(file)) === 'module';
}

function typeOfFolder(folder) {
  let type = moduleTypes.get(folder);
  if (type !== undefined) return type;
  try {
    type = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')).type ?? 'commonjs';
  } catch {
    const parent = dirname(folder);
    type = parent === folder ? 'commonjs' : typeOfFolder(parent);
  }
  moduleTypes.set(folder, type);
  return type;
}

/** Each bundled module sees its own source file's URL as `import.meta.url`, not the bundle's. */
const ownImportMetaUrl = {
  name: 'own-import-meta-url',
  setup(build) {
    build.onLoad({ filter: /\.[cm]?[jt]sx?$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const loader = /\.[cm]?tsx?$/.test(args.path) ? (args.path.endsWith('x') ? 'tsx' : 'ts') : 'js';
      return { contents: source.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)), loader, resolveDir: dirname(args.path) };
    });
  },
};
