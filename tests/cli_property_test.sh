#!/usr/bin/env bash
# cli_property_test.sh - the CLI property test (cli_property.py) as CTest
# runs it: a few thousand seeded adversarial command lines against every
# subcommand, each checked for its exit status, its message and the files
# it leaves.  See cli_property.py for the properties.
#
#   bash cli_property_test.sh <path-to-asmsim> <tests-dir>
#
# The seed is fixed (the same cases every run) and printed first and last;
# ASMSIM_PROPERTY_SEED=S runs another, ASMSIM_PROPERTY_SEED=random a fresh
# one, ASMSIM_PROPERTY_CASES=N changes how many.  The
# last line is "N passed, N failed"; exit status 1 on any failure.
set -u
exec python3 "${2:-$(dirname "$0")}/cli_property.py" "$1"
