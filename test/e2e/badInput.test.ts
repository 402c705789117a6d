// Bad input from Cursor: whatever arrives on stdin, hookshim answers one
// valid JSON object and exits 0 (docs/cursor-hooks.md §2), keeps guarding what it can, and payload content reaches
// guard scripts only on their stdin, never a shell command line.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installFixtures, row } from '../fixtures/bin/fixtures.ts';
import { cursorPayload, ensureBuilt, makeRepo, toolUseId, type Repo, promptsSeen } from './harness.ts';

let repo: Repo;
const DENY = {
  permission: 'deny',
  user_message: 'rm -rf is not allowed here',
  agent_message: 'rm -rf is not allowed here',
};

/** A Shell call whose input no guard can read: denied without running a guard (docs/security.md guarantee 10). */
const AMBIGUOUS = {
  permission: 'deny',
  user_message: expect.stringMatching(/^hookshim: this Shell call is ambiguous: /),
  agent_message: expect.stringMatching(/^hookshim: this Shell call is ambiguous: /),
};

const CATALOG = {
  hooks: {
    PreToolUse: [
      { matcher: 'Bash', hooks: [row('deny-rm.sh')] },
      { matcher: 'Read', hooks: [row('warn.sh', { args: '"read with care"' })] },
    ],
    PostToolUse: [{ matcher: 'Read', hooks: [row('exit.sh', { args: '0' })] }],
    Stop: [{ hooks: [row('exit.sh', { args: '2 "stop guard ran"' })] }],
    UserPromptSubmit: [{ hooks: [row('deny-rm.sh')] }],
  },
};

beforeAll(() => {
  ensureBuilt();
  repo = makeRepo(CATALOG);
  installFixtures(repo);
  const r = repo.init();
  expect(r.status, r.stderr).toBe(0);
});
afterAll(() => repo?.cleanup());

const pre = (extra: Record<string, unknown>) =>
  cursorPayload('preToolUse', repo, { tool_use_id: toolUseId(), ...extra });
const shell = (command: string) => ({ tool_name: 'Shell', tool_input: { command, cwd: '', timeout: 30000 } });

describe('stdin that is not a payload: no guard runs; a permission event is denied naming it, others get the empty answer (fail open)', () => {
  it.each([
    ['empty', '', /hookshim: stdin was empty; expected one JSON object from Cursor: denying \(fail closed\)/],
    ['whitespace only', ' \n\t ', /stdin was empty/],
    ['not JSON', 'hello', /hookshim: stdin is not JSON \(.*\); received: "hello"/],
    ['a JSON array', '[{"tool_name":"Shell"}]', /stdin is JSON but not an object; received: "\[\{/],
    ['a JSON string', '"preToolUse"', /stdin is JSON but not an object/],
    ['JSON null', 'null', /stdin is JSON but not an object/],
    ['two documents', '{}{}', /stdin is not JSON/],
    ['a raw NUL byte outside strings', '{"tool_name":"Shell"\u0000}', /stdin is not JSON/],
  ])('%s', (_name, raw, message) => {
    const r = repo.fire('preToolUse', raw);
    expect(r.status).toBe(0);
    // Nothing can be cleared that nobody could read (docs/fail-matrix.md): the deny says what arrived.
    expect(r.json).toMatchObject({ permission: 'deny' });
    expect(r.json.user_message).toMatch(/^hookshim: this preToolUse payload cannot be read \(stdin (was empty|is )/);
    expect(r.stderr).toMatch(message);
    // The Stop guard blocks on every run: {} proves it did not run.
    const s = repo.fire('stop', raw);
    expect(s.json).toEqual({});
    expect(s.stderr).toMatch(/answering \{\} \(fail open\)/);
  });

  it.each([
    ['one UTF-8 BOM', (t: string) => Buffer.from(`\uFEFF${t}`)],
    ['two UTF-8 BOMs (Cursor on Windows, docs/cursor-hooks.md §13)', (t: string) => Buffer.from(`\uFEFF\uFEFF${t}`)],
    ['UTF-16LE with its BOM', (t: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(t, 'utf16le')])],
  ])('%s: the payload is read and guarded normally', (_name, frame) => {
    expect(repo.fire('preToolUse', frame(JSON.stringify(pre(shell('rm -rf /'))))).json).toEqual(DENY);
  });

  it('invalid UTF-8 bytes inside a string are read as U+FFFD; the rest of the payload is still guarded', () => {
    const text = JSON.stringify(pre(shell('rm -rf XX')));
    const at = text.indexOf('XX');
    const raw = Buffer.concat([
      Buffer.from(text.slice(0, at)),
      Buffer.from([0xff, 0xfe, 0xc3]),
      Buffer.from(text.slice(at + 2)),
    ]);
    const r = repo.fire('preToolUse', raw);
    expect(r.json).toEqual(DENY);
  });
});

describe('wrong types and missing fields: keep guarding what can be guarded', () => {
  it.each([
    [
      'tool_name is a number: the tool is inferred from tool_input keys',
      { tool_name: 5, tool_input: { command: 'rm -rf /' } },
      DENY,
    ],
    ['tool_name is missing: inferred from tool_input keys', { tool_input: { command: 'rm -rf /' } }, DENY],
    [
      'tool_input is a JSON string (beforeMCPExecution style)',
      { tool_name: 'Shell', tool_input: JSON.stringify({ command: 'rm -rf /' }) },
      DENY,
    ],
    [
      'tool_input is an array: no command a guard could check, so it is denied as ambiguous',
      { tool_name: 'Shell', tool_input: [] },
      AMBIGUOUS,
    ],
    [
      'a Shell tool_input that is a non-JSON string is the command itself',
      { tool_name: 'Shell', tool_input: 'rm -rf /' },
      DENY,
    ],
    ['tool_input is missing: denied as ambiguous', { tool_name: 'Shell' }, AMBIGUOUS],
    [
      'workspace_roots is a string (CURSOR_PROJECT_DIR still names the project)',
      { workspace_roots: 'x', ...shell('rm -rf /') },
      DENY,
    ],
    [
      'conversation_id is an object and generation_id a number',
      { conversation_id: { a: 1 }, generation_id: 7, ...shell('rm -rf /') },
      DENY,
    ],
    ['tool_use_id is a number', { tool_use_id: 12, ...shell('rm -rf /') }, DENY],
    [
      'every common field is missing',
      {
        ...shell('rm -rf /'),
        conversation_id: undefined,
        generation_id: undefined,
        session_id: undefined,
        workspace_roots: undefined,
      },
      DENY,
    ],
    [
      "a conversation id with a NUL never breaks the guard's environment",
      { conversation_id: 'a\u0000b', session_id: 'a\u0000b', ...shell('rm -rf /') },
      DENY,
    ],
  ])('%s', (_name, fields, expected) => {
    const r = repo.fire('preToolUse', pre(fields));
    expect(r.status).toBe(0);
    expect(r.json).toEqual(expected);
  });

  it.each([
    [[], 'hookshim: tool_input: an array, not an object'],
    ['rm -rf /', 'hookshim: tool_input: a string that is not JSON ("rm -rf /")'],
  ])('a note on stderr says what was wrong with tool_input %j', (toolInput, note) => {
    const r = repo.fire('preToolUse', pre({ tool_name: 'Shell', tool_input: toolInput }));
    expect(r.stderr).toContain(note);
  });

  it('stop with loop_count as a string and status as a number still runs its guard (as loop 0, completed)', () => {
    const r = repo.fire(
      'stop',
      cursorPayload('stop', repo, { generation_id: 'g-odd-stop', loop_count: '0', status: 3 }),
    );
    expect(r.json).toEqual({ followup_message: 'stop guard ran' });
  });
});

describe('events hookshim does not handle: {} and a reason', () => {
  it.each([
    [
      'an unknown camelCase event',
      'fooBar',
      /hookshim: unknown event "fooBar"; expected one of preToolUse, .*; answering \{\}/,
    ],
    [
      'a Cursor event hookshim never binds',
      'beforeShellExecution',
      /hookshim: hookshim does not handle "beforeShellExecution": preToolUse already covers Shell/,
    ],
    ['no event at all', '', /hookshim: unknown event ""/],
  ])('%s', (_name, event, message) => {
    const r = repo.fire('preToolUse', pre(shell('rm -rf /')), { command: `node .cursor/hooks/hookshim.cjs ${event}` });
    expect(r.status).toBe(0);
    expect(r.json).toEqual({});
    expect(r.stderr).toMatch(message);
  });
});

describe('odd but valid payloads', () => {
  it('a tool_use_id with an embedded newline (cursor-agent 2026.09.02): its stash is replayed on the matching postToolUse, once', () => {
    const id = `call-${toolUseId()}-0\nfc_${toolUseId()}_0`;
    const conv = { conversation_id: 'conv-newline', session_id: 'conv-newline', generation_id: 'conv-newline' };
    const tool = { ...conv, tool_name: 'Read', tool_input: { file_path: '/etc/hosts' }, tool_use_id: id };
    expect(repo.fire('preToolUse', cursorPayload('preToolUse', repo, tool)).json).toEqual({ permission: 'allow' });
    const post = () =>
      repo.fire(
        'postToolUse',
        cursorPayload('postToolUse', repo, {
          ...tool,
          tool_output: '{"output":"127.0.0.1 localhost"}',
          tool_use_id: id,
        }),
      );
    expect(post().json).toEqual({ additional_context: 'read with care' });
    // The same id again is a duplicate of a finished postToolUse: nothing is delivered twice.
    expect(post().json).toEqual({});
    // A different id that only differs after the newline gets nothing.
    expect(
      repo.fire(
        'postToolUse',
        cursorPayload('postToolUse', repo, { ...tool, tool_output: '{}', tool_use_id: `${id.split('\n')[0]}\nother` }),
      ).json,
    ).toEqual({});
  });

  it('a 5 MB payload is read whole and guarded (the guard sees the command at its end)', () => {
    const big = `${'a'.repeat(5 * 1024 * 1024)} ; rm -rf /`;
    const r = repo.fire('preToolUse', pre(shell(big)));
    expect(r.json).toEqual(DENY);
    expect(r.ms).toBeLessThan(15_000);
  });

  it('a 5 MB payload on a path with no matching guard answers allow without running anything', () => {
    const r = repo.fire(
      'preToolUse',
      pre({ tool_name: 'Write', tool_input: { file_path: 'big.txt', content: 'z'.repeat(5 * 1024 * 1024) } }),
    );
    expect(r.json).toEqual({ permission: 'allow' });
  });
});

describe('payload content never reaches a shell command line, only stdin', () => {
  const markers = () => path.join(repo.dir, 'markers');
  const hostile = () => {
    const m = markers();
    return [
      `$(touch ${m}/dollar)`,
      `; touch ${m}/semicolon`,
      `\`touch ${m}/backtick\``,
      `| touch ${m}/pipe`,
      `&& touch ${m}/and`,
      `\ntouch ${m}/newline\n`,
      `'; touch ${m}/squote; '`,
      `"; touch ${m}/dquote; "`,
      `\${IFS}touch\${IFS}${m}/ifs`,
      `> ${m}/redirect`,
      'NUL\u0000byte',
    ].join(' ');
  };

  /** Put the hostile text in every string field, as keys too. */
  const everywhere = (event: string, h: string) =>
    cursorPayload(event, repo, {
      conversation_id: `c ${h}`,
      session_id: `c ${h}`,
      generation_id: `g ${h}`,
      model: h,
      cursor_version: h,
      user_email: h,
      cwd: h,
      transcript_path: `/tmp/${h}`,
      tool_name: 'Shell',
      tool_use_id: `t ${h}`,
      tool_input: { command: `echo ${h}`, cwd: h, [h]: h, description: h },
      tool_output: JSON.stringify({ output: h, exitCode: 0 }),
      prompt: h,
      status: 'completed',
      loop_count: 0,
      attachments: [{ type: 'file', file_path: h }],
      [h]: h,
    });

  it.each(['preToolUse', 'postToolUse', 'stop', 'beforeSubmitPrompt'])(
    '%s: $(…), backticks, ;, |, &&, newlines, quotes, ${IFS}, > and NUL in every field create no marker; the guard got them verbatim on stdin',
    (event) => {
      fs.rmSync(markers(), { recursive: true, force: true });
      fs.mkdirSync(markers());
      const capture = path.join(repo.dir, `capture-${event}`);
      fs.mkdirSync(capture, { recursive: true });
      repo.write(
        'hooks/hooks.json',
        JSON.stringify({
          hooks: {
            PreToolUse: [{ matcher: '.*', hooks: [row('capture.sh')] }],
            PostToolUse: [{ matcher: '.*', hooks: [row('capture.sh')] }],
            Stop: [{ hooks: [row('capture.sh')] }],
            UserPromptSubmit: [{ hooks: [row('capture.sh')] }],
          },
        }),
      );
      try {
        const h = hostile();
        // As on the IDE, this conversation's prompts reach beforeSubmitPrompt: a tool event runs no prompt row itself.
        promptsSeen(repo, `c ${h}`);
        const r = repo.fire(event, everywhere(event, h), { env: { CAPTURE_DIR: capture } });
        expect(r.status).toBe(0);
        expect(r.json).toEqual(
          event === 'preToolUse' ? { permission: 'allow' } : event === 'beforeSubmitPrompt' ? { continue: true } : {},
        );
        expect(fs.readdirSync(markers())).toEqual([]);
        const got = fs.readdirSync(capture).map((f) => JSON.parse(fs.readFileSync(path.join(capture, f), 'utf8')));
        expect(got).toHaveLength(1);
        const claude = got[0] as Record<string, unknown>;
        if (event === 'preToolUse' || event === 'postToolUse')
          expect((claude.tool_input as Record<string, unknown>).command).toBe(`echo ${h}`);
        if (event === 'beforeSubmitPrompt') expect(claude.prompt).toBe(h);
        expect(claude.session_id).toBe(`c ${h}`);
      } finally {
        repo.write('hooks/hooks.json', JSON.stringify(CATALOG));
      }
    },
  );

  // Placeholders in a shell-form command are substituted textually (catalog/command.ts substitutePlaceholders):
  // a project path holding `$(…)` is then expanded by sh inside the double quotes. The environment already carries
  // CLAUDE_PLUGIN_ROOT/CLAUDE_PROJECT_DIR, so leaving shell-form placeholders to sh would close this. The project
  // path comes from CURSOR_PROJECT_DIR, else the payload's workspace_roots[0] (this case), and must exist with a
  // catalog in it, so this is a narrow hole; it also breaks every guard for a repo whose path contains `$` or `"`.
  it('a project directory named with $(…) never reaches a command line: sh expands ${CLAUDE_PLUGIN_ROOT} from the environment', () => {
    fs.rmSync(markers(), { recursive: true, force: true });
    fs.mkdirSync(markers());
    const odd = path.join(repo.dir, `proj-$(touch ${markers()}/project-dir)`);
    fs.mkdirSync(path.join(odd, 'hooks'), { recursive: true });
    fs.copyFileSync(path.join(repo.dir, 'hooks', 'deny-rm.sh'), path.join(odd, 'hooks', 'deny-rm.sh'));
    fs.chmodSync(path.join(odd, 'hooks', 'deny-rm.sh'), 0o755);
    fs.writeFileSync(
      path.join(odd, 'hooks', 'hooks.json'),
      JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [row('deny-rm.sh')] }] } }),
    );
    const r = repo.fire(
      'preToolUse',
      { ...pre(shell('rm -rf /')), workspace_roots: [odd] },
      { env: { CURSOR_PROJECT_DIR: undefined, CLAUDE_PROJECT_DIR: undefined } },
    );
    expect(r.json).toEqual(DENY);
    expect(fs.readdirSync(markers())).toEqual([]);
  });
});
