// Node's inspector runs whatever code a client sends it, in this process: a client could write hookshim's answer. Node
// opens it when the process receives SIGUSR1 (https://nodejs.org/api/process.html#signal-events), which any process of
// the same user may send (docs/security.md, guarantee 14). The loader takes that signal and shuts an inspector found
// open as hookshim starts (src/entry/firstLine.ts); each answer checks again before it goes out.

import { builtin } from '../project/builtin.ts';
import { nodeBinding } from './internals.ts';

/** Where the loader notes that it found the inspector open as hookshim started (before it could take SIGUSR1). */
const OPENED_EARLY = Symbol.for('hookshim.inspectorOpened');

/** Close Node's inspector if it is open; true when it was. Through node:inspector where the binding is not taken. */
export function shutInspector(): boolean {
  const binding = nodeBinding('inspector', 'node:inspector checks and closes it instead') as
    { isEnabled?(): boolean } | undefined;
  if (typeof binding?.isEnabled === 'function') {
    const open = binding.isEnabled() === true;
    if (open) (process as unknown as { _debugEnd?(): void })._debugEnd?.();
    return open;
  }
  return shutByPublicApi();
}

/** The public API's way: node:inspector reports its URL while it is open, and closes it. */
function shutByPublicApi(): boolean {
  try {
    const inspector = builtin('node:inspector');
    const open = inspector.url() !== undefined;
    if (open) inspector.close();
    return open;
  } catch {
    // A Node built without the inspector (--without-inspector) has nothing another process could open.
    return false;
  }
}

/** The inspector asked for on Node's own command line or in NODE_OPTIONS: the user's choice, in a tracked binding. */
function chosen(): boolean {
  const asked = /(^|\s)--inspect(-brk|-wait)?(=|\s|$)/;
  return process.execArgv.some((a) => asked.test(a)) || asked.test(process.env.NODE_OPTIONS ?? '');
}

/** The loader's first line: take SIGUSR1 (POSIX; Windows has none) and shut an inspector opened before that. */
export function guardInspector(): void {
  if (process.platform !== 'win32')
    process.on('SIGUSR1', () => {
      process.stderr.write(
        "hookshim: received SIGUSR1, which opens Node's inspector to whoever sent it; ignored (docs/security.md)\n",
      );
    });
  if (chosen()) return;
  const shut = () => {
    if (shutInspector()) (globalThis as Record<symbol, unknown>)[OPENED_EARLY] = true;
  };
  shut();
  // A signal that came first leaves Node a second start of the inspector, run in the event loop's first turn.
  setImmediate(shut);
}

/** Why this process's answer cannot be trusted: Node's inspector was open, and not by the user's choice; else undefined. */
export function inspectorTampering(): string | undefined {
  if (chosen()) return undefined;
  const now = shutInspector();
  if ((globalThis as Record<symbol, unknown>)[OPENED_EARLY] === true)
    return "found Node's inspector opened before it could refuse that (another process can open it; closed)";
  return now ? "found Node's inspector open (another process opened it; closed)" : undefined;
}
