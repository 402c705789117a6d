// The hosts' own session logs rewritten into Claude's transcript (adapters/hosts/<host>/transcript.ts), on the logs
// the real CLIs wrote (test/fixtures/copilot/events.jsonl, test/fixtures/codex/rollout.jsonl: docs/copilot-hooks.md §8,
// docs/codex-hooks.md §8).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CODEX_TRANSCRIPT } from '../../../adapters/hosts/codex/transcript.ts';
import { COPILOT_TRANSCRIPT } from '../../../adapters/hosts/copilot/transcript.ts';
import type { HostTranscript } from '../../../adapters/hosts/types.ts';
import { initialHostTranscriptState } from '../../../adapters/transcript/hostTypes.ts';

const FIXTURES = path.join(__dirname, '..', '..', 'fixtures');
const CWD = '/p';
/** The log's lines, its project placeholder made the project dir. */
const lines = (f: string) => fs.readFileSync(path.join(FIXTURES, f), 'utf8').replaceAll('<project>', CWD).split('\n');

/** The whole log rewritten in one call, its records parsed. */
function rewrite(t: HostTranscript, f: string) {
  const r = t.rewrite(lines(f), initialHostTranscriptState(), { sessionId: 's1', cwd: CWD });
  return { ...r, records: r.lines.map((l) => JSON.parse(l)) };
}

/** Each record as [type, the blocks' kinds and names], for a compact comparison. */
const shape = (recs: any[]) =>
  recs.map((r) =>
    typeof r.message.content === 'string'
      ? [r.type, 'text']
      : [
          r.type,
          ...r.message.content.map(
            (b: any) => b.name ?? (b.type === 'tool_result' ? `result:${b.tool_use_id}` : b.type),
          ),
        ],
  );

describe("Copilot's events.jsonl", () => {
  const r = rewrite(COPILOT_TRANSCRIPT, 'copilot/events.jsonl');
  it('holds the prompt, each call as a Claude tool_use with its result, and the last reply', () => {
    expect(r.malformed).toBe(0);
    expect(shape(r.records)).toEqual([
      ['user', 'text'],
      ['assistant', 'Bash'],
      ['user', 'result:toolu_cop_0'],
      ['assistant', 'Bash'],
      ['user', 'result:toolu_cop_1'],
      ['assistant', 'Write'],
      ['user', 'result:toolu_cop_2'],
      ['assistant', 'Edit'],
      ['user', 'result:toolu_cop_3'],
      ['assistant', 'Read'],
      ['user', 'result:toolu_cop_4'],
      ['assistant', 'Read'],
      ['user', 'result:toolu_cop_5'],
      ['assistant', 'Edit'],
      ['user', 'result:toolu_cop_6'],
      ['assistant', 'text'],
    ]);
    expect(r.state.lastText).toBe('Updated the notes.');
  });
  it("gives Claude's input keys and the outputs the model got; failures are is_error", () => {
    const uses = r.records.flatMap((x) => (x.type === 'assistant' ? x.message.content : []));
    expect(uses[0]).toMatchObject({ id: 'toolu_cop_0', input: { command: 'echo ran > effect.txt' } });
    expect(uses[2].input).toEqual({ file_path: '/p/new.txt', content: 'hello\n' });
    expect(uses[3].input).toMatchObject({
      file_path: '/p/notes.txt',
      old_string: 'before',
      new_string: 'after',
    });
    expect(uses[4].input).toEqual({ file_path: '/p/notes.txt' });
    const results = r.records.flatMap((x) =>
      x.type === 'user' && Array.isArray(x.message.content) ? x.message.content : [],
    );
    expect(results[1]).toMatchObject({ content: 'oops\n<shellId: 1 completed with exit code 1>' });
    expect(results[1].is_error).toBeUndefined();
    expect(results[5]).toMatchObject({ content: 'Path does not exist', is_error: true });
  });
  it('chains the lines (parentUuid) and is the same in pieces as in one call', () => {
    r.records.slice(1).forEach((rec, i) => expect(rec.parentUuid).toBe(r.records[i].uuid));
    const all = lines('copilot/events.jsonl');
    const a = COPILOT_TRANSCRIPT.rewrite(all.slice(0, 30), initialHostTranscriptState(), { sessionId: 's1', cwd: CWD });
    const b = COPILOT_TRANSCRIPT.rewrite(all.slice(30), a.state, { sessionId: 's1', cwd: CWD });
    expect([...a.lines, ...b.lines]).toEqual(r.lines);
  });
  it("is caught up once it holds the event's own hook.start (its time is the payload's timestamp)", () => {
    const all = lines('copilot/events.jsonl');
    const stopAt = all.findIndex((l) => l.includes('"hookType":"agentStop"'));
    const before = COPILOT_TRANSCRIPT.rewrite(all.slice(0, stopAt), initialHostTranscriptState(), {
      sessionId: 's',
      cwd: CWD,
    });
    const input = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'copilot/hooks/21.agentStop.json'), 'utf8'));
    expect(COPILOT_TRANSCRIPT.caughtUp?.(before.state, 'agentStop', input)).toBe(false);
    const after = COPILOT_TRANSCRIPT.rewrite(all.slice(stopAt, stopAt + 1), before.state, { sessionId: 's', cwd: CWD });
    expect(COPILOT_TRANSCRIPT.caughtUp?.(after.state, 'agentStop', input)).toBe(true);
    // A tool event waits for nothing: its rows have the call itself, and earlier calls are in the log.
    expect(COPILOT_TRANSCRIPT.caughtUp?.(before.state, 'preToolUse', input)).toBe(true);
  });
  it('counts a line that is not a JSON object, and goes on', () => {
    const got = COPILOT_TRANSCRIPT.rewrite(
      ['{oops', '[1]', ...lines('copilot/events.jsonl')],
      initialHostTranscriptState(),
      {
        sessionId: 's1',
        cwd: CWD,
      },
    );
    expect(got.malformed).toBe(2);
    expect(got.lines.length).toBe(r.lines.length);
  });
});

describe("Codex's rollout file", () => {
  const r = rewrite(CODEX_TRANSCRIPT, 'codex/rollout.jsonl');
  it('holds the prompt, Bash calls, apply_patch as Write and Edit, their outputs under the call ids, the reply', () => {
    expect(r.malformed).toBe(0);
    expect(shape(r.records)).toEqual([
      ['user', 'text'],
      ['user', 'text'],
      ['assistant', 'Bash'],
      ['user', 'result:call_cx_0'],
      ['assistant', 'Write'],
      ['user', 'result:call_cx_1'],
      ['assistant', 'Edit'],
      ['user', 'result:call_cx_2'],
      ['assistant', 'Bash'],
      ['user', 'result:call_cx_3'],
      ['assistant', 'text'],
    ]);
    expect(r.records[0].isMeta).toBe(true);
    expect(r.records[1].message.content).toBe('Update the notes.');
    expect(r.state.lastText).toBe('Updated the notes.');
    const uses = r.records.flatMap((x) => (x.type === 'assistant' ? x.message.content : []));
    expect(uses[0].input).toEqual({ command: 'echo ran > effect.txt' });
    expect(uses[1].input).toEqual({ file_path: `${CWD}/.env`, content: 'API_KEY=not-a-secret\n' });
    expect(uses[2].input).toMatchObject({ file_path: `${CWD}/notes.txt`, old_string: 'before', new_string: 'after' });
    expect(r.records[9].message.content[0].content).toMatch(/Process exited with code 1\n[^]*Output:\noops\n$/);
  });
  it('gives each file of a patch its own tool_use, every one answered by the call output', () => {
    const patch = '*** Begin Patch\n*** Add File: a.txt\n+a\n*** Update File: b.txt\n@@\n-x\n+y\n*** End Patch\n';
    const call = {
      type: 'response_item',
      payload: { type: 'custom_tool_call', call_id: 'c9', name: 'apply_patch', input: patch },
    };
    const out = {
      type: 'response_item',
      payload: { type: 'custom_tool_call_output', call_id: 'c9', output: 'Success.' },
    };
    const got = CODEX_TRANSCRIPT.rewrite([JSON.stringify(call), JSON.stringify(out)], initialHostTranscriptState(), {
      sessionId: 's',
      cwd: CWD,
    });
    const recs = got.lines.map((l) => JSON.parse(l));
    expect(shape(recs)).toEqual([
      ['assistant', 'Write', 'Edit'],
      ['user', 'result:c9'],
      ['user', 'result:c9#2'],
    ]);
    expect(got.state.split).toEqual({});
  });
});
