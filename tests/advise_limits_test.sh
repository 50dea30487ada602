#!/usr/bin/env bash
# advise_limits_test.sh - `asmsim advise`'s instance constraints and Oracle
# licences from the command line (sim/advise/advise_limits.c,
# sim/profiles/licence.h): each constraint sets a cheaper instance aside
# and "why nothing cheaper" says which; the licences are billed apart
# from the infrastructure as hand-worked below, in the terminal, the JSON
# and the HTML report; with no answer, what each constraint set aside is
# listed alike in all three; the search minimises the total, so licences
# change the winner; a merge of shards keeps them; bad values exit 2 with
# one line.  Small spaces (--families, gp3, --max-disks 8, --top 1): fast.
#
#   bash advise_limits_test.sh <path-to-asmsim> <tests-dir>
set -u

ASMSIM=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
TESTS_DIR=${2:-.}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/asmsim-limits.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
cd "$WORK" || exit 1

# shellcheck source=cli/harness.sh
. "$TESTS_DIR/cli/harness.sh"

N=(--volume-types gp3 --max-disks 8 --top 1 --quiet)

# ---- bad values: exit 2, one line --------------------------------------------

expect_error "arch_unknown_should_exit_2" \
    "asmsim: advise: --arch sparc: not valid; use x86_64, arm64 or any" "" \
    "$ASMSIM" advise --need-mbps 100 --arch sparc
expect_error "min_vcpus_zero_should_exit_2" \
    "asmsim: advise: --min-vcpus 0: not valid; use a vCPU count 1..4096" "" \
    "$ASMSIM" advise --need-mbps 100 --min-vcpus 0
expect_error "max_vcpus_not_a_number_should_exit_2" \
    "asmsim: advise: --max-vcpus many: not valid; use a vCPU count 1..4096" "" \
    "$ASMSIM" advise --need-mbps 100 --max-vcpus many
expect_error "min_vcpus_above_max_should_exit_2" \
    "asmsim: advise: --min-vcpus 16 is above --max-vcpus 8" "Try 'asmsim advise --help'." \
    "$ASMSIM" advise --need-mbps 100 --min-vcpus 16 --max-vcpus 8
expect_error "min_memory_bad_should_exit_2" \
    "asmsim: advise: --min-memory lots: not valid; use GiB of memory" "" \
    "$ASMSIM" advise --need-mbps 100 --min-memory lots
expect_error "exclude_families_empty_item_should_exit_2" \
    "asmsim: advise: --exclude-families m5,: not valid; use instance families" "" \
    "$ASMSIM" advise --need-mbps 100 --exclude-families m5,
expect_error "licence_unknown_should_exit_2" \
    "asmsim: advise: --licence xe: not valid; use ee (Enterprise Edition), se2" "" \
    "$ASMSIM" advise --need-mbps 100 --licence xe
expect_error "licence_price_negative_should_exit_2" \
    "asmsim: advise: --licence-price -5: not valid; use USD per licence unit a month" "" \
    "$ASMSIM" advise --need-mbps 100 --licence ee --licence-price -5
expect_error "licence_without_price_should_say_there_is_no_list_price" \
    "asmsim: advise: --licence ee needs --licence-price USD (per processor licence a month): asmsim's price data holds no Oracle list price" \
    "Try 'asmsim advise --help'." "$ASMSIM" advise --need-mbps 100 --licence ee
expect_error "licence_price_without_licence_should_exit_2" \
    "asmsim: advise: --licence-price prices a licence: give --licence ee or se2 with it" "" \
    "$ASMSIM" advise --need-mbps 100 --licence-price 100
# constraints that leave no instance: named before any search, one line,
# the instance's own (no group's prefix), with the closest instance
# (tester D9): one constraint alone, or the two that none meets together
expect_error "constraints_leaving_no_instance_should_say_which" \
    "asmsim: advise: no instance of the clouds and families searched meets --max-vcpus 1 " \
    "(the closest, m5.large: 2 vCPUs > --max-vcpus 1)" \
    "$ASMSIM" advise --need-mbps 100 --families m5 --max-vcpus 1 "${N[@]}"
expect_error "arm64_only_of_x86_families_should_exit_2" \
    "asmsim: advise: no instance of the clouds and families searched meets --arch arm64 " \
    "(the closest, m5.large: x86_64 (--arch arm64))" \
    "$ASMSIM" advise --need-mbps 100 --families m5 --arch arm64 "${N[@]}"
expect_error "every_family_excluded_should_name_the_exclusion" \
    "asmsim: advise: no instance of the clouds and families searched meets --exclude-families m5 " "" \
    "$ASMSIM" advise --need-mbps 100 --families m5 --exclude-families m5 "${N[@]}"
expect_error "min_vcpus_above_every_instance_should_name_the_largest" \
    "asmsim: advise: no instance of the clouds and families searched meets --min-vcpus 200 " \
    "(the closest, m5.24xlarge: 96 vCPUs < --min-vcpus 200)" \
    "$ASMSIM" advise --need-mbps 100 --families m5 --min-vcpus 200 "${N[@]}"
expect_error "se2_with_more_than_8_vcpus_should_name_the_conflict" \
    "asmsim: advise: no instance of the clouds and families searched meets both --licence se2 (SE2 is licensed on at most 8 vCPUs) and --min-vcpus 16 " \
    "(of those that meet the first, the closest to the second: m5.2xlarge, 8 vCPUs < --min-vcpus 16)" \
    "$ASMSIM" advise --need-mbps 100 --families m5 --licence se2 --licence-price 500 \
    --min-vcpus 16 "${N[@]}"
expect_error "memory_with_few_vcpus_should_name_the_most_memory_there" \
    "asmsim: advise: no instance of the clouds and families searched meets both --max-vcpus 8 and --min-memory 512 GiB " \
    "(of those that meet the first, the closest to the second: x2iedn.2xlarge, 256 GiB memory < --min-memory 512 GiB)" \
    "$ASMSIM" advise --need-mbps 100 --min-memory 512GiB --max-vcpus 8 "${N[@]}"
expect_error "se2_with_much_memory_should_name_the_conflict" \
    "asmsim: advise: no instance of the clouds and families searched meets both --licence se2 (SE2 is licensed on at most 8 vCPUs) and --min-memory 128 GiB " \
    "(of those that meet the first, the closest to the second: m5.2xlarge, 32 GiB memory < --min-memory 128 GiB)" \
    "$ASMSIM" advise --need-mbps 100 --families m5 --licence se2 --licence-price 5 \
    --min-memory 128 "${N[@]}"
# a database's search: the same line, before any simulation, not a group's
expect_error "workload_se2_conflict_should_not_blame_a_group" \
    "asmsim: advise: no instance of the clouds and families searched meets both --licence se2 (SE2 is licensed on at most 8 vCPUs) and --min-vcpus 16 " "" \
    "$ASMSIM" advise --workload oltp --capacity DATA:1TiB --licence se2 --licence-price 500 \
    --min-vcpus 16 --quiet

expect_stdout_contains "help_should_say_why_x86_64_is_the_default" \
    "Database runs on x86-64 in these clouds, so Graviton" "$ASMSIM" advise --help
expect_stdout_contains "help_should_give_the_licence_rules_and_their_date" \
    "cloud policy (2024-06): EE 1 processor licence per 2" "$ASMSIM" advise --help

# ---- each constraint sets a cheaper instance aside, and says which ------------

"$ASMSIM" advise --need-mbps 300 --capacity 1TiB --families m5,c6gn "${N[@]}" >arch.txt 2>&1
expect_true "default_arch_should_set_graviton_aside" \
    grep -q "set aside: c6gn.xlarge: arm64 (--arch x86_64)" arch.txt
expect_true "header_should_say_why_x86_64" \
    grep -q "instances x86_64 (Oracle Database runs on x86-64 in these clouds" arch.txt
expect_true "answer_should_be_x86" grep -q "^ 1\. .* m5\.4xlarge + " arch.txt
"$ASMSIM" advise --need-mbps 300 --capacity 1TiB --families m5,c6gn --arch any "${N[@]}" \
    >any.txt 2>&1
expect_true "arch_any_should_let_graviton_win" grep -q "^ 1\. .* c6gn\." any.txt

"$ASMSIM" advise --need-mbps 100 --families m5 --min-vcpus 16 --min-memory 128 "${N[@]}" \
    >vcpus.txt 2>&1
expect_true "min_vcpus_should_set_a_smaller_instance_aside" \
    grep -q "set aside: m5.2xlarge: 8 vCPUs < --min-vcpus 16" vcpus.txt
expect_true "min_memory_should_set_an_instance_aside" \
    grep -q "set aside: m5.4xlarge: 64 GiB memory < --min-memory 128 GiB" vcpus.txt
expect_true "constraints_should_leave_an_instance_that_meets_them" \
    grep -q "^ 1\. .* m5\.8xlarge + " vcpus.txt
expect_true "header_should_list_the_constraints" \
    grep -q "; at least 16 vCPUs; at least 128 GiB memory" vcpus.txt

"$ASMSIM" advise --need-mbps 100 --families m5,m5n --exclude-families m5 "${N[@]}" >excl.txt 2>&1
expect_true "exclude_families_should_set_the_family_aside" \
    grep -q "set aside: m5.large: family m5 (--exclude-families)" excl.txt
expect_true "exclude_families_should_answer_from_the_others" grep -q "^ 1\. .* m5n\." excl.txt

"$ASMSIM" advise --need-mbps 100 --families m5 --max-vcpus 4 "${N[@]}" --json maxv.json \
    >/dev/null 2>&1
expect_true "max_vcpus_should_bound_the_answer" python3 - maxv.json <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
assert d["space"]["max_vcpus"] == 4, d["space"]
assert all(b["vcpus"] <= 4 for b in d["best"]) and d["best"], d["best"]
# with an answer the constraints' set-aside list is empty
assert d["constraints_set_aside"] == [], d["constraints_set_aside"]
PY

# SE2 on a 16-vCPU instance is refused: c6a.4xlarge ($446.76) is set aside
# below the answer.  The answer, hand-worked: r5b.2xlarge, 8 vCPUs = 2
# sockets (a socket per 4 vCPUs) x $100 = $200.00; instance $435.08 + 5 x
# gp3 1 GiB at $0.08 = $0.40 -> infrastructure $435.48, total $635.48.
"$ASMSIM" advise --need-mbps 600 --families c6a,r5b --licence se2 --licence-price 100 \
    "${N[@]}" >se2.txt 2>&1
expect_true "se2_should_set_an_instance_above_8_vcpus_aside" \
    grep -q "set aside: c6a.4xlarge: 16 vCPUs > 8, the most SE2 may be licensed on (--licence se2)" se2.txt
expect_true "se2_bill_should_count_sockets" \
    grep -q "licences  2 sockets x \$100.00 = \$200.00 (8 vCPUs, 4 a socket, rounded up)" se2.txt
expect_true "se2_bill_should_total_infrastructure_and_licences" \
    grep -q "total     infrastructure \$435.48 + licences \$200.00 = \$635.48" se2.txt
# the rules line speaks of SE2 only: EE's count (multi-threading, 2 vCPUs
# a licence) is no part of an SE2 bill, on AWS nor on OCI (tester D10)
expect_true "se2_header_should_give_the_socket_rule" \
    grep -q "AWS: a socket per 4 vCPUs, rounded up, on at most 8 vCPUs (Oracle, Licensing Oracle Software in the Cloud Computing Environment, 2024-06)$" se2.txt
expect_true "se2_header_should_not_speak_of_ee" \
    bash -c "! grep -E 'multi-threading|EE |Enterprise' se2.txt"
"$ASMSIM" advise --need-mbps 100 --capacity 1TiB --clouds aws,oci --families m5,e4flex \
    --licence se2 --licence-price 100 "${N[@]}" >se2oci.txt 2>&1
expect_true "se2_oci_header_should_say_its_socket_assumption" \
    grep -q "OCI: a socket per 4 vCPUs, rounded up, on at most 8 vCPUs (.*; assumed: EC2's rule, 4 vCPUs being 2 OCPUs)$" se2oci.txt
expect_true "se2_oci_header_should_not_speak_of_ee" \
    bash -c "! grep -E 'multi-threading|EE |Enterprise' se2oci.txt"
"$ASMSIM" advise --need-mbps 100 --capacity 1TiB --clouds aws,oci --families m5,e4flex \
    --licence ee --licence-price 100 "${N[@]}" >eeoci.txt 2>&1
expect_true "ee_oci_header_should_say_its_ocpu_assumption" \
    grep -q "OCI: 2 vCPUs a processor licence (.*; assumed: 1 OCPU (2 vCPUs) = 1 EE processor licence)$" eeoci.txt

# nothing meets: what a constraint set aside was never searched, and the
# answer says so; here m5.4xlarge (16 vCPUs: SE2's limit) would reach
# 500 MB/s (tester D9)
"$ASMSIM" advise --need-mbps 500 --write 100 --capacity 1TiB --families m5,m6g \
    --volume-types gp3 --licence se2 --licence-price 1000 --json se2none.json \
    --report se2none.html >se2none.txt 2>&1
expect_true "out_of_reach_should_say_set_aside_instances_were_not_searched" \
    grep -q "every candidate bounds below it (instances the instance constraints set aside were not searched: listed below)" se2none.txt
expect_true "nothing_meets_should_name_the_licence_that_set_the_larger_ones_aside" \
    grep -q "^  --licence          6 instances, the cheapest \$560.64/month m5.4xlarge (the instance alone): 16 vCPUs > 8, the most SE2 may be licensed on (--licence se2)$" se2none.txt
expect_true "nothing_meets_should_name_every_constraint_that_set_some_aside" \
    grep -q "^  --arch             9 instances, the cheapest .* m6g.4xlarge (the instance alone): arm64 (--arch x86_64)$" se2none.txt
expect_true "an_answer_should_not_list_the_set_aside_counts" \
    bash -c "! grep -q 'Set aside by the instance constraints' se2.txt"
# the JSON holds the terminal's list, figure for figure, and the report
# shows it under "Why nothing cheaper"
expect_true "nothing_meets_json_should_hold_the_terminals_set_aside_list" \
    python3 - se2none.json se2none.txt <<'PY'
import json, re, sys
got = json.load(open(sys.argv[1]))["constraints_set_aside"]
text = open(sys.argv[2]).read().split("Set aside by the instance constraints")[1]
rows = re.findall(r"^  (--\S+) +(\d+) instances?, the cheapest \$([\d.]+)/month (\S+) "
                  r"\(the instance alone\): (.*)$", text.split("\n\n")[0], re.M)
want = [{"constraint": c, "instances": int(n),
         "cheapest": {"instance": i, "usd_month": float(usd), "set_aside": why}}
        for c, n, usd, i, why in rows]
assert len(want) == 2 and got == want, (got, want)
PY
expect_true "nothing_meets_report_should_show_the_licence_row" \
    grep -q "<tr><td>--licence</td><td>6</td><td>m5.4xlarge</td><td>560.64</td><td>16 vCPUs &gt; 8, the most SE2 may be licensed on (--licence se2)</td></tr>" se2none.html
expect_true "nothing_meets_report_should_show_the_arch_row" \
    grep -q "<tr><td>--arch</td><td>9</td><td>m6g.4xlarge</td><td>[0-9.]*</td><td>arm64 (--arch x86_64)</td></tr>" se2none.html

# ---- EE: the licence arithmetic and the total minimised --------------------------
#
# EE on m5.4xlarge (300 MB/s sustained needs it in m5), hand-worked:
#   16 vCPUs / 2 = 8 processor licences x $1000 = $8000.00
#   instance $560.64 + 8 x gp3 128 GiB at $10.24 = $81.92 -> $642.56
#   total $642.56 + $8000.00 = $8642.56
"$ASMSIM" advise --need-mbps 300 --capacity 1TiB --families m5 --licence ee \
    --licence-price 1000 "${N[@]}" --json ee.json --report ee.html >ee.txt 2>/dev/null
expect_true "ee_bill_should_count_a_licence_per_2_vcpus" \
    grep -q "licences  8 processor licences x \$1000.00 = \$8000.00 (16 vCPUs, 2 a licence)" ee.txt
expect_true "ee_bill_should_show_infrastructure_and_licences_apart" \
    grep -q "total     infrastructure \$642.56 + licences \$8000.00 = \$8642.56" ee.txt
expect_true "ee_header_should_cite_the_policy_and_its_assumption" \
    grep -q "AWS: 2 vCPUs a processor licence (Oracle, Licensing Oracle Software in the Cloud Computing Environment, 2024-06; assumed: multi-threading enabled" ee.txt
expect_true "ee_json_should_split_the_bill" python3 - ee.json <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
s, b = d["space"], d["best"][0]
assert s["licence"] == "ee" and s["licence_usd_unit_month"] == 1000, s
assert s["licence_unit"] == "processor licence" and s["arch"] == "x86_64", s
assert b["instance"] == "m5.4xlarge" and b["vcpus"] == 16 and b["licence_units"] == 8, b
u = b["usd_month"]
assert abs(u["infrastructure"] - 642.56) < 1e-9 and abs(u["licences"] - 8000) < 1e-9, u
assert abs(u["total"] - 8642.56) < 1e-9 and b["set_aside"] is None and b["arch"] == "x86_64", b
PY
expect_true "ee_report_should_show_the_split" \
    grep -q "642.56 infrastructure + 8000.00 licences (8 processor licences) = 8642.56" ee.html
expect_true "ee_report_should_show_the_constraints_and_licence" \
    grep -q "<th>licences</th><td>Oracle Enterprise Edition, 1000.00 USD per processor licence" ee.html

# The total is minimised.  1500 MB/s sustained, families c6a and r5b:
#   no licence: c6a.12xlarge $1340.28 + 8 x $2.24 = $1358.20 wins over
#               r5b.8xlarge $1740.32 + $17.92 = $1758.24
#   EE at $1000: c6a.12xlarge 48 vCPUs = 24 licences, $24000 -> $25358.20;
#               r5b.8xlarge 32 vCPUs = 16 licences, $16000 -> $17758.24 wins
"$ASMSIM" advise --need-mbps 1500 --families c6a,r5b "${N[@]}" >nolic.txt 2>&1
"$ASMSIM" advise --need-mbps 1500 --families c6a,r5b --licence ee --licence-price 1000 \
    "${N[@]}" --json lic.json >lic.txt 2>&1
expect_true "without_licences_the_cheaper_big_instance_should_win" \
    grep -q "^ 1\. \$1358.20/month  c6a.12xlarge + " nolic.txt
expect_true "with_licences_the_fewer_vcpus_should_win" \
    grep -q "^ 1\. \$17758.24/month  r5b.8xlarge + " lic.txt
expect_true "with_licences_the_answer_should_bill_16_licences" \
    grep -q "licences  16 processor licences x \$1000.00 = \$16000.00 (32 vCPUs, 2 a licence)" lic.txt

# a merge of shards keeps the licences and the set-aside instances
for k in 1 2; do
    "$ASMSIM" advise --need-mbps 300 --capacity 1TiB --families m5,c6gn --licence ee \
        --licence-price 1000 "${N[@]}" --shard $k/2 --json sh$k.jsonl >/dev/null 2>&1
done
"$ASMSIM" advise --need-mbps 300 --capacity 1TiB --families m5,c6gn --licence ee \
    --licence-price 1000 "${N[@]}" >whole.txt 2>/dev/null
"$ASMSIM" advise --merge sh1.jsonl sh2.jsonl >merged.txt 2>/dev/null
# (the "searched" line counts each shard's simulations)
expect_true "merge_should_keep_licences_and_set_aside" \
    diff <(grep -v "^  searched" whole.txt) <(grep -v "^  searched" merged.txt)
expect_true "merged_answer_should_list_a_set_aside_instance" \
    grep -q "set aside: c6gn.xlarge: arm64 (--arch x86_64)" merged.txt

harness_done
