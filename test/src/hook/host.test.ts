// src/hook/host.ts: the bound command's `[--host <id>] <event>` chooses the host of the process, once.
import { afterEach, describe, expect, it } from 'vitest';
import { CURSOR } from '../../../adapters/hosts/cursor/index.ts';
import { host, isPermission, takeHostArgs, useHost } from '../../../src/hook/host.ts';

afterEach(() => useHost(CURSOR));

describe('takeHostArgs', () => {
  it('no --host: Cursor, as every binding written before hosts existed', () => {
    expect(takeHostArgs(['preToolUse'])).toEqual({ event: 'preToolUse' });
    expect(host()).toBe(CURSOR);
  });
  it('--host cursor <event>', () => {
    expect(takeHostArgs(['--host', 'cursor', 'stop'])).toEqual({ event: 'stop' });
    expect(host()).toBe(CURSOR);
  });
  it('a host this bundle does not know is returned, and the host left as it was', () => {
    expect(takeHostArgs(['--host', 'nope', 'preToolUse'])).toEqual({ event: 'preToolUse', unknownHost: 'nope' });
    expect(takeHostArgs(['--host'])).toEqual({ event: '', unknownHost: '' });
    expect(host()).toBe(CURSOR);
  });
  it("permission events are the host's", () => {
    expect(isPermission('preToolUse')).toBe(true);
    expect(isPermission('stop')).toBe(false);
    expect(isPermission('toString')).toBe(false);
  });
});
