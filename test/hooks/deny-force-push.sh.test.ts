import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claudeInput, removeTempDirs, runHook, tempDir } from './run-hook.ts';

afterAll(removeTempDirs);

const SCRIPT = 'deny-force-push.sh';

/** A fresh repository with one commit, checked out on `branch`. */
function gitRepo(branch: string): string {
  const dir = tempDir(`git-${branch}`);
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], {
      cwd: dir,
      stdio: 'ignore',
    });
  git('init', '-q', '-b', 'main');
  git('commit', '-q', '--allow-empty', '-m', 'init');
  if (branch !== 'main') git('checkout', '-q', '-b', branch);
  return dir;
}

/** The exact stderr of a deny: one bullet per offending push. */
function denial(...bullets: string[]): string {
  return (
    'deny-force-push: blocked. The default branch is shared history; a force push there would rewrite it.\n' +
    bullets.map((b) => `- ${b}\n`).join('') +
    'Push your work to a feature branch instead (force-pushing a feature branch is fine) and merge into main through a pull request.\n'
  );
}
const CURRENT = ' (no refspec, so it pushes the current branch)';

function push(command: string, cwd: string) {
  return runHook(
    SCRIPT,
    claudeInput(
      'PreToolUse',
      { tool_name: 'Bash', tool_input: { command, description: 'push' }, tool_use_id: 'toolu_01' },
      cwd,
    ),
    {
      projectDir: cwd,
    },
  );
}

let onFeature: string;
let onMain: string;
let onMaster: string;
beforeAll(() => {
  onFeature = gitRepo('feature');
  onMain = gitRepo('main');
  onMaster = gitRepo('master');
});

describe('deny-force-push.sh: explicit targets (project on branch feature)', () => {
  // [command, the bullets of the deny; none = allowed silently]
  it.each<[string, ...string[]]>([
    ['git push origin main'],
    ['git push -f origin feature'],
    ['git push --force origin my-main'],
    ['git push --force-with-lease origin feature:feature'],
    ['git push -f origin main:feature'],
    ['git push origin +feature main'],
    ['git push --force-if-includes origin main'],
    ['git push -o f origin main'],
    ['git push -f origin tag v1.0'],
    ['git fetch -f origin main'],
    ['echo "git push -f origin main"'],
    ['git commit -m "git push -f origin main"'],
    ["printf '%s' 'git push --force origin main' > notes.txt"],
    ['git push -f origin main', '`git push -f origin main` force-pushes to main.'],
    ['git push --force origin master', '`git push --force origin master` force-pushes to master.'],
    ['git push --force-with-lease origin main', '`git push --force-with-lease origin main` force-pushes to main.'],
    [
      'git push --force-with-lease=main:abc123 origin main',
      '`git push --force-with-lease=main:abc123 origin main` force-pushes to main.',
    ],
    ['git push -fu origin main', '`git push -fu origin main` force-pushes to main.'],
    ['git push -uf origin main', '`git push -uf origin main` force-pushes to main.'],
    ['git push origin -f main', '`git push origin -f main` force-pushes to main.'],
    ['git push origin +main', '`git push origin +main` force-pushes to main.'],
    ['git push origin +HEAD:refs/heads/main', '`git push origin +HEAD:refs/heads/main` force-pushes to main.'],
    [
      'git push -f origin feature:refs/heads/master',
      '`git push -f origin feature:refs/heads/master` force-pushes to master.',
    ],
    ['git push -f origin "main"', '`git push -f origin main` force-pushes to main.'],
    ['git push -o ci.skip -f origin main', '`git push -o ci.skip -f origin main` force-pushes to main.'],
    ['FOO=1 git push -f origin main', '`git push -f origin main` force-pushes to main.'],
    [
      'git -C . -c push.default=current push -f origin main',
      '`git -C . -c push.default=current push -f origin main` force-pushes to main.',
    ],
    ['cd sub && git push -f origin main', '`git push -f origin main` force-pushes to main.'],
    ['npm test && git push --force origin main', '`git push --force origin main` force-pushes to main.'],
    ['git status; git push -f origin main 2>&1 | tail -1', '`git push -f origin main` force-pushes to main.'],
    ['git push -f origin main >/dev/null 2>&1', '`git push -f origin main` force-pushes to main.'],
    ['(cd x && git push -f origin main)', '`git push -f origin main` force-pushes to main.'],
    ["sh -c 'git push -f origin main'", '`git push -f origin main` force-pushes to main.'],
    [
      'bash -lc "cd repo && git push --force origin master"',
      '`git push --force origin master` force-pushes to master.',
    ],
    ["eval 'git push -f origin main'", '`git push -f origin main` force-pushes to main.'],
    ['git push \\\n  --force \\\n  origin main', '`git push --force origin main` force-pushes to main.'],
    [
      'git push --mirror origin',
      '`git push --mirror origin` force-pushes to every ref of the remote (--mirror), main included.',
    ],
    ['git push -f --all origin', '`git push -f --all origin` force-pushes to every branch (--all), main included.'],
    ['git push origin -f :', '`git push origin -f :` force-pushes to every matching branch (:), main included.'],
    [
      'git push -f origin main && git push -f origin master',
      '`git push -f origin main` force-pushes to main.',
      '`git push -f origin master` force-pushes to master.',
    ],
  ])('%j', (command, ...bullets) => {
    const run = push(command, onFeature);
    if (bullets.length === 0) {
      expect(run).toMatchObject({ status: 0, stdout: '', stderr: '' });
    } else {
      expect(run).toMatchObject({ status: 2, stdout: '', stderr: denial(...bullets) });
    }
  });
});

describe('deny-force-push.sh: no refspec → the current branch', () => {
  const repos = () => ({ feature: onFeature, main: onMain, master: onMaster, 'not a repo': tempDir('plain') });
  // [branch the project is on, command, the bullets of the deny; none = allowed]
  it.each<[keyof ReturnType<typeof repos>, string, ...string[]]>([
    ['feature', 'git push -f'],
    ['feature', 'git push -fu origin HEAD'],
    ['main', 'git push origin'],
    ['main', 'git push -u origin HEAD'],
    ['not a repo', 'git push -f'],
    ['main', 'git push -f', `\`git push -f\` force-pushes to main${CURRENT}.`],
    ['main', 'git push --force origin', `\`git push --force origin\` force-pushes to main${CURRENT}.`],
    ['main', 'git push -f origin HEAD', `\`git push -f origin HEAD\` force-pushes to main${CURRENT}.`],
    [
      'main',
      'git push --force-with-lease origin @',
      `\`git push --force-with-lease origin @\` force-pushes to main${CURRENT}.`,
    ],
    ['master', 'git push -f', `\`git push -f\` force-pushes to master${CURRENT}.`],
  ])('on %s: %j', (where, command, ...bullets) => {
    const run = push(command, repos()[where]);
    if (bullets.length === 0) {
      expect(run).toMatchObject({ status: 0, stdout: '', stderr: '' });
    } else {
      expect(run).toMatchObject({ status: 2, stdout: '', stderr: denial(...bullets) });
    }
  });

  it('follows `cd dir &&` and `git -C dir` to the repository the push runs in', () => {
    expect(push(`cd ${onFeature} && git push -f`, onMain).status).toBe(0);
    expect(push(`cd ${onMain} && git push -f`, onFeature)).toMatchObject({
      status: 2,
      stderr: denial(`\`git push -f\` force-pushes to main${CURRENT}.`),
    });
    expect(push(`git -C ${onMain} push -f`, onFeature)).toMatchObject({
      status: 2,
      stderr: denial(`\`git -C ${onMain} push -f\` force-pushes to main${CURRENT}.`),
    });
    expect(push(`git -C ${onFeature} push -f`, onMain).status).toBe(0);
  });
});

describe('deny-force-push.sh: inputs that are not a Bash command', () => {
  it.each<[string, string]>([
    [
      'a Write call',
      JSON.stringify(
        claudeInput('PreToolUse', {
          tool_name: 'Write',
          tool_input: { file_path: '/x', content: 'git push -f origin main' },
        }),
      ),
    ],
    [
      'a description that quotes a push',
      JSON.stringify({ tool_name: 'Bash', tool_input: { description: 'git push -f origin main', command: 'ls' } }),
    ],
    [
      'escaped quotes around a push in a string',
      JSON.stringify({ tool_input: { command: 'echo "\\"git push -f origin main\\""' } }),
    ],
    ['not JSON', 'git push -f origin main'],
    ['empty stdin', ''],
  ])('%s → allowed', (_name, stdin) => {
    expect(runHook(SCRIPT, stdin, { projectDir: onMain })).toMatchObject({ status: 0, stdout: '' });
  });

  it('decodes JSON escapes in the command (\\u0026\\u0026, \\n, \\")', () => {
    const stdin =
      '{"tool_name":"Bash","tool_input":{"command":"cd \\"x\\" \\u0026\\u0026 git push -f origin main\\nls"}}';
    expect(runHook(SCRIPT, stdin, { projectDir: onFeature })).toMatchObject({
      status: 2,
      stderr: denial('`git push -f origin main` force-pushes to main.'),
    });
  });
});
