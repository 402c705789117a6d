// The host this process answers (adapters/hosts/), chosen once by the entry before anything is read or answered;
// Cursor when the bound command names none (every binding written before hosts existed).
import { CURSOR } from '../../adapters/hosts/cursor/index.ts';
import { hostById } from '../../adapters/hosts/registry.ts';
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

/**
 * The bound command's words after the bundle, `[--host <id>] <event>`: selects the host and returns the event. A
 * host this bundle does not know is returned, to be said and answered with {} (no host's shape can be assumed).
 */
export function takeHostArgs(args: readonly string[]): { event: string; unknownHost?: string } {
  if (args[0] !== '--host') return { event: args[0] ?? '' };
  const id = args[1] ?? '';
  const table = hostById(id);
  if (!table) return { event: args[2] ?? '', unknownHost: id };
  useHost(table);
  return { event: args[2] ?? '' };
}
