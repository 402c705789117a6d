// Every finding `check`, `doctor` and `init` report: its stable code, its severity and whether it always says what to
// do. A finding is built where its check runs; its shape is typed from this table, so a code, severity or missing fix
// that the table does not allow does not compile. docs/tooling.md lists every code (test/src/commands/findings.test.ts).

export type Severity = 'error' | 'warning' | 'info';

interface Spec {
  /** The severity it is reported with (a list: the check chooses, e.g. per-machine checks under doctor). */
  readonly severity: Severity | readonly Severity[];
  /** Every finding of this code carries a `fix`. */
  readonly fix: boolean;
}

/** The codes, grouped as docs/tooling.md groups them. */
export const FINDINGS = {
  // the catalogs
  'catalog-missing': { severity: 'error', fix: true },
  'catalog-invalid': { severity: 'error', fix: true },
  'catalog-warning': { severity: 'warning', fix: false },
  'catalog-never-runs': { severity: 'warning', fix: true },
  'catalogs-differ': { severity: 'error', fix: true },
  'catalog-override': { severity: 'warning', fix: true },
  // the binding
  'binding-missing': { severity: 'error', fix: true },
  'binding-invalid': { severity: 'error', fix: true },
  'binding-differs': { severity: 'error', fix: true },
  'binding-missing-event': { severity: 'error', fix: true },
  'binding-duplicate': { severity: 'error', fix: true },
  'binding-stale': { severity: 'error', fix: true },
  'binding-version': { severity: 'warning', fix: false },
  'binding-older-command': { severity: 'error', fix: true },
  'binding-matcher-stale': { severity: 'error', fix: true },
  'binding-matcher-invalid': { severity: 'error', fix: true },
  'binding-ignored': { severity: 'error', fix: true },
  'ignore-unchecked': { severity: 'info', fix: true },
  // the bundle
  'bundle-missing': { severity: 'error', fix: true },
  'bundle-stale': { severity: 'error', fix: true },
  'bundle-old': { severity: 'error', fix: true },
  'bundle-unverifiable': { severity: 'warning', fix: true },
  'package-missing': { severity: 'error', fix: true },
  'launcher-missing': { severity: 'error', fix: true },
  'launcher-differs': { severity: 'error', fix: true },
  // rows
  'matcher-invalid': { severity: 'error', fix: true },
  'matcher-permission-rule': { severity: 'error', fix: true },
  'matcher-unreachable': { severity: 'warning', fix: false },
  'matcher-ignored': { severity: 'info', fix: false },
  'if-invalid': { severity: 'warning', fix: true },
  'if-never-runs': { severity: 'error', fix: true },
  'script-missing': { severity: 'error', fix: false },
  'script-not-executable': { severity: 'error', fix: true },
  'script-unchecked': { severity: 'info', fix: false },
  'command-not-found': { severity: ['error', 'warning'], fix: true },
  'timeout-too-long': { severity: 'error', fix: true },
  'timeout-too-long-windows': { severity: 'warning', fix: true },
  'timeout-milliseconds': { severity: 'warning', fix: true },
  'timeout-default': { severity: 'info', fix: false },
  'never-runs': { severity: 'info', fix: false },
  'field-unknown': { severity: 'warning', fix: true },
  'field-ignored': { severity: 'info', fix: false },
  'result-gated-unused': { severity: 'warning', fix: true },
  'result-gated-guard': { severity: 'error', fix: true },
  'result-gated-broad': { severity: 'error', fix: true },
  // what Claude runs and hookshim cannot (src/commands/checkHandlers.ts)
  'handler-unsupported': { severity: ['error', 'warning'], fix: true },
  'modules-unsupported': { severity: 'error', fix: true },
  'onfailure-ignored': { severity: 'info', fix: false },
  'http-url-refused': { severity: 'warning', fix: true },
  'hooks-disabled': { severity: ['error', 'warning'], fix: true },
  'frontmatter-hooks': { severity: 'warning', fix: true },
  // double binding
  'settings-double-binding': { severity: ['warning', 'info'], fix: true },
  'double-binding': { severity: ['error', 'warning', 'info'], fix: true },
  'native-claude-hook': { severity: 'info', fix: true },
  'native-duplicate': { severity: 'error', fix: true },
  'native-adapter': { severity: 'warning', fix: true },
  // the Copilot binding (init --host copilot: src/commands/initCopilot.ts)
  'copilot-binding-stale': { severity: 'error', fix: true },
  'copilot-bundle-stale': { severity: 'error', fix: true },
  'copilot-double-run': { severity: 'warning', fix: true },
  'copilot-hooks-disabled': { severity: ['error', 'warning'], fix: true },
  // the Codex binding (init --host codex: src/commands/initCodex.ts)
  'codex-binding-stale': { severity: 'error', fix: true },
  'codex-bundle-stale': { severity: 'error', fix: true },
  'codex-import-copy': { severity: 'error', fix: true },
  'codex-import-stale': { severity: 'warning', fix: true },
  'settings-other-loaders': { severity: ['warning', 'info'], fix: true },
  // plugin (check --plugin, init --plugin)
  'plugin-binding-stale': { severity: 'error', fix: true },
  'plugin-bundle-stale': { severity: 'error', fix: true },
  'plugin-note': { severity: 'warning', fix: false },
  // config and conventions
  'config-invalid': { severity: 'error', fix: true },
  'readme-missing': { severity: 'error', fix: true },
  'guard-readme-row-missing': { severity: 'error', fix: true },
  'guard-test-missing': { severity: 'error', fix: true },
  // this machine (doctor)
  'node-too-old': { severity: 'error', fix: true },
  'node-not-on-path': { severity: 'error', fix: true },
  'node-rejects-flags': { severity: 'error', fix: true },
  'node-extra-ca-certs': { severity: 'info', fix: true },
  'node-unchecked-spawn': { severity: 'info', fix: true },
  'wrong-root': { severity: 'info', fix: true },
  'state-unusable': { severity: 'warning', fix: true },
  'shim-off': { severity: 'warning', fix: true },
  'last-ran': { severity: 'info', fix: false },
  'never-ran': { severity: 'warning', fix: true },
  'codex-project-untrusted': { severity: 'warning', fix: true },
  'codex-handler-untrusted': { severity: 'warning', fix: true },
  'codex-config-unreadable': { severity: 'warning', fix: true },
  'windows-no-git-bash': { severity: 'error', fix: true },
} as const satisfies Record<string, Spec>;

export type FindingCode = keyof typeof FINDINGS;

type SeverityOf<C extends FindingCode> = (typeof FINDINGS)[C]['severity'] extends readonly (infer S)[]
  ? S
  : (typeof FINDINGS)[C]['severity'];

/** One problem found: `error` fails CI, `warning` only with --strict, `info` is context. */
export type Finding = {
  [C in FindingCode]: {
    /** Stable identifier (for --json consumers and tests). */
    code: C;
    severity: SeverityOf<C>;
    /** Where: a file, a catalog locator, an event. */
    where?: string;
    message: string;
  } & ((typeof FINDINGS)[C]['fix'] extends true ? { /** What to do about it. */ fix: string } : { fix?: string });
}[FindingCode];
