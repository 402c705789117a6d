// The shell half of a host's log-kept loop count (src/hook/loopCount.ts): the log's last lines read, the host's rule
// applied, and a log that cannot be read said on stderr with the payload's own count kept.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CODEX } from '../../../adapters/hosts/codex/index.ts';
import type { HostTable } from '../../../adapters/hosts/types.ts';
import { withLoopCount } from '../../../src/hook/loopCount.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hookshim-loop-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const prompt = (turn: string) =>
  JSON.stringify({
    type: 'event_msg',
    payload: {
      type: 'item_completed',
      turn_id: turn,
      item: { type: 'HookPrompt', fragments: [{ hookRunId: 'stop:0' }] },
    },
  });
const stop = (rollout: string) => ({ turn_id: 't1', stop_hook_active: true, loop_count: 1, rollout_path: rollout });

describe('withLoopCount: a loop count kept in the host log', () => {
  it("Codex's Stop counts its turn's continuations in the rollout's last lines; other events are left alone", () => {
    const rollout = path.join(dir, 'rollout.jsonl');
    fs.writeFileSync(
      rollout,
      `${'x'.repeat(5 * 1024 * 1024)}\n${[prompt('t1'), prompt('t0'), prompt('t1'), prompt('t1')].join('\n')}\n`,
    );
    const said: string[] = [];
    expect(withLoopCount(CODEX as HostTable, 'Stop', stop(rollout), {}, (m) => said.push(m)).loop_count).toBe(3);
    expect(withLoopCount(CODEX as HostTable, 'PreToolUse', stop(rollout), {}, (m) => said.push(m)).loop_count).toBe(1);
    expect(said).toEqual([]);
  });
  it("a rollout that cannot be read keeps the payload's count, and says so", () => {
    const said: string[] = [];
    const got = withLoopCount(CODEX as HostTable, 'Stop', stop(path.join(dir, 'none.jsonl')), {}, (m) => said.push(m));
    expect(got.loop_count).toBe(1);
    expect(said).toEqual([expect.stringMatching(/Codex's log \(.*none\.jsonl\) cannot be read.*loop_count 1/)]);
  });
});
