#!/bin/sh
# deny-force-push.sh: PreToolUse guard for Bash.
#
# Denies a force push whose target is the default branch (main or master): `--force`, `-f`,
# `--force-with-lease[=…]`, a short-flag cluster such as `-fu`, a `+refspec`, `--mirror`, or
# `--force --all`. A push without a refspec targets the current branch, read with git in the
# directory the push runs in (a `cd dir &&` or `git -C dir` in the same command, else the
# payload's cwd, else CLAUDE_PROJECT_DIR). It looks into compound commands (`&&`, `||`, `;`,
# `|`, subshells, `sh -c '…'`, `eval`). History on main is shared: rewriting it loses other
# people's commits, and review happens on branches. A force push to a feature branch is fine.
#
# Answer: exit 2 with the reason on stderr (Claude Code hands stderr to the model as the deny
# reason); anything else exits 0 silently. Needs only POSIX sh, awk and git (git only when the
# target is the current branch; outside a git repository that case is allowed).
set -u

project=${CLAUDE_PROJECT_DIR:-$(pwd)}
tab=$(printf '\t')

# The awk program reads the hook's JSON from stdin, takes tool_input.command and cwd, splits the
# command into simple commands and prints one line per force push it finds:
#   TARGET<TAB><target branch><TAB><the push command>
#   CURRENT<TAB><directory><TAB><the push command>   (target: that directory's current branch)
findings=$(awk -v project="$project" '
function hexval(h,   i, v) {
  v = 0; h = tolower(h)
  for (i = 1; i <= length(h); i++) v = v * 16 + index("0123456789abcdef", substr(h, i, 1)) - 1
  return v
}
# Decode the JSON string starting at the quote s[i]; sets JEND to the index after its closing quote.
function jstring(s, i,   out, c, e, v) {
  out = ""; i++
  while (i <= length(s)) {
    c = substr(s, i, 1)
    if (c == "\"") { JEND = i + 1; return out }
    if (c != "\\") { out = out c; i++; continue }
    e = substr(s, i + 1, 1)
    if (e == "n") out = out "\n"
    else if (e == "t") out = out "\t"
    else if (e == "r" || e == "b" || e == "f") out = out " "
    else if (e == "u") {
      v = hexval(substr(s, i + 2, 4)); i += 4
      out = out ((v >= 32 && v < 127) ? sprintf("%c", v) : (v == 10 ? "\n" : "?"))
    } else out = out e
    i += 2
  }
  JEND = i; return out
}
# Walk the payload; keep top-level "cwd" and "tool_input"."command".
function jparse(s,   i, c, j, str, depth, key, isobj) {
  depth = 0; i = 1
  while (i <= length(s)) {
    c = substr(s, i, 1)
    if (c == "\"") {
      str = jstring(s, i); i = JEND
      j = i; while (substr(s, j, 1) ~ /[ \t\r\n]/) j++
      if (substr(s, j, 1) == ":") { key[depth] = str; i = j + 1; continue }
      if (depth == 1 && key[1] == "cwd") CWD = str
      if (depth == 2 && isobj[2] && key[1] == "tool_input" && key[2] == "command") CMD = str
      continue
    }
    if (c == "{" || c == "[") { depth++; isobj[depth] = (c == "{"); key[depth] = "" }
    else if (c == "}" || c == "]") depth--
    i++
  }
}
function joinpath(base, p) {
  if (p ~ /^\//) return p
  if (p == "~" || p ~ /^~\//) return ENVIRON["HOME"] substr(p, 2)
  return base "/" p
}
# Split a shell command into words; SEP marks the end of a simple command. Quotes are removed,
# redirections and their targets dropped. Fills w[1..n]; returns n.
function shwords(cmd, w,   n, i, c, word, inword, q, skip, nx) {
  n = 0; word = ""; inword = 0; q = ""; skip = 0
  for (i = 1; i <= length(cmd) + 1; i++) {
    c = (i <= length(cmd)) ? substr(cmd, i, 1) : "\n"
    if (q == "\047") { if (c == "\047") q = ""; else word = word c; continue }
    if (q == "\"") {
      if (c == "\"") q = ""
      else if (c == "\\" && substr(cmd, i + 1, 1) ~ /["\\$`]/) { word = word substr(cmd, i + 1, 1); i++ }
      else if (c == "\\" && substr(cmd, i + 1, 1) == "\n") i++
      else word = word c
      continue
    }
    if (c == "\\") {
      nx = substr(cmd, i + 1, 1); i++
      if (nx != "\n") { word = word nx; inword = 1 }
      continue
    }
    if (c == "\047" || c == "\"") { q = c; inword = 1; continue }
    if (c == "#" && !inword) { while (i <= length(cmd) && substr(cmd, i, 1) != "\n") i++; i--; continue }
    if (c ~ /[ \t\r\n;&|()`<>]/) {
      if (inword) {
        if (c ~ /[<>]/ && word ~ /^[0-9]*$/) word = ""
        else if (skip) skip = 0
        else w[++n] = word
        word = ""; inword = 0
      }
      if (c ~ /[<>]/) {
        while (substr(cmd, i + 1, 1) ~ /[<>|]/) i++
        if (substr(cmd, i + 1, 1) == "&") { i++; while (substr(cmd, i + 1, 1) ~ /[0-9-]/) i++ }
        else skip = 1
      } else if (c !~ /[ \t]/) w[++n] = SEP
      continue
    }
    word = word c; inword = 1
  }
  return n
}
function report(kind, arg, s, from, m,   k, text) {
  text = s[from]; for (k = from + 1; k <= m; k++) text = text " " s[k]
  gsub(/[\t\n\r]/, " ", text); gsub(/[\t\n\r]/, " ", arg)
  printf "%s\t%s\t%s\n", kind, arg, text
}
# One simple command s[1..m].
function simple(s, m, level,   k, start, a, j, ch, gitdir, force, all, mirror, dd, np, p, spec, f, dst) {
  k = 1
  while (k <= m && (s[k] ~ /^[A-Za-z_][A-Za-z0-9_]*=/ || s[k] ~ /^(env|command|exec|time|nohup|nice|sudo|builtin)$/)) k++
  if (k > m) return
  if (s[k] == "cd") { if (k < m && s[k + 1] !~ /^-/) DIR = joinpath(DIR, s[k + 1]); return }
  if (s[k] ~ /^(sh|bash|dash|zsh|ksh)$/) {
    for (j = k + 1; j < m; j++) if (s[j] ~ /^-[a-z]*c[a-z]*$/) { scan(s[j + 1], level + 1); return }
    return
  }
  if (s[k] == "eval") { a = ""; for (j = k + 1; j <= m; j++) a = a " " s[j]; scan(a, level + 1); return }
  if (s[k] !~ /(^|\/)git$/) return
  start = k; gitdir = DIR; k++
  while (k <= m && s[k] ~ /^-/) {
    if (s[k] == "-C") { gitdir = joinpath(gitdir, s[k + 1]); k += 2 }
    else if (s[k] ~ /^(-c|--git-dir|--work-tree|--namespace|--config-env)$/) k += 2
    else k++
  }
  if (k > m || s[k] != "push") return
  force = 0; all = 0; mirror = 0; dd = 0; np = 0
  for (k++; k <= m; k++) {
    a = s[k]
    if (!dd && a == "--") { dd = 1; continue }
    if (!dd && a ~ /^--/) {
      if (a ~ /^--force(-with-lease)?(=|$)/) force = 1
      else if (a == "--all" || a == "--branches") all = 1
      else if (a == "--mirror") mirror = 1
      else if (a ~ /^--(repo|receive-pack|exec|push-option)$/) k++
      continue
    }
    if (!dd && a ~ /^-./) {
      for (j = 2; j <= length(a); j++) {
        ch = substr(a, j, 1)
        if (ch == "f") force = 1
        if (ch == "o") { if (j == length(a)) k++; break }
      }
      continue
    }
    p[++np] = a
  }
  if (mirror) { report("TARGET", "every ref of the remote (--mirror), main included", s, start, m); return }
  if (np <= 1) {
    if (force && all) report("TARGET", "every branch (--all), main included", s, start, m)
    else if (force) report("CURRENT", gitdir, s, start, m)
    return
  }
  for (j = 2; j <= np; j++) {
    spec = p[j]; f = force
    if (spec == "tag") { j++; continue }
    if (spec ~ /^\+/) { f = 1; spec = substr(spec, 2) }
    if (!f) continue
    dst = spec; sub(/^.*:/, "", dst)
    if (dst == "" && spec == ":") { report("TARGET", "every matching branch (:), main included", s, start, m); continue }
    if (dst == "") dst = spec
    sub(/^refs\/heads\//, "", dst)
    if (dst == "HEAD" || dst == "@") report("CURRENT", gitdir, s, start, m)
    else if (dst ~ /^(main|master)$/) report("TARGET", dst, s, start, m)
  }
}
# Tokenise cmd and analyse each simple command in it.
function scan(cmd, level,   w, n, i, s, m) {
  if (level > 3) return
  n = shwords(cmd, w); m = 0
  for (i = 1; i <= n + 1; i++) {
    if (i > n || w[i] == SEP) { if (m) simple(s, m, level); m = 0 }
    else s[++m] = w[i]
  }
}
{ buf = buf $0 "\n" }
END {
  SEP = "\001"
  jparse(buf)
  DIR = (CWD != "") ? CWD : project
  if (CMD != "") scan(CMD, 0)
}
') || exit 0

reason=""
while IFS="$tab" read -r kind arg cmd; do
  case $kind in
    TARGET) target=$arg; how="" ;;   # awk names only main, master or "every …"
    CURRENT)
      [ -d "$arg" ] || arg=$project
      target=$(git -C "$arg" symbolic-ref --short -q HEAD 2>/dev/null) || target=""
      how=" (no refspec, so it pushes the current branch)" ;;
    *) continue ;;
  esac
  case $kind:$target in
    CURRENT:main | CURRENT:master | TARGET:*) reason="$reason
- \`$cmd\` force-pushes to $target$how." ;;
  esac
done <<FINDINGS
$findings
FINDINGS

[ -n "$reason" ] || exit 0
cat >&2 <<MSG
deny-force-push: blocked. The default branch is shared history; a force push there would rewrite it.$reason
Push your work to a feature branch instead (force-pushing a feature branch is fine) and merge into main through a pull request.
MSG
exit 2
