#!/usr/bin/env bash
# core_shape_test.sh ASMSIM TESTS_DIR - the shape of sim/core/, read off
# its sources (nothing is built or run; ASMSIM is not used):
#   * no circle between its files: where file A calls a function defined
#     in file B, nothing B calls (directly or through others) calls back
#     into A.  The files of a run are layers (sim/core/run_internal.h),
#     and a call back up would tie them into one again;
#   * no function defined in it takes more than 6 parameters (group them
#     in a struct that reads as one thing: a run being measured, a sweep);
#   * sim/model/ has no circle either (the forecast's layers live there,
#     forecast_internal.h).
# What each folder may include (the core nothing but itself, layouts/ and
# workloads/; report nothing of advise) is the source map's contract,
# checked by source_map_test.sh.
# C is read with regular expressions, which hold for this code base: a
# definition starts at column 0 with its return type and its body's "{"
# follows its ")"; comments and strings are dropped first.  The checker is
# first run on two made-up files that break both rules, so that a reader
# that finds nothing cannot pass.
set -u
TESTS=${2:-$(dirname "$0")}
ROOT=$(cd "$TESTS/.." && pwd)
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

mkdir -p "$WORK/bad"
cat >"$WORK/bad/a.c" <<'EOF'
int a_top(int x)
{
    return b_low(x);
}

static int a_wide(int a, int b, int c, int d, int e, int f,
                  void (*g)(int, int))
{
    return a + b + c + d + e + f + (g != 0);
}
EOF
cat >"$WORK/bad/b.c" <<'EOF'
/* a_top( in a comment is no call */
int b_low(int x)
{
    return x ? a_top(x - 1) : 0;
}
EOF

python3 - "$ROOT/sim/core" "$WORK/bad" "$ROOT/sim/model" <<'EOF'
import glob, os, re, sys

MAX_PARAMS = 6
DEF = re.compile(r'^(static\s+)?(?:[A-Za-z_][\w \t*]*?[\s*])([A-Za-z_]\w*)'
                 r'\s*\(([^;{]*?)\)\s*\{', re.M)
CALL = re.compile(r'\b([A-Za-z_]\w*)\s*\(')


def strip(text):
    text = re.sub(r'/\*.*?\*/', ' ', text, flags=re.S)
    text = re.sub(r'//[^\n]*', ' ', text)
    return re.sub(r'"(?:\\.|[^"\\\n])*"', '""', text)


def params(args):
    args = args.strip()
    if not args or args == 'void':
        return 0
    depth, n = 0, 1
    for ch in args:
        depth += ch == '('
        depth -= ch == ')'
        n += ch == ',' and depth == 0
    return n


def read(folder):
    """Definitions (file, name, static, parameters) and the calls between
    files: {file: {file it calls: [functions]}}."""
    src = {os.path.basename(f): strip(open(f).read())
           for f in sorted(glob.glob(os.path.join(folder, '*.c')))}
    defs, owner = [], {}
    for f, text in src.items():
        for m in DEF.finditer(text):
            defs.append((f, m.group(2), bool(m.group(1)), params(m.group(3))))
            if not m.group(1):
                owner[m.group(2)] = f
    calls = {f: {} for f in src}
    for f, text in src.items():
        for name in sorted(set(CALL.findall(text))):
            g = owner.get(name)
            if g and g != f:
                calls[f].setdefault(g, []).append(name)
    return defs, calls


def circles(calls):
    """Each circle once: a file that reaches itself, with the path."""
    found, seen = [], set()
    for start in calls:
        stack = [(start, [start])]
        reached = set()
        while stack:
            f, path = stack.pop()
            for g in calls[f]:
                if g == start:
                    key = frozenset(path)
                    if key not in seen:
                        seen.add(key)
                        found.append(path + [start])
                elif g not in reached:
                    reached.add(g)
                    stack.append((g, path + [g]))
    return found


def wide(defs):
    return [f"{f}: {name} ({n})" for f, name, _, n in defs if n > MAX_PARAMS]


failed = passed = 0


def check(name, good, why):
    global failed, passed
    if good:
        passed += 1
        print(f"ok   {name}")
    else:
        failed += 1
        print(f"FAIL {name}: {why}")


core, bad, model = sys.argv[1], sys.argv[2], sys.argv[3]
defs, calls = read(bad)
check("the_checker_should_see_a_circle_and_a_wide_function",
      circles(calls) == [["a.c", "b.c", "a.c"]] and
      wide(defs) == ["a.c: a_wide (7)"],
      f"circles {circles(calls)}, wide {wide(defs)}")

defs, calls = read(core)
public = [d for d in defs if not d[2]]
check("the_checker_should_read_sim_core",
      len(public) > 100 and "run_tasks.c" in calls["run.c"],
      f"{len(public)} public definitions, run.c calls {sorted(calls['run.c'])}")
found = circles(calls)
check("no_file_in_sim_core_should_call_back_into_a_file_that_calls_it",
      not found,
      "; ".join(" -> ".join(c) + " (" + ", ".join(calls[c[-2]][c[-1]]) + ")"
                for c in found))
over = wide(defs)
check(f"no_function_in_sim_core_should_take_over_{MAX_PARAMS}_parameters",
      not over, "; ".join(over))
defs, calls = read(model)
found = circles(calls)
check("the_checker_should_read_the_forecast_in_sim_model",
      "forecast_exact.c" in calls.get("forecast.c", {}),
      f"forecast.c calls {sorted(calls.get('forecast.c', {}))}")
check("no_file_in_sim_model_should_call_back_into_a_file_that_calls_it",
      not found,
      "; ".join(" -> ".join(c) + " (" + ", ".join(calls[c[-2]][c[-1]]) + ")"
                for c in found))
print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
EOF
