// Node's inspector found open is shut, and an answer then cannot be trusted (docs/security.md, guarantee 14).
import inspector from 'node:inspector';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { inspectorTampering, shutInspector } from '../../../src/hook/inspector.ts';
import { distrusted } from '../../../src/hook/lifeline.ts';
import { createLog } from '../../../src/hook/log.ts';

afterEach(() => inspector.close());

describe('shutInspector', () => {
  it('no inspector open: false', () => expect(shutInspector()).toBe(false));
  it('an inspector open: true, and it is shut', () => {
    inspector.open(0, '127.0.0.1');
    expect(shutInspector()).toBe(true);
    expect(inspector.url()).toBeUndefined();
  });
});

// The check never switches off without a word: with the binding gone or not taken, node:inspector does it.
describe.each([
  [
    'the inspector binding missing',
    () => vi.spyOn(process as unknown as { binding: (name: string) => unknown }, 'binding').mockImplementation(thrower),
  ],
  ['internals off (HOOKSHIM_NODE_INTERNALS=0)', () => vi.stubEnv('HOOKSHIM_NODE_INTERNALS', '0')],
])('shutInspector with %s: the public API finds and shuts it', (_what, arrange) => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
  });
  it('no inspector open: false', () => {
    arrange();
    expect(shutInspector()).toBe(false);
  });
  it('an inspector open: true, and it is shut', () => {
    inspector.open(0, '127.0.0.1');
    arrange();
    expect(shutInspector()).toBe(true);
    expect(inspector.url()).toBeUndefined();
  });
});

function thrower(): never {
  throw new Error('No such module: inspector');
}

describe('inspectorTampering', () => {
  it('nothing open: undefined', () => expect(inspectorTampering()).toBeUndefined());
  it('opened since hookshim started: says so, and shuts it', () => {
    inspector.open(0, '127.0.0.1');
    expect(inspectorTampering()).toBe("found Node's inspector open (another process opened it; closed)");
    expect(inspector.url()).toBeUndefined();
  });
});

describe('distrusted (src/hook/lifeline.ts): the answer of a process whose inspector was opened', () => {
  const opened = (event: string, answer: Record<string, unknown>) => {
    const lines: string[] = [];
    inspector.open(0, '127.0.0.1');
    return {
      out: distrusted(
        event,
        answer,
        createLog({}, (t) => lines.push(t)),
      ),
      lines,
    };
  };
  it('nothing open: undefined, the answer stands', () =>
    expect(
      distrusted(
        'preToolUse',
        { permission: 'allow' },
        createLog({}, () => {}),
      ),
    ).toBeUndefined());
  it('preToolUse: a deny naming the inspector, role fail-closed', () =>
    expect(opened('preToolUse', { permission: 'allow' }).out).toMatchObject({
      answer: { permission: 'deny', user_message: expect.stringMatching(/^hookshim found Node's inspector open /) },
      role: 'fail-closed',
    }));
  it('stop: undefined (its answer stands), and stderr says so', () => {
    const r = opened('stop', { followup_message: 'run the tests' });
    expect(r.out).toBeUndefined();
    expect(r.lines.join('')).toContain(
      "found Node's inspector open (another process opened it; closed); the answer stands",
    );
  });
});
