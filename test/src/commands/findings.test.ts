// The findings table: docs/tooling.md lists every code check, doctor and init can report, and lists nothing else.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FINDINGS } from '../../../src/commands/findings.ts';
import { ROOT } from '../../e2e/harness.ts';

const doc = fs.readFileSync(path.join(ROOT, 'docs', 'tooling.md'), 'utf8');
const table = doc.slice(doc.indexOf('## `hookshim check`'), doc.indexOf('## `hookshim doctor`'));
const listed = new Set(
  table
    .split('\n')
    .filter((l) => l.startsWith('| ') && !l.startsWith('| Area'))
    .flatMap((l) => [...(l.split('|')[2] ?? '').matchAll(/`([a-z]+(?:-[a-z]+)+)`/g)].map((m) => m[1] as string)),
);

describe('docs/tooling.md "hookshim check" lists every finding code', () => {
  it.each(Object.keys(FINDINGS))('%s', (code) => expect(listed.has(code)).toBe(true));
  it('and no code the table does not have', () =>
    expect([...listed].filter((c) => !Object.hasOwn(FINDINGS, c))).toEqual([]));
});
