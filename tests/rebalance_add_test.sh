#!/usr/bin/env bash
# rebalance_add_test.sh - `asmsim run --add-disks N@TIME` and `sweep
# --add-disks --over power=...` (docs/failure.md, "Disks added"): two gp3
# join a normal-redundancy group of 8 in 4 failure groups under the OLTP
# load, and the run shows the rebalancing and balanced phases, the data
# moved and the time to balance in the terminal, summary.txt and the
# JSON; after --fail, the add follows the failure (its restored group,
# or folded into its rebalance; by hand below); bad values exit 2 with
# one line; a run without it says nothing of it.
#
# The issue's case, by hand (--used 50 % by default, gp3 250 GiB):
#   moved = used x (old disks x disk size) x N / (old + N)
#         = 0.5 x 8 x 268435456000 x 2 / 10 = 214748364800 B (214.7 GB)
#   time to balance = moved / the copies' write rate (failure.copy_mbps),
#   the rebalancing phase [600 s, 600 s + that), balanced after it;
#   balanced: each of the 10 disks takes 1/10 of the group's physical
#   IOPS, within SHARE_TOL = 0.005 (the new disks as the old ones).
#
#   bash rebalance_add_test.sh <path-to-asmsim> <tests-dir>
set -u

ASMSIM=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
TESTS_DIR=${2:-.}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/asmsim-add.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
cd "$WORK" || exit 1

# shellcheck source=cli/harness.sh
. "$TESTS_DIR/cli/harness.sh"
# shellcheck source=cli/realdev.sh
. "$TESTS_DIR/cli/realdev.sh"

R=(--workload oltp --volume gp3 --disks 8 --redundancy normal --failgroups 4)
S=(--workload oltp --volume gp3 --volumes 8 --redundancy normal --failgroups 4)

mkdir out
"$ASMSIM" run "${R[@]}" --add-disks 2@10m --power 4 --json add.json \
    --output-dir out --testname t > add.txt 2>&1
rc=$?
if [ $rc -eq 0 ] && python3 - add.json <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
a = doc["add_disks"]
assert "failure" not in doc
assert a["outcome"] == "balanced", a["outcome"]
assert (a["added"], a["disks_before"], a["disks_after"], a["at_s"]) == (2, 8, 10, 600), a
assert a["power"] == 4 and a["copy_io_bytes"] == 1048576
moved = 214748364800                      # 0.5 x 8 x 250 GiB x 2 / 10
assert a["moved_bytes"] == moved, a["moved_bytes"]
assert abs(a["balance_s"] - moved / (a["copy_mbps"] * 1e6)) <= 1e-6 * a["balance_s"]
op = a["asm_operation"]                   # 204800 AUs of 1 MiB to move
assert (op["pass"], op["est_work"]) == ("REBALANCE", 204800), op
assert op["est_rate"] == round(a["copy_mbps"] * 1e6 * 60 / 2**20), op
assert [p["phase"] for p in a["phases"]] == ["before", "rebalancing", "balanced"]
before, reb, bal = a["phases"]
assert before["end_s"] == 600 and reb["start_s"] == 600
assert abs(reb["end_s"] - 600 - a["balance_s"]) < 1e-3 and bal["start_s"] == reb["end_s"]
assert bal["end_s"] is None
assert [p["disks"] for p in a["phases"]] == [8, 10, 10]
names = [c["name"] for c in reb["classes"]]
assert names == ["data-reads", "dbwr", "redo", "rebalance"], names
# the copies read the old disks and write the new ones: one AU each way
copy = reb["classes"][-1]
assert abs(a["copy_mbps"] / copy["mbps"] - 0.5) <= 0.01, (a["copy_mbps"], copy["mbps"])
old_mb = sum(d["mbps"] for d in reb["per_disk"][:8]) / 8
new_mb = sum(d["mbps"] for d in reb["per_disk"][8:]) / 2
assert new_mb > old_mb, (new_mb, old_mb)          # the copies' writes land there
# balanced: every disk an even share, the new as the old
SHARE_TOL = 0.005
io = [d["iops"] for d in bal["per_disk"]]
shares = [x / sum(io) for x in io]
assert max(abs(s - 0.1) for s in shares) <= SHARE_TOL, shares
assert abs(a["new_disk_share"] - 0.1) <= SHARE_TOL and abs(a["old_disk_share"] - 0.1) <= SHARE_TOL
# the space after the add: 10 disks, 40 % used
sp = a["space"]
assert sp["total_bytes"] == 10 * 250 * 2**30 and sp["lost_bytes"] == 0
assert sp["required_mirror_free_bytes"] == 3 * 250 * 2**30     # the largest group: 3 disks
PY
then
    harness_ok "add_should_move_the_new_disks_share_and_balance_in_moved_over_copy_rate"
else
    harness_fail "add_should_move_the_new_disks_share_and_balance_in_moved_over_copy_rate" \
        "exit $rc; $(tail -c 800 add.txt)"
fi

if grep -q '^Disks added to the first disk group (normal redundancy): 2 at 10 min, 8 -> 10 disks$' add.txt &&
   grep -q '^  new disks  8 9$' add.txt &&
   grep -q '^  space      50 % used (--used) before, 40 % after; REQUIRED_MIRROR_FREE_MB 768000' add.txt &&
   grep -Eq '^  rebalancing  10 min +[0-9]+ min +data-reads' add.txt &&
   grep -Eq '^ +rebalance +[0-9]+ ' add.txt &&
   grep -Eq '^  balanced     [0-9]+ min +- +data-reads' add.txt &&
   grep -Eq '^  rebalance  power 4: 4 outstanding copies of 1024 KiB, [0-9.]+ MB/s copied, bound by [^;]+; 214.7 GB moved in [0-9]+ min$' add.txt &&
   grep -Eq '^  balanced   [0-9]+ min after the add; then each new disk takes 10.0 % of the group.s physical IOPS, each old one 10.0 % \(even: 10.0 %\)$' add.txt &&
   ! grep -q '^Failure of' add.txt &&
   grep -q '^Disks added to the first disk group' out/t_*summary.txt; then
    harness_ok "terminal_and_summary_should_show_the_add_phases_moved_and_time_to_balance"
else
    harness_fail "terminal_and_summary_should_show_the_add_phases_moved_and_time_to_balance" \
        "$(sed -n '/^Disks added/,$p' add.txt)"
fi

# the HTML report: the section, its figures and the three phases' bands
"$ASMSIM" report add.json -o add.html > /dev/null 2>&1
if grep -q '<section id="add-disks"><h2>Disks added</h2>' add.html &&
   grep -q 'data-key="add_disks.moved_bytes">214.7 GB<' add.html &&
   grep -q 'data-key="add_disks.outcome">2 new disks at 10 min: 8 -&gt; 10 disks, balanced<' add.html &&
   grep -q 'data-key="add_disks.new_disk_share">a new disk 10.0 %, an old one 10.0 %' add.html &&
   [ "$(grep -o 'data-phase="[a-z]*"' add.html | tr '\n' ' ')" = \
     'data-phase="before" data-phase="rebalancing" data-phase="balanced" ' ]; then
    harness_ok "html_report_should_show_the_add"
else
    harness_fail "html_report_should_show_the_add" "$(grep -c add_disks add.html 2>&1)"
fi

# after --fail: the DBA's repair, the failed disk dropped and a
# replacement added.  By hand: disk 3 of the 8 is dropped and rebuilt
# on the 7 left, which then hold what the 8 did (0.5 x 8 x 250 GiB);
# 2 added at 5 h get their even share, 2 of 7 + 2:
#   moved = 0.5 x 8 x 268435456000 x 2 / (7 + 2) = 238609294222 B
# and the add's BEFORE is the failure's restored group (7 disks), from
# the restore to 5 h; the balanced group is 9 disks, 8/9 of 50 % used.
"$ASMSIM" run "${R[@]}" --fail 3@10m --add-disks 2@5h --power 4 --duration 1s --quiet \
    --json both.json > both.txt 2>&1
rc=$?
if [ $rc -eq 0 ] && grep -q '^Failure of the first disk group' both.txt &&
   grep -q '^Disks added to the first disk group (normal redundancy): 2 at 5.0 h, 7 -> 9 disks$' both.txt &&
   grep -q "^  after      --fail: after the failure's restore, to the group it left$" both.txt &&
   grep -q '^             the old disks: the group.s 8 less the 1 dropped$' both.txt &&
   grep -q '^  space      57 % used before (--used 50 % of 8 disks, on the 7 left), 44 % after;' both.txt &&
   python3 - both.json <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
f, a = d["failure"], d["add_disks"]
assert f["outcome"] == "restored" and a["outcome"] == "balanced"
assert a["after"] == "restored" and a["lost_disks"] == 1
assert a["at_s"] == 18000 and a["disks_before"] == 7 and a["disks_after"] == 9
moved = round(int(0.5 * 268435456000) * 8 * 2 / 9)
assert a["moved_bytes"] == moved == 238609294222, a["moved_bytes"]
assert abs(a["balance_s"] - moved / (a["copy_mbps"] * 1e6)) <= 1e-6 * a["balance_s"]
restored = f["phases"][3]
ph = {p["phase"]: p for p in a["phases"]}
assert list(ph) == ["before", "rebalancing", "balanced"], list(ph)
assert ph["before"]["start_s"] == restored["start_s"] and ph["before"]["end_s"] == 18000
assert ph["before"]["classes"] == restored["classes"]         # the failure's point
assert ph["rebalancing"]["start_s"] == 18000
assert abs(ph["rebalancing"]["end_s"] - 18000 - a["balance_s"]) < 1e-3
assert ph["before"]["disks"] == 7 and ph["balanced"]["disks"] == 9
assert a["space"]["total_bytes"] == 9 * 250 * 2**30
# the 8 disks' data over 9 (a byte a disk of rounding)
assert abs(a["space"]["free_bytes"] - (9 * 250 * 2**30 - 8 * int(0.5 * 250 * 2**30))) <= 9
PY
then
    harness_ok "add_after_fail_should_grow_the_restored_group_by_hand"
else
    harness_fail "add_after_fail_should_grow_the_restored_group_by_hand" \
        "exit $rc; $(sed -n '/^Disks added/,$p' both.txt | head -8)"
fi
# given while the failure's copies still run (the rebalance starts at
# 600 + 12960 = 13560 s and lasts minutes): folded into it, the add's
# copies start where the failure's end, its BEFORE of no length
"$ASMSIM" run "${R[@]}" --fail 3@10m --add-disks 2@3h46m10s --power 4 --duration 1s \
    --quiet --json fold.json --report fold.html > fold.txt 2>&1
rc=$?
if [ $rc -eq 0 ] &&
   grep -q "^  after      --fail: while the failure's copies ran: ASM folds it into that rebalance, and its copies start where the failure's end$" fold.txt &&
   grep -q 'data-key="add_disks.after">while the failure&#39;s copies ran' fold.html &&
   python3 - fold.json <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
f, a = d["failure"], d["add_disks"]
end = f["phases"][2]["end_s"]
assert a["after"] == "folded" and a["at_s"] == 13570 < end, (a["at_s"], end)
ph = {p["phase"]: p for p in a["phases"]}
assert ph["before"]["start_s"] == ph["before"]["end_s"] == ph["rebalancing"]["start_s"] == end
assert a["moved_bytes"] == 238609294222
PY
then
    harness_ok "add_during_the_failures_rebalance_should_be_folded_after_its_copies"
else
    harness_fail "add_during_the_failures_rebalance_should_be_folded_after_its_copies" \
        "exit $rc; $(sed -n '/^Disks added/,$p' fold.txt | head -4)"
fi
# a failure that did not restore (normal redundancy, 2 failure groups,
# one lost whole): the add is not measured, and says why
"$ASMSIM" run --workload oltp --volume gp3 --disks 4 --redundancy normal --failgroups 2 \
    --fail fg:1@10m --repair-time 1h --add-disks 1@2h --duration 1s --quiet \
    --json unres.json > unres.txt 2>&1
rc=$?
if [ $rc -eq 0 ] &&
   grep -q '^  after      --fail: not measured: the failure did not restore the group, and a disk added to a degraded group is not modelled$' unres.txt &&
   python3 -c '
import json
a = json.load(open("unres.json"))["add_disks"]
assert a["outcome"] == "not_measured" and a["after"] == "unrestored" and a["phases"] == []
assert a["moved_bytes"] is None and a["balance_s"] is None'; then
    harness_ok "add_after_a_failure_not_restored_should_say_it_is_not_measured"
else
    harness_fail "add_after_a_failure_not_restored_should_say_it_is_not_measured" \
        "exit $rc; $(sed -n '/^Disks added/,$p' unres.txt)"
fi

# sweep --over power: a table of the add by power, faster with more power
"$ASMSIM" sweep "${S[@]}" --add-disks 2@10m --over power=1,4 --duration 1s --quiet \
    --json sweep.json --report sweep.html > sweep.txt 2>&1
rc=$?
if [ $rc -eq 0 ] && grep -q '^Disks added by power:' sweep.txt &&
   [ "$(grep -cE '^  [14] +[0-9.]+ +[0-9.]+ (min|s|h) +- +[0-9.]+ \(' sweep.txt)" = 2 ]; then
    harness_ok "sweep_over_power_should_tabulate_the_add"
else
    harness_fail "sweep_over_power_should_tabulate_the_add" "exit $rc; $(tail -c 600 sweep.txt)"
fi
# its HTML report has the table too (D7 of the tester's report 2: it had
# none), with the time to balance against the power, and the classes'
# charts and table are the add's rebalancing phase's
if python3 - sweep.json sweep.html <<'PY'
import json, sys
d, page = json.load(open(sys.argv[1])), open(sys.argv[2]).read()
assert '<section id="add-sweep"><h2>Disks added by power</h2>' in page
assert "<h3>Time to balance</h3>" in page
assert "<th>balance</th><th>worst p99 us rebalancing</th>" in page
assert "<h3>IOPS of each class while rebalancing against power</h3>" in page
for run in d["sweep"]:
    a = run["add_disks"]
    assert "<td>%.2f</td>" % a["copy_mbps"] in page, a["copy_mbps"]
    reb = next(p for p in a["phases"] if p["phase"] == "rebalancing")
    assert "<td>%.1f</td>" % reb["classes"][0]["p99_us"] in page
PY
then
    harness_ok "sweep_over_power_report_should_show_the_add_by_power"
else
    harness_fail "sweep_over_power_report_should_show_the_add_by_power" \
        "$(grep -o '<h[23][^>]*>[^<]*' sweep.html | head -20)"
fi

# without --add-disks: not a word of it
"$ASMSIM" run "${R[@]}" --duration 1s --quiet --json plain.json > plain.txt 2>&1
if ! grep -q 'Disks added' plain.txt &&
   python3 -c 'import json; assert "add_disks" not in json.load(open("plain.json"))'; then
    harness_ok "run_without_add_disks_should_not_mention_it"
else
    harness_fail "run_without_add_disks_should_not_mention_it" "$(tail -c 400 plain.txt)"
fi

# ---- bad input: one line, exit 2 ---------------------------------------------
for v in 0@10m 2@25h 2 x@1m 65@1m; do
    expect_error "add_disks_${v//[@.]/_}_should_be_refused" \
        "asmsim: --add-disks $v: not an add; use N@TIME, N new disks from 1 to 64 and a time up to 24h" "" \
        "$ASMSIM" run "${R[@]}" --add-disks "$v"
done
expect_error "add_disks_past_the_layouts_disks_should_be_refused" \
    "asmsim: --add-disks 64: the first disk group would have 1064 disks; a layout has at most 1024" "" \
    "$ASMSIM" run --workload oltp --volume gp3 --disks 1000 --add-disks 64@1m --duration 1s
expect_error "add_disks_of_an_orion_run_should_be_refused" \
    "asmsim: --add-disks: needs a database workload (--workload NAME" "" \
    "$ASMSIM" run --disks 4 --add-disks 1@1m
expect_error "add_disks_on_the_null_engine_should_be_refused" \
    "asmsim: --add-disks: the null engine has no device to add" "" \
    "$ASMSIM" run "${R[@]}" --engine null --add-disks 1@1m
if dd if=/dev/zero of=.odirect bs=4096 count=1 oflag=direct status=none 2>/dev/null; then
    expect_error "add_disks_without_targets_for_the_new_disks_should_be_refused" \
        "asmsim: --add-disks 2: real targets: give the new disks as 2 more --target after the group's" "" \
        "$ASMSIM" run --engine aio --target "$WORK/t0" --target "$WORK/t1" --create 16MiB \
        --workload oltp --add-disks 2@1m --duration 100ms
else
    skip add_disks_without_targets_for_the_new_disks_should_be_refused \
        "$WORK does not take O_DIRECT (tmpfs?)"
fi
expect_error "add_disks_before_the_failed_disk_is_dropped_should_be_refused" \
    "asmsim: --add-disks at 2.0 h: before the failed disks are dropped (at 3.8 h, when the repair timer ends); a disk added to a degraded group is not modelled (no published figure): give a time from 3.8 h, and the add follows the failure" "" \
    "$ASMSIM" run "${R[@]}" --fail 3@10m --add-disks 2@2h
expect_error "repair_time_with_add_disks_alone_should_be_refused" \
    "asmsim: --repair-time: only with --fail DISK@TIME" "" \
    "$ASMSIM" run "${R[@]}" --add-disks 1@1m --repair-time 1h

harness_done
