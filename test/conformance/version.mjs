// The Claude Code release the conformance run judges against (docs/conformance.md §4): the one place it is pinned.
// Upgrading is this line plus `npm run test:conformance -- --against <old version>`, which lists what changed.
export const CLAUDE_CODE_VERSION = process.env.HOOKSHIM_CLAUDE_CODE_VERSION || '2.1.328';
