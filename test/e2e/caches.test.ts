// The hot path's caches never change an answer: the V8 code cache of the vendored shim is used only when
// HOOKSHIM_CODE_CACHE=1 (it is code: a planted one would run, docs/security.md guarantee 5); the catalog itself is read
// on every event.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cursorPayload, ensureBuilt, makeRepo, poisonedCodeCache, toolUseId, type Repo } from './harness.ts';

let repo: Repo;
const deny = (reason: string) => ({ permission: 'deny', user_message: reason, agent_message: reason });

beforeAll(() => {
  ensureBuilt();
  repo = makeRepo(
    {
      hooks: {
        PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: '"${CLAUDE_PLUGIN_ROOT}"/hooks/no.sh' }] }],
      },
    },
    { 'no.sh': '#!/bin/sh\ncat >/dev/null\necho "first catalog says no" >&2\nexit 2\n' },
  );
  expect(repo.init().status).toBe(0);
});
afterAll(() => repo?.cleanup());

const pre = (tool_name: string, command: string) =>
  cursorPayload('preToolUse', repo, { tool_name, tool_input: { command }, tool_use_id: toolUseId() });
const cacheDir = () => path.join(repo.stateDir, 'code-cache');
const ON = { env: { HOOKSHIM_CODE_CACHE: '1' } };

describe('V8 code cache of the vendored shim (HOOKSHIM_CODE_CACHE=1)', () => {
  it('off by default: no cache is read or written', () => {
    fs.rmSync(cacheDir(), { recursive: true, force: true });
    expect(repo.fire('preToolUse', pre('Shell', 'git push'), { env: { HOOKSHIM_CODE_CACHE: undefined } }).json).toEqual(
      deny('first catalog says no'),
    );
    expect(repo.fire('preToolUse', pre('Shell', 'git push'), { env: { HOOKSHIM_CODE_CACHE: '0' } }).json).toEqual(
      deny('first catalog says no'),
    );
    expect(fs.existsSync(cacheDir())).toBe(false);
  });

  it('is written on the first event and used after; answers are identical', () => {
    fs.rmSync(cacheDir(), { recursive: true, force: true });
    const first = repo.fire('preToolUse', pre('Shell', 'ls'), ON);
    // One cache per text the event compiled: the hook code's and those of the chunks it required.
    const files = fs.readdirSync(cacheDir()).sort();
    expect(files.length).toBeGreaterThanOrEqual(1);
    for (const f of files)
      expect(f).toMatch(new RegExp(`^[0-9a-f]{16}-${process.version}-${process.arch}\\.(full\\.)?bin$`));
    expect((fs.statSync(cacheDir()).mode & 0o777).toString(8)).toBe('700');
    const mtimes = files.map((f) => fs.statSync(path.join(cacheDir(), f)).mtimeMs);
    const second = repo.fire('preToolUse', pre('Shell', 'ls'), ON);
    expect(second.json).toEqual(first.json);
    expect(fs.readdirSync(cacheDir()).sort()).toEqual(files);
    expect(files.map((f) => fs.statSync(path.join(cacheDir(), f)).mtimeMs)).toEqual(mtimes);
  });

  it('a damaged cache is rejected by V8, the answer is still right, and the cache is rewritten', () => {
    const files = fs.readdirSync(cacheDir()).map((f) => path.join(cacheDir(), f));
    for (const file of files) fs.writeFileSync(file, Buffer.from('garbage, not a V8 code cache'));
    expect(repo.fire('preToolUse', pre('Shell', 'git push'), ON).json).toEqual(deny('first catalog says no'));
    for (const file of files) expect(fs.statSync(file).size).toBeGreaterThan(1000);
  });

  it('is trusted once switched on: bytecode compiled from other code of the same length runs in place of the shim (why it is opt-in)', () => {
    for (const name of fs.readdirSync(cacheDir())) {
      const file = path.join(cacheDir(), name);
      fs.writeFileSync(file, poisonedCodeCache(fs.readFileSync(file).readUInt32LE(8) & 0x7fffffff), { mode: 0o600 });
    }
    expect(repo.fire('preToolUse', pre('Shell', 'git push'), ON).json).toEqual({ permission: 'allow' });
    expect(repo.fire('preToolUse', pre('Shell', 'git push')).json).toEqual(deny('first catalog says no'));
    fs.rmSync(cacheDir(), { recursive: true, force: true });
  });

  it('one exit listener writes every text cache: an event compiling several texts says no warning', () => {
    fs.rmSync(cacheDir(), { recursive: true, force: true });
    repo.write(
      'cursor.jsonl',
      `${JSON.stringify({ role: 'user', message: { content: [{ type: 'text', text: 'hi' }] } })}\n`,
    );
    const r = repo.fire(
      'preToolUse',
      { ...pre('Shell', 'ls'), transcript_path: path.join(repo.dir, 'cursor.jsonl') },
      ON,
    );
    expect(r.json).toEqual(deny('first catalog says no'));
    expect(fs.readdirSync(cacheDir()).length).toBeGreaterThan(3);
    expect(r.stderr).not.toMatch(/Warning/);
  });
});

describe('the catalog is read on every event; nothing in the state dir stands in for it', () => {
  it('an edited catalog decides the next event', () => {
    repo.write(
      'hooks/hooks.json',
      JSON.stringify({
        hooks: {
          PreToolUse: [
            { matcher: 'Bash', hooks: [{ type: 'command', command: '"${CLAUDE_PLUGIN_ROOT}"/hooks/no.sh' }] },
          ],
        },
      }),
    );
    expect(repo.fire('preToolUse', pre('Shell', 'git push')).json).toEqual(deny('first catalog says no'));
    repo.write('hooks/yes.sh', '#!/bin/sh\ncat >/dev/null\n');
    repo.write(
      'hooks/hooks.json',
      JSON.stringify({
        hooks: {
          PreToolUse: [
            { matcher: 'Bash', hooks: [{ type: 'command', command: '"${CLAUDE_PLUGIN_ROOT}"/hooks/yes.sh' }] },
          ],
        },
      }),
    );
    expect(repo.fire('preToolUse', pre('Shell', 'git push')).json).toEqual({ permission: 'allow' });
  });

  it('the last good version kept in the state dir is a copy of the catalog text, never of parsed rows, and is not read while the catalog parses', () => {
    const dir = path.join(repo.stateDir, 'catalog');
    const records = fs.readdirSync(dir).filter((f) => f.endsWith('.json'));
    expect(records.length).toBeGreaterThan(0);
    expect(Object.keys(JSON.parse(fs.readFileSync(path.join(dir, records[0] as string), 'utf8'))).sort()).toEqual([
      'file',
      'savedAt',
      'text',
    ]);
    for (const f of records)
      fs.writeFileSync(path.join(dir, f), JSON.stringify({ file: 'x', text: '{"hooks":{}}', savedAt: 'then' }));
    repo.write(
      'hooks/hooks.json',
      JSON.stringify({
        hooks: {
          PreToolUse: [
            { matcher: 'Bash', hooks: [{ type: 'command', command: '"${CLAUDE_PLUGIN_ROOT}"/hooks/no.sh' }] },
          ],
        },
      }),
    );
    expect(repo.fire('preToolUse', pre('Shell', 'git push')).json).toEqual(deny('first catalog says no'));
  });
});

describe("the vendored shim's texts (its trailing comment, scripts/build.mjs textTrailer)", () => {
  it('a shim checked out with CRLF line endings (git core.autocrlf on Windows) still runs its guards', () => {
    const shim = path.join(repo.dir, '.cursor', 'hooks', 'hookshim.cjs');
    const lf = fs.readFileSync(shim, 'utf8');
    try {
      fs.writeFileSync(shim, lf.replace(/\n/g, '\r\n'));
      expect(repo.fire('preToolUse', pre('Shell', 'git push')).json).toEqual(deny('first catalog says no'));
    } finally {
      fs.writeFileSync(shim, lf);
    }
  });
});
