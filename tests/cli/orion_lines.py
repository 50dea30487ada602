#!/usr/bin/env python3
"""orion_lines.py GOLDEN ACTUAL: compare an ORION file line by line, the
measured figures aside (tests/orion_version_test.sh).

A measured line (the results, the histogram rows, CSV data rows, the LUN
lines, the console's run prefix) is compared with its numbers masked and
its spaces dropped: "Maximum Small IOPS=9899 @ Small=17 and Large=0"
matches any IOPS at any point, but not a line worded otherwise or a
latency with other decimals.  Every other line must be byte-equal.
Prints the first difference and exits 1; exits 0 when they agree."""
import re
import sys

MEASURED = re.compile(r"^(Maximum |Minimum |Small (Read|Write) Latency: |Name: |\s*\d+ - "
                      r"|(Small|Large) Read / Write Latency Histogram @ "
                      r"|\s+\d+(,|$)|[A-Za-z0-9._-]+_\d{8}_\d{4}$)")


def shape(line):
    if not MEASURED.match(line):
        return line
    if line.startswith("Name: "):
        line = re.sub(r"^Name: .*\t", "Name: LUN\t", line)
    if re.match(r"^[A-Za-z0-9._-]+_\d{8}_\d{4}$", line):
        return "<prefix>"
    return re.sub(r"\s+", "", re.sub(r"\d+", "N", line))


def main():
    golden = open(sys.argv[1]).read().split("\n")
    actual = open(sys.argv[2]).read().split("\n")
    for i in range(max(len(golden), len(actual))):
        g = golden[i] if i < len(golden) else "<end of file>"
        a = actual[i] if i < len(actual) else "<end of file>"
        if shape(g) != shape(a):
            print(f"{sys.argv[2]}: line {i + 1} differs from {sys.argv[1]}:\n"
                  f"  golden: {g!r}\n  actual: {a!r}")
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
