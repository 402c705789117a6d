// Every shortcut hookshim takes through Node's internals, behind this one module (docs/performance.md "Node's
// internals"): the process, pipe and stream bindings (scripts on libuv's handles, stdin read without `net`), the
// inspector binding (an inspector another process opened), and the hook code's texts read back with
// Function.prototype.toString (src/entry/codeCache.ts). Each has a public-API path. HOOKSHIM_NODE_INTERNALS=0 takes
// the public API everywhere (CI runs the end-to-end suite so once); a binding this Node lacks is said on stderr, once
// a process, and its public-API path is taken.
import fs from 'node:fs';

/** The internal bindings hookshim reads (process.binding allows each of them). */
export type BindingName = 'process_wrap' | 'pipe_wrap' | 'stream_wrap' | 'inspector';

/** False with HOOKSHIM_NODE_INTERNALS=0: every shortcut takes its public-API path. */
export function internalsOn(): boolean {
  return process.env.HOOKSHIM_NODE_INTERNALS !== '0';
}

/** What was said already: one set for the process, shared by the loader's copy of this module and the hook code's. */
const SAID = Symbol.for('hookshim.internalsSaid');
const said = ((globalThis as Record<symbol, Set<string> | undefined>)[SAID] ??= new Set<string>());

/** Say once a process that `what` is unavailable here and what is done instead. */
export function sayMissing(what: string, cause: unknown, instead: string): void {
  if (said.has(what)) return;
  said.add(what);
  const why = cause instanceof Error ? cause.message : String(cause);
  try {
    fs.writeSync(2, `hookshim: ${what} is not available in Node ${process.version} (${why}); ${instead}\n`);
  } catch {
    /* stderr closed: nothing else to do */
  }
}

/** Node's internal binding `name`; undefined with internals off, or where this Node lacks it (said: `instead`). */
export function nodeBinding(name: BindingName, instead: string): Record<string, unknown> | undefined {
  if (!internalsOn()) return undefined;
  try {
    const node = process as unknown as { binding(n: string): Record<string, unknown> | undefined };
    const found = node.binding(name);
    if (found && typeof found === 'object') return found;
    sayMissing(`Node's ${name} binding`, 'process.binding returned nothing', instead);
  } catch (e) {
    sayMissing(`Node's ${name} binding`, e, instead);
  }
  return undefined;
}

/** The source text of `fn` as V8 keeps it (a slice of the file Node read); undefined with internals off. */
export function sourceOf(fn: unknown): string | undefined {
  if (!internalsOn() || typeof fn !== 'function') return undefined;
  try {
    return Function.prototype.toString.call(fn);
  } catch {
    return undefined;
  }
}
