#!/usr/bin/env bash
# nodes_test.sh ASMSIM TESTS_DIR - --nodes H (issue 39 item 2): a modelled
# RAC cluster of H instances on the same volumes, each node offering the
# whole load with its own instance limits, the volumes' limits shared.
#
# Worked by hand (the providers' figures, DOMAIN.md section 4 and the
# rule book, `asmsim profiles rules`):
#
#   OCI: oci-e4flex-3 carries block-volume traffic at 120 MB/s per Gbps of
#   its network, 1 Gbps per OCPU: 3 x 120 = 360 MB/s (delivered 1.0).
#   2 x oci-balanced of 1024 GB: 480 KB/s per GB, at most 480 MB/s each,
#   so 480 + 480 = 960 MB/s for both.  Large 128 KiB reads (run dss):
#     nodes 1: 360 (instance)   nodes 2: 2 x 360 = 720 (instance)
#     nodes 3: 3 x 360 = 1,080 offered > 960: 960 (volume throughput)
#     nodes 4: 960 (volume throughput): the knee is at 3 nodes.
#   AWS: m5.4xlarge takes 593.75 MB/s (EBS limit) x 0.972 delivered =
#   577.125 MB/s.  3 x io2 of 16,000 IOPS: 500 MiB/s each (256 KiB x IOPS,
#   at most 500 MiB/s below 32,000 IOPS) x 0.985 delivered = 516.43 MB/s,
#   1,549.29 MB/s for the three.
#     nodes 1: 577.1 (instance)  nodes 2: 1,154.25 (instance)
#     nodes 3: 1,731.4 offered > 1,549.3: 1,549.3 (volume throughput)
#   Small 8 KiB reads on the same: the instance's 18,750 IOPS, then 2 x
#   18,750 = 37,500, then the volumes' 3 x 16,000 = 48,000.
#
# Tolerance: 0.5 % of each figure (the model meters its limits exactly
# over a window; the allowance of 32 operations only shapes the start).
set -u

ASMSIM=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
TESTS_DIR=${2:-.}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
cd "$WORK" || exit 1

. "$TESTS_DIR/cli/harness.sh"

OCI=(--instance oci-e4flex-3 --volume oci-balanced --run dss --duration 2)
AWS=(--instance m5.4xlarge --volume io2:size=100GiB,iops=16000 --duration 2)

# field FILE EXPR: a Python expression over the JSON document d
field() {
    python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print($2)" "$1"
}

# near FILE EXPR WANT: EXPR within 0.5 % of WANT
near() {
    python3 - "$@" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
got, want = eval(sys.argv[2]), float(sys.argv[3])
if abs(got - want) > 0.005 * want:
    sys.exit(f"{sys.argv[2]} = {got}, expected {want} within 0.5 %")
EOF
}

MAX_MBPS='d["summary"]["max_large_mbps"]'
MAX_IOPS='d["summary"]["max_small_iops"]'

# ---- OCI: the instance's limit doubles until the volumes' binds --------------
for h in 1 2 3; do
    "$ASMSIM" run "${OCI[@]}" --disks 2 --nodes "$h" --json "oci$h.json" >"oci$h.txt" 2>&1
done
expect_true "oci_one_node_should_move_the_instance_360_mbps" near oci1.json "$MAX_MBPS" 360
expect_true "oci_two_nodes_should_move_twice_the_instance_720_mbps" \
    near oci2.json "$MAX_MBPS" 720
expect_true "oci_two_nodes_should_be_bound_by_the_instances" \
    test "$(field oci2.json 'd["summary"]["limited_by"]')" = instance_mbps
expect_true "oci_three_nodes_should_stop_at_the_volumes_960_mbps" \
    near oci3.json "$MAX_MBPS" 960
expect_true "oci_three_nodes_should_be_bound_by_the_volumes" \
    test "$(field oci3.json 'd["summary"]["limited_by"]')" = volume_throughput
expect_true "oci_two_nodes_json_should_name_the_modelled_cluster" \
    test "$(field oci2.json 'd["cluster"]')" = \
    "{'modelled': True, 'nodes': 2, 'hosts': ['node1', 'node2']}"
expect_true "each_point_should_list_both_nodes_as_hosts" \
    test "$(field oci2.json '[[h["host"] for h in p["hosts"]] for p in d["points"]][0]')" = \
    "['node1', 'node2']"
expect_true "the_nodes_rates_should_add_up_to_the_clusters" \
    test "$(field oci2.json 'all(abs(sum(h["mbps"] for h in p["hosts"]) - p["mbps"]) < 1e-6 * p["mbps"] for p in d["points"])')" = True
expect_true "each_node_should_move_its_instance_360_mbps" \
    near oci2.json 'd["points"][-1]["hosts"][1]["mbps"]' 360
expect_true "one_node_should_write_no_hosts_and_no_cluster" \
    test "$(field oci1.json '"cluster" in d or any("hosts" in p for p in d["points"])')" = False
expect_true "the_header_should_name_the_nodes" \
    grep -q "cluster   node1..node2: 2 x oci-e4flex-3 on the same volumes" oci2.txt
expect_true "the_terminal_should_show_each_nodes_rows" \
    grep -q "^Nodes (2 modelled instances on the same volumes" oci2.txt
"$ASMSIM" report oci2.json --output oci2.html >/dev/null 2>&1
expect_true "the_report_should_show_the_nodes_rows" python3 - oci2.json oci2.html <<'PY'
import json, re, sys
d = json.load(open(sys.argv[1])); page = open(sys.argv[2]).read()
sec = re.search(r'<section id="hosts">.*?</section>', page, re.S).group(0)
assert "2 modelled nodes (node1, node2)" in sec, sec[:400]
mbps = re.findall(r'<td data-key="mbps">([0-9.]+)</td>', sec)
want = [h["mbps"] for p in d["points"] for h in p["hosts"]]
assert len(mbps) == len(want) and all(abs(float(a) - b) < 0.01 for a, b in zip(mbps, want)), mbps
PY
expect_true "the_json_should_echo_the_option" \
    test "$(field oci2.json 'd["config"]["options"]["nodes"]')" = 2
# the bill: OCI E4.Flex 3 OCPU $109.37 a month, two of them
expect_true "the_bill_should_count_every_node_instance" \
    grep -q "instance \$218.74" oci2.txt

# ---- io2 Multi-Attach: the same ----------------------------------------------
for h in 1 2 3; do
    "$ASMSIM" run "${AWS[@]}" --run dss --disks 3 --nodes "$h" --json "io2_$h.json" \
        >/dev/null 2>&1
done
expect_true "io2_one_node_should_move_the_instance_577_mbps" \
    near io2_1.json "$MAX_MBPS" 577.125
expect_true "io2_two_nodes_should_move_twice_the_instance_1154_mbps" \
    near io2_2.json "$MAX_MBPS" 1154.25
expect_true "io2_three_nodes_should_stop_at_the_volumes_1549_mbps" \
    near io2_3.json "$MAX_MBPS" 1549.29
expect_true "io2_three_nodes_should_be_bound_by_the_volumes" \
    test "$(field io2_3.json 'd["summary"]["limited_by"]')" = volume_throughput
"$ASMSIM" run "${AWS[@]}" --run oltp --disks 3 --nodes 2 --json iops2.json >/dev/null 2>&1
"$ASMSIM" run "${AWS[@]}" --run oltp --disks 3 --nodes 3 --json iops3.json >/dev/null 2>&1
expect_true "io2_two_nodes_should_take_twice_the_instance_37500_iops" \
    near iops2.json "$MAX_IOPS" 37500
expect_true "io2_three_nodes_should_stop_at_the_volumes_48000_iops" \
    near iops3.json "$MAX_IOPS" 48000
# open loop: every node offers the rate
"$ASMSIM" run "${AWS[@]}" --disks 3 --rate-small 1000 --arrivals constant --nodes 2 --json open.json \
    >/dev/null 2>&1
expect_true "open_loop_nodes_should_each_offer_the_rate" \
    near open.json 'd["points"][0]["iops"]' 2000

# a database workload's classes: every node runs them, and each node's
# figures of every class add up to the class's (redo, the third, too)
"$ASMSIM" run --instance m5.4xlarge --workload oltp --group DATA:disks=4,volume=io2 \
    --group REDO:disks=2,volume=io2 --duration 2 --nodes 2 --json db.json \
    --report db.html >db.txt 2>&1
expect_true "a_workloads_classes_should_run_on_every_node" \
    test "$(field db.json 'len(d["points"][0]["hosts"])')" = 2
expect_true "a_workloads_nodes_should_add_up_to_every_class" python3 - db.json <<'PY'
import json, sys
p = json.load(open(sys.argv[1]))["points"][0]
names = [c["name"] for c in p["classes"]]
assert names == ["data-reads", "dbwr", "redo"], names
for i, c in enumerate(p["classes"]):
    hs = [h["classes"][i] for h in p["hosts"]]
    assert all(k["name"] == c["name"] for k in hs), hs
    for key in ("iops", "mbps"):
        s = sum(k[key] for k in hs)
        assert abs(s - c[key]) <= 1e-6 * max(1, c[key]), (c["name"], key, s, c[key])
assert all("iops" not in h and "small_lat_us" not in h for h in p["hosts"]), p["hosts"][0]
PY
expect_true "a_workloads_nodes_table_should_have_a_row_per_class_and_node" \
    test "$(grep -cE '^  (data-reads|dbwr|redo) +(node1|node2|all hosts) ' db.txt)" -eq 9
expect_true "a_workloads_report_should_show_the_nodes_per_class" python3 - db.json db.html <<'PY'
import json, re, sys
p = json.load(open(sys.argv[1]))["points"][0]; page = open(sys.argv[2]).read()
sec = re.search(r'<section id="hosts">.*?</section>', page, re.S).group(0)
rows = re.findall(r'<tr><td>([^<]*)</td><td>([^<]*)</td>(.*?)</tr>', sec, re.S)
assert len(rows) == 6, rows
got = {(c, h): float(re.search(r'data-key="mbps">([0-9.]+)<', r).group(1)) for c, h, r in rows}
for i, c in enumerate(p["classes"]):
    for h in p["hosts"]:
        assert abs(got[(c["name"], h["host"])] - h["classes"][i]["mbps"]) < 0.01, (c, h)
PY

# ---- sweep --over nodes: where adding a node stops helping --------------------
"$ASMSIM" sweep "${OCI[@]}" --volumes 2 --over nodes=1-4 --json sweep.json >sweep.txt 2>&1
expect_true "sweep_over_nodes_1_4_should_run_four_values" \
    test "$(field sweep.json '[r["swept_value"] for r in d["sweep"]]')" = "['1', '2', '3', '4']"
expect_true "sweep_over_nodes_should_show_the_knee" \
    test "$(field sweep.json '[(round(r["summary"]["max_large_mbps"]), r["summary"]["limited_by"]) for r in d["sweep"]]')" = \
    "[(360, 'instance_mbps'), (720, 'instance_mbps'), (960, 'volume_throughput'), (960, 'volume_throughput')]"
expect_true "sweep_over_nodes_should_read_the_highest_at_three" \
    grep -q "Maximum Large MBPS is highest at nodes=3: 959" sweep.txt
expect_stdout_matches "sweep_over_a_list_of_nodes_should_run_them" "^ +4 +959" \
    "$ASMSIM" sweep "${OCI[@]}" --volumes 2 --over nodes=1,2,4

# ---- refused: each with its rule ---------------------------------------------
expect_error "gp3_should_be_refused_with_the_multi_attach_rule" \
    "asmsim: --nodes 2: gp3 volumes are not shared by several nodes: EBS Multi-Attach takes io1 and io2 volumes only" \
    "(AWS EBS User Guide, Multi-Attach)" \
    "$ASMSIM" run --instance m5.large --volume gp3 --nodes 2
expect_error "st1_should_be_refused_with_the_multi_attach_rule" \
    "asmsim: --nodes 2: st1 volumes are not shared by several nodes: EBS Multi-Attach" "" \
    "$ASMSIM" run --instance m5.large --volume st1 --nodes 2
expect_error "io2_off_nitro_should_be_refused" \
    "asmsim: --nodes 2: m4.large is not built on Nitro: EBS Multi-Attach" "" \
    "$ASMSIM" run --instance m4.large --volume io2 --nodes 2
expect_error "seventeen_nodes_on_io2_should_be_refused" \
    "asmsim: --nodes 17: 17 nodes on io2 volumes, at most 16: EBS Multi-Attach" "" \
    "$ASMSIM" run --instance m5.large --volume io2 --nodes 17
expect_error "oci_uhp_should_be_refused" \
    "asmsim: --nodes 2: oci-uhp volumes are not shared by several nodes: OCI shares block volumes below Ultra High Performance with up to 32 instances; for UHP volumes asmsim does not know the count" "" \
    "$ASMSIM" run --instance oci-e4flex-16 --volume oci-uhp --nodes 2
expect_error "a_group_of_gp3_should_be_refused_by_name" \
    "asmsim: --nodes 2 (group REDO): gp3 volumes are not shared by several nodes" "" \
    "$ASMSIM" run --instance m5.large --workload oltp --group DATA:disks=4,volume=io2 \
    --group REDO:disks=2,volume=gp3 --nodes 2
expect_error "nodes_without_an_instance_should_be_refused" \
    "asmsim: --nodes 2: needs --instance TYPE: a node is an instance with its own limits" "" \
    "$ASMSIM" run --volume io2 --disks 2 --nodes 2
expect_error "a_sweep_over_nodes_without_an_instance_should_be_refused" \
    "asmsim: --over nodes=2: --nodes 2: needs --instance TYPE" "" \
    "$ASMSIM" sweep --volume io2 --volumes 2 --over nodes=1-2
expect_error "nodes_zero_should_be_refused" \
    "asmsim: --nodes 0: not a node count; use an integer 1..32" "" \
    "$ASMSIM" run --nodes 0
expect_error "thirty_three_nodes_should_be_refused" \
    "asmsim: --nodes 33: not a node count; use an integer 1..32" "" \
    "$ASMSIM" run --nodes 33
expect_error "real_targets_should_be_refused" \
    "asmsim: --nodes 2: a modelled cluster needs modelled volumes; on real targets run one asmsim per host under mpirun" "" \
    "$ASMSIM" run --target "$WORK/t.img" --create 16MiB --nodes 2
expect_error "the_dashboard_should_be_refused" \
    "asmsim: --nodes 2: the dashboard (--tui) watches one instance" "" \
    "$ASMSIM" run --instance m5.large --volume io2 --tui --nodes 2
expect_error "forecast_should_be_refused" \
    "asmsim: --nodes 2: forecast models one instance's buckets" "" \
    "$ASMSIM" forecast --instance m5.large --volume io2 --schedule oltp-day --nodes 2
expect_error "a_failure_should_be_refused" \
    "asmsim: --nodes 2: --fail: ASM rebalances from one instance" "" \
    "$ASMSIM" run --instance m5.large --workload oltp --group DATA:disks=4,volume=io2 \
    --group REDO:disks=2,volume=io2 --fail 0@10m --nodes 2
expect_error "an_add_should_be_refused" \
    "asmsim: --nodes 2: --add-disks: ASM rebalances from one instance" "" \
    "$ASMSIM" run --instance m5.large --workload oltp --group DATA:disks=4,volume=io2 \
    --group REDO:disks=2,volume=io2 --add-disks 1@10m --nodes 2
expect_error "sweep_over_nodes_should_refuse_a_gp3_value_by_its_value" \
    "asmsim: --over nodes=2: --nodes 2: gp3 volumes are not shared by several nodes" "" \
    "$ASMSIM" sweep --instance m5.large --volume gp3 --over nodes=1,2

harness_done
