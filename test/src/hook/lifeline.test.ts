// src/hook/lifeline.ts: the answer when the normal path cannot give one (hookshim's crash, Cursor's signal, the deadline),
// still exactly once, and exit 0. Each case is its own child process: the lifeline installs process handlers and exits.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workbench, type Workbench } from './child.ts';

let wb: Workbench;
beforeAll(async () => {
  wb = await workbench();
});
afterAll(() => wb.cleanup());

const ALLOW = '{"permission":"allow"}\n';
/** A worker with a lifeline for preToolUse (fail open: allow); `finishNow` answers a deny naming why. */
const worker = (body: string) => `import { installLifeline, exitAfter, emit } from BUNDLE;
const lifeline = installLifeline('preToolUse', process.env, { permission: 'allow' });
const finishNow = (why) => emit({ permission: 'deny', user_message: why });
const keepAlive = () => setInterval(() => {}, 1000);
${body}
`;
const traceOf = (file: string) =>
  fs
    .readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));

describe('answer / failOpenWith: answer without a catalog run, and leave a trace record', () => {
  it('answer: the answer on stdout, a trace record with its role and the warnings so far', () => {
    const log = path.join(wb.dir, 'answer.ndjson');
    const r = wb.run(
      worker(`lifeline.log.warn('first'); process.exitCode = lifeline.answer({ permission: 'deny' }, 'follower') + 3;`),
      { env: { HOOKSHIM_LOG: log } },
    );
    expect([r.status, r.stdout, r.stderr]).toEqual([3, '{"permission":"deny"}\n', 'hookshim: first\n']);
    expect(traceOf(log)).toEqual([
      expect.objectContaining({
        event: 'preToolUse',
        role: 'follower',
        decision: { permission: 'deny' },
        errors: ['first'],
        rows: [],
      }),
    ]);
  });

  it('failOpenWith: says why on stderr, answers failOpen, records fail-open', () => {
    const log = path.join(wb.dir, 'failopen.ndjson');
    const r = wb.run(worker(`lifeline.failOpenWith('no catalog at /r/hooks/hooks.json');`), {
      env: { HOOKSHIM_LOG: log },
    });
    const why = 'no catalog at /r/hooks/hooks.json; answering {"permission":"allow"} (fail open)';
    expect([r.status, r.stdout, r.stderr]).toEqual([0, ALLOW, `hookshim: ${why}\n`]);
    expect(traceOf(log)).toEqual([
      expect.objectContaining({ role: 'fail-open', decision: { permission: 'allow' }, errors: [why] }),
    ]);
  });

  it('failOpen can change (a duplicate process answers {})', () => {
    const r = wb.run(worker(`lifeline.failOpen = {}; lifeline.failOpenWith('x');`));
    expect([r.stdout, r.stderr]).toEqual(['{}\n', 'hookshim: x; answering {} (fail open)\n']);
  });
});

const crashText =
  "hookshim hit an internal error (Error: kaboom); this preToolUse is denied (fail closed): no guard's answer can be given (details in Cursor's Hooks output).";
const CRASH_DENY = `${JSON.stringify({ permission: 'deny', user_message: crashText, agent_message: crashText })}\n`;

describe('crash: hookshim itself failed, a permission event denies with the stack on stderr (docs/fail-matrix.md)', () => {
  it.each([
    ['an uncaught exception', `setTimeout(() => { throw new Error('kaboom'); });`],
    ['an unhandled rejection', `Promise.reject(new Error('kaboom'));`],
    ['crash() called', `lifeline.crash(new Error('kaboom'));`],
  ])('%s: deny, exit 0, the stack on stderr', (_name, body) => {
    const r = wb.run(worker(body));
    expect([r.status, r.stdout]).toEqual([0, CRASH_DENY]);
    expect(r.stderr).toMatch(/^hookshim: internal error; denying \(fail closed\): Error: kaboom\n {4}at /);
  });

  it('a crash first kills the guards still running (killGuards), then answers', () => {
    const r = wb.run(
      worker(`lifeline.killGuards = () => process.stderr.write('killed\\n'); lifeline.crash(new Error('kaboom'));`),
    );
    expect([r.stdout, r.stderr.split('\n')[0]]).toEqual([CRASH_DENY, 'killed']);
  });

  it('a crash records fail-closed in the trace', () => {
    const log = path.join(wb.dir, 'crash.ndjson');
    wb.run(worker(`lifeline.crash(new Error('kaboom'));`), { env: { HOOKSHIM_LOG: log } });
    expect(traceOf(log)).toEqual([expect.objectContaining({ role: 'fail-closed', event: 'preToolUse' })]);
  });

  it.each([
    ['stop', '{}'],
    ['beforeSubmitPrompt', '{"continue":true}'],
    ['afterFileEdit', '{}'],
  ])('on %s, no permission to deny: failOpen %s, the stack on stderr', (event, answer) => {
    const r = wb.run(
      worker(`lifeline.crash(new Error('kaboom'));`).replace(
        "'preToolUse', process.env, { permission: 'allow' }",
        `'${event}', process.env, ${answer}`,
      ),
    );
    expect([r.status, r.stdout]).toEqual([0, `${answer}\n`]);
    expect(r.stderr).toMatch(
      new RegExp(
        `^hookshim: internal error; answering ${answer.replace(/[{}]/g, '\\$&')} \\(fail open\\): Error: kaboom\n {4}at `,
      ),
    );
  });

  it('after an answer went out, a crash adds no second document', () => {
    const r = wb.run(worker(`lifeline.answer({ permission: 'deny' }, 'follower'); throw new Error('late');`));
    expect([r.status, r.stdout]).toEqual([0, '{"permission":"deny"}\n']);
    expect(r.stderr).toMatch(/^hookshim: internal error after the answer went out: Error: late\n {4}at /);
  });
});

describe('exitAfter: a rejection that escaped runHook still answers, as a crash does', () => {
  it.each([
    [
      'preToolUse',
      /^\{"permission":"deny","user_message":"hookshim hit an internal error \(Error: early\); this preToolUse is denied/,
    ],
    ['beforeMCPExecution', /^\{"permission":"deny",/],
    ['stop', /^\{\}\n$/],
    ['', /^\{\}\n$/],
  ])('%j', (event, answer) => {
    const r = wb.run(
      `import { exitAfter } from BUNDLE;\nexitAfter(Promise.reject(new Error('early')), ${JSON.stringify(event)});\n`,
    );
    expect([r.status, r.stdout]).toEqual([0, expect.stringMatching(answer)]);
    expect(r.stderr).toMatch(
      /^hookshim: internal error, (denying \(fail closed\)|answering \{\} \(fail open\)): Error: early\n/,
    );
  });
});

describe('signals: Cursor cancelling gets an answer at once', () => {
  it.each(['SIGTERM', 'SIGINT', 'SIGHUP'] as const)(
    '%s before any guard ran: deny (fail closed), exit 0',
    async (sig) => {
      const w = await wb.start(worker(`keepAlive(); process.stderr.write('ready\\n');`));
      w.signal(sig);
      const r = await w.exited;
      const text = `hookshim received ${sig} before any guard ran; this preToolUse is denied (fail closed): no guard's answer can be given (details in Cursor's Hooks output).`;
      expect([r.status, r.signal, JSON.parse(r.stdout), r.stderr]).toEqual([
        0,
        null,
        { permission: 'deny', user_message: text, agent_message: text },
        `ready\nhookshim: received ${sig} before any guard ran; denying (fail closed)\n`,
      ]);
    },
  );

  it('SIGTERM before any guard ran on stop: failOpen {}', async () => {
    const w = await wb.start(
      worker(`keepAlive(); process.stderr.write('ready\\n');`).replace(
        "'preToolUse', process.env, { permission: 'allow' }",
        "'stop', process.env, {}",
      ),
    );
    w.signal('SIGTERM');
    const r = await w.exited;
    expect([r.stdout, r.stderr]).toEqual([
      '{}\n',
      'ready\nhookshim: received SIGTERM before any guard ran; answering {} (fail open)\n',
    ]);
  });

  it('armed: finishNow answers with what had finished, then exit 0', async () => {
    const w = await wb.start(
      worker(
        `keepAlive(); lifeline.arm(Date.now() + 600_000, 'deadline', finishNow); process.stderr.write('ready\\n');`,
      ),
    );
    w.signal('SIGTERM');
    const r = await w.exited;
    expect([r.status, JSON.parse(r.stdout)]).toEqual([
      0,
      {
        permission: 'deny',
        user_message: 'received SIGTERM; answered with what had finished, unfinished guards count as timed out',
      },
    ]);
  });

  it('disarmed: back to the answer before any guard ran (a deny here)', async () => {
    const w = await wb.start(
      worker(
        `keepAlive(); lifeline.arm(Date.now() + 600_000, 'deadline', finishNow); lifeline.disarm(); process.stderr.write('ready\\n');`,
      ),
    );
    w.signal('SIGTERM');
    expect(JSON.parse((await w.exited).stdout).permission).toBe('deny');
  });
});

describe('arm: the deadline runs finishNow and exits', () => {
  it('at the deadline: finishNow(deadlineWhy), exit 0', () => {
    const r = wb.run(worker(`keepAlive(); lifeline.arm(Date.now() + 50, 'deadline reached', finishNow);`));
    expect([r.status, r.stdout]).toEqual([0, '{"permission":"deny","user_message":"deadline reached"}\n']);
  });

  it('a deadline already past fires at once', () => {
    const r = wb.run(worker(`keepAlive(); lifeline.arm(Date.now() - 5000, 'late', finishNow);`));
    expect(r.stdout).toBe('{"permission":"deny","user_message":"late"}\n');
  });

  it('disarmed before the deadline: finishNow never runs', () => {
    const r = wb.run(
      worker(
        `lifeline.arm(Date.now() + 50, 'deadline', finishNow); lifeline.disarm(); setTimeout(() => emit({ done: true }), 200);`,
      ),
    );
    expect(r.stdout).toBe('{"done":true}\n');
  });

  it('the deadline timer alone does not keep the process alive', () => {
    const r = wb.run(worker(`lifeline.arm(Date.now() + 10_000, 'deadline', finishNow);`));
    expect([r.status, r.stdout]).toEqual([0, '']);
  });
});

describe("exitAfter: the entry point's end", () => {
  it.each([
    ['resolved 0', 'Promise.resolve(0)', 0],
    ['resolved 3', 'Promise.resolve(3)', 3],
  ])('%s: exits with the code, writes nothing', (_name, promise, status) => {
    const r = wb.run(`import { exitAfter } from BUNDLE;\nsetInterval(() => {}, 1000);\nexitAfter(${promise});\n`);
    expect([r.status, r.stdout, r.stderr]).toEqual([status, '', '']);
  });

  it('a rejection that escaped every handler still answers {} (fail open), exit 0', () => {
    const r = wb.run(`import { exitAfter } from BUNDLE;\nexitAfter(Promise.reject(new Error('escaped')));\n`);
    expect([r.status, r.stdout]).toEqual([0, '{}\n']);
    expect(r.stderr).toMatch(/^hookshim: internal error, answering \{\} \(fail open\): Error: escaped\n/);
  });

  it('a rejection after the answer: no second document', () => {
    const r = wb.run(
      `import { exitAfter, emit } from BUNDLE;\nemit({ permission: 'deny' });\nexitAfter(Promise.reject(new Error('escaped')));\n`,
    );
    expect([r.status, r.stdout]).toEqual([0, '{"permission":"deny"}\n']);
  });
});
