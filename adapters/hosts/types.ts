// A host: an agent whose hooks run a Claude catalog through hookshim, described as typed tables (docs/design.md §10).
// The shell (src/hook/) asks the host of its process for every fact that differs between hosts; the Claude side
// (catalog/, the runner, the state, the verdicts) names no host.
import type { KnownEvent } from '../../catalog/events.ts';
import type { Json } from '../json.ts';
import type { EventAdapter } from '../types.ts';

/** The hosts hookshim binds (adapters/hosts/registry.ts lists their tables). */
export type HostId = 'cursor';

/** One host's tables: its events and what each runs, its answers, its payload's session. */
export interface HostTable<E extends string = string> {
  readonly id: HostId;
  /** The host's name in messages ("Cursor"). */
  readonly name: string;
  /** The events hookshim handles, each with its adapter (plan the Claude invocations, fold their verdicts). */
  readonly events: Readonly<Record<E, EventAdapter>>;
  /** The Claude events whose rows each handled event runs, in order. */
  readonly runs: Readonly<Record<E, readonly KnownEvent[]>>;
  /** The events whose answer is a permission: hookshim's own failure denies there (docs/security.md guarantee 7). */
  readonly permissionEvents: readonly E[];
  /** The host's events hookshim never binds, each with its reason. */
  readonly unbound: Readonly<Record<string, string>>;
  /** hookshim's own deny of a permission event (fail closed, a broken catalog), in the host's answer shape. */
  deny(text: string): Json;
  /** hookshim's own allow of a permission event (the repair of a broken catalog), in the host's answer shape. */
  allow(): Json;
  /** The Claude session a payload belongs to. */
  sessionIdOf(input: Json): string;
  /** The host's own transcript of this event, if it names one (rewritten into Claude's shape by the state half). */
  transcriptPathOf(input: Json, env: Readonly<Record<string, string | undefined>>): string | undefined;
}

/** True when `name` is an event the host handles. */
export function handles<E extends string>(host: HostTable<E>, name: string): name is E {
  return Object.hasOwn(host.events, name);
}

/** True when the host's `event` answers with a permission. */
export function answersPermission<E extends string>(host: HostTable<E>, event: string): boolean {
  return (host.permissionEvents as readonly string[]).includes(event);
}
