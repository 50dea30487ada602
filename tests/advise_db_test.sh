#!/usr/bin/env bash
# advise_db_test.sh - `asmsim advise --workload W`: a database's disk groups
# advised at once (sim/advise/advise_db.c, sim/cli/cli_advise_db*.c).  The
# groups come from the workload and --capacity; targets and settings name
# a class or group; the bill of every group, the licences apart, as
# hand-worked below; the run command printed reproduces each class's
# figures; a latency target moves a group to another volume type; bad
# input exits 2 with one line.  Small spaces (--families m5, few types).
#
#   bash advise_db_test.sh <path-to-asmsim> <tests-dir>
set -u

ASMSIM=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
TESTS_DIR=${2:-.}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/asmsim-advdb.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
cd "$WORK" || exit 1

# shellcheck source=cli/harness.sh
. "$TESTS_DIR/cli/harness.sh"

N=(--families m5 --volume-types gp3 --top 1 --quiet)

# ---- bad input: exit 2, one line ---------------------------------------------

expect_error "class_target_without_workload_should_exit_2" \
    "asmsim: advise: redo:p99:1ms names a class or disk group: give the database's workload with --workload" \
    "" "$ASMSIM" advise --need-latency redo:p99:1ms
expect_error "orion_target_with_workload_should_exit_2" \
    "asmsim: advise: --workload: not with --need-mbps R (ORION's targets)" "" \
    "$ASMSIM" advise --workload oltp --need-mbps 100
expect_error "plain_capacity_with_workload_should_name_a_group" \
    "asmsim: advise: --workload: not with --capacity SIZE (ORION's targets)" "" \
    "$ASMSIM" advise --workload oltp --capacity 1TiB
expect_error "unknown_workload_should_exit_2" "asmsim: advise: --workload nosuch: " "" \
    "$ASMSIM" advise --workload nosuch
expect_error "closed_loop_class_should_ask_for_a_rate" \
    "asmsim: advise: --workload dss: class " "give it \"rate\". Try 'asmsim advise --help'." \
    "$ASMSIM" advise --workload dss
expect_error "redundancy_of_an_unknown_group_should_list_the_groups" \
    "asmsim: advise: FRA:normal: no disk group FRA in workload oltp (its groups: DATA, REDO)" \
    "" "$ASMSIM" advise --workload oltp --redundancy FRA:normal
expect_error "bad_group_capacity_should_exit_2" \
    "asmsim: advise: --capacity DATA:lots: not valid; use GROUP:SIZE (DATA:8TiB)" "" \
    "$ASMSIM" advise --workload oltp --capacity DATA:lots
expect_error "a_group_given_twice_should_be_refused_whatever_its_case" \
    "asmsim: advise: --capacity DATA:1TiB,data:2TiB: group DATA given twice (names are compared without case, as ASM's)" \
    "" "$ASMSIM" advise --workload oltp --capacity DATA:1TiB,data:2TiB
expect_error "a_group_key_given_twice_should_be_refused" \
    "asmsim: advise: --redundancy redo:high: group REDO given twice" \
    "" "$ASMSIM" advise --workload oltp --redundancy REDO:normal --redundancy redo:high
expect_error "target_of_an_unknown_class_should_exit_2" \
    "asmsim: advise: --need-latency lgwr:1ms: no class or group lgwr in workload oltp" "" \
    "$ASMSIM" advise --workload oltp --need-latency lgwr:1ms
expect_error "group_rate_above_the_offer_should_say_the_offer" \
    "asmsim: advise: --need-mbps DATA:1500: the classes of DATA offer 50.9 MB/s at the workload's rates" \
    "" "$ASMSIM" advise --workload oltp --need-mbps DATA:1500
# a latency target below every volume type's floor: answered before any
# simulation, the lowest floor named, for a class's or a group's target
# and any statistic (tester D13)
expect_error "class_latency_below_every_floor_should_exit_2_at_once" \
    "asmsim: advise: --need-latency redo:p99:1us: below every volume type's latency floor for class redo (writes, group REDO): the lowest is 0.235 ms (io2); no configuration reaches it, so none is simulated" "" \
    "$ASMSIM" advise --workload oltp --need-latency redo:p99:1us --quiet
expect_error "group_latency_below_every_floor_should_name_its_class" \
    "asmsim: advise: --need-latency DATA:mean:10us: below every volume type's latency floor for class data-reads (reads, group DATA): the lowest is 0.094 ms (io2)" "" \
    "$ASMSIM" advise --workload oltp --need-latency DATA:mean:10us --quiet
expect_error "gp3_only_latency_below_its_floor_should_name_gp3" \
    "asmsim: advise: --need-latency redo:p50:200us: below every volume type's latency floor for class redo (writes, group REDO): the lowest is " \
    "(gp3); no configuration reaches it, so none is simulated" \
    "$ASMSIM" advise --workload oltp --need-latency redo:p50:200us "${N[@]}"
expect_stdout_contains "help_should_explain_workload" \
    "a database: a workload preset or file" "$ASMSIM" advise --help

# ---- the bill, hand-worked ---------------------------------------------------
#
# oltp (DATA: data-reads, dbwr; REDO: redo) with RECO for space, EE at
# $1000, at least 16 vCPUs, m5 and gp3 only (AWS us-east-1 2023-06):
#   m5.4xlarge $0.768/h x 730 h            = $560.64   (16 vCPUs)
#   DATA 2 TiB usable, external, 4 disks: 512 GiB x $0.08 = $40.96 x 4 = $163.84
#   REDO 64 GiB usable, normal: (N - 1) x size / 2 >= 64 GiB is cheapest at
#        N = 17, 8 GiB: $0.64 x 17          = $10.88
#   RECO 1 TiB usable, external, 4 disks: 256 GiB x $0.08 = $20.48 x 4 = $81.92
#   infrastructure $817.28; licences 16 / 2 = 8 x $1000 = $8000; total $8817.28
# (redo:64GiB is the workload's REDO: names compared without case, as ASM's)
"$ASMSIM" advise --workload oltp --capacity DATA:2TiB,RECO:1TiB --capacity redo:64GiB \
    --redundancy REDO:normal --need-latency redo:p99:1ms --min-vcpus 16 --licence ee \
    --licence-price 1000 "${N[@]}" --json bill.json --report bill.html >bill.txt 2>&1
expect_true "groups_should_be_the_workloads_and_the_capacity_only_one" \
    grep -q "group     RECO: external redundancy, no I/O of the workload; capacity 1TiB usable" bill.txt
expect_true "answer_should_bill_every_group" \
    grep -q "bill      instance \$560.64 + DATA 4 x \$40.96 = \$163.84 + REDO 17 x \$0.64 = \$10.88 + RECO 4 x \$20.48 = \$81.92" bill.txt
expect_true "answer_should_show_licences_apart" \
    grep -q "total     infrastructure \$817.28 + licences \$8000.00 = \$8817.28" bill.txt
expect_true "a_constraint_should_set_cheaper_instances_aside_and_say_why" \
    grep -q "set aside: m5.2xlarge: 8 vCPUs < --min-vcpus 16" bill.txt
expect_true "json_should_split_the_bill_and_list_the_groups" python3 - bill.json <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
assert d["kind"] == "database-advice" and d["workload"] == "oltp", d
assert [g["name"] for g in d["groups"]] == ["DATA", "REDO", "RECO"], d["groups"]
assert d["groups"][1]["redundancy"] == "normal" and d["groups"][2]["class_names"] == [], d["groups"]
b = d["best"][0]
u = b["usd_month"]
assert b["instance"] == "m5.4xlarge" and b["licence_units"] == 8, b
assert abs(u["infrastructure"] - 817.28) < 1e-6 and abs(u["licences"] - 8000) < 1e-9, u
assert abs(u["total"] - 8817.28) < 1e-6, u
assert [(g["name"], g["disks"]) for g in b["groups"]] == [("DATA", 4), ("REDO", 17), ("RECO", 4)]
assert all(c["unmet"] <= 0.01 for c in b["classes"]), b["classes"]
assert d["set_aside"][-1]["instance"] == "m5.2xlarge", d["set_aside"]
assert d["set_aside"][-1]["why"] == "8 vCPUs < --min-vcpus 16", d["set_aside"]
PY

expect_true "report_should_show_groups_constraints_and_the_licence_split" python3 - bill.html <<'PY'
import sys
t = open(sys.argv[1]).read()
for s in ("<th>group REDO</th><td>normal redundancy; 1422 I/Os a second",
          # a group of no class reads as the terminal's, not "0.0 MB/s of no
          # class"; the licence named as the terminal does; a set-aside
          # instance's price holds its licences and says so (tester D11)
          "<th>group RECO</th><td>external redundancy, no I/O of the workload; capacity 1TiB",
          "<th>licences</th><td>Oracle Enterprise Edition, 1000.00 USD per processor licence",
          "m5.2xlarge at 4280.32 USD a month (the instance alone, with its licences): set "
          "aside, 8 vCPUs &lt; --min-vcpus 16",
          "<th>instances</th><td>x86_64; at least 16 vCPUs",
          "data-key=\"best_bill\">instance 560.64 + DATA 163.84 + REDO 10.88 + RECO 81.92 = "
          "817.28 infrastructure + 8000.00 licences (8 processor licences) = 8817.28"):
    assert s in t, s
PY

expect_true "report_should_not_say_no_class_nor_the_licence_key" \
    bash -c "! grep -q -e 'of no class' -e 'Oracle Database ee' bill.html"

# the clouds side by side: in the HTML as in the terminal and cloud_best
"$ASMSIM" advise --workload oltp --clouds aws,oci --families m5,e4flex --top 1 --quiet \
    --json clouds.json --report clouds.html >clouds.txt 2>&1
expect_true "terminal_should_put_the_clouds_side_by_side" \
    grep -q "^The clouds side by side:" clouds.txt
expect_true "report_should_put_the_clouds_side_by_side" python3 - clouds.json clouds.html <<'PY'
import json, sys
d, t = json.load(open(sys.argv[1])), open(sys.argv[2]).read()
assert "<h2>The clouds side by side</h2>" in t
for cloud, best in d["cloud_best"].items():
    row = "<tr><td>%s</td><td>%s + DATA " % (cloud, best["instance"])
    assert row in t, row
    assert "= %.2f</td>" % best["usd_month"]["total"] in t, best["usd_month"]
PY

# ---- the run command reproduces each class's figures -------------------------
python3 - bill.json >cmd.sh <<'PY'
import json, sys
print(json.load(open(sys.argv[1]))["best"][0]["command"].replace("asmsim ", '"$ASMSIM" ', 1)
        + " --json run.json >/dev/null 2>&1")
PY
ASMSIM="$ASMSIM" bash cmd.sh
expect_true "run_command_should_reproduce_every_class" python3 - bill.json run.json <<'PY'
import json, sys
adv = {c["name"]: c for c in json.load(open(sys.argv[1]))["best"][0]["classes"]}
run = {c["name"]: c for c in json.load(open(sys.argv[2]))["points"][0]["classes"]}
assert adv.keys() == run.keys(), (adv.keys(), run.keys())
for name, c in adv.items():
    r = run[name]
    assert abs(c["iops"] - r["iops"]) < 1e-6 and abs(c["p99_us"] - r["lat_us"]["p99"]) < 1e-6, name
PY

# ---- a latency target moves a group to another type ---------------------------
#
# redo's p99 on gp3 stays above 600 us at this load; io2's is below it.
"$ASMSIM" advise --workload oltp --families m5 --volume-types gp3,io2 --min-vcpus 16 \
    --need-latency REDO:p99:600us --top 1 --quiet --json lat.json >lat.txt 2>&1
expect_true "group_latency_target_should_move_redo_to_io2" python3 - lat.json <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
b = d["best"][0]
g = {x["name"]: x["volume"] for x in b["groups"]}
assert g["REDO"].startswith("io2:") and g["DATA"].startswith("gp3:"), g
assert [c for c in b["classes"] if c["name"] == "redo"][0]["p99_us"] <= 600, b["classes"]
assert d["targets"][0]["of_group"] is True, d["targets"]
PY
expect_true "the_group_alone_should_keep_only_io2_for_redo" python3 - lat.json <<'PY'
import json, sys
alone = {a["group"]: a for a in json.load(open(sys.argv[1]))["alone"]}
kept = [k["volume"] for k in alone["REDO"]["kept"]]
assert kept and all(v.startswith("io2:") for v in kept), kept
assert any(k["volume"].startswith("gp3:") for k in alone["DATA"]["kept"]), alone["DATA"]
PY
cp "$TESTS_DIR/../workloads/presets/oltp.json" wl.json
expect_error "json_over_the_workload_file_should_exit_2" \
    "asmsim: advise: --json wl.json: the same file as the input --workload wl.json" "" \
    "$ASMSIM" advise --workload wl.json --json wl.json
expect_true "the_workload_file_should_be_kept" cmp -s wl.json "$TESTS_DIR/../workloads/presets/oltp.json"

harness_done
