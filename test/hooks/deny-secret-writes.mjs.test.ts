import { describe, expect, it } from 'vitest';
import { claudeInput, repoRoot, runHook } from './run-hook.ts';

// Fake credentials are assembled at run time, so this file never holds one and the guard lets it
// be written.
const AWS = 'AKIA' + 'Z7'.repeat(8);
const AWS_TEMP = 'ASIA' + '4Q'.repeat(8);
const AWS_DOCS = 'AKIA' + 'IOSFODNN7EXAMPLE';
const GHP = 'ghp' + '_' + 'a1B2'.repeat(9);
const GHS = 'ghs' + '_' + 'Zz09'.repeat(9);
const PAT = 'github' + '_pat_' + '11ABCDEFG0'.repeat(3) + '_' + 'x'.repeat(59);
const NPM = 'npm' + '_' + 'q9'.repeat(18);
const block = (kind: string) =>
  `-----BEGIN ${kind} KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END ${kind} KEY-----\n`;

const at = (rel: string) => `${repoRoot}/${rel}`;
const TAIL =
  'Secrets stay out of the repository: read them from the environment or a secret store, ' +
  'and use an obvious placeholder in code, tests and examples.';
const deny = (...problems: string[]) => ({
  hookSpecificOutput: {
    hookEventName: 'PreToolUse',
    permissionDecision: 'deny',
    permissionDecisionReason: `deny-secret-writes: refused, ${problems.join('; and ')}. ${TAIL}`,
  },
});
const DOTENV = 'is a dotenv file, which holds real credentials (commit `.env.example` with placeholders instead)';
const KEYFILE = 'is a private key or certificate store file';

type Case = [string, string, Record<string, unknown>, ReturnType<typeof deny> | null];

describe('deny-secret-writes.mjs', () => {
  it.each<Case>([
    // allowed
    [
      'plain code',
      'Write',
      { file_path: at('src/a.ts'), content: 'export const token = process.env.GITHUB_TOKEN;\n' },
      null,
    ],
    ['.env.example', 'Write', { file_path: at('.env.example'), content: 'GITHUB_TOKEN=\n' }, null],
    ['.env.sample', 'Write', { file_path: at('.env.sample'), content: 'A=1\n' }, null],
    ['.env.template', 'Edit', { file_path: at('config/.env.template'), old_string: 'A=1', new_string: 'A=2' }, null],
    ['environment.ts', 'Write', { file_path: at('src/environment.ts'), content: 'export {};\n' }, null],
    [
      'a public key file',
      'Write',
      { file_path: at('keys/id_rsa.pub'), content: 'ssh-ed25519 AAAAC3Nza user@host\n' },
      null,
    ],
    ['a public key block', 'Write', { file_path: at('docs/k.md'), content: block('PUBLIC') }, null],
    [
      "AWS's documentation key id",
      'Write',
      { file_path: at('test/x.test.ts'), content: `const id = '${AWS_DOCS}';\n` },
      null,
    ],
    [
      'npm_config_ variables',
      'Write',
      { file_path: at('scripts/x.mjs'), content: 'process.env.npm_config_registry_url_value_for_tests_abc\n' },
      null,
    ],
    [
      'an edit that removes a secret',
      'Edit',
      { file_path: at('src/a.ts'), old_string: `'${GHP}'`, new_string: 'process.env.GH_TOKEN' },
      null,
    ],
    [
      'a notebook cell that is deleted',
      'NotebookEdit',
      { notebook_path: at('nb.ipynb'), cell_id: 'c1', edit_mode: 'delete' },
      null,
    ],
    ['a tool this guard does not read', 'Read', { file_path: at('.env') }, null],
    // denied by path
    ['.env', 'Write', { file_path: at('.env'), content: 'A=1\n' }, deny(`.env ${DOTENV}`)],
    [
      '.env.local',
      'Edit',
      { file_path: at('.env.local'), old_string: 'A=1', new_string: 'A=2' },
      deny(`.env.local ${DOTENV}`),
    ],
    [
      'nested .env.production',
      'Write',
      { file_path: at('deploy/.env.production'), content: '' },
      deny(`deploy/.env.production ${DOTENV}`),
    ],
    ['id_rsa', 'Write', { file_path: '/home/dev/.ssh/id_rsa', content: 'x' }, deny(`/home/dev/.ssh/id_rsa ${KEYFILE}`)],
    ['id_ed25519', 'Write', { file_path: at('id_ed25519'), content: 'x' }, deny(`id_ed25519 ${KEYFILE}`)],
    ['*.pem', 'Write', { file_path: at('certs/server.pem'), content: 'x' }, deny(`certs/server.pem ${KEYFILE}`)],
    ['*.key', 'Write', { file_path: at('tls.key'), content: 'x' }, deny(`tls.key ${KEYFILE}`)],
    // denied by content
    [
      'an AWS key id in Write',
      'Write',
      { file_path: at('src/a.ts'), content: `// x\nconst k = '${AWS}';\n` },
      deny('the text for src/a.ts contains an AWS access key id (line 2 of the new text)'),
    ],
    [
      'a temporary AWS key id',
      'Write',
      { file_path: at('a.sh'), content: `export K=${AWS_TEMP}\n` },
      deny('the text for a.sh contains an AWS access key id (line 1 of the new text)'),
    ],
    [
      'a classic GitHub token in Edit',
      'Edit',
      { file_path: at('src/a.ts'), old_string: 'x', new_string: `token: "${GHP}"` },
      deny('the text for src/a.ts contains a GitHub token (line 1 of the new text)'),
    ],
    [
      'a GitHub app token',
      'Write',
      { file_path: at('ci.yml'), content: `a\nb\nt: ${GHS}\n` },
      deny('the text for ci.yml contains a GitHub token (line 3 of the new text)'),
    ],
    [
      'a fine-grained PAT in the 2nd MultiEdit edit',
      'MultiEdit',
      {
        file_path: at('README.md'),
        edits: [
          { old_string: 'a', new_string: 'b' },
          { old_string: 'c', new_string: `x\n${PAT}` },
        ],
      },
      deny('the text for README.md contains a GitHub token (edit 2, line 2)'),
    ],
    [
      'an npm token in a notebook cell',
      'NotebookEdit',
      { notebook_path: at('nb.ipynb'), new_source: `!npm config set //registry.npmjs.org/:_authToken=${NPM}` },
      deny('the text for nb.ipynb contains an npm token (line 1 of the new text)'),
    ],
    [
      'an RSA private key',
      'Write',
      { file_path: at('test/fixtures/k.txt'), content: block('RSA PRIVATE') },
      deny('the text for test/fixtures/k.txt contains a private key block (line 1 of the new text)'),
    ],
    [
      'an OpenSSH private key',
      'Write',
      { file_path: at('k.txt'), content: `\n${block('OPENSSH PRIVATE')}` },
      deny('the text for k.txt contains a private key block (line 2 of the new text)'),
    ],
    [
      'a PKCS#8 private key',
      'Write',
      { file_path: at('k.txt'), content: block('PRIVATE') },
      deny('the text for k.txt contains a private key block (line 1 of the new text)'),
    ],
    [
      'several kinds at once',
      'Write',
      { file_path: at('src/a.ts'), content: `${NPM}\n${AWS}\n` },
      deny(
        'the text for src/a.ts contains an AWS access key id (line 2 of the new text), an npm token (line 1 of the new text)',
      ),
    ],
    [
      'a token written to .env',
      'Write',
      { file_path: at('.env'), content: `GH=${GHP}\n` },
      deny(`.env ${DOTENV}`, 'the text for .env contains a GitHub token (line 1 of the new text)'),
    ],
    [
      "Cursor's key spellings (path, contents)",
      'Write',
      { path: at('src/a.ts'), contents: AWS },
      deny('the text for src/a.ts contains an AWS access key id (line 1 of the new text)'),
    ],
  ])('%s', (_name, tool_name, tool_input, expected) => {
    const run = runHook(
      'deny-secret-writes.mjs',
      claudeInput('PreToolUse', { tool_name, tool_input, tool_use_id: 'toolu_01' }),
    );
    expect(run.status).toBe(0);
    expect(run.stderr).toBe('');
    if (expected === null) {
      expect(run.stdout).toBe('');
    } else {
      expect(run.json).toEqual(expected);
      for (const secret of [AWS, AWS_TEMP, GHP, GHS, PAT, NPM, 'MIIEvQIBADANBgkqhkiG9w0BAQEFAASC'])
        expect(run.stdout).not.toContain(secret);
    }
  });

  it('allows, with a note on stderr, when stdin is not JSON', () => {
    const run = runHook('deny-secret-writes.mjs', 'not json');
    expect(run).toMatchObject({ status: 0, stdout: '' });
    expect(run.stderr).toMatch(/^deny-secret-writes: stdin is not JSON \(.+\); allowing\n$/);
  });
});
