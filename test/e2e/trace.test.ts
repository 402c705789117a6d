// Trace log (HOOKSHIM_LOG): every answer leaves a record, including the ones no catalog run decided.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cursorPayload, ensureBuilt, makeRepo, toolUseId, type Repo } from './harness.ts';

let repo: Repo;
let log: string;
beforeAll(() => {
  ensureBuilt();
  repo = makeRepo(
    {
      hooks: {
        PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: '"${CLAUDE_PLUGIN_ROOT}"/hooks/no.sh' }] }],
      },
    },
    { 'no.sh': '#!/bin/sh\ncat >/dev/null\necho "not this one" >&2\nexit 2\n' },
  );
  expect(repo.init().status).toBe(0);
  log = path.join(repo.dir, 'trace.ndjson');
});
afterAll(() => repo?.cleanup());

const pre = (command: string) =>
  cursorPayload('preToolUse', repo, { tool_name: 'Shell', tool_input: { command }, tool_use_id: toolUseId() });
const last = () => JSON.parse(fs.readFileSync(log, 'utf8').trim().split('\n').pop() as string);

describe('trace records (HOOKSHIM_LOG)', () => {
  it('a catalog run: rows with exit code, duration and verdict; no payload', () => {
    repo.fire('preToolUse', pre('git push'), { env: { HOOKSHIM_LOG: log } });
    const rec = last();
    expect(rec).toMatchObject({
      event: 'preToolUse',
      tool: 'Shell',
      decision: { permission: 'deny' },
      rows: [
        {
          row: 'PreToolUse[0].hooks[0]',
          label: 'hooks/no.sh',
          exit: 2,
          timedOut: false,
          verdict: 'blocked (exit2): not this one',
        },
      ],
    });
    expect(rec.payload).toBeUndefined();
    expect(rec.role).toBeUndefined();
  });

  it.each([
    ['the shim is off', { HOOKSHIM: '0' }, 'preToolUse', 'off', { permission: 'allow' }],
    ['an event hookshim does not handle', {}, 'beforeShellExecution', 'unhandled', {}],
  ])('%s → role %s', (_n, env, event, role, decision) => {
    repo.fire(event, pre('ls'), {
      env: { HOOKSHIM_LOG: log, ...env },
      command: `node .cursor/hooks/hookshim.cjs ${event}`,
    });
    expect(last()).toMatchObject({ event, role, decision });
  });

  it.each([
    ['fail open (no catalog, none known)', () => '', 'fail-open', { permission: 'allow' }, /fail open/],
    [
      'fail closed (a broken catalog, no good version known)',
      () => '{ nope',
      'fail-closed',
      { permission: 'deny' },
      /denying \(fail closed\)/,
    ],
  ])('%s → its role, with the reason among the errors', (_name, text, role, decision, reason) => {
    const catalog = path.join(repo.dir, 'hooks', 'hooks.json');
    const saved = fs.readFileSync(catalog, 'utf8');
    if (text()) fs.writeFileSync(catalog, text());
    else fs.rmSync(catalog);
    try {
      repo.fire('preToolUse', pre('git push'), {
        env: { HOOKSHIM_LOG: log, HOOKSHIM_STATE_DIR: path.join(repo.dir, `.state-${role}`) },
      });
      const rec = last();
      expect(rec).toMatchObject({ role, decision });
      expect(rec.errors.join('\n')).toMatch(reason);
    } finally {
      fs.writeFileSync(catalog, saved);
    }
  });

  it('a duplicate process → role follower, replaying the leader', async () => {
    const p = pre('git push');
    const [a, b] = await Promise.all([
      repo.fireAsync('preToolUse', p, { env: { HOOKSHIM_LOG: log } }),
      repo.fireAsync('preToolUse', p, { env: { HOOKSHIM_LOG: log } }),
    ]);
    expect(a.json).toEqual(b.json);
    const recs = fs
      .readFileSync(log, 'utf8')
      .trim()
      .split('\n')
      .slice(-2)
      .map((l) => JSON.parse(l));
    expect(recs.map((r) => r.role ?? 'leader').sort()).toEqual(['follower', 'leader']);
  });
});
