// adapters/hosts/: every host's tables agree with themselves, and the registry names each host once.
import { describe, expect, it } from 'vitest';
import { CODEX } from '../../../adapters/hosts/codex/index.ts';
import { COPILOT } from '../../../adapters/hosts/copilot/index.ts';
import { CURSOR } from '../../../adapters/hosts/cursor/index.ts';
import { HOST_IDS, isHostId, loadHost } from '../../../adapters/hosts/registry.ts';
import type { HostTable } from '../../../adapters/hosts/types.ts';

const HOSTS: Record<string, HostTable> = {
  cursor: CURSOR as HostTable,
  copilot: COPILOT as HostTable,
  codex: CODEX as HostTable,
};
import { handles } from '../../../adapters/hosts/types.ts';

describe.each(Object.values(HOSTS))('host $id', (host) => {
  const events = Object.keys(host.events);
  it('the registry loads it by its id', async () => expect(await loadHost(host.id)).toBe(host));
  it('runs names exactly its handled events, each running at least one Claude event', () => {
    expect(Object.keys(host.runs).sort()).toEqual([...events].sort());
    for (const e of events) expect(host.runs[e]?.length).toBeGreaterThan(0);
  });
  it('its permission events are handled events', () => {
    for (const e of host.permissionEvents) expect(handles(host, e)).toBe(true);
  });
  it('an unbound event is not a handled one, and has a reason', () => {
    for (const [e, why] of Object.entries(host.unbound)) {
      expect(handles(host, e)).toBe(false);
      expect(why.length).toBeGreaterThan(10);
    }
  });
  it('renders a decided deny as a deny carrying its reason, and an allow as no deny', () => {
    const said: string[] = [];
    const deny = JSON.stringify(
      host.render({ permission: 'deny', user_message: 'QQU', agent_message: 'QQA' }, (m) => said.push(m)),
    );
    expect(deny).toMatch(/deny/);
    expect(deny).toMatch(/QQA/);
    expect(JSON.stringify(host.render({ permission: 'allow' }, (m) => said.push(m)))).not.toMatch(/deny/);
    for (const e of host.permissionEvents) expect(handles(host, e)).toBe(true);
  });
});

describe('Cursor', () => {
  const cursor = CURSOR as HostTable;
  it.each([
    ['the conversation id', { conversation_id: 'c', session_id: 's' }, 'c'],
    ['else session_id', { session_id: 's' }, 's'],
    ['else a fixed name', {}, 'unknown-session'],
  ])('session: %s', (_name, input, want) => expect(cursor.sessionIdOf(input)).toBe(want));
  it('its payloads and answers are the shared vocabulary: they pass as they are', () => {
    const input = { conversation_id: 'c', tool_name: 'Shell' };
    expect(cursor.canonical('preToolUse', input, () => {})).toBe(input);
    const answer = { permission: 'deny', user_message: 'no', agent_message: 'no' };
    expect(cursor.render(answer, () => {})).toBe(answer);
  });
  it('an unknown id is no host; every id is one', () => {
    expect(isHostId('toString')).toBe(false);
    expect(HOST_IDS.sort()).toEqual(Object.keys(HOSTS).sort());
  });
});

describe('Copilot', () => {
  it('each agentStop firing is named by its timestamp, so a third continuation is not taken for the second', () => {
    const stop = (timestamp: number) =>
      COPILOT.canonical('agentStop', { sessionId: 's1', timestamp, stop_hook_active: true }, () => {});
    const [a, b] = [stop(1796305021022), stop(1796305022500)];
    expect(a.loop_count).toBe(1);
    expect(a.generation_id).toBe('copilot-stop-1796305021022');
    expect(b.generation_id).not.toBe(a.generation_id);
    expect(COPILOT.canonical('agentStop', { sessionId: 's1' }, () => {}).generation_id).toBeUndefined();
  });
});

describe('Codex', () => {
  it("a turn's turn_id is its generation_id (Claude's prompt_id); SessionStart has none", () => {
    const ups = CODEX.canonical('UserPromptSubmit', { session_id: 's1', turn_id: 't1', prompt: 'p' }, () => {});
    expect(ups.generation_id).toBe('t1');
    expect(CODEX.canonical('SessionStart', { session_id: 's1' }, () => {}).generation_id).toBeUndefined();
  });
});
