// @ts-check
// `npm run demo`: bind the bundled demo catalog (scripts/demo/hooks) in a temporary repo with `hookshim init`,
// then fire the sample Cursor payloads (scripts/demo/payloads) exactly as Cursor does — the bound command
// through `sh -c`, from the repo root, payload on stdin — and print what each guard decided.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const demo = path.join(root, 'scripts', 'demo');
const tty = process.stdout.isTTY && !process.env.NO_COLOR;
const c = (code, s) => (tty ? `\x1b[${code}m${s}\x1b[0m` : s);
const bold = (s) => c(1, s);
const dim = (s) => c(2, s);

const repo = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'hookshim-demo-')));
fs.cpSync(path.join(demo, 'hooks'), path.join(repo, 'hooks'), { recursive: true });
const sub = (text) => text.replaceAll('${REPO}', repo);
fs.writeFileSync(
  path.join(repo, 'transcript.jsonl'),
  sub(fs.readFileSync(path.join(demo, 'payloads', 'transcript.cursor.jsonl'), 'utf8')),
);

console.log(bold(`$ hookshim init ${repo}`));
const init = spawnSync(process.execPath, [path.join(root, 'dist', 'cli.mjs'), 'init', repo], { encoding: 'utf8' });
process.stdout.write(init.stdout.replace(/^/gm, '  '));
if (init.status !== 0) {
  process.stderr.write(init.stderr);
  process.exit(1);
}
const bound = JSON.parse(fs.readFileSync(path.join(repo, '.cursor', 'hooks.json'), 'utf8')).hooks;

/** @type {NodeJS.ProcessEnv} */
const env = { ...process.env, CURSOR_PROJECT_DIR: repo, HOOKSHIM_STATE_DIR: path.join(repo, '.hookshim-state') };
delete env.HOOKSHIM_DEBUG;
let failures = 0;
for (const name of fs
  .readdirSync(path.join(demo, 'payloads'))
  .filter((n) => n.endsWith('.json'))
  .sort()) {
  const payload = sub(fs.readFileSync(path.join(demo, 'payloads', name), 'utf8'));
  const input = JSON.parse(payload);
  const event = input.hook_event_name;
  const command = bound[event]?.find((e) => e.command.includes('hookshim'))?.command;
  console.log(`\n${bold(`▶ ${name}`)}  ${describe(input)}`);
  if (!command) {
    console.log(dim(`  (${event} is not bound by this catalog)`));
    continue;
  }
  const t0 = process.hrtime.bigint();
  const r = spawnSync('sh', ['-c', command], { cwd: repo, input: payload, env, encoding: 'utf8' });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  let answer;
  try {
    answer = JSON.parse(r.stdout);
  } catch {
    failures++;
    answer = r.stdout;
  }
  console.log(`  ${c(36, 'Cursor gets')} ${JSON.stringify(answer)} ${dim(`(${ms.toFixed(0)} ms, exit ${r.status})`)}`);
  for (const line of r.stderr.trim().split('\n').filter(Boolean)) console.log(dim(`  stderr │ ${line}`));
}
console.log(`\n${dim(`demo repo kept at ${repo}`)}`);
process.exit(failures ? 1 : 0);

function describe(input) {
  switch (input.hook_event_name) {
    case 'preToolUse':
    case 'postToolUse':
      return `${input.hook_event_name} ${input.tool_name} ${JSON.stringify(input.tool_input).slice(0, 80)}`;
    case 'beforeSubmitPrompt':
      return `beforeSubmitPrompt ${JSON.stringify(input.prompt)}`;
    default:
      return input.hook_event_name;
  }
}
