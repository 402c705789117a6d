// `hookshim explain`: which host and which event a payload is explained as (--host, --event, the bound hosts, and a
// Copilot payload's keys, since Copilot's stdin names no event).
import { copilotEventOf } from '../../adapters/hosts/copilot/eventOf.ts';
import { isHostId } from '../../adapters/hosts/registry.ts';
import { handles, type HostId } from '../../adapters/hosts/types.ts';
import type { Json } from '../../adapters/json.ts';
import { boundHosts, HOST_TABLES } from './hosts.ts';
import { CommandError, EXIT } from './io.ts';

/** What explain was told of the host: --host, --plugin. */
interface HostOptions {
  host?: string;
  plugin?: string;
}

/**
 * The event of a payload that names none: a Copilot payload's, told by its keys (Copilot's stdin has no event name,
 * docs/copilot-hooks.md §3), unless --host names another host; else a usage error.
 */
export function eventByKeys(opts: HostOptions, input: Json, notes: string[]): string {
  const guess = opts.host === undefined || opts.host === 'copilot' ? copilotEventOf(input) : undefined;
  if (!guess)
    throw new CommandError(
      'no --event given, the payload has no "hook_event_name", and its keys are no Copilot event\'s: give --event',
      EXIT.usage,
    );
  notes.push(
    `the payload names no event: explained as Copilot's ${guess.event} (it has ${guess.by}); --event overrides`,
  );
  return guess.event;
}

/**
 * The host of the payload: --host; else, of the hosts bound here (Cursor when none), the first that has the event. A
 * plugin (--plugin) is Cursor's.
 */
export function explainHost(opts: HostOptions, dir: string, event: string): HostId {
  if (opts.host !== undefined) {
    if (!isHostId(opts.host))
      throw new CommandError(
        `unknown host "${opts.host}": --host takes ${Object.keys(HOST_TABLES).join(', ')}`,
        EXIT.usage,
      );
    if (opts.plugin !== undefined && opts.host !== 'cursor')
      throw new CommandError('--plugin explains a Cursor plugin; give --plugin or --host, not both', EXIT.usage);
    return opts.host;
  }
  if (opts.plugin !== undefined) return 'cursor';
  const bound = boundHosts(dir);
  const hosts = bound.length > 0 ? bound : (['cursor'] as HostId[]);
  const has = (id: HostId) => handles(HOST_TABLES[id], event) || Object.hasOwn(HOST_TABLES[id].unbound, event);
  return hosts.find(has) ?? (hosts[0] as HostId);
}
