// A Node built-in loaded on first use, synchronously, so the hot path loads it only where it is needed:
// process.getBuiltinModule where this Node has it (20.16+, 22.3+), else require (the hook bundle's chunks and
// dist/cli.mjs both have one), for Node 21 and 22.0-22.2, which have none.

interface Builtins {
  'node:child_process': typeof import('node:child_process');
  'node:crypto': typeof import('node:crypto');
  'node:inspector': typeof import('node:inspector');
  'node:os': typeof import('node:os');
  'node:util': typeof import('node:util');
}

/** The built-in `id`, loaded now if no code has loaded it yet. */
export function builtin<K extends keyof Builtins>(id: K): Builtins[K] {
  const get = (process as { getBuiltinModule?: (id: string) => unknown }).getBuiltinModule;
  return (get ? get.call(process, id) : require(id)) as Builtins[K];
}
