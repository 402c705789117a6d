// The Claude Code release the conformance run judges against (docs/conformance.md §4): the one place it is pinned.
// Upgrading is this line plus `npm run test:conformance -- --against <old version>`, which lists what changed.
export const CLAUDE_CODE_VERSION = process.env.HOOKSHIM_CLAUDE_CODE_VERSION || '2.1.328';
// The GitHub Copilot CLI release (npm `@github/copilot`) the Copilot driver runs (test/conformance/copilot.mjs,
// docs/copilot-hooks.md): the registry's latest on 2026-12-03, the one the measurements there were made with.
export const COPILOT_VERSION = process.env.HOOKSHIM_COPILOT_VERSION || '1.0.102';
