// This repository is bound by its own `hookshim init`: its .cursor/hooks.json must match its catalog, its vendored
// shim must be the one this build ships, and every guard keeps its README row and test (.cursor/hookshim.json).
import { spawnSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLI, ensureBuilt, ROOT } from './harness.ts';

beforeAll(() => ensureBuilt());

describe('dogfood: hookshim check on this repository', () => {
  it('passes (after a source change: `npm run build && node dist/cli.mjs init .`, then commit .cursor/)', () => {
    const r = spawnSync(process.execPath, [CLI, 'check', ROOT], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    expect(r.stdout + r.stderr).toMatch(/^hookshim check: ok/m);
    expect(r.status).toBe(0);
  });
});
