// `hookshim explain` on the demo catalog and payloads (scripts/demo), the no-execution guarantee, and explainRows.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogRow } from '../../../catalog/types.ts';
import { explainRows } from '../../../catalog/select.ts';
import type { ExplainReport } from '../../../src/commands/explain.ts';
import { init } from '../../../src/commands/init.ts';
import { ensureBuilt } from '../../e2e/harness.ts';
import { cleanupAll, cli, ROOT, sh, tempRepo, type TempRepo } from './helpers.ts';

const DEMO = path.join(ROOT, 'scripts', 'demo');
let demo: TempRepo;
const payload = (name: string) =>
  fs.readFileSync(path.join(DEMO, 'payloads', `${name}.json`), 'utf8').replaceAll('${REPO}', demo.dir);
const env = () => ({ PATH: process.env.PATH, HOME: '/nonexistent-home' });

beforeAll(() => {
  ensureBuilt();
  demo = tempRepo();
  fs.cpSync(path.join(DEMO, 'hooks'), path.join(demo.dir, 'hooks'), { recursive: true });
  demo.write(
    'transcript.jsonl',
    fs.readFileSync(path.join(DEMO, 'payloads', 'transcript.cursor.jsonl'), 'utf8').replaceAll('${REPO}', demo.dir),
  );
  init({ dir: demo.dir });
});
afterAll(() => cleanupAll());

async function explainJson(name: string, args: string[] = []): Promise<ExplainReport> {
  const r = await cli(['explain', '--json', ...args], { env: env(), stdin: payload(name), cwd: '/' });
  expect(r.code, r.err).toBe(0);
  return JSON.parse(r.out) as ExplainReport;
}

const selected = (rep: ExplainReport) =>
  rep.invocations.flatMap((i) =>
    i.rows
      .filter((r) => r.status === 'selected')
      .map((r) => `${r.locator} ${r.label}${r.matchedValue ? ` as ${r.matchedValue}` : ''}`),
  );

describe('explain on the demo payloads (nothing runs)', () => {
  it.each([
    ['01-beforeSubmitPrompt', ['UserPromptSubmit'], ['UserPromptSubmit[0].hooks[0] hooks/local-time.sh']],
    ['02-preToolUse-git-status', ['PreToolUse'], ['PreToolUse[0].hooks[0] hooks/block-force-push.sh as Bash']],
    ['03-postToolUse-git-status', ['PostToolUse'], []],
    ['04-preToolUse-force-push', ['PreToolUse'], ['PreToolUse[0].hooks[0] hooks/block-force-push.sh as Bash']],
    [
      '05-preToolUse-mcp-merge',
      ['PreToolUse'],
      ['PreToolUse[2].hooks[0] hooks/github-mcp.sh as mcp__github__merge_pull_request'],
    ],
    // An `Agent` matcher fires for every subagent type, Explore included (docs/claude-hooks.md §7).
    ['06-preToolUse-task-explore', ['PreToolUse'], ['PreToolUse[3].hooks[0] hooks/brief-subagent.sh as Agent']],
    ['07-preToolUse-task-general', ['PreToolUse'], ['PreToolUse[3].hooks[0] hooks/brief-subagent.sh as Agent']],
    ['08-preToolUse-write-env', ['PreToolUse'], ['PreToolUse[1].hooks[0] hooks/no-secrets.mjs as Write']],
    ['09-preToolUse-edit', ['PreToolUse'], ['PreToolUse[1].hooks[0] hooks/no-secrets.mjs as Edit']],
    ['10-postToolUse-edit', ['PostToolUse'], ['PostToolUse[0].hooks[0] hooks/remind-tests.sh as Edit']],
    ['11-stop', ['Stop'], ['Stop[0].hooks[0] hooks/want-tests.mjs']],
  ])('%s', async (name, events, rows) => {
    const rep = await explainJson(name);
    expect(rep.handled).toBe(true);
    expect(rep.project).toEqual({ dir: demo.dir, how: "the payload's workspace_roots[0]" });
    expect(rep.invocations.map((i) => i.claudeEvent)).toEqual(events);
    expect(selected(rep)).toEqual(rows);
    expect(rep.run).toBeUndefined();
    expect(rep.executed).toBe(false);
    // Notification never runs under Cursor, and every explanation says so.
    expect(rep.otherRows.find((r) => r.event === 'Notification')?.reason).toMatch(
      /^Notification has no Cursor analog: /,
    );
  });

  it('shows the translated Claude stdin for the name the row matched', async () => {
    const rep = await explainJson('09-preToolUse-edit');
    expect(rep.invocations[0]?.payloads).toEqual([
      {
        as: 'Edit',
        payload: expect.objectContaining({
          hook_event_name: 'PreToolUse',
          tool_name: 'Edit',
          tool_input: {
            file_path: `${demo.dir}/src/sum.ts`,
            old_string: 'a + b + 1',
            new_string: 'a + b',
            replace_all: false,
          },
          cwd: demo.dir,
          session_id: '5d1c0de0-demo-4000-8000-000000000001',
        }),
      },
    ]);
    expect(rep.invocations[0]?.payloads[0]?.payload.transcript_path).toBe(
      `<Claude-shaped rewrite of ${demo.dir}/transcript.jsonl, written when scripts run>`,
    );
  });

  it('says why each other row does not run: matcher values tried, and where other events run', async () => {
    const rep = await explainJson('02-preToolUse-git-status');
    const why = Object.fromEntries(
      rep.invocations[0]!.rows.filter((r) => r.status !== 'selected').map((r) => [r.locator, r.reason]),
    );
    expect(why).toEqual({
      'PreToolUse[1].hooks[0]': 'matcher "Write|Edit" (exact names) matches none of: Bash, Shell',
      'PreToolUse[2].hooks[0]': 'matcher "mcp__github__.*" (regular expression) matches none of: Bash, Shell',
      'PreToolUse[3].hooks[0]': 'matcher "Agent" (exact names) matches none of: Bash, Shell',
    });
    expect(Object.fromEntries(rep.otherRows.map((r) => [r.locator, r.reason]))).toMatchObject({
      'UserPromptSubmit[0].hooks[0]': 'runs on beforeSubmitPrompt',
      'PostToolUse[0].hooks[0]': 'runs on postToolUse',
      'Stop[0].hooks[0]': 'runs on stop',
    });
  });

  it("an Explore Task reaches the Agent row, as Claude Code's Agent matcher does for every subagent type (docs/claude-hooks.md §7)", async () => {
    const rep = await explainJson('06-preToolUse-task-explore');
    expect(rep.invocations[0]?.values).toEqual(['Agent', 'Task']);
    expect(rep.invocations[0]?.payloads[0]?.payload).toMatchObject({
      tool_name: 'Agent',
      tool_input: { subagent_type: 'Explore' },
    });
  });

  it('the text view', async () => {
    const r = await cli(['explain'], { env: env(), stdin: payload('04-preToolUse-force-push'), cwd: '/' });
    expect(r.out).toMatch(
      /^preToolUse {2}project .* \(from the payload's workspace_roots\[0\]\); catalog hooks\/hooks\.json\n/,
    );
    expect(r.out).toMatch(/→ PreToolUse {2}matcher values tried: Bash, Shell/);
    expect(r.out).toMatch(
      /✓ runs {4}hooks\/hooks\.json PreToolUse\[0\]\.hooks\[0\] {2}"\$\{CLAUDE_PLUGIN_ROOT\}"\/hooks\/block-force-push\.sh \(script hooks\/block-force-push\.sh\) {2}matched Bash \(matcher "Bash"\)/,
    );
    expect(r.out).toMatch(
      /· no {6}hooks\/hooks\.json PreToolUse\[1\]\.hooks\[0\] {2}node "\$\{CLAUDE_PLUGIN_ROOT\}"\/hooks\/no-secrets\.mjs \(script hooks\/no-secrets\.mjs\) {2}matcher "Write\|Edit" \(exact names\) matches none of: Bash, Shell/,
    );
    expect(r.out).toMatch(/nothing was run \(add --run to run the 1 selected script\)\n$/);
    expect(r.out).not.toMatch(/\x1b\[/);
  });
});

describe('explain --run on the demo payloads', () => {
  it.each([
    [
      '04-preToolUse-force-push',
      {
        permission: 'deny',
        user_message: 'Force push to main is blocked: push a branch and open a pull request.',
        agent_message: 'Force push to main is blocked: push a branch and open a pull request.',
      },
      'blocks (exit2): Force push to main is blocked: push a branch and open a pull request.',
    ],
    [
      '08-preToolUse-write-env',
      {
        permission: 'deny',
        user_message: expect.stringMatching(/\.env is an \.env file: secrets stay out of the repo\.$/),
        agent_message: expect.any(String),
      },
      expect.stringMatching(/^blocks \(deny\): /),
    ],
    ['02-preToolUse-git-status', { permission: 'allow' }, 'no effect (exit 0, nothing said)'],
    [
      '11-stop',
      { followup_message: 'You edited code but did not run the tests. Run npm test and report the result.' },
      'blocks (decision): You edited code but did not run the tests. Run npm test and report the result.',
    ],
  ])('%s', async (name, answer, verdict) => {
    const rep = await explainJson(name, ['--run']);
    expect(rep.executed).toBe(true);
    expect(rep.run?.answer).toEqual(answer);
    expect(rep.run?.scripts).toEqual([expect.objectContaining({ verdict, timedOut: false })]);
  });

  it('a warn-only guard: the answer allows and the state change is shown, not made', async () => {
    const rep = await explainJson('07-preToolUse-task-general', ['--run']);
    expect(rep.run?.answer).toEqual({ permission: 'allow' });
    expect(rep.run?.scripts[0]?.verdict).toBe(
      'context: Subagents start cold: give them the acceptance criteria and the files to read.',
    );
    // Cursor fires no postToolUse for Task: the warning goes to the next postToolUse, whatever the tool.
    expect(rep.run?.effects).toEqual(['carry 1 message(s) to the next postToolUse']);
  });

  it('the text view shows each result and the Cursor answer', async () => {
    const r = await cli(['explain', '--run'], { env: env(), stdin: payload('04-preToolUse-force-push'), cwd: '/' });
    expect(r.out).toMatch(
      /results\n {2}hooks\/block-force-push\.sh {2}exit 2 {2}\d+ ms {2}hooks\/hooks\.json PreToolUse\[0\]\.hooks\[0\]\n {4}→ blocks \(exit2\): Force push/,
    );
    expect(r.out).toMatch(/stderr │ Force push to main is blocked/);
    expect(r.out).toMatch(/Cursor answer \{"permission":"deny",/);
  });
});

describe('nothing is executed without --run', () => {
  it('a script that would create a marker file creates it only with --run', async () => {
    const repo = tempRepo();
    repo.catalog({
      PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: '"${CLAUDE_PLUGIN_ROOT}"/hooks/mark.sh' }] }],
      Stop: [{ hooks: [{ type: 'command', command: 'touch stop-marker' }] }],
    });
    repo.write('hooks/mark.sh', sh('touch "$CLAUDE_PROJECT_DIR/marker"; echo ran >&2'));
    init({ dir: repo.dir });
    const p = JSON.stringify({
      hook_event_name: 'preToolUse',
      tool_name: 'Shell',
      tool_input: { command: 'ls' },
      tool_use_id: 't1',
      conversation_id: 'c',
      workspace_roots: [repo.dir],
    });
    const dry = await cli(['explain', '--json'], { env: env(), stdin: p });
    expect(JSON.parse(dry.out).invocations[0].rows[0].status).toBe('selected');
    expect(fs.existsSync(path.join(repo.dir, 'marker'))).toBe(false);
    const asStop = await cli(['explain', '--event', 'stop'], { env: env(), stdin: p });
    expect(asStop.out).toMatch(/note: the payload says hook_event_name "preToolUse"; explained as stop/);
    expect(fs.existsSync(path.join(repo.dir, 'stop-marker'))).toBe(false);
    const ran = await cli(['explain', '--run', '--json'], { env: env(), stdin: p });
    expect(fs.existsSync(path.join(repo.dir, 'marker'))).toBe(true);
    expect(JSON.parse(ran.out).run.scripts[0]).toMatchObject({ exit: 0, stderr: 'ran' });
  });
});

describe('explain: inputs and events it cannot explain', () => {
  it.each([
    ['not JSON', 'nope', [], 2, /^hookshim: the payload: is not JSON/],
    ['no event', '{}', [], 2, /no --event given, the payload has no "hook_event_name", and its keys are no Copilot/],
    [
      'an unknown event',
      '{"hook_event_name":"fooBar"}',
      [],
      2,
      /unknown Cursor event "fooBar"; hookshim handles preToolUse, /,
    ],
    ['a bad --event value', '{}', ['--event', 'nope'], 2, /unknown Cursor event "nope"; hookshim handles preToolUse/],
    ['a bad --host value', '{}', ['--host', 'nope'], 2, /Invalid values:/],
  ])('%s → exit %s', async (_n, stdin, args, code, message) => {
    const r = await cli(['explain', ...args], { env: env(), stdin, cwd: demo.dir });
    expect(r.code).toBe(code);
    expect(r.err).toMatch(message);
  });

  // Copilot's stdin names no event (docs/copilot-hooks.md §3): its keys do.
  it.each([
    ['preToolUse', { toolName: 'bash', toolArgs: { command: 'git push --force' } }, /PreToolUse/],
    ['postToolUse', { toolName: 'bash', toolArgs: {}, toolResult: { resultType: 'success' } }, /PostToolUse/],
    ['agentStop', { transcriptPath: '/x/events.jsonl', stopReason: 'end_turn' }, /Stop/],
    ['sessionEnd', { reason: 'complete' }, /SessionEnd/],
  ])('a Copilot payload without --event is explained as its keys say: %s', async (event, keys, claude) => {
    const stdin = JSON.stringify({ sessionId: 's', timestamp: 1, cwd: demo.dir, ...keys });
    const r = await cli(['explain', '--dir', demo.dir], { env: env(), stdin });
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain(`explained as Copilot's ${event}`);
    expect(r.out).toMatch(claude);
  });

  it('an event hookshim does not bind is explained, not an error', async () => {
    const r = await cli(['explain', '--event', 'beforeShellExecution', '--dir', demo.dir], {
      env: env(),
      stdin: '{"command":"ls"}',
    });
    expect(r.code).toBe(0);
    expect(r.out).toMatch(
      /hookshim does not handle beforeShellExecution: preToolUse already covers Shell; binding both would run Bash guards twice/,
    );
  });

  it('no catalog where the payload points: exit 3', async () => {
    const empty = tempRepo();
    const r = await cli(['explain', '--dir', empty.dir], { env: env(), stdin: '{"hook_event_name":"stop"}' });
    expect(r.code).toBe(3);
    expect(r.err).toMatch(/no catalog at .*\(project .*, from --dir\)/);
  });
});

describe('explainRows', () => {
  const row = (i: number, extra: Partial<CatalogRow>): CatalogRow => ({
    event: 'PreToolUse',
    locator: `PreToolUse[${i}].hooks[0]`,
    type: 'command',
    command: `c${i}`,
    ...extra,
  });
  it('agrees with selectRows and says why for every other row', () => {
    const rows = [
      row(0, { matcher: 'Bash' }),
      row(1, { matcher: 'Write' }),
      row(2, { matcher: '[' }),
      row(3, { matcher: 'Bash', if: 'Bash(git push *)' }),
      row(4, { matcher: 'Bash', if: 'Grep(x)' }),
      row(5, { matcher: 'Bash', type: 'prompt', command: undefined }),
      row(6, { matcher: 'Bash', command: 'c0' }),
      { event: 'Stop', locator: 'Stop[0].hooks[0]', type: 'command', command: 's' },
    ];
    const got = explainRows(rows, 'PreToolUse', {
      values: ['Bash', 'Shell'],
      toolInput: { command: 'ls' },
      projectDir: '/r',
    }).map((e) => [e.status, e.matchedValue ?? e.reason]);
    expect(got).toEqual([
      ['selected', 'Bash'],
      ['unmatched', 'matcher "Write" (exact names) matches none of: Bash, Shell'],
      [
        'skipped',
        expect.stringMatching(/^matcher "\[" is not a valid regular expression: .*the call is denied \(fail safe\)$/),
      ],
      ['unmatched', '"if": "Bash(git push *)" is false for this input (tried as Bash)'],
      ['selected', 'Bash'],
      ['skipped', 'a "prompt" hook needs Claude Code itself to run'],
      ['skipped', 'same command as PreToolUse[0].hooks[0]'],
      ['other-event', 'a Stop row'],
    ]);
  });
});
