// The host this process answers (adapters/hosts/), chosen once by the entry before anything is read or answered;
// Cursor when the bound command names none (every binding written before hosts existed).
import { CURSOR } from '../../adapters/hosts/cursor/index.ts';
import { isHostId, loadHost } from '../../adapters/hosts/registry.ts';
import type { HandledEvent } from '../../adapters/eventMap.ts';
import { answersPermission, handles, type HostTable } from '../../adapters/hosts/types.ts';
import type { EventAdapter } from '../../adapters/types.ts';

let current: HostTable = CURSOR as HostTable;

/** The host of this process. */
export function host(): HostTable {
  return current;
}

/** Set the host of this process (the entry, once; tests). */
export function useHost(table: HostTable): void {
  current = table;
}

/** True when this process's host handles `name` (typed as the events the shell still names: Cursor's, for now). */
export function isHostEvent(name: string): name is HandledEvent {
  return handles(current, name);
}

/** True when this process's host answers `event` with a permission. */
export function isPermission(event: string): boolean {
  return answersPermission(current, event);
}

/** The adapter of one of this host's events. */
export function adapterOf(event: HandledEvent): EventAdapter {
  return current.events[event] as EventAdapter;
}

/** The bound command's words after the bundle, `[--host <id>] <event>`: the event, and the host it names, if any. */
export function takeHostArgs(args: readonly string[]): { event: string; hostId?: string } {
  if (args[0] !== '--host') return { event: args[0] ?? '' };
  return { event: args[2] ?? '', hostId: args[1] ?? '' };
}

/**
 * Make the named host this process's (its table imported now); false for a host this bundle does not know, which is
 * said and answered with {} (no host's answer shape can be assumed). No name: Cursor.
 */
export async function chooseHost(id: string | undefined): Promise<boolean> {
  if (id === undefined) return true;
  if (!isHostId(id)) return false;
  useHost(await loadHost(id));
  return true;
}
