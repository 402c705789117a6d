// Entry of the vendored shim (.cursor/hooks/hookshim.cjs, CommonJS: Node starts it faster than an ES module): the
// hook code is embedded as text and compiled, with HOOKSHIM_CODE_CACHE=1 from a V8 code cache kept in the private state
// directory, so an event loads bytecode instead of compiling ~270 KB of JavaScript on every tool call.
// The cache is opt-in: V8 checks a cache against the length of the source only, so bytecode compiled from other code
// of that length runs in place of the shim's, and the guarded agent can write the state directory (docs/security.md,
// guarantee 5). Without the cache the shim compiles its own text; with it, an event is ~15-20 ms faster.
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { stateRootFor } from '../state/dir.ts';
import { ensurePrivateDir, readOwnedBytes, writeFileAtomic } from '../state/fsx.ts';

declare const HOOKSHIM_CODE: string;
declare const HOOKSHIM_CODE_HASH: string;

/** Cache files older than this are removed when a new one is written (other hookshim or Node versions). */
const CACHE_MAX_AGE_MS = 30 * 24 * 3600 * 1000;

// HOOKSHIM_DEBUG: the loader's own marks, for the hook's timings line (src/hook/spans.ts).
const debug = process.env.HOOKSHIM_DEBUG === '1' || process.env.HOOKSHIM_DEBUG === 'true';
const marks: [string, number][] | undefined = debug ? [['node started + loader compiled', performance.now()]] : undefined;
if (marks) (globalThis as Record<symbol, unknown>)[Symbol.for('hookshim.marks')] = marks;
const file = __filename;
const base = cachePath();
// Two generations: a cache written after a run that started scripts also holds the runner's code (execa), which a
// lean run (nothing matched) never compiles; it is preferred, and a lean cache is upgraded once scripts run.
const full = base ? `${base}.full.bin` : null;
const lean = base ? `${base}.bin` : null;
const fullBytes = full ? readOwnedBytes(full) : undefined;
const cached = fullBytes ?? (lean ? readOwnedBytes(lean) : undefined);
marks?.push(['code cache read', performance.now()]);
// HOOKSHIM_CODE is the function expression itself (scripts/build.mjs wraps it): compiled from the string constant as it
// is, without building a second ~270 KB copy of it first.
const script = new vm.Script(HOOKSHIM_CODE, {
  filename: file,
  ...(cached ? { cachedData: cached } : {}),
});
marks?.push([`compiled (cache ${cached ? (script.cachedDataRejected ? 'rejected' : fullBytes ? 'full' : 'lean') : 'none'})`, performance.now()]);
// Written at exit, so the cache also holds the functions this run compiled lazily.
if (full && lean) {
  process.once('exit', () => {
    const ranScripts = (globalThis as Record<symbol, unknown>)[Symbol.for('hookshim.startedScripts')] === true;
    if (script.cachedDataRejected || !cached) writeCache(ranScripts ? full : lean, script);
    else if (ranScripts && !fullBytes) writeCache(full, script);
  });
}
const mod = { exports: {} };
(script.runInThisContext() as (e: object, r: NodeRequire, m: object, f: string, d: string) => void)(mod.exports, require, mod, file, path.dirname(file));

/** <state>/code-cache/<code hash>-<node version>-<arch> (without the suffix), with HOOKSHIM_CODE_CACHE=1 and a private state directory; else null. */
function cachePath(): string | null {
  if (process.env.HOOKSHIM_CODE_CACHE !== '1') return null;
  try {
    const root = stateRootFor(process.env);
    if (ensurePrivateDir(root, true)) return null;
    const dir = path.join(root, 'code-cache');
    if (ensurePrivateDir(dir, false)) return null;
    return path.join(dir, `${HOOKSHIM_CODE_HASH}-${process.version}-${process.arch}`);
  } catch {
    return null;
  }
}

/** Write the cache atomically and drop stale ones; best effort. */
function writeCache(cache: string, compiled: vm.Script): void {
  try {
    writeFileAtomic(cache, compiled.createCachedData());
    const dir = path.dirname(cache);
    for (const name of fs.readdirSync(dir)) {
      const other = path.join(dir, name);
      if (other !== cache && Date.now() - fs.lstatSync(other).mtimeMs > CACHE_MAX_AGE_MS) fs.rmSync(other, { force: true });
    }
  } catch {
    /* a missing cache only costs time */
  }
}
