// src/hook/emit.ts: the only stdout writer, exactly one JSON document per process. emit writes fd 1 and keeps a
// per-process flag, so each case runs in its own child process (the hook modules bundled, test/src/hook/child.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workbench, type Workbench } from './child.ts';

let wb: Workbench;
beforeAll(async () => {
  wb = await workbench();
});
afterAll(() => wb.cleanup());

const worker = (body: string) =>
  `import { emit, emitted } from BUNDLE;\nconst log = (x) => process.stderr.write(JSON.stringify(x) + '\\n');\n${body}\n`;

describe('emit: one JSON document per process, whatever happens', () => {
  it('the first answer is written as one line; later calls are ignored and say so', () => {
    const r = wb.run(
      worker(
        `log([emitted(), emit({ permission: 'deny', user_message: 'no' }), emitted(), emit({ permission: 'allow' }), emit({})]);`,
      ),
    );
    expect(r).toEqual({
      status: 0,
      signal: null,
      stdout: '{"permission":"deny","user_message":"no"}\n',
      stderr: '[false,true,true,false,false]\n',
    });
  });

  it.each([
    ['a cycle', 'const a = {}; a.self = a; emit(a);'],
    ['a BigInt', 'emit({ n: 1n });'],
    ['a throwing toJSON', "emit({ toJSON() { throw new Error('no'); } });"],
  ])('an unserialisable answer (%s) is written as {}', (_name, body) => {
    const r = wb.run(worker(body));
    expect([r.status, r.stdout]).toEqual([0, '{}\n']);
  });

  it('with a lifeline for a permission event, an unserialisable answer is a deny, not {} (an allow there)', () => {
    const r = wb.run(
      `import { emit, installLifeline } from BUNDLE;\ninstallLifeline('preToolUse', process.env, { permission: 'allow' });\nemit({ n: 1n });\n`,
    );
    expect(JSON.parse(r.stdout)).toMatchObject({
      permission: 'deny',
      agent_message: expect.stringMatching(/^hookshim could not write its answer; this preToolUse is denied/),
    });
  });

  it("with a lifeline for beforeSubmitPrompt, that event's empty answer", () => {
    const r = wb.run(
      `import { emit, installLifeline } from BUNDLE;\ninstallLifeline('beforeSubmitPrompt', process.env, { continue: true });\nemit({ n: 1n });\n`,
    );
    expect(r.stdout).toBe('{"continue":true}\n');
  });

  it('a large answer is written whole', () => {
    const r = wb.run(worker(`emit({ additional_context: 'x'.repeat(1 << 20) });`));
    expect(r.stdout).toBe(`${JSON.stringify({ additional_context: 'x'.repeat(1 << 20) })}\n`);
  });

  it('a closed stdout does not throw', () => {
    const r = wb.run(worker(`import fs from 'node:fs';\nfs.closeSync(1);\nlog([emit({ a: 1 }), emitted()]);`));
    expect([r.status, r.stderr]).toEqual([0, '[true,true]\n']);
  });
});
