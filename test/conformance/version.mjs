// The Claude Code release the conformance run judges against (docs/conformance.md §4): the one place it is pinned.
// Upgrading is this line plus `npm run test:conformance -- --against <old version>`, which lists what changed.
export const CLAUDE_CODE_VERSION = process.env.HOOKSHIM_CLAUDE_CODE_VERSION || '2.1.328';
// The GitHub Copilot CLI release (npm `@github/copilot`) the Copilot driver runs (test/conformance/copilot.mjs,
// docs/copilot-hooks.md): the registry's latest on 2026-12-03, the one the measurements there were made with.
export const COPILOT_VERSION = process.env.HOOKSHIM_COPILOT_VERSION || '1.0.102';
// The OpenAI Codex CLI release (npm `@openai/codex`) the Codex driver runs (test/conformance/codex.mjs,
// docs/codex-hooks.md): the release the shared contract measured and the one measured again there, on 2026-12-03
// (the registry's latest was 0.171.0).
export const CODEX_VERSION = process.env.HOOKSHIM_CODEX_VERSION || '0.169.0';
