/**
 * Node's own flags on every command hookshim binds (./binding.ts boundCommand, ./plugin.ts pluginCommand): should
 * another process open Node's inspector on hookshim's (SIGUSR1), its address goes to stderr only, not to a local HTTP
 * request (https://nodejs.org/api/cli.html, `--inspect-publish-uid`), so no other process can connect and write the
 * answer (docs/security.md, guarantee 14). Shell-neutral: written without `=`.
 */
export const NODE_FLAGS = '--inspect-publish-uid stderr';
