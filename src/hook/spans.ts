// Where one event's time goes: named marks in ms since Node started this process (performance.now()), kept only with
// HOOKSHIM_DEBUG; the vendored loader (src/entry/codeCache.ts) leaves its own marks on a global before the hook code
// exists. Printed as one debug line when the answer is out (docs/performance.md, "Where the time goes").

/** The global the loader's marks wait on (it is another bundle: the hook code's module state is not shared with it). */
export const LOADER_MARKS = Symbol.for('hookshim.marks');
/** The loader's count of what V8 compiled: texts, their size, the time. */
const LOADER_COMPILED = Symbol.for('hookshim.compiled');

type Mark = [name: string, ms: number];

let marks: Mark[] | undefined;

/** Start keeping marks (HOOKSHIM_DEBUG); the loader's come first. */
export function startSpans(on: boolean): void {
  if (!on) return;
  const loader = (globalThis as Record<symbol, unknown>)[LOADER_MARKS];
  // The loader's own array: marks it adds later (after the hook code returned) land in time order too.
  marks = Array.isArray(loader) ? (loader as Mark[]) : [];
}

/** Mark the end of a phase (nothing unless spans were started). */
export function mark(name: string): void {
  if (marks) marks.push([name, performance.now()]);
}

/**
 * "phase +ms" for every mark, each relative to the one before (the first to Node's start); undefined when off.
 * `performance` is touched only with spans on: its first use loads perf_hooks (~1.3 ms, docs/performance.md).
 */
export function spansLine(now?: number): string | undefined {
  if (!marks) return undefined;
  let prev = 0;
  const parts = [...marks, ['after the answer', now ?? performance.now()] as Mark].map(([name, at]) => {
    const d = at - prev;
    prev = at;
    return `${name} +${d.toFixed(1)}`;
  });
  // What V8 compiled (the loader counts it, src/entry/codeCache.ts), across the phases that required a chunk.
  const c = (globalThis as Record<symbol, unknown>)[LOADER_COMPILED] as { texts: number; bytes: number; ms: number };
  const texts = c ? `; compiled ${c.texts} texts, ${(c.bytes / 1024).toFixed(1)} KiB in ${c.ms.toFixed(1)} ms` : '';
  // CPU time too: unlike the wall clock it hardly moves when the machine is busy, so builds compare on it.
  const cpu = process.cpuUsage();
  return `timings (ms since node started): ${parts.join(', ')}${texts}; cpu ${((cpu.user + cpu.system) / 1000).toFixed(1)} ms`;
}
