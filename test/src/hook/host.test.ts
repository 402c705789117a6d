// src/hook/host.ts: the bound command's `[--host <id>] <event>` chooses the host of the process, once.
import { afterEach, describe, expect, it } from 'vitest';
import { COPILOT } from '../../../adapters/hosts/copilot/index.ts';
import { CURSOR } from '../../../adapters/hosts/cursor/index.ts';
import { chooseHost, host, isPermission, takeHostArgs, useHost } from '../../../src/hook/host.ts';

afterEach(() => useHost(CURSOR));

describe('takeHostArgs and chooseHost', () => {
  it('no --host: Cursor, as every binding written before hosts existed', async () => {
    expect(takeHostArgs(['preToolUse'])).toEqual({ event: 'preToolUse' });
    expect(await chooseHost(undefined)).toBe(true);
    expect(host()).toBe(CURSOR);
  });
  it('--host copilot <event>: its table, loaded', async () => {
    expect(takeHostArgs(['--host', 'copilot', 'agentStop'])).toEqual({ event: 'agentStop', hostId: 'copilot' });
    expect(await chooseHost('copilot')).toBe(true);
    expect(host()).toBe(COPILOT);
    expect(isPermission('preToolUse')).toBe(true);
    expect(isPermission('agentStop')).toBe(false);
  });
  it('a host this bundle does not know: false, and the host left as it was', async () => {
    expect(takeHostArgs(['--host', 'nope', 'preToolUse'])).toEqual({ event: 'preToolUse', hostId: 'nope' });
    expect(takeHostArgs(['--host'])).toEqual({ event: '', hostId: '' });
    expect(await chooseHost('nope')).toBe(false);
    expect(await chooseHost('toString')).toBe(false);
    expect(host()).toBe(CURSOR);
  });
  it("permission events are the host's", () => {
    expect(isPermission('preToolUse')).toBe(true);
    expect(isPermission('stop')).toBe(false);
    expect(isPermission('toString')).toBe(false);
  });
});
