// The adapter of each handled Cursor event: an exhaustive table, checked against HANDLED_EVENTS.
import { beforeMCPExecution } from './beforeMCPExecution.ts';
import { beforeReadFile } from './beforeReadFile.ts';
import { beforeSubmitPrompt } from './beforeSubmitPrompt.ts';
import type { HandledEvent } from '../eventMap.ts';
import { postToolUse } from './postToolUse.ts';
import { postToolUseFailure } from './postToolUseFailure.ts';
import { preCompact } from './preCompact.ts';
import { preToolUse } from './preToolUse.ts';
import { sessionEnd } from './sessionEnd.ts';
import { sessionStart } from './sessionStart.ts';
import { stop } from './stop.ts';
import { subagentStart } from './subagentStart.ts';
import { subagentStop } from './subagentStop.ts';
import type { EventAdapter } from '../types.ts';

export const ADAPTERS = {
  preToolUse,
  beforeReadFile,
  beforeMCPExecution,
  postToolUse,
  postToolUseFailure,
  stop,
  subagentStart,
  subagentStop,
  beforeSubmitPrompt,
  sessionStart,
  sessionEnd,
  preCompact,
} as const satisfies Record<HandledEvent, EventAdapter>;
