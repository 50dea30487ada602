#!/usr/bin/env bash
# fail_test.sh - `asmsim run --fail` and `sweep --fail --over power=...`
# (docs/failure.md): a normal-redundancy group of 8 gp3 in 4 failure
# groups loses a disk under the OLTP load, and the run shows the degraded,
# rebalancing and restored phases, the time to restore redundancy (the
# data moved over the copy rate, checked by hand at powers 1, 4 and 16)
# and the foreground impact, in the terminal, summary.txt and the JSON;
# high redundancy survives two failures, normal a second one in the same
# failure group only, external none (exit status 3); --returns resyncs;
# no room to rebuild is said; the HTML report shows the phases; advise
# --survive-failure judges a lost disk's rebalance too; bad values exit 2
# with one line; a run without --fail says nothing of failures.
#
#   bash fail_test.sh <path-to-asmsim> <tests-dir>
set -u

ASMSIM=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
TESTS_DIR=${2:-.}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/asmsim-fail.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
cd "$WORK" || exit 1

# shellcheck source=cli/harness.sh
. "$TESTS_DIR/cli/harness.sh"

G=(--workload oltp --group DATA:disks=8,volume=gp3,redundancy=normal,failgroups=4
   --group REDO:disks=2,volume=gp3,redundancy=normal --duration 1s --quiet)

# ---- the issue's case: a disk lost at the peak, powers 1, 4, 16 --------------

for p in 1 4 16; do
    "$ASMSIM" run "${G[@]}" --fail 3@10m --power $p --used 60% --json p$p.json \
        > p$p.txt 2>&1
    echo $? > p$p.rc
done
if [ "$(cat p1.rc p4.rc p16.rc)" = "$(printf '0\n0\n0')" ] &&
   python3 - p1.json p4.json p16.json <<'PY'
import json, sys
for name, power in zip(sys.argv[1:], (1, 4, 16)):
    f = json.load(open(name))["failure"]
    assert f["outcome"] == "restored", f["outcome"]
    assert f["power"] == power
    assert [p["phase"] for p in f["phases"]] == ["before", "degraded", "rebalancing", "restored"]
    # by hand: 60 % of a 250 GiB disk moved, over the copies' write rate
    moved = int(0.6 * 250 * 2**30)
    assert f["moved_bytes"] == moved, f["moved_bytes"]
    rate = f["copy_mbps"] * 1e6
    assert abs(f["restore_s"] - moved / rate) <= 1e-6 * f["restore_s"], (f["restore_s"], moved / rate)
    assert abs(f["exposed_s"] - (12960 + f["restore_s"])) <= 1e-6 * f["exposed_s"]
    # V$ASM_OPERATION's row by hand: AUs to move, AUs a minute, whole minutes
    op = f["asm_operation"]
    assert (op["operation"], op["pass"], op["power"]) == ("REBAL", "REBALANCE", power), op
    assert op["est_work"] == moved // 2**20 and op["est_rate"] == round(rate * 60 / 2**20), op
    assert op["est_minutes"] == op["est_work"] // op["est_rate"], op
    reb = f["phases"][2]
    assert reb["start_s"] == 600 + 12960 and abs(reb["end_s"] - reb["start_s"] - f["restore_s"]) < 1e-3
    names = [c["name"] for c in reb["classes"]]
    assert names == ["data-reads", "dbwr", "redo", "rebalance"], names
    # the foreground pays: DATA's p99 higher while rebalancing than before
    before = f["phases"][0]["classes"][0]["p99_us"]
    assert reb["classes"][0]["p99_us"] > before, (reb["classes"][0], before)
    assert f["phases"][3]["disks"] == 9          # DATA 7 + REDO 2
    assert f["space"]["rebuild_fits"] and f["space"]["required_mirror_free_bytes"] == 2 * 250 * 2**30
PY
then
    harness_ok "lost_disk_should_restore_in_data_moved_over_copy_rate_at_powers_1_4_16"
else
    harness_fail "lost_disk_should_restore_in_data_moved_over_copy_rate_at_powers_1_4_16" \
        "$(tail -c 800 p1.txt)"
fi
if grep -q '^Failure of the first disk group (normal redundancy): disk 3 at 10 min$' p4.txt &&
   grep -q '^  repair     DISK_REPAIR_TIME 3.6 h (the 12.1 documented default' p4.txt &&
   grep -q '^  space      60 % used (--used): the lost disks held 161.1 GB' p4.txt &&
   grep -Eq '^  rebalancing  3.8 h +3.[89] h +data-reads' p4.txt &&
   grep -Eq '^ +rebalance +[0-9]+ ' p4.txt &&
   grep -Eq '^  rebalance  power 4: 4 outstanding copies of 1024 KiB, [0-9.]+ MB/s copied, bound by [^;]+; 161.1 GB moved' p4.txt &&
   grep -q '^  restored   redundancy restored ' p4.txt &&
   grep -q 'published power-1 rates are 71-80 MB/s' p4.txt; then
    harness_ok "terminal_should_show_each_phase_and_the_restore"
else
    harness_fail "terminal_should_show_each_phase_and_the_restore" "$(sed -n '/^Failure/,$p' p4.txt)"
fi

# ---- what binds the copies -----------------------------------------------------
# The copies are a closed loop of `power` streams: at power 16 on the 8
# gp3 their rate is power 4's (p4, p16 above), held by the volumes the
# rebuild reads and writes, each at its 125 MiB/s (131.07 MB/s) while the
# volumes' mean stays under 95 %: the busiest one is named.  On gp3 of
# 1000 MiB/s and 4000 IOPS, one copy in flight reaches no limit: the
# copies' latency binds.  On an m5.large, the instance's MB/s.
D8="DATA:disks=8,volume=gp3,redundancy=normal,failgroups=4"
"$ASMSIM" run "${G[@]/$D8/$D8,throughput=1000,iops=4000}" --fail 3@10m --power 1 \
    --json fast.json --report fast.html > fast.txt 2>&1
"$ASMSIM" run "${G[@]}" --fail 3@10m --power 4 --instance m5.large --json small.json \
    > small.txt 2>&1
if python3 - p4.json p16.json fast.json small.json <<'PY'
import json, sys
f4, f16, fast, small = (json.load(open(n))["failure"] for n in sys.argv[1:])
assert abs(f16["copy_mbps"] / f4["copy_mbps"] - 1) < 0.02, (f4["copy_mbps"], f16["copy_mbps"])
for f in (f4, f16):
    assert f["copy_limited_by"] == "volume_throughput", f["copy_limited_by"]
    reb = f["phases"][2]
    assert reb["limited_by"] == "volume_throughput", reb["limited_by"]
    d = f["copy_limit_disk"]
    assert d != 3 and reb["per_disk"][d]["mbps"] >= 0.99 * 131.072, (d, reb["per_disk"])
    assert f["copy_limit_util"] >= 0.99, f["copy_limit_util"]
assert fast["copy_limited_by"] == "copy_latency", fast["copy_limited_by"]
assert fast["copy_limit_util"] is None and fast["copy_limit_disk"] is None
assert fast["phases"][2]["limited_by"] == "offered_load"
assert small["copy_limited_by"] == "instance_mbps", small["copy_limited_by"]
assert small["copy_limit_disk"] is None and small["copy_limit_util"] >= 0.95
PY
then
    harness_ok "copies_should_name_what_binds_them_a_volume_their_latency_the_instance"
else
    harness_fail "copies_should_name_what_binds_them_a_volume_their_latency_the_instance" \
        "$(grep -h '^  rebalance ' p4.txt p16.txt fast.txt small.txt)"
fi
if grep -Eq '^  rebalance  power 16: 16 outstanding copies of 1024 KiB, [0-9.]+ MB/s copied, bound by volume throughput \(disk [0-9] at 100 %\); 161.1 GB moved' p16.txt &&
   grep -q "MB/s copied, bound by the copies' latency (power 1: 1 copy in flight); " fast.txt &&
   grep -Eq 'MB/s copied, bound by instance MB/s \([0-9]+ % of its rate\); ' small.txt &&
   grep -q "<th>copies bound by</th><td data-key=\"failure.copy_limited_by\">the copies&#39; latency (power 1: 1 copy in flight)</td>" fast.html; then
    harness_ok "copy_line_and_html_should_say_what_binds_the_copies"
else
    harness_fail "copy_line_and_html_should_say_what_binds_the_copies" \
        "$(grep -h '^  rebalance ' p16.txt fast.txt small.txt; grep -o 'copies bound by.\{0,120\}' fast.html)"
fi

# ---- summary.txt, sweep --over power -------------------------------------------

mkdir out
"$ASMSIM" run "${G[@]}" --fail 3@10m --output-dir out --testname t > /dev/null 2>&1
if grep -q '^Failure of the first disk group' out/t_*summary.txt 2>/dev/null; then
    harness_ok "summary_txt_should_have_the_failure"
else
    harness_fail "summary_txt_should_have_the_failure" "$(ls out)"
fi
"$ASMSIM" sweep "${G[@]}" --fail 3@10m --over power=1,4 --json sw.json --report sw.html \
    > sw.txt 2>&1
sw_rc=$?
if [ $sw_rc -eq 0 ] && grep -q '^Failure by power:$' sw.txt &&
   grep -Eq '^  1 +[0-9.]+ ' sw.txt && grep -Eq '^  4 +[0-9.]+ ' sw.txt &&
   python3 - sw.json <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
assert [s["failure"]["power"] for s in d["sweep"]] == [1, 4]
assert d["failure"]["power"] == 4
PY
then
    harness_ok "sweep_over_power_should_tabulate_the_restore_of_each_power"
else
    harness_fail "sweep_over_power_should_tabulate_the_restore_of_each_power" \
        "exit $sw_rc; $(tail -c 600 sw.txt)"
fi
# each power's row says what bound its copies, in the terminal and the HTML
if grep -Eq '^  power +copy MB/s +restore +exposed +worst p99 us \(class, phase\) +copies bound by$' sw.txt &&
   [ "$(grep -Ec '^  (1|4) .* \([a-z-]+, rebalancing\) +volume throughput \(disk [0-9] at [0-9]+ %\)$' sw.txt)" -eq 2 ] &&
   grep -q '<th>class</th><th>copies bound by</th>' sw.html &&
   [ "$(grep -Ec '<td>volume throughput \(disk [0-9] at [0-9]+ %\)</td></tr>' sw.html)" -eq 2 ]
then
    harness_ok "sweep_over_power_should_say_what_bound_each_powers_copies"
else
    harness_fail "sweep_over_power_should_say_what_bound_each_powers_copies" \
        "$(sed -n '/^Failure by power/,$p' sw.txt; grep -o 'copies bound by.\{0,200\}' sw.html)"
fi
# D7 of the tester's report 2: the run's own point (before the failure)
# is the same at every power; the sweep's table of classes and its charts
# show each power's rebalancing phase instead, titled so, its figures the
# JSON's failure.phases[] rebalancing entry (and not flat)
if python3 - sw.json sw.txt sw.html <<'PY'
import json, re, sys
d = json.load(open(sys.argv[1]))
text, page = open(sys.argv[2]).read(), open(sys.argv[3]).read()
assert "While rebalancing (the phase the power changes; before it every power runs alike):" in text
p99 = []
for run in d["sweep"]:
    power = run["failure"]["power"]
    reb = next(p for p in run["failure"]["phases"] if p["phase"] == "rebalancing")
    c = reb["classes"][0]
    row = r"^ +%d +data-reads +DATA +%.0f +%.2f +%.1f +%.1f  " % (
        power, c["iops"], c["mbps"], c["avg_us"], c["p99_us"])
    assert re.search(row, text, re.M), (row, text)
    assert "<td>%.1f</td>" % c["p99_us"] in page, c
    p99.append(c["p99_us"])
assert p99[1] > p99[0] * 1.2, p99          # not the flat "before" figures
assert "<h3>p99 latency of each class while rebalancing against power</h3>" in page
assert "<h3>Each class per value while rebalancing</h3>" in page
assert "While rebalancing, at power=1 and at 4: data-reads %.1f and %.1f us" % tuple(p99) in page
PY
then
    harness_ok "sweep_over_power_should_show_each_classes_figures_while_rebalancing"
else
    harness_fail "sweep_over_power_should_show_each_classes_figures_while_rebalancing" \
        "$(head -c 1200 sw.txt)"
fi

# ---- the run's targets judged in each phase ----------------------------------
# data-reads p99 <= 1 ms holds before (872 us), degraded and restored, and
# not while rebalancing (the copies share the volumes: about 20 ms)
"$ASMSIM" run "${G[@]}" --fail 3@10m --power 4 --used 60% \
    --need-latency data-reads:p99:1ms > needs.txt 2>&1
expect_true "targets_should_be_met_before_the_failure" \
    grep -q '^Targets: data-reads p99 latency 872.4 us <= 1000.0 us: met' needs.txt
expect_true "targets_should_be_judged_in_each_phase_after_the_failure" bash -c \
    "grep -qE '^ +degraded +data-reads p99 latency [0-9.]+ us <= 1000.0 us: met\$' needs.txt &&
     grep -qE '^ +rebalancing +data-reads p99 latency [0-9.]+ us <= 1000.0 us: MISSED\$' needs.txt &&
     grep -qE '^ +restored +data-reads p99 latency [0-9.]+ us <= 1000.0 us: met\$' needs.txt"

# ---- the HTML report: the phases as bands, the figures, the space ------------

"$ASMSIM" run "${G[@]}" --fail 3@10m --power 4 --used 60% --testname page --json page.json \
    --report page.html > page.txt 2>&1
"$ASMSIM" report page.json -o again.html > /dev/null 2>&1
if grep -q '<section id="failure"><h2>A disk fails</h2>' page.html &&
   [ "$(grep -o 'class="band band-[a-z]*" data-phase="[a-z]*"' page.html |
        sed 's/.*data-phase="//; s/"//' | tr '\n' ' ')" = "before degraded rebalancing restored " ] &&
   grep -q '<div class="band band-degraded" data-phase="degraded" style="width:[0-9.]*%;[^"]*"><b>degraded</b><br>10 min - 3.8 h</div>' page.html &&
   grep -q '<div class="band band-restored" data-phase="restored" style="width:[0-9.]*%;[^"]*"><b>restored</b><br>from 3.9 h</div>' page.html &&
   grep -q "<td data-key=\"failure.restore_s\">$(sed -n 's/^  rebalance  power 4: .* moved in \(.*\)$/\1/p' page.txt)</td>" page.html &&
   grep -q '<td data-key="failure.exposed_s">3.7 h (repair timer + restore)</td>' page.html &&
   grep -q '<td data-key="failure.moved_bytes">161.1 GB</td>' page.html &&
   grep -q "<td data-key=\"failure.asm_operation\">$(sed -n 's/^  *as V\$ASM_OPERATION would show it: //p' page.txt)</td>" page.html &&
   grep -q '^             as V\$ASM_OPERATION would show it: REBAL REBALANCE POWER 4 EST_WORK 153600 EST_RATE [0-9]* EST_MINUTES [0-9]* (AUs; AUs a minute)$' page.txt &&
   grep -q '<h3>Foreground p99 latency through the failure</h3>' page.html &&
   grep -q '<p class="reading">In the rebalancing phase: data-reads p99 ' page.html &&
   grep -q '<tr><th rowspan="4">rebalancing</th><td rowspan="4">3.8 h</td>' page.html &&
   grep -q '<tr><td>rebalance</td><td>[0-9]*</td>' page.html &&
   grep -q 'the lost disks held 161.1 GB, the others have 751.6 GB free: room to rebuild</td>' page.html &&
   grep -q '<tr><th>REQUIRED_MIRROR_FREE_MB</th><td data-key="failure.space.required_mirror_free_bytes">512000</td>' page.html &&
   grep -q '<tr><th>USABLE_FILE_MB</th><td data-key="failure.space.usable_file_bytes">153600</td>' page.html &&
   cmp -s page.html again.html; then
    harness_ok "html_report_should_show_the_phases_as_bands_the_restore_and_the_space"
else
    harness_fail "html_report_should_show_the_phases_as_bands_the_restore_and_the_space" \
        "$(sed -n '/id="failure"/,/<h3>Space/p' page.html | head -30)"
fi
"$ASMSIM" run "${G[@]/redundancy=normal,failgroups=4/redundancy=external}" \
    --fail 3@10m --report lost.html > /dev/null 2>&1
if grep -q '<td data-key="failure.outcome">DATA LOST: an extent had every copy on offline disks' lost.html &&
   [ "$(grep -c 'data-phase=' lost.html)" -eq 1 ]; then
    harness_ok "html_report_should_say_data_lost_with_only_the_phase_before"
else
    harness_fail "html_report_should_say_data_lost_with_only_the_phase_before" \
        "$(grep -o 'data-key="failure[^<]*' lost.html)"
fi
"$ASMSIM" report "$TESTS_DIR/fuzz/corpus/html_report/failure_hostile.json" -o hostile.html \
    > /dev/null 2>&1
if grep -q 'data-phase="&quot;&gt;&lt;script&gt;x&lt;/script&gt;"' hostile.html &&
   grep -q '<td rowspan="4">&quot;&gt;&lt;b&gt;</td>' hostile.html &&
   ! grep -q '<script>x' hostile.html; then
    harness_ok "html_report_should_escape_the_failures_names"
else
    harness_fail "html_report_should_escape_the_failures_names" "$(grep -o 'data-phase="[^>]*>' hostile.html)"
fi
"$ASMSIM" sweep "${G[@]}" --fail 3@10m --over power=1,4 --report swp.html > /dev/null 2>&1
if grep -q '<section id="failure-sweep"><h2>Failure by power</h2>' swp.html &&
   grep -q '<h3>Time to restore redundancy</h3>' swp.html &&
   [ "$(grep -Ec '^<tr><td>(1|4)</td><td>restored</td><td>[0-9.]+</td>' swp.html)" -eq 2 ]; then
    harness_ok "html_report_of_a_sweep_over_power_should_tabulate_each_restore"
else
    harness_fail "html_report_of_a_sweep_over_power_should_tabulate_each_restore" \
        "$(grep -A12 'failure-sweep' swp.html | head -20)"
fi

# ---- what survives, and what does not ----------------------------------------

"$ASMSIM" run "${G[@]/redundancy=normal,failgroups=4/redundancy=high,failgroups=4}" \
    --fail 3@10m --fail 0@20m --json high.json > high.txt 2>&1
high_rc=$?
if [ $high_rc -eq 0 ] && python3 -c "
import json; f = json.load(open('high.json'))['failure']
assert f['outcome'] == 'restored' and f['offline_disks'] == [3, 0], f['outcome']
assert f['phases'][3]['disks'] == 8, f['phases'][3]['disks']"; then
    harness_ok "high_redundancy_should_survive_two_failures"
else
    harness_fail "high_redundancy_should_survive_two_failures" "exit $high_rc; $(tail -c 600 high.txt)"
fi
"$ASMSIM" run "${G[@]}" --fail 3@10m --fail 7@20m --json same.json > same.txt 2>&1
same_rc=$?
if [ $same_rc -eq 0 ] && python3 -c "
import json; f = json.load(open('same.json'))['failure']
assert f['outcome'] == 'restored' and f['offline_disks'] == [3, 7]"; then
    harness_ok "normal_redundancy_should_survive_a_second_disk_of_the_same_failure_group"
else
    harness_fail "normal_redundancy_should_survive_a_second_disk_of_the_same_failure_group" \
        "exit $same_rc; $(tail -c 400 same.txt)"
fi
"$ASMSIM" run "${G[@]}" --fail 3@10m --fail 0@20m --json two.json > two.out 2> two.err
two_rc=$?
if [ $two_rc -eq 3 ] &&
   grep -q '^  DATA LOST at 20 min: an extent had its copies on disks 0 and 3' two.out &&
   [ "$(grep -c 'lost data' two.err)" -eq 1 ] &&
   grep -q '^asmsim: --fail lost data: an extent had every copy on offline disks 0 and 3; results written, exit status 3$' two.err &&
   python3 -c "
import json; f = json.load(open('two.json'))['failure']
assert f['outcome'] == 'data_lost' and f['lost_at_s'] == 1200
assert [p['phase'] for p in f['phases']] == ['before']"; then
    harness_ok "normal_redundancy_should_lose_data_with_a_second_failure_in_another_group"
else
    harness_fail "normal_redundancy_should_lose_data_with_a_second_failure_in_another_group" \
        "exit $two_rc; $(cat two.err) $(tail -c 400 two.out)"
fi
# the repair parameter and time agree, whichever event lost the data
"$ASMSIM" run "${G[@]}" --fail 3@10m --fail 0@20m --fail fg:2@30m --json lost_fg.json \
    > lost_fg.out 2>&1
if python3 -c "
import json; f = json.load(open('lost_fg.json'))['failure']
assert f['outcome'] == 'data_lost' and f['lost_at_s'] == 1200
assert f['repair_parameter'] == 'FAILGROUP_REPAIR_TIME' and f['repair_s'] == 86400, f
assert f['copy_mbps'] is None"; then
    harness_ok "data_lost_run_should_name_the_repair_parameter_of_its_repair_time"
else
    harness_fail "data_lost_run_should_name_the_repair_parameter_of_its_repair_time" \
        "$(tail -c 600 lost_fg.out)"
fi
"$ASMSIM" run "${G[@]/redundancy=normal,failgroups=4/redundancy=external}" \
    --fail 3@10m > ext.out 2> ext.err
ext_rc=$?
if [ $ext_rc -eq 3 ] &&
   grep -q "^  DATA LOST at 10 min: external redundancy keeps one copy, and disk 3's extents had it" ext.out &&
   grep -q '^asmsim: --fail lost data: an extent had every copy on offline disk 3; ' ext.err; then
    harness_ok "external_redundancy_should_say_data_lost_and_exit_3"
else
    harness_fail "external_redundancy_should_say_data_lost_and_exit_3" "exit $ext_rc; $(cat ext.err)"
fi

# ---- resync, a failure group, no room ------------------------------------------

# (the repair time in terms, 29m60s = 30 min: the tester's D9 found 1h30m refused)
"$ASMSIM" run "${G[@]}" --fail 3@9m59s1000ms --returns --repair-time 29m60s --json ret.json > ret.txt 2>&1
if python3 -c "
import json; f = json.load(open('ret.json'))['failure']
assert f['then'] == 'resync' and f['repair_s'] == 1800 and not f['repair_default']
assert f['phases'][2]['classes'][-1]['name'] == 'resync'
assert f['moved_bytes'] == round(f['stale_aus_at_repair']) * 1048576
assert f['asm_operation']['pass'] == 'RESYNC' and f['asm_operation']['est_work'] == round(f['stale_aus_at_repair'])
assert f['phases'][3]['disks'] == 10" &&
   grep -q 'then the disks return (--returns): their stale AUs resynced' ret.txt; then
    harness_ok "returning_disk_should_resync_its_stale_aus"
else
    harness_fail "returning_disk_should_resync_its_stale_aus" "$(tail -c 600 ret.txt)"
fi

# D3 of the tester's report 2: a resync at power 1024 writes every copy to
# the disk that came back; its volume's throughput saturates (the mean
# over the 8 volumes stays near 40 %) and the foreground goes about 28 %
# unmet.  The phase names that limit, and each class its offered rate and
# unmet share, in the terminal, the JSON and the HTML report.
"$ASMSIM" run --workload oltp --volume gp3 --disks 8 --redundancy normal --failgroups 4 \
    --fail 3@10m --returns --power 1024 --quiet --json hot.json --report hot.html \
    > hot.txt 2>&1
if python3 -c "
import json; f = json.load(open('hot.json'))['failure']
before, reb = f['phases'][0], f['phases'][2]
assert before['limited_by'] == 'offered_load', before['limited_by']
assert reb['limited_by'] == 'volume_throughput', reb['limited_by']
for c in before['classes']:
    assert c['open']['unmet_frac'] < 0.01, c
for c in reb['classes'][:3]:
    o = c['open']
    assert 0.15 < o['unmet_frac'] < 0.5, c
    assert abs(o['unmet_frac'] - (1 - c['iops'] / o['offered_iops'])) < 1e-9, c
assert reb['classes'][3]['name'] == 'resync' and 'open' not in reb['classes'][3]
per_disk = [d['mbps'] for d in reb['per_disk']]
assert max(per_disk) > 125 and sum(per_disk) / len(per_disk) < 0.6 * 131, per_disk" &&
   grep -Eq '^  phase +from +to +class .* p99 vs offered/s +unmet$' hot.txt &&
   grep -Eq '^  rebalancing .* data-reads .* [0-9]+ +[1-4][0-9]\.[0-9] %$' hot.txt &&
   grep -Eq '^ +resync .* - +-$' hot.txt &&
   [ "$(grep -c '^ *limited by volume throughput$' hot.txt)" -eq 1 ] &&
   grep -Eq '<td data-key="unmet_pct">[1-4][0-9]\.[0-9] %</td>' hot.html &&
   grep -q '<th>offered/s</th><th>unmet</th><th>limited by</th>' hot.html; then
    harness_ok "phase_whose_demand_goes_unmet_should_name_its_limit_and_show_the_unmet"
else
    harness_fail "phase_whose_demand_goes_unmet_should_name_its_limit_and_show_the_unmet" \
        "$(sed -n '/^  phase/,/^  writes/p' hot.txt)"
fi
"$ASMSIM" run "${G[@]}" --fail fg:1@1h --json fg.json > fg.txt 2>&1
if grep -q '^  repair     FAILGROUP_REPAIR_TIME 24.0 h (its documented default, 12.1+)' fg.txt &&
   python3 -c "
import json; f = json.load(open('fg.json'))['failure']
assert f['offline_disks'] == [1, 5] and f['repair_s'] == 86400 and f['outcome'] == 'restored'"; then
    harness_ok "failure_group_should_fail_its_disks_and_wait_failgroup_repair_time"
else
    harness_fail "failure_group_should_fail_its_disks_and_wait_failgroup_repair_time" \
        "$(tail -c 600 fg.txt)"
fi
"$ASMSIM" run --workload oltp --group DATA:disks=4,volume=gp3,redundancy=normal,failgroups=2 \
    --group REDO:disks=2,volume=gp3 --duration 1s --quiet --fail fg:0@1m --used 95% \
    --json room.json > room.txt 2>&1
room_rc=$?
if [ $room_rc -eq 0 ] && grep -q 'NO room to rebuild into' room.txt &&
   grep -q '^  NOT RESTORED: the lost disks' room.txt &&
   grep -q 'USABLE_FILE_MB -[0-9]* (negative' room.txt &&
   python3 -c "
import json; f = json.load(open('room.json'))['failure']
assert f['outcome'] == 'no_room' and f['restore_s'] is None and f['copy_mbps'] is None
assert [p['phase'] for p in f['phases']] == ['before', 'degraded']"; then
    harness_ok "no_room_to_rebuild_should_be_said"
else
    harness_fail "no_room_to_rebuild_should_be_said" "exit $room_rc; $(tail -c 600 room.txt)"
fi

"$ASMSIM" run --workload oltp --group DATA:disks=4,volume=gp3,redundancy=normal,failgroups=2 \
    --group REDO:disks=2,volume=gp3 --duration 1s --quiet --fail fg:1@1m --json two_fg.json \
    > two_fg.txt 2>&1
two_fg_rc=$?
if [ $two_fg_rc -eq 0 ] && grep -q '^  NOT RESTORED: fewer failure groups are left than there are copies' two_fg.txt &&
   python3 -c "
import json; f = json.load(open('two_fg.json'))['failure']
assert f['outcome'] == 'no_source' and f['offline_disks'] == [1, 3]"; then
    harness_ok "normal_group_of_two_failure_groups_should_not_restore_a_lost_group"
else
    harness_fail "normal_group_of_two_failure_groups_should_not_restore_a_lost_group" \
        "exit $two_fg_rc; $(tail -c 600 two_fg.txt)"
fi
# its repair and space lines say the same, not "rebuilt" and "room to rebuild"
expect_true "no_failure_group_left_should_be_said_by_the_repair_and_space_lines" \
    bash -c "grep -q 'then the disks are dropped, but no failure group is left to rebuild their extents in' two_fg.txt &&
             grep -q 'free: room in bytes, but no failure group left to hold a new copy' two_fg.txt &&
             ! grep -q 'rebuilt on the partners\|: room to rebuild' two_fg.txt"

# ---- advise --survive-failure: a lost disk's rebalance judged too -------------
#
# oltp with data-reads' p99 at most 5 ms, DATA normal: 4 gp3 pass at rest,
# but not while they rebalance a lost disk at power 1; the answer that
# survives is more disks, and its run command (which loses the disk:
# --fail 0@10m --power 1) keeps the target while rebalancing.

ADV=(--workload oltp --families m5 --volume-types gp3,io2 --min-vcpus 16
     --redundancy DATA:normal --need-latency data-reads:p99:5ms --top 1 --quiet)
"$ASMSIM" advise "${ADV[@]}" --json rest.json > rest.txt 2>&1
"$ASMSIM" advise "${ADV[@]}" --survive-failure 1 --json surv.json > surv.txt 2>&1
surv_rc=$?
cmd=$(python3 -c "import json; print(json.load(open('surv.json'))['best'][0]['command'])" 2>/dev/null)
eval "\"\$ASMSIM\" ${cmd#asmsim } --json check.json" > check.txt 2>&1
if [ $surv_rc -eq 0 ] && python3 - rest.json surv.json check.json <<'PY'
import json, sys
rest, surv, check = (json.load(open(p)) for p in sys.argv[1:])
disks = lambda d: {g["name"]: g["disks"] for g in d["best"][0]["groups"]}
assert disks(rest)["DATA"] == 4, disks(rest)
assert disks(surv)["DATA"] > 4, disks(surv)
assert surv["best"][0]["command"].endswith(" --fail 0@10m --power 1"), surv["best"][0]["command"]
reb = check["failure"]["phases"][2]
assert reb["phase"] == "rebalancing" and reb["classes"][0]["name"] == "data-reads"
assert reb["classes"][0]["p99_us"] <= 5000, reb["classes"][0]
PY
then
    harness_ok "advise_survive_failure_should_pick_a_group_that_keeps_its_target_while_rebalancing"
else
    harness_fail "advise_survive_failure_should_pick_a_group_that_keeps_its_target_while_rebalancing" \
        "exit $surv_rc; $(tail -c 600 surv.txt)"
fi
# external redundancy keeps no copy: refused before any simulation (tester D13)
expect_error "advise_survive_failure_should_refuse_external_redundancy_at_once" \
    "asmsim: advise: --survive-failure 1: group DATA has external redundancy: a lost disk loses data (no copy to rebuild from), whatever the volumes; give it --redundancy DATA:normal or high" "" \
    "$ASMSIM" advise "${ADV[@]/DATA:normal/DATA:external}" --survive-failure 1
expect_error "advise_survive_failure_should_refuse_the_default_external_redundancy" \
    "asmsim: advise: --survive-failure 4: group DATA has external redundancy" "" \
    "$ASMSIM" advise --workload oltp --survive-failure 4 --quiet
expect_error "survive_failure_without_workload_should_be_refused" \
    "asmsim: advise: --survive-failure: only with --workload" "" \
    "$ASMSIM" advise --need-iops 100 --survive-failure 2
expect_error "survive_failure_of_power_0_should_be_refused" \
    "asmsim: advise: --survive-failure 0: not valid; use a rebalance power" "" \
    "$ASMSIM" advise --workload oltp --survive-failure 0

# ---- without --fail: nothing of it ---------------------------------------------

"$ASMSIM" run "${G[@]}" --json none.json > none.txt 2>&1
if ! grep -q 'Failure\|failure' none.txt && ! grep -q '"failure"' none.json; then
    harness_ok "run_without_fail_should_say_nothing_of_failures"
else
    harness_fail "run_without_fail_should_say_nothing_of_failures" "$(grep -i failure none.txt)"
fi

# ---- bad values: one line, exit 2 ----------------------------------------------

expect_error "the_same_disk_failed_twice_should_be_refused" \
    "asmsim: --fail 3: given twice; a disk or failure group fails once" "" \
    "$ASMSIM" run "${G[@]}" --fail 3@10m --fail 3@11m
expect_error "fail_without_time_should_be_refused" \
    "asmsim: --fail 3: not a failure; use DISK@TIME or fg:N@TIME" "" \
    "$ASMSIM" run "${G[@]}" --fail 3
expect_error "fail_of_a_disk_out_of_range_should_be_refused" \
    "asmsim: --fail 9: the first disk group has 8 disks, numbered from 0" "" \
    "$ASMSIM" run "${G[@]}" --fail 9@1m
expect_error "fail_of_a_failure_group_out_of_range_should_be_refused" \
    "asmsim: --fail fg:4: the first disk group has 4 failure groups" "" \
    "$ASMSIM" run "${G[@]}" --fail fg:4@1m
expect_error "fail_after_the_repair_time_should_be_refused" \
    "asmsim: --fail: a failure after the first one's repair timer ends (3.6 h after it) is not modelled" "" \
    "$ASMSIM" run "${G[@]}" --fail 1@1m --fail 2@5h
expect_error "fail_given_five_times_should_be_refused" \
    "asmsim: --fail 4@1m: given more than 4 times" "" \
    "$ASMSIM" run "${G[@]}" --fail 0@1m --fail 1@1m --fail 2@1m --fail 3@1m --fail 4@1m
expect_error "fail_of_an_orion_run_should_be_refused" \
    "asmsim: --fail: needs a database workload (--workload NAME" "" \
    "$ASMSIM" run --disks 4 --fail 1@1m
expect_error "fail_on_the_null_engine_should_be_refused" \
    "asmsim: --fail: the null engine has no device to fail" "" \
    "$ASMSIM" run "${G[@]}" --engine null --fail 1@1m
expect_error "fail_with_the_dashboard_should_be_refused" \
    "asmsim: --fail: not with --tui (its dashboard watches the run's points); fail a disk live with asmsim tui --workload NAME and its key f" \
    "or use --progress" \
    "$ASMSIM" run "${G[@]}" --tui --fail 1@1m
expect_error "power_out_of_range_should_be_refused" \
    "asmsim: --power 2000: not a power; use an integer from 1 to 1024" "" \
    "$ASMSIM" run "${G[@]}" --fail 1@1m --power 2000
expect_error "used_of_100_percent_should_be_refused" \
    "asmsim: --used 100%: not a share; use a percentage from 1 to 99" "" \
    "$ASMSIM" run "${G[@]}" --fail 1@1m --used 100%
expect_error "repair_time_of_0_should_be_refused" \
    "asmsim: --repair-time 0: not a repair time" "" \
    "$ASMSIM" run "${G[@]}" --fail 1@1m --repair-time 0
for opt in "--power 4" "--used 60%" "--repair-time 1h" "--returns"; do
    name=${opt%% *}
    id=${name#--}
    expect_error "${id//-/_}_without_fail_should_be_refused" \
        "asmsim: $name: only with --fail DISK@TIME" "" \
        "$ASMSIM" run "${G[@]}" $opt
done

harness_done
