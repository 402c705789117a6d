// A stdio MCP server for the conformance run (docs/conformance.md §2): one tool, `echo`, which writes its text to
// effect.txt in the folder it was started from, so whether a call ran is a side effect. JSON-RPC, one message a line.
import fs from 'node:fs';
import readline from 'node:readline';

const send = (msg) => process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', ...msg })}\n`);
const TOOL = {
  name: 'echo',
  description: 'Echo a text back.',
  inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
};

readline.createInterface({ input: process.stdin }).on('line', (line) => {
  let m;
  try {
    m = JSON.parse(line);
  } catch {
    return;
  }
  if (m.id === undefined) return;
  if (m.method === 'initialize')
    return send({
      id: m.id,
      result: {
        protocolVersion: m.params?.protocolVersion ?? '2025-06-18',
        capabilities: { tools: {} },
        serverInfo: { name: 'conf', version: '1.0.0' },
      },
    });
  if (m.method === 'tools/list') return send({ id: m.id, result: { tools: [TOOL] } });
  if (m.method === 'tools/call') {
    const text = String(m.params?.arguments?.text ?? '');
    fs.writeFileSync('effect.txt', text);
    return send({ id: m.id, result: { content: [{ type: 'text', text: `echo: ${text}` }] } });
  }
  send({ id: m.id, error: { code: -32601, message: `no method ${m.method}` } });
});
