// Read Cursor's hook payload: one JSON document on stdin, maybe BOM-prefixed (cursor-hooks.md §2).
import type { Json } from '../adapters/types.ts';

export interface StdinPayload {
  input: Json;
  /** Why the payload could not be used as is (shown on stderr); undefined when it was fine. */
  problem?: string;
  bytes: number;
}

/** A writer that sent one complete JSON object but never closes stdin is taken at its word after this quiet time. */
export const QUIET_MS = 100;

/** Read stdin to its end (or until `timeoutMs`, or a complete object followed by silence), then parse it. */
export async function readStdin(stream: NodeJS.ReadableStream & { isTTY?: boolean }, timeoutMs: number): Promise<StdinPayload> {
  if (stream.isTTY) return { input: {}, problem: 'stdin is a terminal, not a hook payload', bytes: 0 };
  const chunks: Buffer[] = [];
  let size = 0;
  let early: { input: Json } | undefined;
  const done = await new Promise<'end' | 'timeout' | 'error' | 'complete'>((resolve) => {
    let quiet: NodeJS.Timeout | undefined;
    const finish = (how: 'end' | 'timeout' | 'error' | 'complete') => {
      clearTimeout(timer);
      clearTimeout(quiet);
      resolve(how);
    };
    const timer = setTimeout(() => finish('timeout'), Math.max(0, timeoutMs));
    stream.on('data', (c: Buffer | string) => {
      const b = typeof c === 'string' ? Buffer.from(c) : c;
      chunks.push(b);
      size += b.length;
      clearTimeout(quiet);
      quiet = setTimeout(() => {
        const parsed = parsePayload(Buffer.concat(chunks, size).toString('utf8'));
        if (!parsed.problem) {
          early = parsed;
          finish('complete');
        }
      }, QUIET_MS);
    });
    stream.once('end', () => finish('end'));
    stream.once('error', () => finish('error'));
  });
  if (done === 'complete' && early) return { ...early, bytes: size };
  const parsed = parsePayload(Buffer.concat(chunks, size).toString('utf8'));
  if (done === 'timeout') return { ...parsed, problem: `stdin was still open after ${timeoutMs}ms; used what arrived${parsed.problem ? ` (${parsed.problem})` : ''}`, bytes: size };
  if (done === 'error') return { ...parsed, problem: `stdin read failed${parsed.problem ? ` (${parsed.problem})` : ''}`, bytes: size };
  return { ...parsed, bytes: size };
}

/** Parse a payload text: strip a UTF-8 BOM (Cursor on Windows sends one), require a JSON object. */
export function parsePayload(text: string): { input: Json; problem?: string } {
  const body = text.replace(/^\uFEFF/, '').trim();
  if (!body) return { input: {}, problem: 'stdin was empty; expected one JSON object from Cursor' };
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch (err) {
    return { input: {}, problem: `stdin is not JSON (${(err as Error).message}); received: ${preview(body)}` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { input: {}, problem: `stdin is JSON but not an object; received: ${preview(body)}` };
  }
  return { input: value as Json };
}

function preview(text: string): string {
  const one = JSON.stringify(text.length > 120 ? `${text.slice(0, 120)}…` : text);
  return one;
}
