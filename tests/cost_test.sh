#!/usr/bin/env bash
# cost_test.sh - the monthly bill on the command line: `asmsim cost`
# (issue 12 section 1's published figures, the errors), and the cost in
# run, sweep and orion (header, summary, results JSON, sweep table).
#
#   bash cost_test.sh <path-to-asmsim> <tests-dir>
#
# One "ok" or "FAIL" line per case, then "N passed, N failed"; exit 1 on
# any failure.  The price figures themselves are pinned by test_prices.c;
# here it is what the user sees of them.
set -u

ASMSIM=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
TESTS_DIR=${2:-.}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/asmsim-cost.XXXXXX")
RT=$(mktemp -d /var/tmp/asmsim_cost.XXXXXX)
trap 'rm -rf "$WORK" "$RT"' EXIT
cd "$WORK" || exit 1

# shellcheck source=cli/harness.sh
. "$TESTS_DIR/cli/harness.sh"

# ---- asmsim cost: the published figures ------------------------------------

# published INSTANCE VOLUME DISKS OS MEMORY INSTANCE$ VOLUMES$ TOTAL$ UNIT
# (UNIT 1: published in whole dollars, 0.01: in cents; TOTAL - : none)
published() {
    local name=$1
    shift
    "$ASMSIM" cost --instance "$1" --volume "$2" --disks "$3" --os "$4" \
        ${5:+--memory "$5"} --json - >"$name.json" 2>"$name.err"
    expect_true "$name" python3 - "$name.json" "$6" "$7" "$8" "$9" <<'PY'
import json, sys
c = json.load(open(sys.argv[1]))["cost"]
unit = float(sys.argv[5])
def near(x, want):
    return abs(round(x / unit) * unit - float(want)) < unit / 2
assert near(c["instance_usd_month"], sys.argv[2]), c
assert near(c["volumes_usd_month"], sys.argv[3]) or sys.argv[3] == "1522" and \
    abs(c["volumes_usd_month"] - 1522) <= 3, c
assert sys.argv[4] == "-" or near(c["total_usd_month"], sys.argv[4]), c
PY
}
published cost_t3a_medium_8_st1_rhel_should_be_71_plus_45_is_116 \
    t3a.medium st1:size=125GiB 8 rhel "" 71 45 116 1
published cost_m5_large_4_gp3_rhel_should_be_114_plus_80 \
    m5.large gp3:size=250GiB,iops=3000,throughput=125MiB/s 4 rhel "" 114 80 - 1
published cost_r5b_24xlarge_16_gp3_500mibps_rhel_should_be_5316_plus_1522 \
    r5b.24xlarge gp3:size=1000GiB,iops=3000,throughput=500MiB/s 16 rhel "" 5316 1522 - 1
published cost_oci_e4flex_8_ocpu_8gb_should_be_157_73_plus_121_86_is_279_59 \
    oci-e4flex-8 oci-higher:size=2048GB 1 linux 8GB 157.73 121.86 279.59 0.01
published cost_oci_e4flex_24_ocpu_96gb_uhp_120_should_be_553_54_plus_470_02 \
    oci-e4flex-24 oci-uhp:size=2048GB,vpu=120 1 linux 96 553.54 470.02 - 0.01
published cost_c6g_12xlarge_io2_50000_should_be_1191_plus_3155_is_4346 \
    c6g.12xlarge io2:size=2048GiB,iops=50000 1 linux "" 1191 3155 4346 1

# ---- asmsim cost: what it prints -------------------------------------------

expect_stdout_matches "cost_should_print_instance_volumes_total_and_the_list" \
    '^  total +\$193\.88/month$' \
    "$ASMSIM" cost --instance m5.large --volume gp3 --disks 4 --os rhel
expect_stdout_contains "cost_should_say_how_the_instance_was_priced" \
    "m5.large RHEL \$0.156/h x 730 h" \
    "$ASMSIM" cost --instance m5.large --disks 4 --os rhel
expect_stdout_contains "cost_should_name_the_price_list_and_its_date" \
    "prices    AWS us-east-1 2023-06 list, 730 h a month" \
    "$ASMSIM" cost --instance m5.large
expect_stdout_contains "cost_of_an_oci_shape_should_show_the_default_memory" \
    "128 GB (OCI default) x \$0.0015 = \$0.392/h x 744 h" \
    "$ASMSIM" cost --instance oci-e4flex-8
expect_stdout_contains "cost_of_an_oci_shape_should_give_it_an_oci_volume" \
    "4 x oci-balanced:size=1024GB,vpu=10 on oci-e4flex-8" \
    "$ASMSIM" cost --instance oci-e4flex-8
expect_stdout_matches "cost_of_an_unpriced_instance_should_say_so_not_zero" \
    '^  instance +not priced  mac1\.metal: no us-east-1 price: Mac instances' \
    "$ASMSIM" cost --instance mac1.metal
expect_stdout_matches "cost_of_an_unpriced_instance_should_leave_the_total_unknown" \
    '^  total +unknown  \(the instance is not priced\)$' \
    "$ASMSIM" cost --instance hpc6a.48xlarge
"$ASMSIM" cost --instance u-6tb1.metal --json - >unpriced.json 2>/dev/null
expect_true "cost_json_of_an_unpriced_instance_should_be_null_not_zero" \
    python3 -c 'import json, sys
c = json.load(open("unpriced.json"))["cost"]
sys.exit(0 if c["instance_usd_month"] is None and c["total_usd_month"] is None
         and c["volumes_usd_month"] == 80 and "Dedicated-Host-only" in c["instance_basis"] else 1)'
expect_stdout_matches "cost_without_an_instance_should_be_the_volumes" \
    '^  total +\$80\.00/month$' "$ASMSIM" cost
expect_stdout_contains "cost_region_us_east_1_should_be_accepted" \
    "AWS us-east-1 2023-06 list" "$ASMSIM" cost --instance m5.large --region us-east-1
"$ASMSIM" cost --instance m5.large --json out.json >out.stdout 2>&1
expect_true "cost_json_to_a_file_should_write_only_the_file" \
    python3 -c 'import json, os, sys
d = json.load(open("out.json"))
sys.exit(0 if os.path.getsize("out.stdout") == 0 and d["instance"] == "m5.large"
         and d["cost"]["prices_date"] == "2023-06" and d["command"].startswith("asmsim cost") else 1)'

# ---- asmsim cost: help and bad input ---------------------------------------

expect_stdout_contains "cost_help_should_show_usage" "Usage: asmsim cost" "$ASMSIM" cost --help
expect_stdout_contains "help_cost_should_show_usage" "Usage: asmsim cost" "$ASMSIM" help cost
expect_stdout_contains "main_help_should_list_cost" "  cost       the monthly bill" "$ASMSIM" --help
for cmd in run sweep; do
    expect_stdout_contains "help_of_${cmd}_should_give_the_cost_options" \
        "--memory SIZE         an OCI flex shape's memory in GB" "$ASMSIM" $cmd --help
done
expect_stdout_contains "help_of_orion_should_give_the_cost_options" \
    "--os OS, --memory SIZE, --region R" "$ASMSIM" orion --help

mkdir -p bad && cd bad || exit 1
expect_error "cost_unknown_region_should_be_refused" \
    "asmsim: --region eu-west-1: prices are known for us-east-1 only" "" \
    "$ASMSIM" cost --instance m5.large --region eu-west-1
expect_error "cost_memory_on_ec2_should_be_refused" \
    "asmsim: --memory 16GB: only OCI flex shapes take it; m5.large has 8 GiB" "" \
    "$ASMSIM" cost --instance m5.large --memory 16GB
expect_error "cost_memory_below_1gb_per_ocpu_should_be_refused" \
    "asmsim: --memory 4GB: E4.Flex with 8 OCPUs takes 8 to 512 GB" "" \
    "$ASMSIM" cost --instance oci-e4flex-8 --memory 4GB
expect_error "cost_memory_above_1024gb_on_e4flex_should_be_refused" \
    "asmsim: --memory 2000: E4.Flex with 64 OCPUs takes 64 to 1024 GB" "" \
    "$ASMSIM" cost --instance oci-e4flex-64 --memory 2000
expect_error "cost_error_should_echo_the_memory_as_typed" \
    "asmsim: --memory 1TB: E4.Flex with 8 OCPUs takes 8 to 512 GB" "" \
    "$ASMSIM" cost --instance oci-e4flex-8 --memory 1TB
expect_error "cost_error_should_echo_the_os_as_typed" \
    "asmsim: --os RHEL: the OCI list prices E4.Flex with Oracle Linux only" "" \
    "$ASMSIM" cost --instance oci-e4flex-8 --os RHEL
expect_error "cost_memory_that_is_no_size_should_be_refused" \
    "asmsim: --memory lots: not a memory size" "" \
    "$ASMSIM" cost --instance oci-e4flex-8 --memory lots
expect_error "cost_rhel_on_oci_should_be_refused" \
    "asmsim: --os rhel: the OCI list prices E4.Flex with Oracle Linux only" "" \
    "$ASMSIM" cost --instance oci-e4flex-8 --os rhel
expect_error "cost_unknown_os_should_be_refused" \
    "asmsim: --os windows: unknown operating system; use linux or rhel" "" \
    "$ASMSIM" cost --os windows
expect_error "cost_zero_disks_should_be_refused" "asmsim: --disks 0: not a disk count" "" \
    "$ASMSIM" cost --disks 0
expect_error "cost_unknown_option_should_be_refused" "asmsim: --volumes: unknown option" \
    "Try 'asmsim cost --help'." "$ASMSIM" cost --volumes 1-4
expect_error "cost_stray_argument_should_be_refused" "asmsim: m5.large: unexpected argument" \
    "Try 'asmsim cost --help'." "$ASMSIM" cost m5.large
expect_error "cost_option_given_twice_should_be_refused" \
    "asmsim: --os given twice (rhel and linux)" "" "$ASMSIM" cost --os rhel --os linux
expect_error "cost_ebs_volume_on_oci_should_be_refused" \
    "asmsim: --instance oci-e4flex-8 --volume gp3: an OCI shape with an AWS EBS volume" "" \
    "$ASMSIM" cost --instance oci-e4flex-8 --volume gp3
expect_error "cost_json_in_a_missing_directory_should_be_refused" "asmsim: --json" "" \
    "$ASMSIM" cost --json no/such/dir/x.json
expect_error "run_unknown_region_should_be_refused_before_running" \
    "asmsim: --region us-west-2: prices are known for us-east-1 only" "" \
    "$ASMSIM" run --instance m5.large --region us-west-2
expect_error "sweep_rhel_on_oci_should_be_refused_before_running" \
    "asmsim: --os rhel: the OCI list prices E4.Flex with Oracle Linux only" "" \
    "$ASMSIM" sweep --instance oci-e4flex-8 --os rhel --volumes 1-2
expect_error "unknown_command_should_name_cost_among_the_commands" \
    "asmsim: frob: unknown command; use run, sweep, orion, forecast, advise, awr, profiles, cost, report or tui." "" \
    "$ASMSIM" frob
expect_no_files "bad_cost_input_should_write_nothing" .
cd "$WORK" || exit 1

# ---- costs in run, sweep and orion -----------------------------------------

FAST=(--duration 100ms --quiet --run oltp)
"$ASMSIM" run --instance m5.large --disks 4 --os rhel "${FAST[@]}" >run.out 2>run.err
expect_true "run_header_should_give_the_cost_and_its_list" \
    grep -qxF '  cost      $193.88/month: instance $113.88 + 4 x $20.00 volumes (AWS us-east-1 2023-06 list, rhel)' run.out
expect_true "run_header_should_say_how_each_figure_was_priced" \
    grep -qxF '  priced    m5.large RHEL $0.156/h x 730 h; volume 250 GiB x $0.08' run.out
expect_true "run_summary_should_end_with_the_cost" \
    grep -qxF 'Cost: $193.88/month (instance $113.88 + 4 volumes $80.00; AWS us-east-1 2023-06 list)' run.out

"$ASMSIM" run --instance oci-e4flex-8 --memory 8 --volume oci-higher:size=2048GB --disks 1 \
    "${FAST[@]}" --json - >oci.json 2>/dev/null
expect_true "run_json_should_hold_the_cost_object" \
    python3 -c 'import json, sys
c = json.load(open("oci.json"))["cost"]
want = {"prices": "OCI 2026-01 list", "prices_date": "2026-01", "os": "linux",
        "hours_per_month": 744, "instance_usd_month": 157.73, "memory_gb": 8,
        "memory_default": False, "disks": 1, "volume_usd_month": 121.86,
        "volumes_usd_month": 121.86, "total_usd_month": 279.59}
bad = {k: (c.get(k), v) for k, v in want.items() if c.get(k) != v}
sys.exit(1 if bad or "744 h" not in c["instance_basis"] or "20 VPU" not in c["volume_basis"]
         else 0)'

"$ASMSIM" sweep --instance m5.large --volumes 1,3 "${FAST[@]}" --json - >sweep.json 2>/dev/null
expect_true "sweep_json_should_price_every_disk_count" \
    python3 -c 'import json, sys
d = json.load(open("sweep.json"))
rows = [(r["disks"], r["cost"]["volumes_usd_month"], r["cost"]["total_usd_month"]) for r in d["sweep"]]
sys.exit(0 if rows == [(1, 20, 90.08), (3, 60, 130.08)] and d["cost"]["disks"] == 3 else 1)'
"$ASMSIM" sweep --instance m5.large --volumes 1,3 "${FAST[@]}" >sweep.out 2>/dev/null
expect_true "sweep_table_should_give_the_total_per_disk_count" \
    python3 -c 'import re, sys
t = open("sweep.out").read()
ok = "$/month (total)" in t and re.search(r"(?m)^    3 .* 60\.00 +130\.08$", t)
sys.exit(0 if ok else 1)'
expect_true "sweep_header_should_price_the_instance_and_one_volume" \
    grep -qF '  cost      instance $70.08 + $20.00 per volume a month (AWS us-east-1 2023-06 list, linux)' sweep.out

"$ASMSIM" orion -run oltp -num_disks 2 --instance m5.large --os rhel -duration 1 --quiet \
    --output-dir "$WORK/orion" --json - >orion.json 2>/dev/null
expect_true "orion_json_should_hold_the_cost_with_its_os" \
    python3 -c 'import json, sys
c = json.load(open("orion.json"))["cost"]
sys.exit(0 if c["os"] == "rhel" and c["instance_usd_month"] == 113.88 and c["disks"] == 2 else 1)'

"$ASMSIM" run --target "$RT/a" --create 16MiB --matrix point --num-small 1 --num-large 0 \
    --duration 50ms --os rhel --quiet --json - >real.json 2>real.err
expect_true "real_targets_should_not_be_priced" \
    python3 -c 'import json, sys
sys.exit(0 if json.load(open("real.json"))["cost"] is None else 1)'
expect_true "cost_option_on_real_targets_should_be_warned_unused" \
    grep -qF -- "--os rhel is not used: only modelled volumes are priced" real.err

# ---- what is paid for but unusable, and how the bill reads -------------------

"$ASMSIM" run --instance m4.16xlarge --volume io2:size=100GiB,iops=64000 --disks 1 \
    --matrix point --num-small 128 --num-large 0 --duration 50ms >xen.out 2>xen.err
expect_true "xen_header_should_show_provisioned_and_usable_iops" \
    grep -qF 'io2:size=100GiB,iops=64000: 64000 IOPS provisioned, 32000 usable on Xen m4.16xlarge' xen.out
expect_true "xen_run_should_warn_what_is_paid_for_and_unusable" \
    grep -qF -- '64000 IOPS are paid for and 32000 are unusable: m4.16xlarge (xen) takes at most 32000 per io2 volume' xen.err
"$ASMSIM" cost --instance m4.large --volume io2:size=100GiB,iops=64000 >xen_cost.out 2>xen_cost.err
expect_true "xen_cost_should_warn_what_is_paid_for_and_unusable" \
    grep -qF -- '32000 are unusable: m4.large (xen)' xen_cost.err
"$ASMSIM" cost --instance m5.large --volume io2:size=100GiB,iops=64000 >nitro.out 2>nitro.err
expect_true "nitro_cost_should_not_warn_io2_block_express" test ! -s nitro.err
"$ASMSIM" run --instance m5.16xlarge --volume io2:size=100GiB,iops=64000 --disks 1 \
    --matrix point --num-small 1 --num-large 0 --duration 50ms >nitro_run.out 2>&1
expect_true "nitro_header_should_show_plain_iops" \
    grep -qF 'io2:size=100GiB,iops=64000: 64000 IOPS, ' nitro_run.out

"$ASMSIM" cost --instance t3a.medium --volume st1:size=125GiB --disks 8 >st1.out 2>&1
expect_true "unit_price_with_more_than_cents_should_be_shown_unrounded" \
    grep -qF '$45.00/month  8 x $5.625 (125 GiB' st1.out
"$ASMSIM" cost --instance m5.large --volume gp3 --disks 4 >gp3.out 2>&1
expect_true "unit_price_in_cents_should_keep_two_decimals" \
    grep -qF '$80.00/month  4 x $20.00 (' gp3.out
"$ASMSIM" cost --instance a1.medium --volume gp3 --disks 1 >a1.out 2>&1
expect_true "instance_should_round_half_up_to_the_cent" \
    grep -qF '$18.62/month  a1.medium Linux $0.0255/h x 730 h' a1.out

"$ASMSIM" run --volume gp3 --disks 1 --matrix point --num-small 1 --num-large 0 \
    --duration 50ms >one.out 2>&1
expect_true "summary_of_one_volume_should_say_volume" \
    grep -qF '+ 1 volume $20.00;' one.out

"$ASMSIM" run --engine null --disks 2 --matrix point --num-small 1 --num-large 0 \
    --duration 50ms --instance m5.large --volume io2 --os rhel --quiet >null.out 2>null.err
for opt in "--os rhel is not used: only modelled volumes are priced" \
           "--instance m5.large is not used: nothing is modelled" \
           "--volume io2 is not used: nothing is modelled"; do
    expect_true "null_engine_should_warn_unused: ${opt%% is*}" grep -qF -- "$opt" null.err
done

# keyword values take any case, as --os always did
POINT="--matrix point --num-small 1 --num-large 0 --duration 50ms"
for kw in "--os RHEL $POINT" "--region US-East-1 $POINT" "--engine NULL $POINT" \
          "--levels ORION $POINT" "--type SEQ $POINT" "--burst-credits FULL $POINT" \
          "--warmup AUTO $POINT" "--speed MAX $POINT" \
          "--run ADVANCED --matrix POINT --num-small 1 --num-large 0 --duration 50ms" \
          "--run OLTP --duration AUTO"; do
    # shellcheck disable=SC2086
    "$ASMSIM" run --volume gp3 --disks 1 $kw --json - >kw.json 2>kw.err
    expect_true "keyword_should_take_any_case: ${kw%% --matrix point*}" test -s kw.json
done
"$ASMSIM" run --volume gp3 --disks 1 --rate-small 100 --arrivals CONSTANT --duration 50ms \
    --json - >kw.json 2>kw.err
expect_true "keyword_should_take_any_case: --arrivals CONSTANT" test -s kw.json

"$ASMSIM" orion -run oltp -num_disks 2 --instance m5.large --os rhel -duration 1 \
    --output-dir "$WORK/orion_txt" >orion.out 2>/dev/null
expect_true "orion_terminal_should_show_the_cost" \
    grep -qxF 'Cost: $153.88/month (instance $113.88 + 2 volumes $40.00; AWS us-east-1 2023-06 list)' orion.out
expect_true "orion_summary_txt_should_show_the_cost" \
    grep -qxF 'Cost: $153.88/month (instance $113.88 + 2 volumes $40.00; AWS us-east-1 2023-06 list)' \
    "$WORK"/orion_txt/*_summary.txt

harness_done
