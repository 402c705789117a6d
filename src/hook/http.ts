// The second kind of job beside command rows: a `type: "http"` row, run as Claude Code runs it (docs/claude-hooks.md
// §8 `http`): a POST of the same input JSON, under the same deadline and output cap as a script. Node's own fetch,
// touched only when an event runs an http row (globalThis.fetch loads its client on first use).
import type { ClaudeEvent } from '../../adapters/eventMap.ts';
import type { RunResult } from '../../adapters/types.ts';
import { base, OUTPUT_CAP, type Batch } from './runner.ts';

/** One http row ready to send. */
export interface HttpJob {
  kind: 'http';
  label: string;
  locator: string;
  catalog?: string;
  plugin?: string;
  claudeEvent: ClaudeEvent;
  url: string;
  /** Headers with their allowed variables already resolved. */
  headers: Record<string, string>;
  /** The Claude JSON, as a script gets it on stdin. */
  body: string;
  timeoutMs: number;
  timeoutSeconds: number;
  onFailure?: 'block';
  /**
   * `async: true`: sent by a detached process of its own (SENDER) after hookshim answers, its decision ignored; its
   * answer goes to `output` (src/state/asyncContext.ts) for the next postToolUse to deliver its context.
   */
  background?: boolean;
  /** A background job's environment (what scripts inherit) and output base. */
  env?: Record<string, string>;
  output?: string;
  /** Known before sending: why it is not sent (its payload cannot be serialised, its url is not allowed). */
  refused?: string;
}

/** `$VAR` / `${VAR}` in a header value: the variable's value when `allowed` names it, else empty (docs/claude-hooks.md §9). */
export function resolveHeader(value: string, allowed: ReadonlySet<string>, env: NodeJS.ProcessEnv): string {
  return value.replace(
    /\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)/g,
    (_, braced?: string, bare?: string) => {
      const name = (braced ?? bare) as string;
      return allowed.has(name) ? (env[name] ?? '') : '';
    },
  );
}

/** Whether `url` matches an `allowedHttpHookUrls` pattern (`*` matches any characters); no list allows every url. */
export function urlAllowed(url: string, patterns: readonly string[] | undefined): boolean {
  if (patterns === undefined) return true;
  return patterns.some((p) =>
    new RegExp(
      `^${p
        .split('*')
        .map((part) => part.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'))
        .join('.*')}$`,
    ).test(url),
  );
}

/** Send every http job at once; `done` resolves when all have answered, failed or run out of time. */
export function startHttp(jobs: readonly HttpJob[]): Batch {
  const started = Date.now();
  const results: (RunResult | undefined)[] = jobs.map(() => undefined);
  const controllers = jobs.map(() => new AbortController());
  const done = Promise.all(
    jobs.map(async (job, i) => {
      results[i] = job.background ? await sendDetached(job) : await send(job, controllers[i] as AbortController);
    }),
  ).then(() => results as RunResult[]);
  return {
    done,
    // An http row still waiting at the deadline timed out: no decision (docs/claude-hooks.md §9).
    snapshot: () =>
      jobs.map((job, i) => results[i] ?? answer(job, Date.now() - started, { softFailure: timedOut(job) })),
    killAll: () => controllers.forEach((c) => c.abort()),
  };
}

/** "no answer within 5s": a timeout is no decision, not a failure that closes (docs/claude-hooks.md §9). */
function timedOut(job: HttpJob): string {
  return `no answer from ${job.url} within ${job.timeoutSeconds}s (a timeout is no decision)`;
}

/** POST the job and read its answer as Claude does: 2xx empty or a JSON object counts, anything else is a non-blocking error. */
async function send(job: HttpJob, ctl: AbortController): Promise<RunResult> {
  const t0 = Date.now();
  if (job.refused !== undefined) return answer(job, 0, { softFailure: job.refused });
  const timer = setTimeout(() => ctl.abort(), Math.max(0, job.timeoutMs));
  try {
    const res = await fetch(job.url, {
      method: 'POST',
      headers: { ...job.headers, 'Content-Type': 'application/json' },
      body: job.body,
      signal: ctl.signal,
      redirect: 'error',
    });
    const { text, truncated } = await readCapped(res);
    const ms = Date.now() - t0;
    if (res.status < 200 || res.status > 299)
      return answer(job, ms, { softFailure: `${job.url} answered HTTP ${res.status}` });
    const body = text.trim();
    if (body === '') return answer(job, ms, { exitCode: 0 });
    if (!isJsonObject(body) && !truncated)
      return answer(job, ms, {
        softFailure: `${job.url} answered ${res.status} with a body that is not a JSON object`,
      });
    // A JSON object is read like a script's stdout (a cut one is unreadable there: outcome.ts).
    return answer(job, ms, { exitCode: 0, stdout: body, truncated });
  } catch (err) {
    const ms = Date.now() - t0;
    if (ctl.signal.aborted) return answer(job, ms, { softFailure: timedOut(job) });
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    return answer(job, ms, {
      softFailure: `cannot reach ${job.url}: ${cause?.code ?? cause?.message ?? (err as Error).message}`,
    });
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The sender of an async http row, `node -e SENDER`: hookshim exits once it answered (src/hook/lifeline.ts), so a request
 * it made itself would die with it. The job arrives on stdin (headers may hold secrets: never on the command line); a
 * 2xx body is written to stdout (the output's .part file, at most OUTPUT_CAP bytes), which is then renamed to
 * `.0.done` (`.1.done` for any other answer, no connection or the row's timeout). It runs outside hookshim's deadline,
 * as an async command row does, and only its own timeout limits it.
 */
export const SENDER = `let s='';process.stdin.setEncoding('utf8');process.stdin.on('data',c=>s+=c);process.stdin.on('end',async()=>{
const fs=require('fs');const j=JSON.parse(s);let code=1,body='';
try{const r=await fetch(j.url,{method:'POST',headers:{...j.headers,'Content-Type':'application/json'},body:j.body,
redirect:'error',signal:AbortSignal.timeout(j.timeoutMs)});
const t=await r.text();if(r.status>=200&&r.status<300){code=0;body=t.trim().slice(0,j.cap)}}catch{}
try{if(body)fs.writeSync(1,body)}catch{}
if(j.output){try{fs.renameSync(j.output+'.part',j.output+'.'+code+'.done')}catch{}}});`;

/** Start an async http row's sender, detached, and answer for it at once (its decision is ignored anyway). */
async function sendDetached(job: HttpJob): Promise<RunResult> {
  // Not background in its result: a refused url is a non-blocking error, said on stderr (outcome.ts).
  if (job.refused !== undefined) return answer(job, 0, { softFailure: job.refused, background: false });
  const { spawn } = await import('node:child_process');
  const fs = await import('node:fs');
  let out: number | undefined;
  try {
    if (job.output !== undefined)
      out = fs.openSync(
        `${job.output}.part`,
        fs.constants.O_WRONLY | fs.constants.O_APPEND | (fs.constants.O_NOFOLLOW ?? 0),
      );
    const child = spawn(process.execPath, ['-e', SENDER], {
      detached: true,
      stdio: ['pipe', out ?? 'ignore', 'ignore'],
      env: job.env ?? {},
      windowsHide: true,
    });
    child.on('error', () => {});
    child.stdin?.on('error', () => {});
    const { url, headers, body, timeoutMs, output } = job;
    // hookshim exits right after answering: a job larger than the pipe's buffer must be taken first (1 s at most).
    await Promise.race([
      new Promise<void>((r) =>
        child.stdin?.end(JSON.stringify({ url, headers, body, timeoutMs, output, cap: OUTPUT_CAP }), () => r()),
      ),
      new Promise<void>((r) => setTimeout(r, 1000).unref()),
    ]);
    child.unref();
    return answer(job, 0, { exitCode: 0 });
  } catch (err) {
    const why = `could not start the sender of ${job.url}: ${(err as Error).message}`;
    return answer(job, 0, { softFailure: why, background: false });
  } finally {
    if (out !== undefined) fs.closeSync(out);
  }
}

/** The response body up to OUTPUT_CAP bytes, the rest dropped. */
async function readCapped(res: Response): Promise<{ text: string; truncated: boolean }> {
  if (!res.body) return { text: '', truncated: false };
  const chunks: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    const room = OUTPUT_CAP - size;
    if (chunk.length > room) {
      chunks.push(chunk.subarray(0, room));
      size = OUTPUT_CAP;
      truncated = true;
      break;
    }
    chunks.push(chunk);
    size += chunk.length;
  }
  return { text: Buffer.concat(chunks, size).toString('utf8'), truncated };
}

function isJsonObject(text: string): boolean {
  try {
    const v: unknown = JSON.parse(text);
    return typeof v === 'object' && v !== null && !Array.isArray(v);
  } catch {
    return false;
  }
}

/** The run result of an http job, in the shape a script's takes. */
function answer(job: HttpJob, durationMs: number, got: Partial<RunResult>): RunResult {
  return {
    ...base(job),
    exitCode: null,
    signal: null,
    stdout: '',
    stderr: '',
    timedOut: false,
    durationMs,
    truncated: false,
    ...(job.background ? { background: true } : {}),
    ...got,
  };
}
