#!/usr/bin/env bash
# readme_test.sh ASMSIM TESTS_DIR - the README's command index matches the
# program, both ways:
#   * every command `asmsim --help` lists (and `help`) has a row in the
#     README's "## Commands" table, a row that starts with `asmsim CMD`;
#   * every row of that table names a command the program has;
#   * every --flag a row mentions is in that command's own --help, so the
#     index cannot advertise a flag that was renamed or dropped.
# The check is one function run on the real README and, to prove it can
# fail, on two broken copies (a row removed, a flag that does not exist).
set -u
ASMSIM=$(realpath "$1")
TESTS=${2:-$(dirname "$0")}
ROOT=$(cd "$TESTS/.." && pwd)
README=$ROOT/README.md
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
pass=0
fail=0
ok() { echo "ok   $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1"; fail=$((fail + 1)); }

# The commands of `asmsim --help`: the indented names under "Commands:".
program_commands() {
    "$ASMSIM" --help | awk '/^Commands:/ { on = 1; next }
        on && /^$/ { exit }
        on && /^  [a-z]+  / { print $1 }'
    echo help
}

# The rows of the README's "## Commands" table: "CMD<TAB>row text".
readme_rows() {
    awk '/^## / { on = ($0 == "## Commands") ; next }
        on && /^\| `asmsim [a-z]+/ {
            cmd = $0; sub(/^\| `asmsim /, "", cmd); sub(/[^a-z].*/, "", cmd)
            print cmd "\t" $0 }' "$1"
}

# check_index README: prints one line per problem, none when it matches.
check_index() {
    local readme=$1 cmd row flag
    readme_rows "$readme" >"$WORK/rows"
    while read -r cmd; do
        grep -q "^$cmd	" "$WORK/rows" || echo "asmsim $cmd has no row in ## Commands"
    done <"$WORK/commands"
    while IFS=$'\t' read -r cmd row; do
        grep -qx "$cmd" "$WORK/commands" || { echo "row for unknown command $cmd"; continue; }
        [ "$cmd" = help ] && continue
        "$ASMSIM" "$cmd" --help >"$WORK/help.txt" 2>&1
        for flag in $(grep -o -- '--[a-z][a-z-]*' <<<"$row" | sort -u); do
            [ "$flag" = --help ] && continue
            grep -q -- "$flag\b" "$WORK/help.txt" || echo "asmsim $cmd: $flag is not in its --help"
        done
    done <"$WORK/rows"
}

program_commands >"$WORK/commands"
if [ "$(wc -l <"$WORK/commands")" -ge 10 ]; then
    ok "asmsim --help lists $(wc -l <"$WORK/commands") commands (with help)"
else
    bad "asmsim --help lists too few commands: $(tr '\n' ' ' <"$WORK/commands")"
fi

problems=$(check_index "$README")
if [ -z "$problems" ]; then ok "README ## Commands matches asmsim --help"; else bad "README: $problems"; fi

grep -v '^| `asmsim forecast' "$README" >"$WORK/no_row.md"
if check_index "$WORK/no_row.md" | grep -q "asmsim forecast has no row"; then
    ok "a missing row is caught"
else
    bad "removing the forecast row went unnoticed"
fi

sed 's/^| `asmsim cost`/| `asmsim cost` `--no-such-flag`/' "$README" >"$WORK/bad_flag.md"
if check_index "$WORK/bad_flag.md" | grep -q -- "--no-such-flag is not in its --help"; then
    ok "a flag the command lacks is caught"
else
    bad "an unknown flag in the cost row went unnoticed"
fi

echo "readme_test: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
