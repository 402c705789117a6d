// Transcripts end to end with the built shim: Stop guards read a Claude-shaped transcript, with the tool
// results hookshim recorded from postToolUse paired in; result-gated rows wait for results.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cursorPayload, ensureBuilt, makeRepo, toolUseId, type Repo } from './harness.ts';

// Reads the transcript as many real Stop guards do: grep for "role":"assistant", take the last text block.
const LAST_WORDS = `#!/usr/bin/env node
import fs from 'node:fs';
let s='';process.stdin.on('data',d=>s+=d).on('end',()=>{const {transcript_path,last_assistant_message}=JSON.parse(s);
fs.writeFileSync(process.env.CLAUDE_PROJECT_DIR+'/last-field.txt',String(last_assistant_message));
const lines=fs.readFileSync(transcript_path,'utf8').split('\\n').filter(l=>l.includes('"role":"assistant"'));
let last='';for(const l of lines)for(const b of JSON.parse(l).message.content)if(b.type==='text')last=b.text;
fs.writeFileSync(process.env.CLAUDE_PROJECT_DIR+'/last-words.txt',last);});
`;
// Blocks unless a tool_result exists for a Bash tool_use that ran the tests.
const NEEDS_TEST_RESULT = `#!/usr/bin/env node
import fs from 'node:fs';
let s='';process.stdin.on('data',d=>s+=d).on('end',()=>{const {transcript_path}=JSON.parse(s);
const ids=new Set();let ok=false;
for(const l of fs.readFileSync(transcript_path,'utf8').split('\\n').filter(Boolean)){const e=JSON.parse(l);
for(const b of (Array.isArray(e.message?.content)?e.message.content:[])){
if(b.type==='tool_use'&&b.name==='Bash'&&/npm test/.test(b.input.command))ids.add(b.id);
if(b.type==='tool_result'&&ids.has(b.tool_use_id)&&!b.is_error)ok=true;}}
if(!ok){console.log(JSON.stringify({decision:'block',reason:'No passing npm test result in this session.'}));}});
`;

let repo: Repo;
let transcript: string;
const conv = 'c0nv-tx-0000-4000-8000-000000000001';
const line = (o: unknown) => `${JSON.stringify(o)}\n`;
const assistantText = (text: string) => line({ role: 'assistant', message: { content: [{ type: 'text', text }] } });

beforeAll(() => {
  ensureBuilt();
  repo = makeRepo(
    {
      hooks: {
        Stop: [
          {
            hooks: [
              { type: 'command', command: '"${CLAUDE_PLUGIN_ROOT}"/hooks/last-words.mjs' },
              { type: 'command', command: '"${CLAUDE_PLUGIN_ROOT}"/hooks/needs-test-result.mjs' },
            ],
          },
        ],
      },
    },
    { 'last-words.mjs': LAST_WORDS, 'needs-test-result.mjs': NEEDS_TEST_RESULT },
  );
  expect(repo.init().status).toBe(0);
  transcript = repo.write(
    'cursor-transcript.jsonl',
    line({
      role: 'user',
      message: {
        content: [
          {
            type: 'text',
            text: '<timestamp>Monday, Nov 30, 2026, 9:12 AM (UTC+1)</timestamp>\n<user_query>\nfix sum and run the tests\n</user_query>',
          },
        ],
      },
    }) +
      line({
        role: 'assistant',
        message: {
          content: [
            { type: 'text', text: 'Running the tests.' },
            { type: 'tool_use', name: 'Shell', input: { command: 'npm test', description: 'Run tests' } },
          ],
        },
      }) +
      assistantText('The tests should pass now.') +
      line({ type: 'turn_ended', status: 'success' }),
  );
});
afterAll(() => repo?.cleanup());

const stop = (gen: string) =>
  cursorPayload('stop', repo, {
    conversation_id: conv,
    session_id: conv,
    generation_id: gen,
    status: 'completed',
    loop_count: 0,
    transcript_path: transcript,
  });
const lastWords = () => fs.readFileSync(path.join(repo.dir, 'last-words.txt'), 'utf8');

describe('Stop guards read a Claude-shaped transcript (docs/cursor-hooks.md §7 → docs/claude-hooks.md §4)', () => {
  it('before the tool result is recorded: the last words are seen, and the result-needing guard blocks', () => {
    const r = repo.fire('stop', stop('g1'));
    expect(lastWords()).toBe('The tests should pass now.');
    expect(fs.readFileSync(path.join(repo.dir, 'last-field.txt'), 'utf8')).toBe('The tests should pass now.');
    expect(r.json).toEqual({ followup_message: 'No passing npm test result in this session.' });
  });

  it("after Cursor's postToolUse of `npm test` is recorded, its tool_result is paired in and the guard passes", () => {
    const post = cursorPayload('postToolUse', repo, {
      conversation_id: conv,
      session_id: conv,
      generation_id: 'g1',
      tool_name: 'Shell',
      tool_input: { command: 'npm test', cwd: '', timeout: 30000 },
      tool_output: '{"output":"Tests  3 passed (3)\\n","exitCode":0}',
      tool_use_id: toolUseId(),
      duration: 900,
      transcript_path: transcript,
    });
    expect(repo.fire('postToolUse', post).json).toEqual({});
    fs.appendFileSync(transcript, assistantText('All 3 tests pass.'));
    const r = repo.fire('stop', stop('g2'));
    expect(lastWords()).toBe('All 3 tests pass.');
    expect(r.json).toEqual({});
  });

  it('a missing transcript file: scripts get an empty but valid transcript, and stderr says why', () => {
    const r = repo.fire('stop', { ...stop('g3'), transcript_path: path.join(repo.dir, 'gone.jsonl') });
    expect(r.json).toEqual({ followup_message: 'No passing npm test result in this session.' });
    expect(lastWords()).toBe('');
    expect(r.stderr).toMatch(/gone\.jsonl/);
  });
});

describe('result-gated rows (.cursor/hookshim.json resultGated)', () => {
  it('are skipped, with the reason on stderr, until the conversation has a recorded tool result; then they run', () => {
    repo.write('.cursor/hookshim.json', JSON.stringify({ resultGated: ['needs-test-result.mjs'] }));
    try {
      const fresh = 'c0nv-gated-0000-4000-8000-000000000002';
      const first = repo.fire('stop', { ...stop('g-gated-1'), conversation_id: fresh, session_id: fresh });
      expect(first.json).toEqual({});
      expect(first.stderr).toMatch(
        /skipped hooks\/hooks\.json Stop\[0\]\.hooks\[1\]: marked result-gated \("needs-test-result\.mjs"\) and no tool results are recorded for this conversation yet/,
      );
      repo.fire(
        'postToolUse',
        cursorPayload('postToolUse', repo, {
          conversation_id: fresh,
          session_id: fresh,
          tool_name: 'Shell',
          tool_input: { command: 'ls' },
          tool_output: '{"output":"a\\n","exitCode":0}',
          tool_use_id: toolUseId(),
        }),
      );
      fs.appendFileSync(transcript, assistantText('Listed the files.'));
      const second = repo.fire('stop', { ...stop('g-gated-2'), conversation_id: fresh, session_id: fresh });
      expect(second.json).toEqual({ followup_message: 'No passing npm test result in this session.' });
    } finally {
      fs.rmSync(path.join(repo.dir, '.cursor', 'hookshim.json'), { force: true });
    }
  });
});

// A Stop guard that reads the transcript cheaply: it records how many lines and bytes the rewrite handed to it.
const COUNT_LINES = `#!/usr/bin/env node
import fs from 'node:fs';
let s='';process.stdin.on('data',d=>s+=d).on('end',()=>{const {transcript_path}=JSON.parse(s);
const fd=fs.openSync(transcript_path,'r');const buf=Buffer.alloc(1<<20);let n=0,size=0,k;
while((k=fs.readSync(fd,buf,0,buf.length,size))>0){size+=k;for(let i=0;i<k;i++)if(buf[i]===10)n++;}
fs.writeFileSync(process.env.CLAUDE_PROJECT_DIR+'/counted.json',JSON.stringify({lines:n,size}));});
`;

/** About 1 MiB of Cursor transcript lines (docs/cursor-hooks.md §7 shapes): prompts, text, Shell, edits, writes, turn ends. */
function cursorBlock(): Buffer {
  const out: string[] = [];
  let bytes = 0;
  let n = 0;
  const push = (o: unknown) => {
    const l = JSON.stringify(o);
    out.push(l);
    bytes += l.length + 1;
  };
  const words = (k: number) =>
    Array.from(
      { length: k },
      (_, i) => ['fix', 'the', 'test', 'run', 'build', 'path→ünïcode', '"quoted"', 'line\\nbreak'][(i * 7 + n) % 8],
    ).join(' ');
  while (bytes < 1 << 20) {
    n++;
    push({ role: 'user', message: { content: [{ type: 'text', text: `<user_query>\n${words(40)}\n</user_query>` }] } });
    push({ role: 'assistant', message: { content: [{ type: 'text', text: words(120) }] } });
    push({
      role: 'assistant',
      message: {
        content: [
          {
            type: 'tool_use',
            name: 'Shell',
            input: { command: `npm run check -- --n ${n}`, description: 'Run the check' },
          },
        ],
      },
    });
    push({
      role: 'assistant',
      message: {
        content: [
          { type: 'text', text: 'Editing.' },
          {
            type: 'tool_use',
            name: 'StrReplace',
            input: { path: 'src/a.ts', old_string: words(200), new_string: words(210) },
          },
        ],
      },
    });
    push({ type: 'turn_ended', status: 'success' });
  }
  return Buffer.from(`${out.join('\n')}\n`);
}

describe('every event\'s transcript work is bounded by its deadline (docs/transcripts.md "Bounds", docs/security.md 12)', () => {
  let bounded: Repo;
  const conv = 'c0nv-bounds-0000-4000-8000-000000000003';
  // Cursor's timeout for stop, seconds: the answer must come before it; the rewrite gets half of what is left.
  const TIMEOUT_S = 3;
  const fire = (file: string, gen: string) =>
    bounded.fire(
      'stop',
      cursorPayload('stop', bounded, {
        conversation_id: conv,
        session_id: conv,
        generation_id: gen,
        status: 'completed',
        loop_count: 0,
        transcript_path: file,
      }),
    );
  const counted = () =>
    JSON.parse(fs.readFileSync(path.join(bounded.dir, 'counted.json'), 'utf8')) as { lines: number; size: number };
  const upTo = (stderr: string, total: number) => {
    const m = new RegExp(
      `^hookshim: transcript .*: rewritten up to byte (\\d+) of ${total} within this event's time; scripts get the rewrite as it stands, later events go on$`,
      'm',
    ).exec(stderr);
    return m ? Number(m[1]) : undefined;
  };

  beforeAll(() => {
    ensureBuilt();
    bounded = makeRepo(
      { hooks: { Stop: [{ hooks: [{ type: 'command', command: '"${CLAUDE_PLUGIN_ROOT}"/hooks/count-lines.mjs' }] }] } },
      { 'count-lines.mjs': COUNT_LINES },
    );
    expect(bounded.init().status).toBe(0);
    const doc = JSON.parse(fs.readFileSync(path.join(bounded.dir, '.cursor', 'hooks.json'), 'utf8'));
    for (const entry of doc.hooks.stop) if (String(entry.command).includes('hookshim')) entry.timeout = TIMEOUT_S;
    fs.writeFileSync(path.join(bounded.dir, '.cursor', 'hooks.json'), JSON.stringify(doc));
  });
  afterAll(() => bounded?.cleanup());

  it('a transcript of about 280 MB: the stop answers within its timeout with the rewrite as far as it got, and the next event goes on from there', () => {
    const file = path.join(bounded.dir, 'big.jsonl');
    const block = cursorBlock();
    const fd = fs.openSync(file, 'w');
    for (let i = 0; i < 256; i++) fs.writeSync(fd, block);
    fs.closeSync(fd);
    const total = block.length * 256;
    const first = fire(file, 'g1');
    expect(first.json).toEqual({});
    expect(first.ms).toBeLessThan(TIMEOUT_S * 1000);
    const b1 = upTo(first.stderr, total);
    expect(b1).toBeGreaterThan(0);
    expect(counted().lines).toBeGreaterThan(0);
    const second = fire(file, 'g2');
    expect(second.ms).toBeLessThan(TIMEOUT_S * 1000);
    const b2 = upTo(second.stderr, total) ?? total;
    expect(b2).toBeGreaterThan(b1 ?? 0);
    expect(counted().lines).toBeGreaterThan(0);
  });

  it('a 2 GiB file whose last line has no newline (sparse): its good lines are served, the long line is dropped unread and said, within the timeout', () => {
    const file = path.join(bounded.dir, 'no-newline.jsonl');
    const good = `${[1, 2, 3].map((i) => JSON.stringify({ role: 'assistant', message: { content: [{ type: 'text', text: `line ${i}` }] } })).join('\n')}\n`;
    fs.writeFileSync(file, good);
    fs.truncateSync(file, good.length + 2 ** 31);
    const r = fire(file, 'g3');
    expect(r.json).toEqual({});
    expect(r.ms).toBeLessThan(TIMEOUT_S * 1000);
    expect(r.stderr).toMatch(
      /^hookshim: transcript .*no-newline\.jsonl: line 4 \(at byte \d+\) is longer than 16 MiB: dropped unread$/m,
    );
    expect(counted().lines).toBe(3);
    // Later events go on skipping the long line (or are done with it); the good lines stay served.
    const again = fire(file, 'g4');
    expect(again.ms).toBeLessThan(TIMEOUT_S * 1000);
    expect(again.stderr).not.toMatch(/line 4 .* dropped unread/);
    expect(counted().lines).toBe(3);
  });

  it('with a long stop timeout, transcript work still stops after 1 s per file: a 2 GiB line without a newline is skipped over several events', () => {
    const doc = JSON.parse(fs.readFileSync(path.join(bounded.dir, '.cursor', 'hooks.json'), 'utf8'));
    for (const entry of doc.hooks.stop) if (String(entry.command).includes('hookshim')) entry.timeout = 120;
    fs.writeFileSync(path.join(bounded.dir, '.cursor', 'hooks.json'), JSON.stringify(doc));
    const file = path.join(bounded.dir, 'no-newline-long.jsonl');
    const good = `${JSON.stringify({ role: 'assistant', message: { content: [{ type: 'text', text: 'only line' }] } })}\n`;
    fs.writeFileSync(file, good);
    fs.truncateSync(file, good.length + 2 ** 31);
    // Half of 120 s would be 60 s of reading; the bound is 1 s, asserted generously (a shared machine).
    const first = fire(file, 'g5');
    expect(first.json).toEqual({});
    expect(first.ms).toBeLessThan(10_000);
    expect(first.stderr).toMatch(
      /^hookshim: transcript .*no-newline-long\.jsonl: line 2 \(at byte \d+\) is longer than 16 MiB: dropped unread$/m,
    );
    expect(counted().lines).toBe(1);
    const second = fire(file, 'g6');
    expect(second.ms).toBeLessThan(10_000);
    expect(counted().lines).toBe(1);
  });
});
