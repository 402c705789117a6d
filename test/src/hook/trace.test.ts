// Trace log records (HOOKSHIM_LOG) and the pieces of replay that need no process: reading and comparing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compare, readTrace } from '../../../src/commands/replay.ts';
import { trace, traceLine, TRACE_FORMAT, type TraceRecord } from '../../../src/hook/trace.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hookshim-trace-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const rec = (extra: Partial<TraceRecord> = {}): TraceRecord => ({
  at: '2026-01-01T00:00:00.000Z',
  event: 'preToolUse',
  conversation: 'c1',
  toolUseId: 't1',
  tool: 'Shell',
  rows: [{ row: 'PreToolUse[0].hooks[0]', label: 'hooks/g.sh', event: 'PreToolUse', ms: 12, exit: 2, timedOut: false }],
  decision: { permission: 'allow', updated_input: { command: 'git push --force-with-lease' } },
  errors: ['skipped PreToolUse[1].hooks[0]: …'],
  ...extra,
});
const input = { hook_event_name: 'preToolUse', generation_id: 'g1', tool_input: { command: 'cat ~/.ssh/id_rsa' } };

describe('traceLine', () => {
  it('adds format, version, duration and the generation id; no payload contents by default', () => {
    const line = traceLine({}, rec(), input, Date.parse('2026-01-01T00:00:00.250Z'));
    expect(line).toMatchObject({
      v: TRACE_FORMAT,
      hookshim: expect.any(String),
      ms: 250,
      generation: 'g1',
      event: 'preToolUse',
      rows: rec().rows,
      errors: rec().errors,
    });
    expect(line.payload).toBeUndefined();
    expect(JSON.stringify(line)).not.toContain('id_rsa');
    // updated_input echoes the tool input: keys kept, values redacted.
    expect(line.decision).toEqual({ permission: 'allow', updated_input: { command: '[redacted]' } });
  });

  it('with HOOKSHIM_LOG_PAYLOADS=1 keeps the payload and the full decision', () => {
    const line = traceLine({ HOOKSHIM_LOG_PAYLOADS: '1' }, rec(), input);
    expect(line.payload).toEqual(input);
    expect(line.decision).toEqual(rec().decision);
  });
});

describe('trace', () => {
  it('appends one NDJSON line per event to HOOKSHIM_LOG, private to the user', () => {
    const file = path.join(dir, 'a.ndjson');
    trace({ HOOKSHIM_LOG: file }, rec(), input);
    trace({ HOOKSHIM_LOG: file }, rec({ event: 'stop', decision: {} }), input);
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[2]).toBe('');
    expect(lines.slice(0, 2).map((l) => JSON.parse(l).event)).toEqual(['preToolUse', 'stop']);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });

  it('is off without HOOKSHIM_LOG and never throws on an unwritable path', () => {
    expect(() => trace({}, rec(), input)).not.toThrow();
    expect(() => trace({ HOOKSHIM_LOG: path.join(dir, 'no', 'such', 'dir', 'x.ndjson') }, rec(), input)).not.toThrow();
  });
});

describe('readTrace (ndjson stream)', () => {
  it('counts and reports unreadable lines instead of dropping them silently', async () => {
    const file = path.join(dir, 'mixed.ndjson');
    fs.writeFileSync(
      file,
      `${JSON.stringify(rec())}\nnot json\n[1,2]\n${JSON.stringify(rec({ event: 'stop' }))}\n{"truncated":\n`,
    );
    const { records, unreadable } = await readTrace(file);
    expect(records.map((r) => [r.line, r.rec.event])).toEqual([
      [1, 'preToolUse'],
      [4, 'stop'],
    ]);
    expect(unreadable.count).toBe(3);
    expect(unreadable.examples[0]).toBe('line 2: Could not parse row not json...');
    expect(unreadable.examples[1]).toBe('line 3: not a JSON object');
  });

  it('a missing file says how to record one', async () => {
    await expect(readTrace(path.join(dir, 'none.ndjson'))).rejects.toThrow(/HOOKSHIM_LOG=.* HOOKSHIM_LOG_PAYLOADS=1/);
  });
});

describe('compare (replay)', () => {
  it.each([
    ['identical', { permission: 'deny', user_message: 'x' }, { user_message: 'x', permission: 'deny' }, 'same'],
    ['another permission', { permission: 'deny', user_message: 'x' }, { permission: 'allow' }, 'changed'],
    ['a follow-up appears', {}, { followup_message: 'run the tests' }, 'changed'],
    ['context disappears', { additional_context: 'a' }, {}, 'changed'],
    [
      'same decision, other words',
      { permission: 'deny', user_message: 'Local time 10:01' },
      { permission: 'deny', user_message: 'Local time 10:02' },
      'wording',
    ],
    ['other context text', { additional_context: 'a' }, { additional_context: 'b' }, 'wording'],
    ['no recorded decision', null, {}, 'changed'],
  ])('%s', (_n, before, after, status) => {
    expect(compare(before as Record<string, unknown> | null, after)).toBe(status);
  });
});
