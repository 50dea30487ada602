#!/usr/bin/env bash
# advise_front_test.sh - what one more dollar buys (sim/advise/
# advise_front.c, sim/cli/cli_advise_front.c, sim/report/
# html_advice_front.c): the terminal's cheapest of each family and, with
# a latency target, its latency front, each saying where the search
# stopped; the JSON's pareto object; the report's cost against latency
# chart and family table; licences in the totals; a merge of shards gives
# the whole search's lists.  Small spaces (--families, --max-disks 8).
#
#   bash advise_front_test.sh <path-to-asmsim> <tests-dir>
set -u

ASMSIM=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
TESTS_DIR=${2:-.}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/asmsim-front.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
cd "$WORK" || exit 1

# shellcheck source=cli/harness.sh
. "$TESTS_DIR/cli/harness.sh"

# gp3 at 0.58 ms is the answer; io2 at 0.1 ms is what $709 more buys,
# found only because --top 100 reaches it
LAT=(--need-iops 10000 --need-latency 1ms --capacity 1TiB --families c6in
     --volume-types gp3,io2 --max-disks 8 --top 100 --quiet)
"$ASMSIM" advise "${LAT[@]}" --json lat.json --report lat.html >lat.txt 2>/dev/null
expect_true "front_should_be_printed_with_a_latency_target" \
    grep -q "^What one more dollar buys (small latency, mean at 10000 IOPS; " lat.txt
expect_true "front_should_start_at_the_answer" \
    grep -Eq "^ +247\.48 +0\.58[0-9] ms  the answer +c6in\.xlarge \+ 8 x gp3:" lat.txt
expect_true "front_should_show_what_io2_costs_over_the_answer" \
    grep -Eq "^ +956\.81 +0\.09[0-9] ms  \+709\.33 +c6in\.xlarge \+ 6 x io2:" lat.txt
expect_true "front_should_say_where_the_search_stopped" \
    grep -q "^  Not searched above \$[0-9.]*/month, where the search found its 100 configurations meeting every target (--top 100; a larger --top searches further): a lower latency may cost more than that\.$" lat.txt
expect_true "json_should_hold_the_front_and_the_families" python3 - lat.json <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
p = d["pareto"]
assert p["latency_stat"] == "mean", p
f = p["latency_front"]
assert len(f) == 2 and f[0]["instance"] == "c6in.xlarge" and f[0]["usd_month_over_answer"] == 0, f
assert f[1]["volume"].startswith("io2:") and f[1]["latency_us"] < f[0]["latency_us"] * 0.98, f
assert abs(f[1]["usd_month_over_answer"] - (f[1]["usd_month"] - d["best"][0]["usd_month"]["total"])) < 1e-9
assert [x["family"] for x in p["families"]] == ["c6in"], p["families"]
assert p["cut_usd_month"] >= d["best"][-1]["usd_month"]["total"] - 1e-9, p
assert all(c["latency_us"] is not None for c in d["candidates"] if c["pass"]), d["candidates"][:2]
PY
expect_true "report_should_draw_cost_against_latency" grep -q "Cost against latency" lat.html
expect_true "report_should_draw_the_latency_front" grep -q '"latency front"' lat.html
expect_true "report_should_list_the_families" grep -q '<table class="families">' lat.html

# families, with licences in every total: c6in.xlarge's 4 vCPUs are 2
# processor licences ($2000) on top of the infrastructure
FAM=(--need-iops 10000 --need-latency 1ms --capacity 1TiB --families m5,r5b,c6in,m6in
     --volume-types gp3 --max-disks 8 --top 12 --quiet --licence ee --licence-price 1000)
"$ASMSIM" advise "${FAM[@]}" --json fam.json --report fam.html >fam.txt 2>/dev/null
expect_true "families_should_be_listed_cheapest_first_with_the_licences" python3 - fam.txt <<'PY'
import re, sys
t = open(sys.argv[1]).read()
block = t.split("Cheapest of each family meeting every target (as far as searched):\n")[1]
rows = re.findall(r"^  (\S+) +([0-9.]+)  (the answer|[+][0-9.]+) +[+-][0-9]+ %  (\S+) \+", block, re.M)
assert [r[0] for r in rows[:3]] == ["c6in", "m6in", "r5b"], rows
assert rows[0][1] == "2247.48" and rows[0][2] == "the answer", rows
for fam, usd, over, inst in rows[1:]:
    assert abs(float(over) - (float(usd) - 2247.48)) < 0.006 and inst.startswith(fam + "."), rows
PY
expect_true "families_should_say_which_are_not_searched" \
    grep -q "^  Not searched above \$[0-9.]*/month, where the search found its 12 configurations meeting every target (--top 12; a larger --top searches further): a family whose cheapest costs more is not listed\.$" fam.txt
expect_true "report_family_table_should_show_the_note" \
    grep -q 'data-key="cut_usd_month">Not searched above ' fam.html
expect_true "report_family_table_should_bill_over_the_answer" grep -q "<td>m6in</td>" fam.html

# no latency target: the families, not the front (the JSON keeps it)
"$ASMSIM" advise --need-iops 10000 --capacity 1TiB --families c6in,m6in --volume-types gp3 \
    --max-disks 8 --top 3 --quiet --json nolat.json >nolat.txt 2>/dev/null
expect_true "no_latency_target_should_print_no_front" \
    bash -c '! grep -q "What one more dollar buys" nolat.txt && grep -q "^Cheapest of each family" nolat.txt'
expect_true "no_latency_target_json_should_still_hold_the_front" python3 - nolat.json <<'PY'
import json, sys
p = json.load(open(sys.argv[1]))["pareto"]
assert len(p["latency_front"]) >= 1 and p["families"], p
PY

# a merge of shards gives the whole search's lists
for k in 1 2; do
    "$ASMSIM" advise "${FAM[@]}" --shard $k/2 --json sh$k.jsonl >/dev/null 2>&1
done
"$ASMSIM" advise --merge sh1.jsonl sh2.jsonl >merged.txt 2>/dev/null
expect_true "merge_should_give_the_whole_searchs_lists" \
    diff <(sed -n '/^Cheapest of each family/,/^Why nothing/p' fam.txt) \
         <(sed -n '/^Cheapest of each family/,/^Why nothing/p' merged.txt)

harness_done
