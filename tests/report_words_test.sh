#!/usr/bin/env bash
# report_words_test.sh - the words of the terminal's readings and headers:
# one volume is "1 volume" (singular), the sweep reading's burst clause
# goes on in lower case after "At burst, for at most ...:", and OCI volumes
# are shown in the units OCI sells them in (GB, MB/s; DOMAIN.md, OCI block
# volumes) while EBS volumes keep GiB and MiB/s.
#
#   bash report_words_test.sh <path-to-asmsim> <tests-dir>
set -u

ASMSIM=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
TESTS_DIR=${2:-.}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/asmsim-words.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
cd "$WORK" || exit 1

# shellcheck source=cli/harness.sh
. "$TESTS_DIR/cli/harness.sh"

# the default gp3's 125 MiB/s = 131.07 MB/s, delivered in full since issue 33
# (123.86 MB/s at the former 0.95); at burst 3 of them, 393 MB/s, empty
# m5.large's (593.75 - 81.25) MB/s x 1800 s bucket in 49 min (52 before)
expect_stdout_contains "sweep_reading_should_say_1_volume" \
    "(131.07 MB/s at 1 volume); there is no instance limit." \
    "$ASMSIM" sweep --volumes 1 --duration 200ms --run simple --quiet
expect_stdout_lacks "sweep_reading_should_not_say_1_volumes" "1 volumes" \
    "$ASMSIM" sweep --volumes 1 --instance m5.large --duration 200ms \
    --run simple --quiet
expect_stdout_contains "burst_reading_should_go_on_in_lower_case" \
    "At burst, for at most 49 min: volume throughput binds: each volume adds its own" \
    "$ASMSIM" sweep --volumes 1-3 --instance m5.large --duration 200ms \
    --run simple --quiet
expect_stdout_contains "sustained_reading_should_say_1_volume_reaches" \
    "Sustained: 1 volume reaches 97 % of the instance baseline" \
    "$ASMSIM" sweep --volumes 1-3 --instance m5.large --duration 200ms \
    --run simple --quiet

OCI=(--instance oci-e4flex-8 --volume oci-balanced:size=1000GB --disks 2
     --duration 100ms --run simple --quiet)
expect_stdout_contains "oci_volume_should_show_mb_per_s" \
    "  volume    oci-balanced:size=1TB,vpu=10: 25000 IOPS, 480.0 MB/s," \
    "$ASMSIM" run "${OCI[@]}"
expect_stdout_contains "oci_disks_should_show_gb" \
    "  disks     2 x oci-balanced 1000 GB, named DATA_0000 ..." \
    "$ASMSIM" run "${OCI[@]}"
expect_stdout_lacks "oci_header_should_show_no_gib" "GiB" \
    "$ASMSIM" run "${OCI[@]}"
expect_stdout_lacks "oci_header_should_show_no_mib_per_s" "MiB/s" \
    "$ASMSIM" run "${OCI[@]}"
"$ASMSIM" orion -run simple -num_disks 2 -duration 1 -testname oci \
    --instance oci-e4flex-8 --volume oci-balanced:size=1000GB \
    --output-dir orion --quiet >/dev/null 2>&1
expect_true "oci_orion_summary_should_show_mb_per_s" \
    grep -q "^Volume: oci-balanced:size=1TB,vpu=10: 25000 IOPS, 480.00 MB/s," \
    orion/oci_*_summary.txt
expect_stdout_contains "ebs_volume_should_keep_mib_per_s" \
    "3000 IOPS, 125.0 MiB/s," "$ASMSIM" run --disks 1 --duration 100ms \
    --run simple --quiet
expect_stdout_contains "ebs_disks_should_keep_gib" "1 x gp3 250 GiB" \
    "$ASMSIM" run --disks 1 --duration 100ms --run simple --quiet

harness_done
