// Shared by the state tests.
import fs from 'node:fs';
import path from 'node:path';
import type { NewToolResult, ToolResultRecord } from '../../../adapters/transcript/index.ts';
import type { StateArea, StateDir } from '../../../src/state/dir.ts';
import { loadResult, readResultRefs } from '../../../src/state/toolResults.ts';
import { resultsPath } from '../../../src/state/transcriptPaths.ts';

/** Every record file currently in an area, sorted. */
export function listArea(st: StateDir, area: StateArea): string[] {
  try {
    return fs.readdirSync(path.join(st.root, area)).sort();
  } catch {
    return [];
  }
}

/** Append a result record as the results file holds it (one JSON object per line), bypassing the payload translation. */
export function appendResult(st: StateDir, rec: NewToolResult & { sessionId: string }): void {
  const { sessionId, toolUseId, claudeName, cursorName, key, response, isError, at } = rec;
  fs.appendFileSync(
    resultsPath(st, sessionId) as string,
    `${JSON.stringify({ toolUseId, claudeName, cursorName, key, response, isError, at })}\n`,
  );
}

/** Every readable record of a session, in seq order, read back through the incremental reader. */
export function readToolResults(st: StateDir, sessionId: string): ToolResultRecord[] {
  const file = resultsPath(st, sessionId);
  if (!file || !fs.existsSync(file)) return [];
  const fd = fs.openSync(file, 'r');
  try {
    const { refs } = readResultRefs(fd, { off: 0, seq: 0 }, fs.fstatSync(fd).size);
    return refs.map((r) => loadResult(fd, r)).filter((r): r is ToolResultRecord => r !== undefined);
  } finally {
    fs.closeSync(fd);
  }
}
