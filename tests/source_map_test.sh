#!/usr/bin/env bash
# source_map_test.sh ASMSIM TESTS_DIR - the source map in
# docs/development.md is the contract of which folder may include which:
# every folder the map lists is checked, each #include "dir/file.h" of its
# sources must name its own folder or one its row allows, and every source
# folder is in the map.  Nothing is built or run (ASMSIM is not used).
# The checker first reads a made-up map and tree that break each rule, so
# a reader that finds nothing cannot pass.
set -u
TESTS=${2:-$(dirname "$0")}
ROOT=$(cd "$TESTS/.." && pwd)
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

check() {   # check ROOT MAP: prints one line per breach, exits 1 on any
python3 - "$1" "$2" <<'PY'
import glob, os, re, sys

root, doc = sys.argv[1], sys.argv[2]
text = open(doc).read()
m = re.search(r'^## Source map\n(.*?)(?=^## |\Z)', text, re.S | re.M)
if not m:
    print(f'{doc}: no "## Source map" section')
    sys.exit(1)
allowed = {}
for line in m.group(1).splitlines():
    cells = [c.strip() for c in line.strip().strip('|').split('|')]
    if len(cells) < 3 or not cells[0].startswith('`'):
        continue
    folder = cells[0].strip('`').rstrip('/')
    allowed[folder] = {d.rstrip('/') for d in re.findall(r'`([^`]+)`', cells[2])}
if not allowed:
    print(f'{doc}: the source map lists no folder')
    sys.exit(1)

def owner(path):
    """The mapped folder a repo-relative path belongs to (longest match)."""
    best = None
    for f in allowed:
        if path == f or path.startswith(f + '/'):
            if best is None or len(f) > len(best):
                best = f
    return best

bad = 0
for src in sorted(glob.glob(f'{root}/**/*.[ch]', recursive=True)):
    rel = os.path.relpath(src, root)
    if rel.startswith(('build', 'tests/', 'bench/')):
        continue
    folder = owner(os.path.dirname(rel))
    if folder is None:
        print(f'{rel}: its folder is not in the source map')
        bad += 1
        continue
    text = open(src, errors='replace').read()
    # comments dropped, lines kept: an include in a comment is none
    text = re.sub(r'/\*.*?\*/', lambda c: '\n' * c.group().count('\n'),
                  text, flags=re.S)
    for n, line in enumerate(text.splitlines(), 1):
        inc = re.match(r'\s*#\s*include\s+"([^"]+)"', line)
        if not inc or '/' not in inc.group(1):
            continue
        to = owner(os.path.dirname(inc.group(1)))
        if to is None or (to != folder and to not in allowed[folder]):
            print(f'{rel}:{n}: includes {inc.group(1)}; {folder}/ may '
                  f'include {", ".join(sorted(allowed[folder])) or "nothing"}')
            bad += 1
sys.exit(1 if bad else 0)
PY
}

# the made-up tree: b/ includes c/ which its row does not allow, and d/
# is not in the map
mkdir -p "$WORK/t/a" "$WORK/t/b" "$WORK/t/c" "$WORK/t/d"
cat >"$WORK/map.md" <<'MD'
## Source map

| folder | what lives there | may include |
|---|---|---|
| `a/` | the bottom | nothing |
| `b/` | above a | `a/` |
| `c/` | above b | `a/`, `b/` |
MD
echo '#include "a/x.h"' >"$WORK/t/b/ok.c"
printf '/* #include "c/z.h" is no include */\n#include "c/y.h"\n' >"$WORK/t/b/up.c"
echo 'int d;' >"$WORK/t/d/lost.c"
out=$(check "$WORK/t" "$WORK/map.md")
if ! grep -q 'b/up.c:2: includes c/y.h' <<<"$out" ||
   ! grep -q 'd/lost.c: its folder is not in the source map' <<<"$out" ||
   grep -q 'ok.c\|z.h' <<<"$out"; then
    echo "FAIL: the checker misread the made-up tree:"; echo "$out"; exit 1
fi

if ! out=$(check "$ROOT" "$ROOT/docs/development.md"); then
    echo "FAIL: includes against docs/development.md's source map:"
    echo "$out"
    exit 1
fi
echo "source map: every include follows docs/development.md"
