#!/usr/bin/env bash
# advise_awr_test.sh - `asmsim advise --awr FILE [--peak F] [--keep-latency]`
# on the sample reports of tests/awr/, on a narrow space (m5, gp3, at most
# 8 disks, the best one), the targets worked by hand in
# tests/test_awr_targets.c:
#   * awr_19c.txt: 3230 small IOPS of 11776 B (single-reads 2300 + dbwr
#     600 + redo 300 + other-writes 30), 117.96 MB/s large of 495104 B
#     (multi-reads 104.86 + direct-writes 13.11 MB/s), 28 % writes;
#     --peak 3 triples the rates; --keep-latency sets the latency to the
#     db file sequential read's 412.50us, log file parallel write shown
#     beside it, not a target;
#   * the output says where the targets came from (terminal, --json
#     targets.awr, the --report page) and the run command a configuration
#     prints reproduces its simulated figures;
#   * refusals, each exit 2, one line, nothing written: --awr with a target
#     the report sets, --peak or --keep-latency without --awr, both latency
#     options, a report asmsim awr refuses (its own words: file:line:
#     section), a report without the sequential read with --keep-latency;
#   * --shard and --merge with --awr: the merge names the report itself.
#
#   bash advise_awr_test.sh <path-to-asmsim> <tests-dir>
set -u

ASMSIM=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
TESTS_DIR=$(cd "${2:-.}" && pwd)
R19=$TESTS_DIR/awr/awr_19c.txt
WORK=$(mktemp -d "${TMPDIR:-/tmp}/asmsim-advise-awr.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
cd "$WORK" || exit 1
mkdir out

# shellcheck source=cli/harness.sh
. "$TESTS_DIR/cli/harness.sh"

NARROW=(--families m5 --volume-types gp3 --top 1 --max-disks 8 --quiet)

# ---- the targets, from the report -------------------------------------------

"$ASMSIM" advise --awr "$R19" "${NARROW[@]}" >t19.txt 2>t19.err
expect_true "awr_19c_should_set_both_rates_sizes_and_writes" \
    grep -qxF "  targets   118 MB/s large (495104 B), 3230 IOPS small (11776 B), 28 % writes, external redundancy" t19.txt
expect_true "the_report_should_be_named_with_its_interval" \
    grep -qF "  from      AWR text report $R19: database SALESDB, instance salesdb, snapshots 4410-4411, 14-Mar-24 10:00:02 to 14-Mar-24 11:00:02 (3600 s)" t19.txt
expect_true "small_iops_should_be_the_sum_of_the_small_classes" \
    grep -qF "  small     3230 IOPS = single-reads 2300.0 + dbwr 600.0 + redo 300.0 + other-writes 30.0 (classes of at most 128 KiB); 11776 B, their mean by requests" t19.txt
expect_true "large_mbps_should_be_the_sum_of_the_large_classes_in_mb" \
    grep -qF "  large     117.96 MB/s = multi-reads 104.86 + direct-writes 13.11 (larger classes; MB is 10^6 B); 495104 B, their mean by bytes" t19.txt
expect_true "writes_should_be_the_share_of_requests" \
    grep -qF "  writes    28 % = 28.16 % of all classes' requests" t19.txt
expect_true "without_peak_the_targets_should_be_said_to_be_averages" \
    grep -qF "  peak      none: the targets are the interval's averages, and AWR averages understate one-minute peaks" t19.txt
expect_true "without_keep_latency_no_latency_target" \
    bash -c '! grep -q "latency" t19.txt'

"$ASMSIM" advise --awr "$R19" --peak 3 "${NARROW[@]}" >p3.txt 2>/dev/null
expect_true "peak_should_multiply_the_rates" \
    grep -qF "  targets   354 MB/s large (495104 B), 9690 IOPS small (11776 B), 28 % writes" p3.txt
expect_true "peak_should_show_the_factor_in_each_sum" \
    grep -qF "  small     9690 IOPS = 3 x (single-reads 2300.0 + dbwr 600.0 + redo 300.0 + other-writes 30.0)" p3.txt
expect_true "peak_should_be_said" grep -qxF "  peak      x 3 (--peak): every rate of the report times 3" p3.txt

"$ASMSIM" advise --awr "$R19" --keep-latency "${NARROW[@]}" >lat.txt 2>/dev/null
expect_true "keep_latency_should_set_the_sequential_read_mean" \
    grep -qF "3230 IOPS small (11776 B), small latency mean <= 0.412 ms, 28 % writes" lat.txt
expect_true "keep_latency_should_show_log_writes_not_as_a_target" \
    grep -qxF "  latency   kept: db file sequential read 412.50us (Foreground Wait Events, line 72); beside it, not a target (advise takes one): log file parallel write 780.25us (Background Wait Events, line 85)" lat.txt

# a class of exactly 128 KiB is small: awr_11g's multiblock reads
"$ASMSIM" advise --awr "$TESTS_DIR/awr/awr_11g.txt" "${NARROW[@]}" >t11.txt 2>/dev/null
expect_true "a_128_kib_class_should_be_small_io" \
    grep -qF "  targets   1130 IOPS small (19968 B), 29 % writes" t11.txt

"$ASMSIM" advise --awr "$TESTS_DIR/awr/awr_rac_inst2.txt" "${NARROW[@]}" >rac.txt 2>/dev/null
expect_true "a_rac_instance_report_should_say_its_targets_are_the_instance_s" \
    grep -qF "  note      one instance of a RAC database: these are its own I/O" rac.txt

# ---- JSON, the run command, the page ----------------------------------------

"$ASMSIM" advise --awr "$R19" --peak 2 --keep-latency "${NARROW[@]}" --volume-types io2 \
    --json adv.json >/dev/null 2>&1
expect_true "json_targets_should_say_where_they_came_from" python3 - adv.json "$R19" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
t, w = d["targets"], d["targets"]["awr"]
errs = []
def want(name, got, exp, tol=1e-6):
    if isinstance(exp, float) and abs(got - exp) <= tol * max(1, abs(exp)):
        return
    if got != exp:
        errs.append(f"{name}: {got!r}, want {exp!r}")
want("need_iops", t["need_iops"], 6460.0)
want("need_mbps", t["need_mbps"], 235.9296)
want("write_pct", t["write_pct"], 28)
want("small_bytes", t["small_bytes"], 11776)
want("large_bytes", t["large_bytes"], 495104)
want("need_latency_us", t["need_latency_us"], 412.5)
want("file", w["file"], sys.argv[2])
want("database", (w["database"], w["rac"]), ("SALESDB", False))
want("snaps", (w["begin_snap"], w["end_snap"]), (4410, 4411))
want("elapsed_s", w["elapsed_s"], 3600)
want("peak", (w["peak_factor"], w["peak_given"]), (2, True))
want("small_classes", w["small_classes"], ["single-reads", "dbwr", "redo", "other-writes"])
want("large_classes", w["large_classes"], ["multi-reads", "direct-writes"])
want("write_pct_requests", w["write_pct_requests"], 980 / 3480 * 100)
want("latency", (w["latency"]["event"], w["latency"]["as_printed"], w["latency"]["line"]),
     ("db file sequential read", "412.50us", 72))
want("log_write", (w["log_write"]["event"], w["log_write"]["avg_us"]),
     ("log file parallel write", 780.25))
small = sum(c["iops"] for c in w["classes"] if c["io"] == "small")
large = sum(c["mbps"] for c in w["classes"] if c["io"] == "large")
want("need_iops = 2 x classes", t["need_iops"], 2 * small)
want("need_mbps = 2 x classes", t["need_mbps"], 2 * large)
if not d["best"]:
    errs.append("no configuration found")
print("\n".join(errs), file=sys.stderr)
sys.exit(1 if errs else 0)
PY
"$ASMSIM" advise --awr "$R19" --keep-latency "${NARROW[@]}" --json - 2>/dev/null >plain.json
expect_true "json_without_peak_should_say_averages" python3 -c '
import json, sys
w = json.load(open("plain.json"))["targets"]["awr"]
sys.exit(0 if w["peak_factor"] == 1 and w["peak_given"] is False else 1)'
"$ASMSIM" advise --need-iops 100 "${NARROW[@]}" --json - 2>/dev/null >none.json
expect_true "json_without_awr_should_have_targets_awr_null" python3 -c '
import json, sys
sys.exit(0 if json.load(open("none.json"))["targets"]["awr"] is None else 1)'

# the run command each configuration prints reproduces its figures
cmd=$(python3 -c 'import json; print(json.load(open("adv.json"))["best"][0]["run_command"])')
expect_true "run_command_should_carry_the_report_s_sizes_and_writes" \
    bash -c "[[ '$cmd' == *' --write 28 '*'--size-small 11776B --size-large 495104B'* ]]"
# shellcheck disable=SC2086
"$ASMSIM" ${cmd#asmsim } --json - >run.json 2>/dev/null
expect_true "run_command_should_reproduce_the_simulated_figures" \
    python3 "$TESTS_DIR/cli/run_reproduces.py" adv.json run.json

"$ASMSIM" advise --awr "$R19" --keep-latency "${NARROW[@]}" --report page.html >/dev/null 2>&1
expect_true "report_page_should_say_where_the_targets_came_from" \
    grep -qF "<th>targets from</th><td>AWR text report $R19: database SALESDB, instance salesdb, snapshots 4410-4411 (3600 s); the interval&#39;s averages, which understate one-minute peaks; small I/O: single-reads, dbwr, redo, other-writes; large I/O: multi-reads, direct-writes; latency: db file sequential read 412.50us (log file parallel write 780.25us, not a target)" page.html

# ---- refusals -----------------------------------------------------------------

TRY="Try 'asmsim advise --help'."
for opt in "--need-iops 100" "--need-mbps 100" "--write 30" "--size-small 4KiB" \
           "--size-large 1MiB" "--schedule oltp-day"; do
    # shellcheck disable=SC2086
    expect_error "awr_with_${opt%% *}_should_be_refused" \
        "asmsim: advise: --awr and ${opt%% *} exclude each other: the report sets the rates, the sizes and the write share" \
        "$TRY" "$ASMSIM" advise --awr "$R19" $opt "${NARROW[@]}" --json out/a.json
done
expect_error "keep_latency_without_awr_should_be_refused" \
    "asmsim: advise: --keep-latency works on the report's figures: give --awr FILE" "$TRY" \
    "$ASMSIM" advise --need-iops 100 --keep-latency "${NARROW[@]}" --json out/a.json
expect_error "peak_without_awr_should_be_refused" \
    "asmsim: advise: --peak works on the report's figures: give --awr FILE" "$TRY" \
    "$ASMSIM" advise --need-iops 100 --peak 2 "${NARROW[@]}" --json out/a.json
expect_error "keep_latency_with_need_latency_should_be_refused" \
    "asmsim: advise: --keep-latency and --need-latency exclude each other" "$TRY" \
    "$ASMSIM" advise --awr "$R19" --keep-latency --need-latency 1ms "${NARROW[@]}" \
    --json out/a.json
expect_error "peak_zero_should_be_refused" "asmsim: advise: --peak 0: not valid; use a factor" "" \
    "$ASMSIM" advise --awr "$R19" --peak 0 "${NARROW[@]}" --json out/a.json
# awr's own refusals, in its words: a report cut off before its statistics
head -n 80 "$R19" >cut.txt
expect_error "a_report_awr_refuses_should_be_refused_naming_file_line_section" \
    "asmsim: advise: cut.txt:81: Instance Activity Stats: not in the report" "" \
    "$ASMSIM" advise --awr cut.txt "${NARROW[@]}" --json out/a.json
printf 'name,value\nx,1\n' >x.csv
expect_error "not_a_report_should_be_refused" \
    "asmsim: advise: x.csv:1: not an AWR or Statspack report" "" \
    "$ASMSIM" advise --awr x.csv "${NARROW[@]}" --json out/a.json
# no "db file sequential read" row: the latency cannot be kept (the rates can)
sed 's/^db file sequential read /db file zzzzzzzzzz read /' "$R19" >noseq.txt
expect_error "keep_latency_without_sequential_reads_should_name_the_section" \
    "asmsim: advise: noseq.txt:65: Foreground Wait Events: no \"db file sequential read\" row" "" \
    "$ASMSIM" advise --awr noseq.txt --keep-latency "${NARROW[@]}" --json out/a.json
expect_true "without_keep_latency_that_report_should_do" \
    "$ASMSIM" advise --awr noseq.txt "${NARROW[@]}" --json out/ok.json
rm -f out/ok.json
expect_error "json_over_the_report_should_be_refused" \
    "asmsim: advise: --json $R19: the same file as the input --awr" "" \
    "$ASMSIM" advise --awr "$R19" "${NARROW[@]}" --json "$R19"
expect_no_files "refusals_should_write_nothing" "$WORK/out"

# ---- --shard and --merge ----------------------------------------------------

for k in 1 2; do
    "$ASMSIM" advise --awr "$R19" --peak 2 "${NARROW[@]}" --shard $k/2 --json sh$k.jsonl \
        >/dev/null 2>&1
done
"$ASMSIM" advise --awr "$R19" --peak 2 "${NARROW[@]}" >whole.txt 2>/dev/null
"$ASMSIM" advise --awr "$R19" --merge sh1.jsonl sh2.jsonl >merged.txt 2>/dev/null
expect_true "merge_with_the_report_should_give_the_whole_answer" \
    diff <(grep -v "^  searched" whole.txt) <(grep -v "^  searched" merged.txt)
expect_error "merge_without_the_report_should_be_refused" \
    "asmsim: advise: sh1.jsonl: a shard file's args hold --awr FILE" "" \
    "$ASMSIM" advise --merge sh1.jsonl sh2.jsonl

expect_stdout_contains "help_should_describe_awr" "classes of at most 128 KiB" \
    "$ASMSIM" advise --help
harness_done
