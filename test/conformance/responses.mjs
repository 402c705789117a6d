// A loopback stand-in for the OpenAI Responses API (docs/codex-hooks.md §9), the model the Codex CLI talks to in the
// conformance driver (codex.mjs): POST /v1/responses answers a scripted turn as server-sent events, and every request is
// recorded (what the model got). 127.0.0.1 only, bounded in size and time. The turns are standin.mjs's, plus a
// freeform (custom) tool call for apply_patch.
// @ts-check
import http from 'node:http';
import { errorTurn, textTurn, toolTurn } from './standin.mjs';

export { errorTurn, textTurn, toolTurn };

const MAX_BODY = 32 * 1024 * 1024;

/** A scripted turn that calls the freeform tool `name` (Codex's `apply_patch`) with the raw text `input`. */
export const customTurn = (/** @type {string} */ name, /** @type {string} */ input, /** @type {string} */ id) => ({
  kind: 'custom',
  name,
  input,
  id,
});

/** The items of a request's `input` the model itself produced: each one is a turn of the script already answered. */
const MODEL_ITEMS = new Set(['function_call', 'custom_tool_call', 'local_shell_call']);

/** How many scripted turns a request's input already holds (assistant messages and tool calls). */
export function turnsDone(/** @type {any} */ body) {
  const input = Array.isArray(body.input) ? body.input : [];
  return input.filter(
    (/** @type {any} */ i) => MODEL_ITEMS.has(i.type) || (i.type === 'message' && i.role === 'assistant'),
  ).length;
}

/**
 * Start a stand-in. `script` is the list of turns of the main conversation (requests that offer tools); the turn
 * answered is the number of model items already in the request's input (stateless, so a retried request gets the same
 * turn). Requests without tools (titles, summaries, compaction) get `sideText`. Past the script: "Done.".
 * @param {any[]} script
 */
export async function startResponses(script, sideText = 'ok') {
  /** @type {{method: string | undefined, url: string, body: any, at: number}[]} */
  const requests = [];
  const server = http.createServer((req, res) => {
    let size = 0;
    /** @type {Buffer[]} */
    const chunks = [];
    req.on('data', (c) => {
      size += c.length;
      if (size > MAX_BODY) req.destroy();
      else chunks.push(c);
    });
    req.on('end', () => {
      /** @type {any} */
      let body = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
      } catch {
        body = { unreadable: true };
      }
      requests.push({ method: req.method, url: req.url ?? '', body, at: Date.now() });
      answer(req, res, body, script, sideText);
    });
  });
  server.requestTimeout = 30_000;
  server.headersTimeout = 30_000;
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    url: `http://127.0.0.1:${address.port}/v1`,
    requests,
    /** The requests of the main conversation (POST /v1/responses offering tools), in order. */
    turns: () => requests.filter((r) => r.url.startsWith('/v1/responses') && Array.isArray(r.body.tools)),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve(undefined));
      }),
  };
}

/** Answer one request: a scripted turn for /v1/responses, an empty model list, 404 for the rest. */
function answer(
  /** @type {http.IncomingMessage} */ req,
  /** @type {http.ServerResponse} */ res,
  /** @type {any} */ body,
  /** @type {any[]} */ script,
  /** @type {string} */ sideText,
) {
  const url = req.url ?? '';
  if (req.method === 'GET' && url.startsWith('/v1/models')) {
    res.writeHead(200, { 'content-type': 'application/json' });
    return res.end(JSON.stringify({ object: 'list', data: [], models: [] }));
  }
  if (req.method !== 'POST' || !url.startsWith('/v1/responses')) {
    res.writeHead(404, { 'content-type': 'application/json' });
    return res.end(JSON.stringify({ error: { type: 'not_found', message: `no ${req.method} ${url} here` } }));
  }
  const main = Array.isArray(body.tools) && body.tools.length > 0;
  const n = turnsDone(body);
  const turn = main ? (script[n] ?? textTurn('Done.')) : textTurn(sideText);
  if (turn.kind === 'error') {
    res.writeHead(400, { 'content-type': 'application/json' });
    return res.end(JSON.stringify({ error: { type: 'invalid_request_error', code: null, message: turn.message } }));
  }
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  for (const data of events(turn, body.model ?? 'gpt-standin', requestsKey(n)))
    res.write(`event: ${data.type}\ndata: ${JSON.stringify(data)}\n\n`);
  res.end();
}

/** A response id unique within the run. */
let seq = 0;
const requestsKey = (/** @type {number} */ n) => `resp_standin_${n}_${++seq}`;

/** The Responses-API output item of a scripted turn. */
export function itemOf(/** @type {any} */ turn, /** @type {string} */ id) {
  if (turn.kind === 'tool')
    return {
      type: 'function_call',
      id: `fc_${id}`,
      call_id: turn.id ?? `call_${id}`,
      name: turn.name,
      arguments: JSON.stringify(turn.input ?? {}),
      status: 'completed',
    };
  if (turn.kind === 'custom')
    return {
      type: 'custom_tool_call',
      id: `ctc_${id}`,
      call_id: turn.id ?? `call_${id}`,
      name: turn.name,
      input: turn.input,
      status: 'completed',
    };
  return {
    type: 'message',
    id: `msg_${id}`,
    role: 'assistant',
    status: 'completed',
    content: [{ type: 'output_text', text: turn.text, annotations: [] }],
  };
}

/** The server-sent events of one turn: created, the item added and done, completed. */
function events(/** @type {any} */ turn, /** @type {string} */ model, /** @type {string} */ id) {
  const item = itemOf(turn, id);
  const response = { id, object: 'response', created_at: Math.floor(Date.now() / 1000), model, status: 'in_progress' };
  const usage = {
    input_tokens: 10,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: 5,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: 15,
  };
  return [
    { type: 'response.created', response: { ...response, output: [] } },
    { type: 'response.output_item.added', output_index: 0, item },
    { type: 'response.output_item.done', output_index: 0, item },
    { type: 'response.completed', response: { ...response, status: 'completed', output: [item], usage } },
  ];
}
