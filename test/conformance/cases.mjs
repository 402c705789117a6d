// The conformance cases (docs/conformance.md §5). A case is a catalog (a settings file or a plugin), its scripts, one
// abstract agent action, and the labels of the differences already explained: `known: {dimension: label}`, where a
// label is a known Cursor limit (docs/events.md "Known limits") or the number of the pending fix ("23.5").
import { SESSION_CASES } from './cases-session.mjs';
import { TOOL_CASES } from './cases-tools.mjs';
import { CODEX_KNOWN, COPILOT_KNOWN, KNOWN } from './known.mjs';
import { MEASURED_CASES } from './cases-measured.mjs';

export const CASES = [...TOOL_CASES, ...SESSION_CASES, ...MEASURED_CASES].map((c) =>
  KNOWN[c.id] ? { ...c, known: KNOWN[c.id] } : c,
);

const ids = new Set();
for (const c of CASES) {
  if (ids.has(c.id)) throw new Error(`duplicate case id ${c.id}`);
  ids.add(c.id);
}
for (const id of [...Object.keys(KNOWN), ...Object.keys(COPILOT_KNOWN), ...Object.keys(CODEX_KNOWN)])
  if (!ids.has(id)) throw new Error(`known.mjs labels an unknown case ${id}`);
