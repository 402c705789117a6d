// src/hook/http.ts: http rows as Claude runs them (docs/claude-hooks.md §9 `http`), against a loopback server.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interpret } from '../../../adapters/outcome.ts';
import { resolveHeader, startHttp, urlAllowed, type HttpJob } from '../../../src/hook/http.ts';
import { OUTPUT_CAP } from '../../../src/hook/runner.ts';

let base = '';
let server: http.Server;
const got: { url?: string; body: string; headers: http.IncomingHttpHeaders }[] = [];
beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      got.push({ ...(req.url ? { url: req.url } : {}), body, headers: req.headers });
      const route: Record<string, () => void> = {
        '/empty': () => res.writeHead(204).end(),
        '/deny': () => res.writeHead(200).end('{"decision":"block","reason":"no"}'),
        '/array': () => res.writeHead(200).end('[1]'),
        '/403': () => res.writeHead(403).end('{"decision":"block"}'),
        '/big': () => res.writeHead(200).end(`{"a":"${'x'.repeat(OUTPUT_CAP)}"}`),
        '/slow': () => setTimeout(() => res.writeHead(200).end(''), 5000).unref(),
      };
      (route[req.url ?? ''] ?? (() => res.writeHead(404).end()))();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const job = (path: string, over: Partial<HttpJob> = {}): HttpJob => ({
  kind: 'http',
  label: path,
  locator: 'PreToolUse[0].hooks[0]',
  claudeEvent: 'PreToolUse',
  url: `${base}${path}`,
  headers: {},
  body: '{"hook_event_name":"PreToolUse"}',
  timeoutMs: 3000,
  timeoutSeconds: 3,
  ...over,
});
const run = async (j: HttpJob) => interpret((await startHttp([j]).done)[0] as never);

describe('resolveHeader / urlAllowed', () => {
  it.each([
    ['Bearer $T', 'Bearer tok'],
    ['Bearer ${T}', 'Bearer tok'],
    ['$OTHER/${OTHER}', '/'],
    ['$T$T', 'toktok'],
  ])('%s → %s', (v, want) => expect(resolveHeader(v, new Set(['T']), { T: 'tok', OTHER: 'secret' })).toBe(want));
  it.each<[string, string[] | undefined, boolean]>([
    ['http://127.0.0.1:9/x', undefined, true],
    ['http://127.0.0.1:9/x', [], false],
    ['http://127.0.0.1:9/x', ['http://127.0.0.1:*'], true],
    ['https://evil.example/?http://127.0.0.1:', ['http://127.0.0.1:*'], false],
    ['https://a.example/x', ['https://*.example/*'], true],
  ])('%s in %j → %s', (url, list, ok) => expect(urlAllowed(url, list)).toBe(ok));
});

describe('startHttp: the answer read as Claude reads it', () => {
  it('POSTs the payload as application/json', async () => {
    await run(job('/empty', { headers: { 'X-A': 'b' } }));
    expect(got.at(-1)).toMatchObject({
      url: '/empty',
      body: '{"hook_event_name":"PreToolUse"}',
      headers: { 'content-type': 'application/json', 'x-a': 'b' },
    });
  });
  it('2xx empty: success, no decision', async () => expect(await run(job('/empty'))).toMatchObject({ kind: 'ok' }));
  it('2xx JSON object: read like stdout', async () =>
    expect(await run(job('/deny'))).toMatchObject({ kind: 'blocked', reason: 'no' }));
  it.each([['/array'], ['/403'], ['/nowhere']])('%s: a non-blocking error, whatever the body says', async (p) => {
    const v = await run(job(p));
    expect(v).toMatchObject({ kind: 'ok', error: expect.stringMatching(/non-blocking error/) });
  });
  it('no connection: a non-blocking error; with onFailure "block" it blocks', async () => {
    const gone = job('/x', { url: 'http://127.0.0.1:1/x' });
    expect(await run(gone)).toMatchObject({ kind: 'ok', error: expect.stringMatching(/cannot reach/) });
    expect(await run({ ...gone, onFailure: 'block' })).toMatchObject({ kind: 'blocked', how: 'onFailure' });
  });
  it('a timeout is no decision', async () => {
    expect(await run(job('/slow', { timeoutMs: 200, timeoutSeconds: 0.2 }))).toMatchObject({
      kind: 'ok',
      error: expect.stringMatching(/a timeout is no decision/),
    });
  });
  it('a body over the capture cap is unreadable (a failure, as for a script)', async () => {
    expect(await run(job('/big'))).toMatchObject({ kind: 'failed', failure: { kind: 'unreadable' } });
  });
  it('a refused job is never sent', async () => {
    const n = got.length;
    expect(await run(job('/deny', { refused: 'not allowed' }))).toMatchObject({
      kind: 'ok',
      error: 'not allowed (non-blocking error)',
    });
    expect(got.length).toBe(n);
  });
  it('the snapshot of a request still waiting counts it as timed out: no decision', () => {
    const b = startHttp([job('/slow')]);
    expect(b.snapshot()[0]).toMatchObject({ softFailure: expect.stringMatching(/a timeout is no decision/) });
    b.killAll();
  });
});
