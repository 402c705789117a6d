// The Claude-shaped copy of a host's own log (src/state/hostTranscript.ts): written in the private state area,
// appended to as the log grows, rebuilt when the log is replaced, malformed lines said; a log written behind the hooks
// is waited for within bounds.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { COPILOT_TRANSCRIPT } from '../../../adapters/hosts/copilot/transcript.ts';
import type { StateDir } from '../../../src/state/dir.ts';
import { hostTranscript, type HostRewrite } from '../../../src/state/hostTranscript.ts';
import { transcriptFor } from '../../../src/state/index.ts';

const FIXTURE = path.join(import.meta.dirname, '..', '..', 'fixtures', 'copilot', 'events.jsonl');
const all = fs.readFileSync(FIXTURE, 'utf8').split('\n').slice(0, -1);
const stopAt = all.findIndex((l) => l.includes('"hookType":"agentStop"'));
const STOP = { sessionId: 's', timestamp: 1796305021022 };

let tmp: string;
let st: StateDir;
let src: string;
let warned: string[];
const opts = (extra = {}) => ({
  cursorPath: src,
  sessionId: 's',
  cwd: '/p',
  state: st,
  warn: (m: string) => warned.push(m),
  ...extra,
});
const host = (input = {}, event = 'postToolUse'): HostRewrite => ({
  transcript: COPILOT_TRANSCRIPT,
  event,
  input,
  hostName: 'Copilot',
});
const write = (ls: string[]) => fs.writeFileSync(src, ls.map((l) => `${l}\n`).join(''));
const records = (p: string) =>
  fs
    .readFileSync(p, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));

beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'hookshim-hosttx-test-'));
  st = { root: path.join(tmp, 'state') };
  fs.mkdirSync(st.root, { mode: 0o700 });
  src = path.join(tmp, 'events.jsonl');
  warned = [];
});
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('hostTranscript', () => {
  it('writes the copy under the state dir, appends what the log gained, and equals a rewrite in one go', async () => {
    write(all.slice(0, 30));
    const a = await hostTranscript(opts(), host());
    expect(a.path.startsWith(path.join(st.root, ''))).toBe(true);
    const first = records(a.path).length;
    write(all);
    const b = await transcriptFor(opts(), host());
    expect(b.path).toBe(a.path);
    expect(b.lastAssistantMessage).toBe('Updated the notes.');
    const whole = COPILOT_TRANSCRIPT.rewrite(
      all,
      { v: 1, line: 0, lastUuid: null, lastText: null },
      { sessionId: 's', cwd: '/p' },
    );
    expect(records(b.path)).toEqual(whole.lines.map((l) => JSON.parse(l)));
    expect(first).toBeLessThan(whole.lines.length);
    expect(warned).toEqual([]);
  });
  it('rebuilds when the log was replaced, and says so; says malformed lines and goes on', async () => {
    write(all);
    await hostTranscript(opts(), host());
    fs.rmSync(src);
    write(['not json', ...all.slice(0, 20)]);
    const r = await hostTranscript(opts(), host());
    expect(warned.join('\n')).toMatch(/replaced \(new inode\)|shrank/);
    expect(warned.join('\n')).toMatch(/dropped 1 malformed line/);
    expect(records(r.path).length).toBeGreaterThan(0);
  });
  it('waits for a log written behind the hooks until it holds the event, within bounds', async () => {
    write(all.slice(0, stopAt));
    setTimeout(() => write(all), 100);
    const r = await hostTranscript(opts(), host(STOP, 'agentStop'));
    expect(r.lastAssistantMessage).toBe('Updated the notes.');
    expect(warned).toEqual([]);
    write(all.slice(0, stopAt));
    fs.rmSync(path.join(st.root), { recursive: true });
    fs.mkdirSync(st.root, { mode: 0o700 });
    const late = await hostTranscript(opts({ until: Date.now() + 200 }), host(STOP, 'agentStop'));
    expect(late.path).toMatch(/\.jsonl$/);
    expect(warned.join('\n')).toMatch(/does not hold this event yet/);
  });
  it('a tool event waits for nothing: no log yet is an empty transcript at once, said', async () => {
    const t0 = Date.now();
    const r = await hostTranscript(opts(), host({ timestamp: Date.now() }, 'preToolUse'));
    expect(Date.now() - t0).toBeLessThan(1000);
    expect(fs.readFileSync(r.path, 'utf8')).toBe('');
    expect(warned.join('\n')).toMatch(/does not exist/);
  });
  it('no log yet: an empty transcript, said', async () => {
    const r = await hostTranscript(opts({ until: Date.now() + 100 }), host(STOP, 'agentStop'));
    expect(fs.readFileSync(r.path, 'utf8')).toBe('');
    expect(warned.length).toBe(1);
  });
});
