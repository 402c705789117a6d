// The transcript rewrite, Cursor → Claude (docs/transcripts.md): a pure, resumable state machine. src/state/transcript.ts
// does the I/O (bytes in, lines out, state persisted between events).
export { pendingMatch, upperBound } from './pairing.ts';
export { resultText, toolResultFromCursor } from './records.ts';
export { dropLine, rewriteBatch, rewriteLines, StringSink } from './rewrite.ts';
export { parseCursorTimestamp } from './text.ts';
export {
  addStats,
  compactState,
  emptyStats,
  initialRewriteState,
  isRewriteState,
  lastAssistantText,
  OPEN_MAX,
  PENDING_CHARS,
  PENDING_LINES,
  PENDING_MAX,
  RESULT_SLACK,
  RESULT_WINDOW,
  type LineBatch,
  type LineSink,
  type NewToolResult,
  type RewriteContext,
  type RewriteMark,
  type RewriteState,
  type RewriteStats,
  type ToolResultLookup,
  type ToolResultRecord,
  type ToolResultRef,
} from './types.ts';
