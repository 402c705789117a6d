// adapters/hosts/: every host's tables agree with themselves, and the registry names each host once.
import { describe, expect, it } from 'vitest';
import { HOSTS, hostById } from '../../../adapters/hosts/registry.ts';
import { handles } from '../../../adapters/hosts/types.ts';

describe.each(Object.values(HOSTS))('host $id', (host) => {
  const events = Object.keys(host.events);
  it('its registry key is its id', () => expect(hostById(host.id)).toBe(host));
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
  const cursor = HOSTS.cursor;
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
  it('an unknown id is no host', () => expect(hostById('toString')).toBeUndefined());
});
