// The vendored loader (src/entry/codeCache.ts) and Node's internals behind src/hook/internals.ts: the hook code's
// texts are read back from V8 or, on the public-API path (HOOKSHIM_NODE_INTERNALS=0), from the file again, with the
// same answers; a Node whose bindings are gone is said on stderr and still enforces, the inspector check included.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cursorPayload, ensureBuilt, makeRepo, toolUseId, type Repo } from './harness.ts';

let repo: Repo;
const REASON = 'no force pushes here';
const DENY = { permission: 'deny', user_message: REASON, agent_message: REASON };
const guard = `#!/bin/sh\ngrep -q 'push --force' && { echo '${REASON}' >&2; exit 2; }\nexit 0\n`;

beforeAll(() => {
  ensureBuilt();
  repo = makeRepo(
    { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'hooks/g.sh' }] }] } },
    { 'g.sh': guard },
  );
  expect(repo.init().status).toBe(0);
});
afterAll(() => repo?.cleanup());

const shell = (command: string) =>
  cursorPayload('preToolUse', repo, { tool_name: 'Shell', tool_input: { command }, tool_use_id: toolUseId() });

/** A preload that takes Node's internal bindings away, as a Node without them would. */
function noBindings(): string {
  const file = path.join(repo.dir, 'no-bindings.cjs');
  fs.writeFileSync(file, "process.binding = (name) => { throw new Error('No such module: ' + name); };\n");
  return file;
}

describe('the loader hands V8 one text per group of chunks (scripts/build.mjs textGroups)', () => {
  const compiledTexts = (stderr: string) => Number(/; compiled (\d+) texts/.exec(stderr)?.[1]);
  it('an event that matches nothing compiles one text: the entry and every chunk it imports', () => {
    const r = repo.fire('preToolUse', cursorPayload('preToolUse', repo, { tool_name: 'Read', tool_input: {} }), {
      env: { HOOKSHIM_DEBUG: '1' },
    });
    expect(r.json).toEqual({ permission: 'allow' });
    expect(compiledTexts(r.stderr)).toBe(1);
  });
  it('a guard that runs adds only the lazy groups its event reaches (the state half, the matched path)', () => {
    const r = repo.fire('preToolUse', shell('git push --force'), { env: { HOOKSHIM_DEBUG: '1' } });
    expect(r.json).toEqual(DENY);
    expect(compiledTexts(r.stderr)).toBeGreaterThan(1);
    expect(compiledTexts(r.stderr)).toBeLessThanOrEqual(6);
  });
});

describe('the loader reads the hook code from V8 or from its file, with the same answers', () => {
  // Counts the reads of the bundle through fs.readFileSync: Node's own load of it, and the loader's second one.
  const counter = () => {
    const file = path.join(repo.dir, 'count-reads.cjs');
    fs.writeFileSync(
      file,
      "const fs = require('node:fs'); const read = fs.readFileSync; let n = 0;\n" +
        "fs.readFileSync = function (p, ...rest) { if (String(p).endsWith('hookshim.cjs')) n++; return read.call(this, p, ...rest); };\n" +
        "process.on('exit', () => fs.writeSync(2, 'bundle reads: ' + n + '\\n'));\n",
    );
    return file;
  };
  it.each([
    ['internals on (Function.prototype.toString)', {}, 1],
    ['the public-API path (HOOKSHIM_NODE_INTERNALS=0: the file read again)', { HOOKSHIM_NODE_INTERNALS: '0' }, 2],
  ])('%s', (_what, set, reads) => {
    const env = { HOOKSHIM_NODE_INTERNALS: undefined, ...set };
    const denied = repo.fire('preToolUse', shell('git push --force'), {
      env: { ...env, NODE_OPTIONS: `--require ${counter()}` },
    });
    expect(denied.json).toEqual(DENY);
    expect(denied.stderr).toContain(`bundle reads: ${reads}\n`);
    const allowed = repo.fire('preToolUse', shell('ls'), { env });
    expect(allowed.json).toEqual({ permission: 'allow' });
    expect(allowed.stderr).toBe('');
  });
});

describe('a Node without the internal bindings: said on stderr, and every guard still decides', () => {
  it('the guard denies; stderr names each missing binding once and what is done instead', () => {
    const r = repo.fire('preToolUse', shell('git push --force'), {
      env: { NODE_OPTIONS: `--require ${noBindings()}`, HOOKSHIM_NODE_INTERNALS: undefined },
    });
    expect(r.json).toEqual(DENY);
    expect(r.stderr).toMatch(/Node's inspector binding is not available in Node v[\d.]+ \(No such module: inspector\)/);
    expect(r.stderr).toContain("Node's process_wrap binding is not available");
    expect(r.stderr).toContain('scripts start through node:child_process instead');
    expect(r.stderr.match(/inspector binding is not available/g)).toHaveLength(1);
  });

  it('an inspector opened before hookshim started is still found without the binding: the allow becomes a deny', () => {
    const opener = path.join(repo.dir, 'open-inspector.cjs');
    fs.writeFileSync(opener, "require('node:inspector').open(0, '127.0.0.1');\n");
    const r = repo.fire('preToolUse', shell('ls'), {
      env: { NODE_OPTIONS: `--require ${noBindings()} --require ${opener}`, HOOKSHIM_NODE_INTERNALS: undefined },
    });
    expect(r.json).toMatchObject({ permission: 'deny' });
    expect(String(r.json.user_message)).toContain("found Node's inspector opened before it could refuse that");
  });
});
