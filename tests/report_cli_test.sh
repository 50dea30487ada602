#!/usr/bin/env bash
# report_cli_test.sh ASMSIM TESTS_DIR - the HTML report's command line,
# without a browser (tests/report_browser_test.sh looks at the pages):
# --report on run, sweep and orion, `asmsim report` for one file and
# several, the help texts, what is refused (exit 2, one line, nothing
# written: an existing output, a missing directory, no -o, a file that is
# not a results JSON), a report after an interrupt, and the page's
# self-containment (Chart.js and its licence notice in it, no URL).
set -u
ASMSIM=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
TESTS_DIR=$(cd "${2:-.}" && pwd)
WORK=$(mktemp -d "${TMPDIR:-/tmp}/asmsim-report.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
cd "$WORK" || exit 1

# shellcheck source=cli/harness.sh
. "$TESTS_DIR/cli/harness.sh"

FAST=(--instance m5.large --volume gp3 --disks 2 --run normal --duration 50ms)

# ---- help ----------------------------------------------------------------
expect_stdout_contains "main_help_should_list_report" "report     an HTML report" \
    "$ASMSIM" --help
expect_stdout_contains "report_help_should_show_usage" \
    "Usage: asmsim report RESULTS.json [MORE.json ...] -o FILE.html" "$ASMSIM" report --help
expect_stdout_contains "help_report_should_be_report_help" "-o, --output FILE.html" \
    "$ASMSIM" help report
for cmd in run sweep orion forecast advise; do
    expect_stdout_contains "${cmd}_help_should_list_report" "--report FILE" \
        "$ASMSIM" "$cmd" --help
done

# ---- --report on run, sweep, orion -----------------------------------------
expect_exit 0 "run_report_should_be_written" "$ASMSIM" run "${FAST[@]}" --report run.html
if [[ "$H_ERR" == *"asmsim: report in run.html"* ]]; then
    harness_ok "run_report_should_say_where_it_went"
else
    harness_fail "run_report_should_say_where_it_went" "stderr: $H_ERR"
fi
expect_true "run_report_should_be_a_page" grep -q '^<!DOCTYPE html>' run.html
expect_true "run_report_should_hold_the_heat_maps" grep -q '<table class="heat">' run.html
expect_true "run_report_should_embed_chartjs" grep -q 'Chart.js v3' run.html
expect_true "run_report_should_carry_the_chartjs_licence" \
    grep -q 'Permission is hereby granted, free of charge' run.html
expect_true "run_report_should_set_a_rendered_marker" \
    grep -q 'dataset.chartsRendered' run.html
for url in 'http://' 'https://' '//' 'src=' 'href=' 'url(' '@import'; do
    if grep -qF -- "$url" run.html; then
        harness_fail "run_report_should_name_no_network_address_$url" \
            "$(grep -oF -- "$url" run.html | head -1) in run.html"
    else
        harness_ok "run_report_should_name_no_network_address_$url"
    fi
done
expect_exit 0 "sweep_report_should_be_written" \
    "$ASMSIM" sweep --instance m5.large --volumes 1-2 --run oltp --duration 50ms --report sweep.html
expect_true "sweep_report_should_hold_the_sweep_charts" \
    grep -q 'Small IOPS against disk count' sweep.html
# The sweep page's table is the terminal's, column for column (the
# sustained figures of a burst, the cost of the volumes and in all); its
# header says each disk is a failure group and whose summary it shows
"$ASMSIM" sweep --instance m5.large --volume gp3 --volumes 2-3 --run normal \
    --duration 200ms --report sweep_burst.html >sweep_burst.out 2>sweep_burst.err
if python3 - sweep_burst.out sweep_burst.html <<'PY'
import re, sys
term = [l.split() for l in open(sys.argv[1]) if re.match(r"^ +[0-9]+ +[0-9]", l)]
page = open(sys.argv[2]).read()
table = page[page.index("Binding limit per disk count"):]
table = table[:table.index("</table>")]
rows = [[re.sub(r"<[^>]+>", "", c) for c in re.findall(r"<td>(.*?)</td>", r)]
        for r in re.findall(r"<tr><td>.*?</tr>", table)]
# the terminal's limit labels are words split on blanks: join the cells
flat = lambda cells: " ".join(cells).split()
assert len(term) == 2 and len(rows) == 2, (term, rows)
assert all(flat(r) == t for r, t in zip(rows, term)), (rows, term)
assert "sustained MBPS" in table and "USD/month (total)" in table
assert "one failure group per disk" in page
assert "Summary of the last disk count, 3 disks" in page
# the small IOPS chart's maximum is m5.large's IOPS burst: said so, with
# what holds after it (the terminal's sustained column)
side = re.search(r"The highest Maximum Small IOPS is [^<]*", page).group(0)
sust = [t[6] for t in term if t[0] == "3"][0]   # disks, MBPS, sustained, limit (2 words), IOPS, sustained
assert re.fullmatch(r"The highest Maximum Small IOPS is [0-9]+ IOPS, at 3 volumes, bound by "
                    r"volume IOPS\. It is a burst: for at most [0-9.]+ (min|h) \(instance IOPS "
                    r"burst credits\), then " + sust + r" IOPS sustained, bound by instance "
                    r"IOPS\.", side), side
PY
then
    harness_ok "sweep_report_table_should_be_the_terminals"
else
    harness_fail "sweep_report_table_should_be_the_terminals" "$(cat sweep_burst.err)"
fi
# instance store is not behind the instance's EBS limits: the page says so
# and draws no instance line for it (the gp3 sweep above has one)
"$ASMSIM" sweep --instance m5.large --volume local-nvme --volumes 1-2 --run normal \
    --duration 100ms --report nvme.html >/dev/null 2>&1
expect_true "instance_store_report_should_say_the_ebs_limits_do_not_apply" \
    grep -q 'm5.large (aws): its EBS / block-volume limits do not apply to local-nvme (instance store)' nvme.html
expect_true "instance_store_report_should_draw_no_instance_line" \
    bash -c "! grep -q 'instance maximum' nvme.html && grep -q 'instance maximum' sweep_burst.html"
# mirrored: the limits are drawn in the curve's (logical) units, physical /
# (1 + the write share), and the volume line says what the model delivers
"$ASMSIM" sweep --instance m5.large --volumes 2-3 --redundancy normal --run dss --write 100 \
    --duration 100ms --report mirror.html >/dev/null 2>&1
expect_true "mirrored_sweep_should_draw_its_limits_in_logical_units" python3 - mirror.html <<'PY'
import json, re, sys
page = open(sys.argv[1]).read()
specs = json.loads(re.search(r'id="asmsim-charts">(.*?)</script>', page, re.S).group(1)
                   .replace("\\u003c", "<").replace("\\u003e", ">").replace("\\u0026", "&"))
sets = {d["label"]: d["data"] for s in specs if "against disk count" in
        s["config"]["options"]["plugins"]["title"]["text"] for d in s["config"]["data"]["datasets"]}
inst = [v for k, v in sets.items() if k.startswith("instance maximum")]
assert inst and abs(inst[0][0]["y"] - 593.75 / 2) < 1e-6, sets.keys()
assert "instance maximum (logical: physical / 2.00, normal redundancy at 100 % writes)" in sets
vol = [k for k in sets if k.startswith("disks x volume limit")]
# gp3 delivers its provisioned throughput in full since issue 33, so the
# label names no delivered share (it said "95.0 % of it delivered on
# average" before; a share below 1, gp2's 94.5 %, is still named)
assert vol == ["disks x volume limit (131 MB/s each provisioned; "
               "logical: physical / 2.00, normal redundancy at 100 % writes)"], vol
assert abs(sets[vol[0]][0]["y"] - 2 * 131.072 / 2) < 1e-3, sets[vol[0]]
PY
expect_exit 0 "orion_report_should_be_written" \
    "$ASMSIM" orion -run oltp -num_disks 1 -duration 1 --instance m5.large --report orion.html
expect_true "orion_report_should_be_a_page" grep -q '^<!DOCTYPE html>' orion.html

RT=$(mktemp -d /var/tmp/asmsim_report.XXXXXX)     # O_DIRECT: not on tmpfs
expect_exit 0 "real_device_report_should_be_written" \
    "$ASMSIM" run --target "$RT/a" --create 16MiB --matrix point --num-small 1 \
    --num-large 1 --duration 50ms --report real.html
expect_true "real_device_report_should_name_the_target" \
    grep -qF "<tr><th>targets</th><td>$RT/a</td></tr>" real.html
if grep -q 'Monthly cost' real.html; then
    harness_fail "real_device_report_should_show_no_volume_price" "a monthly cost in real.html"
else
    harness_ok "real_device_report_should_show_no_volume_price"
fi
rm -rf "$RT"

# ---- never replaced ----------------------------------------------------------
echo keep >taken.html
mkdir quiet
expect_error "report_over_an_existing_file_should_be_refused" \
    "asmsim: --report taken.html: exists; asmsim does not replace it" "" \
    "$ASMSIM" run "${FAST[@]}" --output-dir quiet/od --report taken.html
expect_true "refused_report_should_leave_the_file_as_it_was" grep -qx keep taken.html
expect_no_files "refused_report_should_run_nothing" quiet
expect_error "report_in_a_missing_directory_should_be_refused" \
    "asmsim: --report no/such/r.html: directory no/such does not exist" "" \
    "$ASMSIM" run "${FAST[@]}" --report no/such/r.html
expect_error "report_to_stdout_should_be_refused" "asmsim: --report -: give a file name" "" \
    "$ASMSIM" run "${FAST[@]}" --report -
expect_error "report_given_twice_should_be_refused" "asmsim: --report" "" \
    "$ASMSIM" run "${FAST[@]}" --report a.html --report b.html

# ---- asmsim report -------------------------------------------------------------
"$ASMSIM" run "${FAST[@]}" --testname t1 --json t1.json >/dev/null 2>&1
"$ASMSIM" run --instance m5.large --volume io2:size=100GiB,iops=8000 --disks 2 \
    --run normal --duration 50ms --json io2.json >/dev/null 2>&1
expect_exit 0 "report_of_one_json_should_be_written" "$ASMSIM" report t1.json -o t1.html
expect_true "report_of_one_json_should_name_it" grep -q '<h1>asmsim run report: t1</h1>' t1.html
# alone, a document goes by its test name, as its --report page did (the
# tester's D9: the two pages' titles differed), whatever the file's name
cp t1.json renamed.json
expect_exit 0 "report_of_a_renamed_json_should_be_written" "$ASMSIM" report renamed.json -o renamed.html
expect_true "report_of_a_renamed_json_should_keep_its_test_name" \
    grep -q '<title>asmsim run report: t1</title>' renamed.html
expect_exit 0 "report_of_two_jsons_should_be_a_comparison" \
    "$ASMSIM" report t1.json io2.json -o cmp.html
expect_true "comparison_should_say_so" grep -q 'asmsim comparison of 2 results' cmp.html
expect_true "comparison_should_overlay_the_runs" grep -q 'Small I/O latency against load' cmp.html
expect_error "report_without_output_should_be_refused" "asmsim report: no output; give -o FILE.html" \
    "Try 'asmsim report --help'." "$ASMSIM" report t1.json
expect_error "report_without_input_should_be_refused" "asmsim report: no results JSON given" \
    "Try 'asmsim report --help'." "$ASMSIM" report -o x.html
expect_error "report_of_a_missing_file_should_be_refused" "asmsim report: nosuch.json: cannot read it" "" \
    "$ASMSIM" report nosuch.json -o x.html
echo 'not json' >bad.json
expect_error "report_of_a_non_json_file_should_be_refused" "asmsim report: bad.json: not JSON" "" \
    "$ASMSIM" report bad.json -o x.html
: >zero.json
expect_error "report_of_an_empty_file_should_name_the_file" "asmsim report: zero.json: not JSON" "" \
    "$ASMSIM" report t1.json zero.json -o x.html
echo '{"some": "thing"}' >other.json
expect_error "report_of_other_json_should_be_refused" \
    "asmsim report: other.json: not an asmsim results JSON" "" "$ASMSIM" report other.json -o x.html
# a field of the wrong type is refused, naming the file and the field
# (html_page.c, check_fields); each: the name, the change to t1.json, the
# message
damaged() {
    python3 -c 'import json, sys
d = json.load(open("t1.json")); exec(sys.argv[1]); json.dump(d, open("damaged.json", "w"))' "$2"
    expect_error "$1" "asmsim report: damaged.json: $3" "" "$ASMSIM" report damaged.json -o x.html
}
damaged "figure_that_is_not_a_number_should_be_refused" 'd["summary"]["max_large_mbps"] = "abc"' \
    'summary.max_large_mbps is "abc", not a number or null; give the file as asmsim wrote it'
damaged "point_figure_that_is_not_a_number_should_be_refused" 'd["points"][1]["iops"] = True' \
    'points[1].iops is true, not a number or null'
damaged "load_that_is_not_a_number_should_be_refused" 'd["points"][0]["small"] = "2"' \
    'points[0].small is "2", not a number or null'
damaged "limit_that_is_not_a_name_should_be_refused" 'd["summary"]["max_small_limited_by"] = 3' \
    'summary.max_small_limited_by is 3, not a limit'"'"'s name or null'
damaged "points_that_are_not_objects_should_be_refused" 'd["points"][1] = 1' \
    'points[1] is 1, not an object'
damaged "summary_lines_that_are_not_text_should_be_refused" 'd["readings"]["summary"] = [1]' \
    'readings.summary[0] is 1, not a line of text'
damaged "duration_that_is_neither_seconds_nor_auto_should_be_refused" 'd["config"]["duration_s"] = "soon"' \
    'config.duration_s is "soon", not a number of seconds, "auto" or null'
damaged "figure_that_is_an_object_should_be_refused" 'd["summary"]["max_small_iops"] = {}' \
    'summary.max_small_iops is {}, not a number or null'
damaged "figure_that_is_an_array_should_be_refused" 'd["points"][0]["mbps"] = []' \
    'points[0].mbps is [], not a number or null'
damaged "figure_inside_a_latency_distribution_should_be_a_number" 'd["points"][0]["small_lat_us"]["p99"] = {}' \
    'points[0].small_lat_us.p99 is {}, not a number or null'
damaged "latency_distribution_that_is_a_number_should_be_refused" 'd["points"][0]["small_lat_us"] = 5' \
    'points[0].small_lat_us is 5, not a latency distribution (an object of numbers) or null'
damaged "text_that_is_an_object_should_be_refused" 'd["config"]["volume"]["spec"] = {}' \
    'config.volume.spec is {}, not a string or null'
damaged "switch_that_is_a_string_should_be_refused" 'd["incomplete"] = "no"' \
    'incomplete is "no", not true, false or null'
damaged "seed_that_is_not_a_whole_number_should_be_refused" 'd["config"]["seed"] = "1e3"' \
    'config.seed is "1e3", not a whole number (or its digits in a string) or null'
# the class: every figure, text and switch of a run and a sweep, made {} or
# [] (a sample of 60, seeded), is refused with exit 2 naming its path; and
# of a database workload's classes and groups (ONLY: the leaves under
# those keys, a sample of SAMPLE)
"$ASMSIM" sweep --instance m5.large --volume gp3 --volumes 1-2 --run normal --duration 50ms \
    --json sw.json >/dev/null 2>&1
"$ASMSIM" run --workload oltp --instance r6i.4xlarge --group DATA:disks=2,volume=gp3 \
    --group REDO:disks=2,volume=io2 --duration 100ms --json db.json >/dev/null 2>&1
cat >wrong_types.py <<'PY'
import json, os, random, subprocess, sys
asmsim, leaves = sys.argv[1], []
def walk(name, x, path):
    if isinstance(x, dict):
        for k, v in x.items():
            walk(name, v, path + [k])
    elif isinstance(x, list):
        for i, v in enumerate(x):
            walk(name, v, path + [i])
    elif x is not None:
        leaves.append((name, path))
docs = {f: json.load(open(f)) for f in sys.argv[2:]}
for f, d in docs.items():
    walk(f, d, [])
known = ("readings", "command")      # free text: any string is fine
leaves = [l for l in leaves if l[1][0] not in known]
only = os.environ.get("ONLY")
if only:
    leaves = [l for l in leaves if set(only.split(",")) & set(l[1])]
random.seed(32)
bad = []
for f, path in random.sample(leaves, min(len(leaves), int(os.environ.get("SAMPLE", 60)))):
    d = json.loads(json.dumps(docs[f]))
    at = d
    for k in path[:-1]:
        at = at[k]
    old = at[path[-1]]
    if isinstance(old, str) and path[-1] not in ("spec", "name", "type", "testname"):
        continue                       # strings of no known kind take any text
    at[path[-1]] = {} if random.random() < 0.5 else []
    json.dump(d, open("mut.json", "w"))
    r = subprocess.run([asmsim, "report", "mut.json", "-o", "mut.html"],
                       capture_output=True, text=True)
    where = "".join(f"[{k}]" if isinstance(k, int) else f".{k}" for k in path).lstrip(".")
    if r.returncode != 2 or f"mut.json: {where} is " not in r.stderr:
        bad.append(f"{f} {where}: exit {r.returncode} {r.stderr.strip()}")
print("\n".join(bad[:10]))
sys.exit(1 if bad else 0)
PY
expect_true "every_field_of_the_wrong_type_should_be_refused_by_path" \
    python3 wrong_types.py "$ASMSIM" t1.json sw.json
expect_true "every_class_field_of_the_wrong_type_should_be_refused_by_path" \
    env ONLY=classes,groups SAMPLE=30 python3 wrong_types.py "$ASMSIM" db.json
# a database workload's page shows its classes, not ORION's summary; it is
# not compared
expect_exit 0 "report_of_a_database_workload_should_be_written" "$ASMSIM" report db.json -o db.html
expect_true "database_workload_report_should_show_each_class" \
    grep -q '<tr data-class="redo"><td>redo</td><td>REDO</td>' db.html
if grep -q 'Maximum Small IOPS' db.html; then
    harness_fail "database_workload_report_should_show_no_orion_summary" "in db.html"
else
    harness_ok "database_workload_report_should_show_no_orion_summary"
fi
expect_error "comparing_a_database_workload_should_be_refused" \
    "asmsim report: db.json: a database workload's results cannot be compared" "" \
    "$ASMSIM" report db.json t1.json -o dbcmp.html
# a sweep and a run compared share their charts (the run one point on the
# disk axis, the sweep's last count on the load axes), and the table gives
# what each maximum sustains and how long its burst lasts
"$ASMSIM" report sw.json t1.json -o cmpsr.html >/dev/null 2>&1
expect_true "comparison_of_a_sweep_and_a_run_should_share_charts_and_show_sustained" \
    python3 - cmpsr.html <<'PY'
import json, re, sys
page = open(sys.argv[1]).read()
specs = json.loads(re.search(r'id="asmsim-charts">(.*?)</script>', page, re.S).group(1))
sets = {s["config"]["options"]["plugins"]["title"]["text"]:
        [d["label"] for d in s["config"]["data"]["datasets"]] for s in specs}
assert sets["Small IOPS against disk count"] == ["sw", "t1 (a run: one point)"], sets
assert sets["Small IOPS against load"] == ["sw (at its last count, 2 disks)", "t1"], sets
assert "Only " not in page, "a chart only one result has"
assert "<th>sustained small IOPS</th>" in page
assert "(the maximum lasts at most " in page, "no burst said"
PY
# the default --duration auto writes duration_s "auto": its report is made,
# from --report and from asmsim report alike
expect_exit 0 "report_of_an_auto_duration_run_should_be_written" \
    "$ASMSIM" run --instance m5.large --volume gp3 --disks 1 --run oltp \
    --json auto.json --report auto.html
expect_exit 0 "asmsim_report_of_an_auto_duration_json_should_be_written" \
    "$ASMSIM" report auto.json -o auto2.html
expect_exit 0 "report_of_an_auto_duration_sweep_should_be_written" \
    "$ASMSIM" sweep --instance m5.large --volume gp3 --volumes 1-2 --run oltp --report autosw.html
# no points (a run stopped before its first one): a page that says so
python3 -c 'import json
d = json.load(open("t1.json")); d["points"] = []; json.dump(d, open("nopoints.json", "w"))'
expect_exit 0 "report_of_a_run_without_points_should_be_written" "$ASMSIM" report nopoints.json -o nopoints.html
expect_true "report_of_a_run_without_points_should_say_so" \
    grep -qF 'No load point was measured' nopoints.html
rm -f nopoints.html
# refused in the words of the flag typed (it said --report, which report
# does not take)
expect_error "report_over_an_existing_file_should_be_refused_by_report" \
    "asmsim report: -o taken.html: exists; asmsim does not replace it" "" \
    "$ASMSIM" report t1.json -o taken.html
# the README shows this refusal as the program words it
: >compare.html
"$ASMSIM" report t1.json -o compare.html 2>exists.err
expect_true "readme_should_quote_the_refusal_of_an_existing_output_as_said" \
    grep -qxF -- "$(cat exists.err)" "$TESTS_DIR/../README.md"
rm -f compare.html
expect_error "report_output_over_an_existing_file_should_name_output" \
    "asmsim report: --output taken.html: exists; asmsim does not replace it" "" \
    "$ASMSIM" report t1.json --output=taken.html
expect_error "report_into_a_missing_directory_should_name_o" \
    "asmsim report: -o /nonexist/x.html: directory /nonexist does not exist" "" \
    "$ASMSIM" report t1.json -o /nonexist/x.html
expect_true "report_should_leave_the_existing_file_as_it_was" grep -qx keep taken.html
if [ -e x.html ]; then
    harness_fail "refused_reports_should_write_nothing" "x.html exists"
else
    harness_ok "refused_reports_should_write_nothing"
fi
expect_error "report_with_an_unknown_option_should_be_refused" "asmsim report: --frobnicate: unknown option" \
    "Try 'asmsim report --help'." "$ASMSIM" report --frobnicate t1.json -o y.html
# a file name is user input: escaped in the page (a comparison names its
# documents by their files)
cp t1.json 'a<b>&c.json'
expect_exit 0 "report_of_an_odd_file_name_should_be_written" "$ASMSIM" report 'a<b>&c.json' \
    io2.json -o odd.html
expect_true "odd_file_name_should_be_escaped" grep -qF 'a&lt;b&gt;&amp;c' odd.html
if grep -qF 'a<b>' odd.html; then
    harness_fail "odd_file_name_should_not_appear_raw" "a<b> in odd.html"
else
    harness_ok "odd_file_name_should_not_appear_raw"
fi

# ---- forecast and advise ---------------------------------------------------------
printf 'phase,duration,num_small,small_write_pct\ndrain,2h,16,30\nrest,1h,,\n' >drain.csv
FC=(--instance m5.4xlarge --volume gp2:size=500GiB --disks 1 --schedule drain.csv)
expect_exit 0 "forecast_report_should_be_written" \
    "$ASMSIM" forecast "${FC[@]}" --testname fc --json fc.json --report fc.html
expect_true "forecast_report_should_be_a_forecast_page" \
    grep -q '<h1>asmsim forecast report: fc</h1>' fc.html
expect_true "forecast_report_should_list_the_phases" grep -q '<section id="phases">' fc.html
expect_exit 0 "report_of_a_forecast_json_should_be_written" "$ASMSIM" report fc.json -o fc2.html
if diff fc.html fc2.html >/dev/null; then
    harness_ok "forecast_report_should_be_the_report_of_its_json"
else
    harness_fail "forecast_report_should_be_the_report_of_its_json" "fc.html and fc2.html differ"
fi
# a database workload's forecast: its groups as given are a text
# (config.groups_text), never read as a run's array of groups
printf 'phase,duration,scale\nnight,2m,0.5\npeak,2m,1.5\n' >wlday.csv
expect_exit 0 "workload_forecast_report_should_be_written" \
    "$ASMSIM" forecast --workload oltp --instance m5.large --volume gp3 --disks 2 \
    --schedule wlday.csv --repeat 1 --interval 30s --testname fcdb --json fcdb.json \
    --report fcdb.html
expect_exit 0 "report_of_a_workload_forecast_json_should_be_written" \
    "$ASMSIM" report fcdb.json -o fcdb2.html
expect_true "workload_forecast_report_should_list_the_phases" \
    grep -q '<section id="phases">' fcdb2.html
expect_error "forecast_report_over_an_existing_file_should_be_refused" \
    "asmsim: --report taken.html: exists; asmsim does not replace it" "" \
    "$ASMSIM" forecast "${FC[@]}" --report taken.html
ADV=(--need-mbps 100 --families m5 --volume-types gp3 --min-disks 2 --max-disks 3 --top 2)
expect_exit 0 "advise_report_should_be_written" \
    "$ASMSIM" advise "${ADV[@]}" --json adv.json --report adv.html
expect_true "advise_report_should_be_an_advice_page" grep -q '<h1>asmsim advice report: advise</h1>' adv.html
expect_true "advise_report_should_chart_cost_against_headroom" grep -q 'Cost against headroom' adv.html
expect_true "advise_json_should_say_its_kind" grep -q '"kind":[[:space:]]*"advice"' adv.json
expect_exit 0 "report_of_an_advise_json_should_be_written" "$ASMSIM" report adv.json -o adv2.html
expect_error "advise_report_over_an_existing_file_should_be_refused" \
    "asmsim: advise: --report taken.html: exists; asmsim does not replace it" "" \
    "$ASMSIM" advise "${ADV[@]}" --report taken.html
expect_error "advise_report_in_a_missing_directory_should_be_refused" \
    "asmsim: advise: --report no/such/a.html: directory no/such does not exist" "" \
    "$ASMSIM" advise "${ADV[@]}" --report no/such/a.html
expect_error "advise_report_of_a_shard_should_be_refused" \
    "asmsim: advise: --report and --shard exclude each other" "Try 'asmsim advise --help'." \
    "$ASMSIM" advise "${ADV[@]}" --shard 1/2 --report shard.html
expect_error "comparing_a_forecast_should_be_refused" \
    "asmsim report: fc.json: a results JSON of kind forecast cannot be compared" "" \
    "$ASMSIM" report t1.json fc.json -o mixed.html
for f in shard.html mixed.html; do
    if [ -e "$f" ]; then
        harness_fail "refused_${f%.html}_report_should_write_nothing" "$f exists"
    else
        harness_ok "refused_${f%.html}_report_should_write_nothing"
    fi
done

# ---- an interrupt keeps the report ---------------------------------------------
timeout --preserve-status -s INT 1 "$ASMSIM" run --instance m5.large --disks 8 \
    --run normal --duration 1h --report intr.html >intr.out 2>intr.err
rc=$?
if [ "$rc" -eq 130 ] && grep -q '^<!DOCTYPE html>' intr.html 2>/dev/null &&
    grep -q 'Incomplete: the run stopped' intr.html; then
    harness_ok "sigint_should_write_the_partial_report"
else
    harness_fail "sigint_should_write_the_partial_report" "exit $rc; stderr: $(cat intr.err)"
fi

harness_done
