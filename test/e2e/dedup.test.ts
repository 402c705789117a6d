// Duplicate processes run the catalog once: the tick sentinel (docs/design.md §7) with real concurrent hookshim processes,
// fired as Cursor fires duplicates (a project plus a plugin registration, CLI re-spawns: docs/cursor-hooks.md §9).
// Guards append a line per run to $RUNS_FILE, so "one catalog run" is counted, not assumed.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alive, installFixtures, killAll, pidsIn, row, until } from '../fixtures/bin/fixtures.ts';
import { cursorPayload, ensureBuilt, makeRepo, toolUseId, type Fired, type Repo } from './harness.ts';

let repo: Repo;
let n = 0;

/** A fresh runs file per test, passed to the guards through the environment. */
function runsFile(): { env: Record<string, string>; runs: () => number; pids: () => number[] } {
  n += 1;
  const file = path.join(repo.dir, `runs-${n}.txt`);
  return { env: { RUNS_FILE: file }, runs: () => pidsIn(file).length, pids: () => pidsIn(file) };
}

function useCatalog(hooks: Record<string, unknown>): void {
  repo.write('hooks/hooks.json', JSON.stringify({ hooks }, null, 2));
}

const ids = (name: string) => ({
  conversation_id: `conv-${name}`,
  session_id: `conv-${name}`,
  generation_id: `conv-${name}`,
});
const times = <T>(k: number, f: () => Promise<T>) => Promise.all(Array.from({ length: k }, f));

beforeAll(() => {
  ensureBuilt();
  repo = makeRepo({
    hooks: {
      PreToolUse: [{ matcher: 'Bash', hooks: [row('count.sh', { args: 'deny 1' })] }],
      PostToolUse: [{ matcher: 'Bash', hooks: [row('count.sh')] }],
      Stop: [{ hooks: [row('count.sh', { args: 'block 1' })] }],
      UserPromptSubmit: [{ hooks: [row('count.sh', { args: 'block 1' })] }],
    },
  });
  installFixtures(repo);
  const r = repo.init();
  expect(r.status, r.stderr).toBe(0);
});
afterAll(() => repo?.cleanup());

describe('duplicates of one preToolUse: one catalog run, every process answers the same decision', () => {
  it('6 concurrent duplicates → exactly one guard run and 6 identical deny answers', async () => {
    useCatalog({ PreToolUse: [{ matcher: 'Bash', hooks: [row('count.sh', { args: 'deny 1' })] }] });
    const c = runsFile();
    const payload = cursorPayload('preToolUse', repo, {
      ...ids('dup-pre'),
      tool_name: 'Shell',
      tool_input: { command: 'make deploy', cwd: '' },
      tool_use_id: toolUseId(),
    });
    const answers = await times(6, () => repo.fireAsync('preToolUse', payload, { env: c.env }));
    const deny = { permission: 'deny', user_message: 'counted deny', agent_message: 'counted deny' };
    for (const a of answers) expect(a.json).toEqual(deny);
    expect(c.runs()).toBe(1);
  });

  it('a re-fire of the same tool_use_id with a different tool_input runs the catalog again (the input is in the key)', () => {
    useCatalog({ PreToolUse: [{ matcher: 'Bash', hooks: [row('count.sh', { args: 'deny 0' })] }] });
    const c = runsFile();
    const id = toolUseId();
    const first = repo.fire(
      'preToolUse',
      cursorPayload('preToolUse', repo, {
        ...ids('refire'),
        tool_name: 'Shell',
        tool_input: { command: 'rm -rf build' },
        tool_use_id: id,
      }),
      { env: c.env },
    );
    const again = repo.fire(
      'preToolUse',
      cursorPayload('preToolUse', repo, {
        ...ids('refire'),
        tool_name: 'Shell',
        tool_input: { command: 'ls' },
        tool_use_id: id,
      }),
      { env: c.env },
    );
    expect(first.json).toEqual({ permission: 'deny', user_message: 'counted deny', agent_message: 'counted deny' });
    expect(again.json).toEqual(first.json);
    expect(c.runs()).toBe(2);
  });

  it('a re-fire of the same tool_use_id with the same tool_input replays the first decision', () => {
    useCatalog({ PreToolUse: [{ matcher: 'Bash', hooks: [row('count.sh', { args: 'deny 0' })] }] });
    const c = runsFile();
    const payload = cursorPayload('preToolUse', repo, {
      ...ids('refire-same'),
      tool_name: 'Shell',
      tool_input: { command: 'rm -rf build' },
      tool_use_id: toolUseId(),
    });
    const first = repo.fire('preToolUse', payload, { env: c.env });
    expect(repo.fire('preToolUse', payload, { env: c.env }).json).toEqual(first.json);
    expect(c.runs()).toBe(1);
  });

  it('distinct tool_use_ids are never collapsed, even on the CLI (generation_id = conversation_id)', async () => {
    useCatalog({ PreToolUse: [{ matcher: 'Bash', hooks: [row('count.sh', { args: 'allow 0' })] }] });
    const c = runsFile();
    const answers = await times(4, () =>
      repo.fireAsync(
        'preToolUse',
        cursorPayload('preToolUse', repo, {
          ...ids('distinct'),
          tool_name: 'Shell',
          tool_input: { command: 'ls' },
          tool_use_id: toolUseId(),
        }),
        { env: c.env },
      ),
    );
    for (const a of answers) expect(a.json).toEqual({ permission: 'allow' });
    expect(c.runs()).toBe(4);
  });
});

describe('duplicates of follow-up and context events: delivered at most once', () => {
  it('5 concurrent duplicates of stop → one guard run, exactly one follow-up, the others {}', async () => {
    useCatalog({ Stop: [{ hooks: [row('count.sh', { args: 'block 1' })] }] });
    const c = runsFile();
    const payload = cursorPayload('stop', repo, { ...ids('dup-stop'), status: 'completed', loop_count: 0 });
    const answers = await times(5, () => repo.fireAsync('stop', payload, { env: c.env }));
    const withFollowup = answers.filter((a) => a.json.followup_message !== undefined);
    expect(withFollowup.map((a) => a.json)).toEqual([{ followup_message: 'counted block' }]);
    expect(answers.filter((a) => JSON.stringify(a.json) === '{}')).toHaveLength(4);
    expect(c.runs()).toBe(1);
  });

  it('a stashed preToolUse warning reaches exactly one of 4 duplicate postToolUse processes', async () => {
    useCatalog({
      PreToolUse: [{ matcher: 'Bash', hooks: [row('count.sh', { args: 'warn 0' })] }],
      PostToolUse: [{ matcher: 'Bash', hooks: [row('count.sh', { args: 'allow 1' })] }],
    });
    const c = runsFile();
    const id = toolUseId();
    const tool = {
      ...ids('dup-post'),
      tool_name: 'Shell',
      tool_input: { command: 'curl example.com' },
      tool_use_id: id,
    };
    expect(repo.fire('preToolUse', cursorPayload('preToolUse', repo, tool), { env: c.env }).json).toEqual({
      permission: 'allow',
    });
    const answers = await times(4, () =>
      repo.fireAsync(
        'postToolUse',
        cursorPayload('postToolUse', repo, { ...tool, tool_output: '{"output":"","exitCode":0}' }),
        { env: c.env },
      ),
    );
    expect(answers.filter((a) => a.json.additional_context !== undefined).map((a) => a.json)).toEqual([
      { additional_context: 'counted warning' },
    ]);
    expect(answers.filter((a) => JSON.stringify(a.json) === '{}')).toHaveLength(3);
    expect(c.runs()).toBe(2);
  });

  it('duplicates of a blocked beforeSubmitPrompt all replay the block (a decision), from one guard run', async () => {
    useCatalog({ UserPromptSubmit: [{ hooks: [row('count.sh', { args: 'block 1' })] }] });
    const c = runsFile();
    const payload = cursorPayload('beforeSubmitPrompt', repo, {
      ...ids('dup-prompt'),
      prompt: 'deploy to prod',
      attachments: [],
    });
    const answers = await times(4, () => repo.fireAsync('beforeSubmitPrompt', payload, { env: c.env }));
    for (const a of answers) expect(a.json).toEqual({ continue: false, user_message: 'counted block' });
    expect(c.runs()).toBe(1);
  });
});

describe('two real firings are never collapsed', () => {
  it('CLI ids, two stop turns: the transcript grew in between, so the second stop runs its guards again', () => {
    useCatalog({ Stop: [{ hooks: [row('count.sh', { args: 'block 0' })] }] });
    const c = runsFile();
    const transcript = path.join(repo.dir, 'cli-transcript.jsonl');
    fs.writeFileSync(transcript, '{"role":"user","message":{"content":[{"type":"text","text":"one"}]}}\n');
    const stop = () =>
      repo.fire(
        'stop',
        cursorPayload('stop', repo, {
          ...ids('two-turns'),
          status: 'completed',
          loop_count: 0,
          transcript_path: transcript,
        }),
        { env: c.env },
      );
    expect(stop().json).toEqual({ followup_message: 'counted block' });
    fs.appendFileSync(transcript, '{"role":"user","message":{"content":[{"type":"text","text":"two"}]}}\n');
    expect(stop().json).toEqual({ followup_message: 'counted block' });
    expect(c.runs()).toBe(2);
  });

  it('CLI ids, two different prompts: each runs its guards', () => {
    useCatalog({ UserPromptSubmit: [{ hooks: [row('count.sh', { args: 'block 0' })] }] });
    const c = runsFile();
    const prompt = (text: string) =>
      repo.fire(
        'beforeSubmitPrompt',
        cursorPayload('beforeSubmitPrompt', repo, { ...ids('two-prompts'), prompt: text, attachments: [] }),
        { env: c.env },
      );
    expect(prompt('first').json).toEqual({ continue: false, user_message: 'counted block' });
    expect(prompt('second').json).toEqual({ continue: false, user_message: 'counted block' });
    expect(c.runs()).toBe(2);
  });
});

describe('a leader that dies: its followers answer {} before their deadline', () => {
  it('the leading process is SIGKILLed mid-run → 3 waiting duplicates run the catalog themselves, promptly, naming the dead leader', async () => {
    // The guard sleeps while .sleep says so: the leader's run hangs, the followers' runs (after it is removed) do not.
    fs.writeFileSync(path.join(repo.dir, '.sleep'), '30');
    useCatalog({
      PreToolUse: [
        {
          matcher: 'Bash',
          hooks: [row('count.sh', { args: 'deny "$(cat "$CLAUDE_PROJECT_DIR/.sleep" 2>/dev/null || echo 0)"' })],
        },
      ],
    });
    const c = runsFile();
    const payload = cursorPayload('preToolUse', repo, {
      ...ids('killed-leader'),
      tool_name: 'Shell',
      tool_input: { command: 'ls' },
      tool_use_id: toolUseId(),
    });
    // The leader, started as Cursor starts it (sh -c from the repo root), in its own process group so we can kill it all.
    const leader = spawn('sh', ['-c', repo.command('preToolUse')], {
      cwd: repo.dir,
      detached: true,
      env: { ...process.env, HOOKSHIM_STATE_DIR: repo.stateDir, CURSOR_PROJECT_DIR: repo.dir, ...c.env },
    });
    leader.stdout.resume();
    leader.stderr.resume();
    leader.stdin.end(JSON.stringify(payload));
    try {
      expect(await until(() => c.runs() === 1, 10_000)).toBe(true);
      const followers = times(3, () => repo.fireAsync('preToolUse', payload, { env: c.env }));
      await new Promise((r) => setTimeout(r, 700)); // the followers are polling the leader's record by now
      fs.rmSync(path.join(repo.dir, '.sleep'));
      const killedAt = Date.now();
      process.kill(-(leader.pid as number), 'SIGKILL');
      const answers: Fired[] = await followers;
      for (const a of answers) {
        expect(a.json).toEqual({ permission: 'deny', user_message: 'counted deny', agent_message: 'counted deny' });
        expect(a.stderr).toMatch(
          /duplicate preToolUse process: the leading process \d+ died before answering; running the catalog itself/,
        );
      }
      expect(Date.now() - killedAt).toBeLessThan(3000);
      expect(c.runs()).toBe(4);
    } finally {
      // The guard itself outlives a SIGKILLed hookshim (SIGKILL cannot be caught): remove it and its group.
      for (const pid of c.pids()) {
        try {
          process.kill(-pid, 'SIGKILL');
        } catch {
          /* gone */
        }
      }
      killAll(c.pids());
      await until(() => c.pids().every((p) => !alive(p)), 2000);
    }
  });
});
