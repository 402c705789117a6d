// The host registry: one line per host. Adding a host is one folder under adapters/hosts/, one line here, its docs
// and its tests (docs/design.md §10).
import { CURSOR } from './cursor/index.ts';
import type { HostId, HostTable } from './types.ts';

export const HOSTS: Readonly<Record<HostId, HostTable>> = Object.freeze({ cursor: CURSOR as HostTable });

/** The host a bound command names (`--host <id>`), or undefined for a name hookshim does not know. */
export function hostById(id: string): HostTable | undefined {
  return Object.hasOwn(HOSTS, id) ? HOSTS[id as HostId] : undefined;
}
