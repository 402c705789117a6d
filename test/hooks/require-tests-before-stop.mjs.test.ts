import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { claudeInput, repoRoot, removeTempDirs, runHook, tempDir } from './run-hook.ts';

afterAll(removeTempDirs);

// Claude-shaped transcript lines (docs/claude-hooks.md §4): one line per content block.
let seq = 0;
const envelope = (type: string, message: object, extra: object = {}) => ({
  parentUuid: null,
  isSidechain: false,
  userType: 'external',
  cwd: repoRoot,
  sessionId: 's1',
  type,
  message,
  uuid: `u${++seq}`,
  timestamp: '2026-11-30T10:00:00.000Z',
  ...extra,
});
const prompt = (text: string) => envelope('user', { role: 'user', content: text });
const promptBlocks = (text: string) => envelope('user', { role: 'user', content: [{ type: 'text', text }] });
const meta = (text: string) => envelope('user', { role: 'user', content: text }, { isMeta: true });
const say = (text: string) =>
  envelope('assistant', { id: 'msg_1', role: 'assistant', content: [{ type: 'text', text }] });
const use = (id: string, name: string, input: object) =>
  envelope('assistant', { id: 'msg_1', role: 'assistant', content: [{ type: 'tool_use', id, name, input }] });
const result = (id: string, content: unknown, is_error?: boolean) =>
  envelope('user', {
    role: 'user',
    content: [{ type: 'tool_result', tool_use_id: id, content, ...(is_error === undefined ? {} : { is_error }) }],
  });

const at = (rel: string) => `${repoRoot}/${rel}`;
const edit = (id: string, rel: string) => use(id, 'Edit', { file_path: at(rel), old_string: 'a', new_string: 'b' });
const write = (id: string, rel: string) =>
  use(id, 'Write', { file_path: rel.startsWith('/') ? rel : at(rel), content: 'x' });
const bash = (id: string, command: string) => use(id, 'Bash', { command, description: 'run' });

const PASS =
  ' ✓ test/hooks/catalog.test.ts (5 tests) 40ms\n\n Test Files  12 passed (12)\n      Tests  240 passed (240)\n';
const PASS_NAMING_FAILURE =
  ' ✓ test/hooks/require-tests-before-stop.mjs.test.ts > blocks when the last run failed\n Tests  40 passed (40)\n';
const FAIL_FILE = ' FAIL  test/a.test.ts > sum\nAssertionError: expected 5 to be 4\n';
const FAIL_SUMMARY = ' Test Files  1 failed | 11 passed (12)\n      Tests  1 failed | 239 passed (240)\n';
const NPM_ERROR = 'npm error Lifecycle script `test` failed with error:\nnpm error code 2\n';

const notRun = (files: string) =>
  `require-tests-before-stop: this turn changed code (${files}) and the tests have not run since the last change. ` +
  'Run `npm test` now and report the result: that it passes, or which tests fail and why.';
const failed = (command: string, files: string) =>
  `require-tests-before-stop: the last test run failed (\`${command}\`, after your changes to ${files}). ` +
  'Fix what fails, run `npm test` again and report the result; if a failure is unrelated to this change, say which and why.';
const REPEAT =
  ' (This is a repeat: a Stop hook already sent you back once. If the tests cannot pass in this session, ' +
  'run them once more and report exactly what fails.)';

const dir = tempDir('transcripts');
function stop(lines: object[], extra: Record<string, unknown> = {}) {
  const transcript_path = join(dir, `t${++seq}.jsonl`);
  writeFileSync(transcript_path, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
  return runHook(
    'require-tests-before-stop.mjs',
    claudeInput('Stop', { transcript_path, stop_hook_active: false, last_assistant_message: 'Done.', ...extra }),
  );
}

describe('require-tests-before-stop.mjs', () => {
  // [case, transcript lines, expected reason; null = the agent may stop]
  it.each<[string, object[], string | null]>([
    ['a turn without tool calls', [prompt('hi'), say('hello')], null],
    ['reading code only', [prompt('explain'), use('t1', 'Read', { file_path: at('src/cli.ts') }), say('it…')], null],
    ['editing docs only', [prompt('docs'), edit('t1', 'README.md'), write('t2', 'docs/guide.md'), say('done')], null],
    [
      'an edit, then npm test passing',
      [prompt('fix'), edit('t1', 'src/a.ts'), bash('t2', 'npm test'), result('t2', PASS), say('done')],
      null,
    ],
    [
      'an edit, then npx vitest on a folder',
      [
        prompt('fix'),
        edit('t1', 'hooks/x.mjs'),
        bash('t2', 'npx vitest run --config test/vitest.config.ts test/hooks'),
        result('t2', PASS),
      ],
      null,
    ],
    [
      'an edit, then cd && npm run test | tail',
      [
        prompt('fix'),
        edit('t1', 'src/a.ts'),
        bash('t2', 'cd /work/main && npm run test 2>&1 | tail -20'),
        result('t2', PASS),
      ],
      null,
    ],
    [
      'an edit, then a bare vitest run',
      [prompt('fix'), edit('t1', 'src/a.ts'), bash('t2', 'CI=1 ./node_modules/.bin/vitest run'), result('t2', PASS)],
      null,
    ],
    [
      'passing output that names a test about failure',
      [prompt('fix'), edit('t1', 'src/a.ts'), bash('t2', 'npm test'), result('t2', PASS_NAMING_FAILURE)],
      null,
    ],
    [
      'result content as text blocks',
      [prompt('fix'), edit('t1', 'src/a.ts'), bash('t2', 'npm test'), result('t2', [{ type: 'text', text: PASS }])],
      null,
    ],
    [
      'a failing run, then a passing one',
      [
        prompt('fix'),
        edit('t1', 'src/a.ts'),
        bash('t2', 'npm test'),
        result('t2', FAIL_FILE, true),
        bash('t3', 'npm test'),
        result('t3', PASS),
      ],
      null,
    ],
    [
      'edits in an earlier turn only',
      [prompt('fix'), edit('t1', 'src/a.ts'), say('done'), prompt('thanks!'), say('welcome')],
      null,
    ],
    [
      'an earlier turn, prompt as a text block',
      [prompt('fix'), edit('t1', 'src/a.ts'), promptBlocks('what now?'), say('rest')],
      null,
    ],
    [
      'a write that failed',
      [
        prompt('fix'),
        edit('t1', 'src/a.ts'),
        result('t1', 'String to replace not found in file.', true),
        say('could not'),
      ],
      null,
    ],
    [
      'no tool results recorded at all',
      [prompt('fix'), edit('t1', 'src/a.ts'), bash('t2', 'npm test'), say('done')],
      null,
    ],
    [
      'an edit, no test run',
      [prompt('fix'), edit('t1', 'src/a.ts'), result('t1', 'ok'), say('done')],
      notRun('src/a.ts'),
    ],
    [
      'tests ran before the edit only',
      [prompt('fix'), bash('t1', 'npm test'), result('t1', PASS), edit('t2', 'adapters/events/stop.ts'), say('done')],
      notRun('adapters/events/stop.ts'),
    ],
    [
      'an edit after the last test run',
      [
        prompt('fix'),
        edit('t1', 'src/a.ts'),
        bash('t2', 'npm test'),
        result('t2', PASS),
        write('t3', 'catalog/b.ts'),
        say('done'),
      ],
      notRun('src/a.ts, catalog/b.ts'),
    ],
    [
      'commands that are not a test run',
      [
        prompt('fix'),
        edit('t1', 'src/a.ts'),
        bash('t2', 'npm run typecheck'),
        bash('t3', 'echo npm test'),
        bash('t4', 'git commit -m "npm test later"'),
      ],
      notRun('src/a.ts'),
    ],
    ['hooks.json', [prompt('add a guard'), edit('t1', 'hooks/hooks.json')], notRun('hooks/hooks.json')],
    ['a shell script under scripts/', [prompt('x'), write('t1', 'scripts/demo.sh')], notRun('scripts/demo.sh')],
    ['a test file', [prompt('x'), write('t1', 'test/hooks/x.test.ts')], notRun('test/hooks/x.test.ts')],
    ['package.json', [prompt('x'), edit('t1', 'package.json')], notRun('package.json')],
    [
      'a .mjs file outside the project',
      [prompt('x'), write('t1', '/tmp/elsewhere/tool.mjs')],
      notRun('/tmp/elsewhere/tool.mjs'),
    ],
    [
      'MultiEdit',
      [
        prompt('x'),
        use('t1', 'MultiEdit', { file_path: at('src/a.ts'), edits: [{ old_string: 'a', new_string: 'b' }] }),
      ],
      notRun('src/a.ts'),
    ],
    [
      'NotebookEdit',
      [prompt('x'), use('t1', 'NotebookEdit', { notebook_path: at('test/nb.ipynb'), new_source: 'x' })],
      notRun('test/nb.ipynb'),
    ],
    [
      'many files',
      [
        prompt('x'),
        ...['a', 'b', 'c', 'd', 'e', 'f'].map((n, i) => write(`t${i}`, `src/${n}.ts`)),
        write('t9', 'src/a.ts'),
      ],
      notRun('src/a.ts, src/b.ts, src/c.ts, src/d.ts and 2 more'),
    ],
    [
      'a meta user line does not start a turn',
      [prompt('fix'), edit('t1', 'src/a.ts'), meta('Caveat: local command output follows'), say('done')],
      notRun('src/a.ts'),
    ],
    [
      "this guard's own follow-up does not start a turn",
      [prompt('fix'), edit('t1', 'src/a.ts'), say('done'), prompt(notRun('src/a.ts')), say('I will not')],
      notRun('src/a.ts'),
    ],
    [
      'Stop hook feedback does not start a turn',
      [prompt('fix'), edit('t1', 'src/a.ts'), say('done'), prompt('Stop hook feedback:\n- run tests'), say('ok')],
      notRun('src/a.ts'),
    ],
    [
      'the last run failed (is_error)',
      [prompt('fix'), edit('t1', 'src/a.ts'), bash('t2', 'npm test'), result('t2', FAIL_FILE, true), say('done')],
      failed('npm test', 'src/a.ts'),
    ],
    [
      'the last run failed (FAIL, piped so no error)',
      [prompt('fix'), edit('t1', 'src/a.ts'), bash('t2', 'npm test 2>&1 | tail'), result('t2', FAIL_FILE, false)],
      failed('npm test 2>&1 | tail', 'src/a.ts'),
    ],
    [
      'the last run failed ("1 failed" summary)',
      [prompt('fix'), edit('t1', 'src/a.ts'), bash('t2', 'npx vitest run'), result('t2', FAIL_SUMMARY)],
      failed('npx vitest run', 'src/a.ts'),
    ],
    [
      'the last run failed (npm lifecycle error)',
      [
        prompt('fix'),
        edit('t1', 'src/a.ts'),
        bash('t2', 'npm test'),
        result('t2', [{ type: 'text', text: NPM_ERROR }]),
      ],
      failed('npm test', 'src/a.ts'),
    ],
    [
      'a long multi-line test command',
      [
        prompt('fix'),
        edit('t1', 'src/a.ts'),
        bash(
          't2',
          `npm test \\
  -- ${'x'.repeat(120)}`,
        ),
        result('t2', FAIL_FILE, true),
      ],
      failed(`npm test \\ -- ${'x'.repeat(85)}…`, 'src/a.ts'),
    ],
    [
      'a passing run, then a failing one',
      [
        prompt('fix'),
        edit('t1', 'src/a.ts'),
        bash('t2', 'npm test'),
        result('t2', PASS),
        bash('t3', 'npm test'),
        result('t3', FAIL_SUMMARY, true),
      ],
      failed('npm test', 'src/a.ts'),
    ],
  ])('%s', (_name, lines, reason) => {
    const run = stop(lines);
    expect(run).toMatchObject({ status: 0, stderr: '' });
    if (reason === null) expect(run.stdout).toBe('');
    else expect(run.json).toEqual({ decision: 'block', reason });
  });

  it('still blocks with stop_hook_active, and says it is a repeat', () => {
    const lines = [prompt('fix'), edit('t1', 'src/a.ts'), say('done'), prompt(notRun('src/a.ts')), say('no')];
    expect(stop(lines, { stop_hook_active: true }).json).toEqual({
      decision: 'block',
      reason: notRun('src/a.ts') + REPEAT,
    });
    const failing = [prompt('fix'), edit('t1', 'src/a.ts'), bash('t2', 'npm test'), result('t2', FAIL_FILE, true)];
    expect(stop(failing, { stop_hook_active: true }).json).toEqual({
      decision: 'block',
      reason: failed('npm test', 'src/a.ts') + REPEAT,
    });
  });

  it('reads a Cursor transcript rewritten by hookshim (role, path keys, no ids, no results)', () => {
    const cursor = (role: string, content: object[]) => ({ role, message: { content } });
    const editLine = cursor('assistant', [
      { type: 'tool_use', name: 'Edit', input: { path: at('src/a.ts'), old_string: 'a', new_string: 'b' } },
    ]);
    const testLine = cursor('assistant', [{ type: 'tool_use', name: 'Bash', input: { command: 'npm test' } }]);
    const userLine = cursor('user', [{ type: 'text', text: '<user_query>\nfix it\n</user_query>' }]);
    const end = { type: 'turn_ended', status: 'success' };
    expect(stop([userLine, editLine, testLine, end]).stdout).toBe('');
    expect(stop([userLine, editLine, end]).json).toEqual({ decision: 'block', reason: notRun('src/a.ts') });
  });

  it('skips lines that are not JSON', () => {
    const transcript_path = join(dir, 'garbled.jsonl');
    writeFileSync(
      transcript_path,
      `${JSON.stringify(prompt('fix'))}\n{"type":"assi\n${JSON.stringify(edit('t1', 'src/a.ts'))}\n\n`,
    );
    const garbled = runHook(
      'require-tests-before-stop.mjs',
      claudeInput('Stop', { transcript_path, stop_hook_active: false }),
    );
    expect(garbled.json).toEqual({ decision: 'block', reason: notRun('src/a.ts') });
  });

  it.each<[string, Record<string, unknown> | string, RegExp]>([
    [
      'a missing transcript',
      claudeInput('Stop', { transcript_path: join(dir, 'missing.jsonl'), stop_hook_active: false }),
      /^require-tests-before-stop: cannot read the transcript \(ENOENT.*\); not checking\n$/,
    ],
    [
      'no transcript_path',
      claudeInput('Stop', { transcript_path: null, stop_hook_active: false }),
      /^require-tests-before-stop: cannot read the transcript \(no transcript_path in the input\); not checking\n$/,
    ],
    [
      'a directory as transcript',
      claudeInput('Stop', { transcript_path: dir, stop_hook_active: false }),
      /^require-tests-before-stop: cannot read the transcript \(EISDIR.*\); not checking\n$/,
    ],
    ['stdin that is not JSON', 'oops', /^require-tests-before-stop: stdin is not JSON \(.+\); not checking\n$/],
  ])('allows, with a note on stderr, on %s', (_name, input, note) => {
    const run = runHook('require-tests-before-stop.mjs', input);
    expect(run).toMatchObject({ status: 0, stdout: '' });
    expect(run.stderr).toMatch(note);
  });
});
