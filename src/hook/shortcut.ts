// The driver's shortcut answers: every way an event is answered without running rows of its own, as one union
// answered in one place. src/hook/run.ts decides which applies; an event that runs rows answers through EventWork
// (./matched.ts). Each answer leaves a trace record with its role (src/hook/trace.ts).
import path from 'node:path';
import type { HandledEvent } from '../../adapters/eventMap.ts';
import type { Json } from '../../adapters/json.ts';
import { writtenFiles } from '../../adapters/toolEvent.ts';
import type { EventPlan } from '../../adapters/types.ts';
import { finishLean } from './finish.ts';
import { HOST_IDS } from '../../adapters/hosts/registry.ts';
import { host } from './host.ts';
import type { Lifeline } from './lifeline.ts';
import type { Setup, SetUpProblem } from './setup.ts';

/** An answer the driver gives at once. */
export type Shortcut =
  /** HOOKSHIM=0: the shim is off, the event's empty answer. */
  | { kind: 'off' }
  /** An event hookshim does not handle (or does not know): {}. */
  | { kind: 'unhandled'; event: string }
  /** A bound command naming a host this bundle does not know: {} (no host's answer shape can be assumed). */
  | { kind: 'unknown-host'; host: string }
  /** hookshim cannot do better (no payload, no catalog): the lifeline's fail-open answer. */
  | { kind: 'fail-open'; why: string }
  /** A permission event no guard could look at: deny, saying why on stderr and to the agent. */
  | { kind: 'fail-closed'; why: string; text: string }
  /** A permission event whose catalog exists but cannot be read, with no good version known. */
  | { kind: 'broken-catalog'; event: HandledEvent; input: Json; problem: SetUpProblem }
  /** A duplicate process: the leader's answer replayed, or {} (`said`: the leader gave none, so it is said). */
  | { kind: 'follower'; event: HandledEvent; answer: Json; why: string; said: boolean }
  /** An event that drains no state and selected no row: its fold's fixed answer. */
  | { kind: 'folded'; setup: Setup; plan: EventPlan };

/** Answer a shortcut: the one place they are answered. */
export function answerShortcut(s: Shortcut, lifeline: Lifeline): number {
  const { log } = lifeline;
  switch (s.kind) {
    case 'off':
      log.warn(`HOOKSHIM=0: the shim is switched off, no guard runs; answering ${JSON.stringify(lifeline.failOpen)}`);
      return lifeline.answer(lifeline.failOpen, 'off');
    case 'unhandled':
      log.warn(`${unhandledWhy(s.event)}; answering {}`);
      return lifeline.answer({}, 'unhandled');
    case 'unknown-host':
      log.warn(`unknown host "${s.host}" (this bundle knows ${HOST_IDS.join(', ')}); answering {}`);
      return lifeline.answer({}, 'unhandled');
    case 'fail-open':
      return lifeline.failOpenWith(s.why);
    case 'fail-closed':
      return denyUnguarded(lifeline, s.why, s.text);
    case 'broken-catalog':
      return brokenCatalog(s.event, s.input, s.problem, lifeline);
    case 'follower':
      lifeline.failOpen = {};
      log.debug(`duplicate ${s.event} process: ${s.why}`);
      // The leader gave no answer: this process ran no row either, and says so (a planted record: docs/security.md).
      if (s.said)
        log.warn(
          `duplicate ${s.event} process: ${s.why}; answering ${JSON.stringify(s.answer)}, ` +
            'and no row of this event ran in this process',
        );
      return lifeline.answer(s.answer, 'follower');
    case 'folded':
      return finishLean(s.setup, s.plan, lifeline);
  }
}

/** Why hookshim does not handle `event`. */
function unhandledWhy(event: string): string {
  const { unbound, events } = host();
  return Object.hasOwn(unbound, event)
    ? `hookshim does not handle "${event}": ${unbound[event]}`
    : `unknown event "${event}"; expected one of ${Object.keys(events).join(', ')}`;
}

/** A permission event no guard could look at: deny (fail toward enforcing), saying why on stderr and to the agent. */
function denyUnguarded(lifeline: Lifeline, why: string, text: string): number {
  lifeline.log.warn(`${why}: denying (fail closed)`);
  return lifeline.answer({ permission: 'deny', user_message: text, agent_message: text }, 'fail-closed');
}

/**
 * A permission event whose catalog or config exists but cannot be read, with no good version known: deny (fail toward
 * enforcing), naming the file and where it broke, except a write to that very file, so the catalog can be repaired.
 */
function brokenCatalog(event: HandledEvent, input: Json, p: SetUpProblem, lifeline: Lifeline): number {
  const file = p.broken as string;
  const shown = p.dir ? path.relative(p.dir, file) : file;
  const why = p.problem.split('\n')[0] ?? p.problem;
  const targets = writtenFiles({ event, input, projectDir: p.dir ?? '', sessionId: '', loopLimit: null });
  if (targets.length > 0 && targets.every((t) => path.resolve(t) === file)) {
    lifeline.log.warn(
      `${why}; allowing this write of ${shown} itself, so it can be repaired (every other tool call is denied ` +
        `until it parses)`,
    );
    return lifeline.answer({ permission: 'allow' }, 'fail-open');
  }
  const detail = why.replace(`${file}: `, '');
  const text =
    (p.brokenKind === 'config'
      ? `hookshim: ${shown} cannot be used (${detail}), so hookshim cannot tell which guards to run and `
      : `hookshim: ${shown} is not a readable Claude hook catalog (${detail}), so no guard can be evaluated and `) +
    `this tool call is denied. Fix ${shown}: a Write or Edit of ${shown} itself is allowed.`;
  return denyUnguarded(lifeline, `${why}; no good version of it is known`, text);
}
