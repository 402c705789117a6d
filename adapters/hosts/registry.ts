// The host registry: one line per host. Adding a host is one folder under adapters/hosts/, one line here, its docs
// and its tests (docs/design.md §10). Each table is imported only when a bound command names its host, so an event
// compiles its own host's code (Cursor's is the default and always there).
import type { HostId, HostTable } from './types.ts';

const LOADERS: Readonly<Record<HostId, () => Promise<HostTable>>> = {
  cursor: async () => (await import('./cursor/index.ts')).CURSOR as HostTable,
  copilot: async () => (await import('./copilot/index.ts')).COPILOT as HostTable,
  codex: async () => (await import('./codex/index.ts')).CODEX as HostTable,
};

/** The ids of the hosts hookshim binds. */
export const HOST_IDS = Object.keys(LOADERS) as HostId[];

/** True when `id` names a host hookshim binds. */
export function isHostId(id: string): id is HostId {
  return Object.hasOwn(LOADERS, id);
}

/** The table of host `id`, loaded on first use. */
export function loadHost(id: HostId): Promise<HostTable> {
  return LOADERS[id]();
}
