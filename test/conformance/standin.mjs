// A loopback stand-in for the Anthropic Messages API (docs/conformance.md §2): POST /v1/messages answers a
// scripted assistant turn as server-sent events; every request is recorded. 127.0.0.1 only, bounded in size and time.
import http from 'node:http';

const MAX_BODY = 32 * 1024 * 1024;

/** A scripted assistant turn that calls one tool. */
export const toolTurn = (name, input, id) => ({ kind: 'tool', name, input, id });
/** A scripted assistant turn that says `text` and ends. */
export const textTurn = (text) => ({ kind: 'text', text });
/** A scripted turn the API refuses: HTTP 400 invalid_request_error (not retried). */
export const errorTurn = (message) => ({ kind: 'error', message });

/**
 * Start a stand-in. `script` is the list of assistant turns of the main conversation; the turn answered is the
 * number of assistant messages already in the request (stateless, so a retried request gets the same turn). Requests
 * without tools (titles, summaries, prompt hooks) get `sideText`. Past the script: "Done.".
 */
export async function startStandin(script, sideText = 'ok') {
  const requests = [];
  const server = http.createServer((req, res) => {
    let size = 0;
    const chunks = [];
    req.on('data', (c) => {
      size += c.length;
      if (size > MAX_BODY) req.destroy();
      else chunks.push(c);
    });
    req.on('end', () => {
      let body = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
      } catch {
        body = { unreadable: true };
      }
      requests.push({ method: req.method, url: req.url, body });
      answer(req, res, body, script, sideText);
    });
  });
  server.requestTimeout = 30_000;
  server.headersTimeout = 30_000;
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** The requests of the main conversation (those that offer tools), in order. */
    turns: () =>
      requests.filter(
        (r) =>
          r.url.startsWith('/v1/messages') &&
          Array.isArray(r.body.tools) &&
          !JSON.stringify(r.body.messages?.[0]?.content ?? '').includes('SUBTASK'),
      ),
    /** The requests of subagent conversations. */
    subTurns: () => requests.filter((r) => JSON.stringify(r.body.messages?.[0]?.content ?? '').includes('SUBTASK')),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

function answer(req, res, body, script, sideText) {
  if (req.method !== 'POST' || !req.url.startsWith('/v1/messages')) {
    res.writeHead(req.url.startsWith('/v1/') ? 404 : 200, { 'content-type': 'application/json' });
    return res.end(
      JSON.stringify(req.url.startsWith('/v1/') ? { type: 'error', error: { type: 'not_found_error' } } : {}),
    );
  }
  if (req.url.includes('count_tokens')) {
    res.writeHead(200, { 'content-type': 'application/json' });
    return res.end(JSON.stringify({ input_tokens: 10 }));
  }
  const main = Array.isArray(body.tools) && body.tools.length > 0;
  const done = (body.messages ?? []).filter((m) => m.role === 'assistant').length;
  // A subagent's conversation opens with the Agent call's prompt, which holds SUBTASK: it answers at once.
  const first = JSON.stringify(body.messages?.[0]?.content ?? '');
  const sub = first.includes('SUBTASK');
  const turn = sub ? textTurn('Sub done.') : main ? (script[done] ?? textTurn('Done.')) : textTurn(sideText);
  const model = body.model ?? 'claude-standin';
  if (turn.kind === 'error') {
    res.writeHead(400, { 'content-type': 'application/json' });
    return res.end(JSON.stringify({ type: 'error', error: { type: 'invalid_request_error', message: turn.message } }));
  }
  if (!body.stream) {
    res.writeHead(200, { 'content-type': 'application/json' });
    return res.end(JSON.stringify(message(turn, model, done)));
  }
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  for (const [event, data] of events(turn, model, done))
    res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  res.end();
}

function block(turn, n) {
  return turn.kind === 'tool'
    ? { type: 'tool_use', id: turn.id ?? `toolu_standin_${n}`, name: turn.name, input: turn.input }
    : { type: 'text', text: turn.text };
}

function message(turn, model, n) {
  return {
    id: `msg_standin_${n}`,
    type: 'message',
    role: 'assistant',
    model,
    content: [block(turn, n)],
    stop_reason: turn.kind === 'tool' ? 'tool_use' : 'end_turn',
    stop_sequence: null,
    usage: { input_tokens: 10, output_tokens: 5 },
  };
}

function events(turn, model, n) {
  const b = block(turn, n);
  const start = { ...message(turn, model, n), content: [], stop_reason: null };
  const delta =
    b.type === 'tool_use'
      ? { type: 'input_json_delta', partial_json: JSON.stringify(b.input) }
      : { type: 'text_delta', text: b.text };
  return [
    ['message_start', { type: 'message_start', message: start }],
    [
      'content_block_start',
      {
        type: 'content_block_start',
        index: 0,
        content_block: b.type === 'tool_use' ? { ...b, input: {} } : { ...b, text: '' },
      },
    ],
    ['content_block_delta', { type: 'content_block_delta', index: 0, delta }],
    ['content_block_stop', { type: 'content_block_stop', index: 0 }],
    [
      'message_delta',
      {
        type: 'message_delta',
        delta: { stop_reason: b.type === 'tool_use' ? 'tool_use' : 'end_turn', stop_sequence: null },
        usage: { output_tokens: 5 },
      },
    ],
    ['message_stop', { type: 'message_stop' }],
  ];
}

/**
 * A loopback endpoint for `type: "http"` rows: POST /<side>/<run>/<case>/<name> answers the case's scripted JSON and records the
 * body (the payload the row saw).
 */
export async function startHookServer(answers) {
  const seen = [];
  const server = http.createServer((req, res) => {
    const chunks = [];
    let size = 0;
    req.on('data', (c) => {
      size += c.length;
      if (size > MAX_BODY) req.destroy();
      else chunks.push(c);
    });
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      seen.push({ url: req.url, body });
      const a = answers[req.url.split('/').slice(-2).join('/')];
      res.writeHead(a ? 200 : 404, { 'content-type': 'application/json' });
      res.end(JSON.stringify(a ?? {}));
    });
  });
  server.requestTimeout = 30_000;
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    seen,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
