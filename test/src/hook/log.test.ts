// src/hook/log.ts: diagnostics, one "hookshim:" line each; debug lines only with HOOKSHIM_DEBUG=1 or true.
import { describe, expect, it } from 'vitest';
import { createLog } from '../../../src/hook/log.ts';

const sunk = (env: NodeJS.ProcessEnv) => {
  const out: string[] = [];
  return { out, log: createLog(env, (t) => out.push(t)) };
};

describe('warn: a line on the sink, kept for the trace', () => {
  it('writes "hookshim: <msg>\\n" and records the message', () => {
    const { out, log } = sunk({});
    log.warn('skipped PreToolUse[1].hooks[0]: same command');
    log.warn('second');
    expect(out).toEqual(['hookshim: skipped PreToolUse[1].hooks[0]: same command\n', 'hookshim: second\n']);
    expect(log.lines).toEqual(['skipped PreToolUse[1].hooks[0]: same command', 'second']);
  });
});

describe('debug: only with HOOKSHIM_DEBUG=1 or true', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['0', false],
    ['false', false],
    ['yes', false],
    ['TRUE', false],
    ['1', true],
    ['true', true],
  ])('HOOKSHIM_DEBUG=%j → debug %s', (value, on) => {
    const { out, log } = sunk(value === undefined ? {} : { HOOKSHIM_DEBUG: value });
    log.debug('deadline in 25000ms');
    expect(log.debugOn).toBe(on);
    expect(out).toEqual(on ? ['hookshim[debug]: deadline in 25000ms\n'] : []);
  });

  it('debug lines are not kept for the trace', () => {
    const { log } = sunk({ HOOKSHIM_DEBUG: '1' });
    log.debug('d');
    expect(log.lines).toEqual([]);
  });
});
