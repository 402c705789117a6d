import { describe, expect, it } from 'vitest';
import { compileIfRule } from '../../catalog/ifRule.ts';

const P = '/proj';

// [rule, toolName, toolInput, expected]
type Case = [string, string, Record<string, unknown>, boolean];

function run(rule: string, tool: string, input: Record<string, unknown>, homeDir?: string): boolean {
  const compiled = compileIfRule(rule);
  if (!compiled.ok) throw new Error(compiled.reason);
  return compiled.test(tool, input, P, homeDir);
}

const bash = (command: string) => ({ command });
const file = (file_path: string) => ({ file_path });

describe('docs/claude-hooks.md §1.2 if: examples', () => {
  it.each<Case>([
    // Bash(git push:*) — prefix up to a word boundary
    ['Bash(git push:*)', 'Bash', bash('git push'), true],
    ['Bash(git push:*)', 'Bash', bash('git push --force origin main'), true],
    ['Bash(git push:*)', 'Bash', bash('git pushx'), false],
    ['Bash(git push:*)', 'Bash', bash('git pull'), false],
    ['Bash(git push:*)', 'Bash', bash('echo git push'), false],
    // Bash(git *) — "the space before * matters" (permissions doc): word boundary, bare `git` included
    ['Bash(git *)', 'Bash', bash('git status'), true],
    ['Bash(git *)', 'Bash', bash('git'), true],
    ['Bash(git *)', 'Bash', bash('gitk --all'), false],
    ['Bash(git *)', 'Write', bash('git status'), false],
    // Edit(*.ts) — no slash: basename at any depth
    ['Edit(*.ts)', 'Edit', file('/proj/src/deep/a.ts'), true],
    ['Edit(*.ts)', 'Edit', file('/proj/a.ts'), true],
    ['Edit(*.ts)', 'Edit', file('/proj/a.tsx'), false],
    ['Edit(*.ts)', 'Write', file('/proj/a.ts'), false],
    // Write(**/.env) — any depth, not .env.local
    ['Write(**/.env)', 'Write', file('/proj/.env'), true],
    ['Write(**/.env)', 'Write', file('/proj/apps/web/.env'), true],
    ['Write(**/.env)', 'Write', file('/proj/.env.local'), false],
    ['Write(**/.env)', 'Write', file('/proj/env'), false],
    // Read(./secrets/**) — `./` is relative to the project dir
    ['Read(./secrets/**)', 'Read', file('/proj/secrets/key.pem'), true],
    ['Read(./secrets/**)', 'Read', file('/proj/secrets/a/b/c'), true],
    ['Read(./secrets/**)', 'Read', file('secrets/key.pem'), true],
    ['Read(./secrets/**)', 'Read', file('/proj/src/secrets/key.pem'), false],
    ['Read(./secrets/**)', 'Read', file('/other/secrets/key.pem'), false],
    ['Read(./secrets/**)', 'Read', file('/proj/secretsx/key.pem'), false],
  ])('%s on %s %j → %s', (rule, tool, input, expected) => {
    expect(run(rule, tool, input)).toBe(expected);
  });
});

describe('permissions doc: Bash rules', () => {
  it.each<Case>([
    ['Bash', 'Bash', bash('anything'), true],
    ['Bash', 'Shell', bash('anything'), false],
    ['Bash(npm test)', 'Bash', bash('npm test'), true],
    ['Bash(npm test)', 'Bash', bash('npm test --watch'), false],
    ['Bash(npm run test:*)', 'Bash', bash('npm run test:unit'), false],
    ['Bash(npm run test:*)', 'Bash', bash('npm run test'), true],
    ['Bash(ls*)', 'Bash', bash('lsof'), true],
    ['Bash(ls *)', 'Bash', bash('lsof'), false],
    ['Bash(git * main)', 'Bash', bash('git push origin main'), true],
    ['Bash(git * main)', 'Bash', bash('git push origin dev'), false],
    ['Bash(* --version)', 'Bash', bash('node --version'), true],
    ['Bash(rm -rf *)', 'Bash', bash('rm -rf /tmp/x'), true],
    ['Bash(a.b)', 'Bash', bash('axb'), false],
    ['Bash(git push:*)', 'Bash', {}, false],
    ['Bash(git push:*)', 'Bash', { command: 42 }, false],
  ])('%s on %s %j → %s', (rule, tool, input, expected) => {
    expect(run(rule, tool, input)).toBe(expected);
  });
});

describe('Bash rules see every sub-command, so a guard cannot be dodged', () => {
  it.each<[string, boolean]>([
    ['cd x && git push --force', true],
    ['false || git push', true],
    ['echo hi; git push origin main', true],
    ['echo hi;git push', true],
    ['cat log | git push', true],
    ['sleep 1 & git push', true],
    ['echo a\ngit push', true],
    ['  git push', true],
    ['GIT_TRACE=1 git push', true],
    ['A=\'x y\' B="1 2" git push --force', true],
    ['cd x && FOO=1 git push', true],
    ['(git push)', true],
    ['echo $(git push)', true],
    ['echo `git push --force`', true],
    ['{ git push; }', true],
    ['! git push', true],
    ['git  push   --force', true],
    ['git\tpush', true],
    ['git \\\n  push --force', true],
    ['echo git push', false],
    ['cd x && git pull', false],
    ['git pushx && true', false],
  ])('Bash(git push:*) on %j → %s', (command, expected) => {
    expect(run('Bash(git push:*)', 'Bash', bash(command))).toBe(expected);
  });
});

describe('permissions doc: file rules (gitignore-style)', () => {
  it.each<Case>([
    ['Edit', 'Edit', {}, true],
    ['Edit(src/**)', 'Edit', file('/proj/src/a/b.ts'), true],
    ['Edit(src/**)', 'Edit', file('/proj/lib/src/b.ts'), false],
    ['Edit(/src/*.ts)', 'Edit', file('/proj/src/a.ts'), true],
    ['Edit(/src/*.ts)', 'Edit', file('/proj/src/a/b.ts'), false],
    ['Edit(src/**/*.ts)', 'Edit', file('/proj/src/a.ts'), true],
    ['Edit(src/**/*.ts)', 'Edit', file('/proj/src/x/y/a.ts'), true],
    ['Edit(//etc/hosts)', 'Edit', file('/etc/hosts'), true],
    ['Edit(//etc/hosts)', 'Edit', file('/proj/etc/hosts'), false],
    ['Edit(//tmp/**)', 'Edit', file('/tmp/a/b'), true],
    // a pattern that names a directory covers what is inside it (gitignore)
    ['Read(node_modules)', 'Read', file('/proj/a/node_modules/x/index.js'), true],
    ['Read(/docs)', 'Read', file('/proj/docs/a.md'), true],
    ['Read(docs/)', 'Read', file('/proj/docs/a.md'), true],
    ['Read(docs/)', 'Read', file('/proj/docs'), false],
    ['Read(.env?)', 'Read', file('/proj/.env1'), true],
    ['Read(.env[12])', 'Read', file('/proj/.env2'), true],
    ['Read(.env[!12])', 'Read', file('/proj/.env2'), false],
    ['Read(.env[!12])', 'Read', file('/proj/.env3'), true],
    // relative and unnormalized inputs resolve against the project dir
    ['Read(./secrets/**)', 'Read', file('./secrets/k'), true],
    ['Read(./secrets/**)', 'Read', file('/proj/src/../secrets/k'), true],
    ['Read(./secrets/**)', 'Read', file('/proj//secrets/./k'), true],
    ['Read(./secrets/**)', 'Read', file('/proj/secrets/../src/k'), false],
    // Windows separators
    ['Edit(*.ts)', 'Edit', file('C:\\proj\\src\\a.ts'), true],
    // `**/` and bare names also match outside the project (our reading: "any depth" of the full path)
    ['Write(**/.env)', 'Write', file('/etc/app/.env'), true],
    // other file tools and keys
    ['NotebookEdit(*.ipynb)', 'NotebookEdit', { notebook_path: '/proj/n/a.ipynb' }, true],
    ['MultiEdit(*.ts)', 'MultiEdit', file('/proj/a.ts'), true],
    ['Edit(*.ts)', 'Edit', {}, false],
    ['Edit(*.ts)', 'Edit', { file_path: 3 }, false],
    // case-sensitive
    ['Edit(*.ts)', 'Edit', file('/proj/A.TS'), false],
  ])('%s on %s %j → %s', (rule, tool, input, expected) => {
    expect(run(rule, tool, input)).toBe(expected);
  });

  it.each<[string, string, string | undefined, boolean]>([
    ['Read(~/.ssh/**)', '/home/u/.ssh/id_rsa', '/home/u', true],
    ['Read(~/.ssh/**)', '/home/v/.ssh/id_rsa', '/home/u', false],
    ['Read(~/.ssh/**)', '~/.ssh/id_rsa', '/home/u', true],
    // without a home dir, `~/` patterns compare literally against a `~/` path
    ['Read(~/.ssh/**)', '~/.ssh/id_rsa', undefined, true],
    ['Read(~/.ssh/**)', '/home/u/.ssh/id_rsa', undefined, false],
  ])('%s on %j with home %j → %s', (rule, path, home, expected) => {
    expect(run(rule, 'Read', file(path), home)).toBe(expected);
  });
});

describe('permissions doc: other tools', () => {
  it.each<Case>([
    ['WebFetch(domain:example.com)', 'WebFetch', { url: 'https://example.com/a' }, true],
    ['WebFetch(domain:example.com)', 'WebFetch', { url: 'https://EXAMPLE.com./a' }, true],
    ['WebFetch(domain:example.com)', 'WebFetch', { url: 'https://api.example.com/a' }, false],
    ['WebFetch(domain:example.com)', 'WebFetch', { url: 'https://example.com.evil.io/' }, false],
    ['WebFetch(domain:*.example.com)', 'WebFetch', { url: 'https://api.example.com/a' }, true],
    ['WebFetch(domain:example.com)', 'WebFetch', { url: 'not a url' }, false],
    ['WebFetch(domain:example.com)', 'WebFetch', {}, false],
    ['WebFetch', 'WebFetch', { url: 'https://x.io' }, true],
    ['mcp__github', 'mcp__github__create_issue', {}, true],
    ['mcp__github', 'mcp__githubx__create_issue', {}, false],
    ['mcp__github', 'mcp__github', {}, true],
    ['mcp__github__*', 'mcp__github__create_issue', {}, true],
    ['mcp__github__*', 'mcp__gitlab__create_issue', {}, false],
    ['mcp__github__create_issue', 'mcp__github__create_issue', {}, true],
    ['mcp__github__create_issue', 'mcp__github__create_issues', {}, false],
    // Task and Agent are aliases (docs/claude-hooks.md §5.1)
    ['Task', 'Agent', {}, true],
    ['Agent', 'Task', {}, true],
    ['Agent(Explore)', 'Agent', { subagent_type: 'Explore' }, true],
    ['Task(Explore)', 'Agent', { subagent_type: 'Plan' }, false],
    ['Read', 'Write', {}, false],
  ])('%s on %s %j → %s', (rule, tool, input, expected) => {
    expect(run(rule, tool, input)).toBe(expected);
  });
});

describe('rules hookshim cannot evaluate are ok:false with a reason', () => {
  it.each<[string, RegExp]>([
    ['', /not a permission rule/],
    ['Bash(git push', /not a permission rule/],
    ['Bash git push', /not a permission rule/],
    ['Bash()', /empty specifier/],
    ['Grep(*.ts)', /not supported/],
    ['Bash*', /wildcard in a tool name/],
    ['mcp__*', /wildcard in a tool name/],
    ['PowerShell(Get-Item *)', /not supported/],
    ['mcp__github__x(a)', /not supported/],
    ['WebFetch(example.com)', /domain:/],
    ['Read(../outside/**)', /cannot evaluate path pattern/],
  ])('%j', (rule, reason) => {
    const compiled = compileIfRule(rule);
    expect(compiled.ok).toBe(false);
    if (!compiled.ok) expect(compiled.reason).toMatch(reason);
  });

  it('caches per rule string and reports the rule tool', () => {
    const a = compileIfRule('Bash(git push:*)');
    expect(a).toBe(compileIfRule('Bash(git push:*)'));
    expect(a.ok && a.tool).toBe('Bash');
  });
});

// docs/claude-hooks.md §9, `if` on Bash: Claude runs the hook anyway where it cannot tell.
describe('docs/claude-hooks.md §8, §9 if on Bash: the "run anyway" cases', () => {
  it.each<Case>([
    ['Bash(git push *)', 'Bash', bash('git $(echo push) origin main'), true],
    ['Bash(git push *)', 'Bash', bash('git `echo push` origin main'), true],
    ['Bash(git push *)', 'Bash', bash('git $SUB origin main'), true],
    ['Bash(git push *)', 'Bash', bash('git ${SUB} origin main'), true],
    ['Bash(git push *)', 'Bash', bash('echo $HOME'), true],
    ['Bash(git push *)', 'Bash', bash("git push 'unterminated"), true],
    ['Bash(git push *)', 'Bash', bash('echo "a'), true],
    ['Bash(git push *)', 'Bash', bash('git status'), false],
    ['Bash(git push *)', 'Bash', bash('echo "$(date)" done'), true],
    // Measured on Claude Code 2.1.328 (docs/claude-hooks.md §8): a pattern naming only the command runs anyway too.
    ['Bash(rm *)', 'Bash', bash('ls $(pwd)'), true],
    ['Bash(git *)', 'Bash', bash('echo $PWD > effect.txt'), true],
    ['Bash(rm *)', 'Bash', bash('echo `echo ran` > effect.txt'), true],
    ['Bash(rm *)', 'Bash', bash('ls -la > effect.txt'), false],
    ['Bash(rm *)', 'Bash', bash('ls (a'), true],
    ['Bash(rm *)', 'Write', bash('ls (a'), false],
  ])('%s on %s %j → %s', (rule, tool, input, expected) => {
    expect(run(rule, tool, input)).toBe(expected);
  });
});
