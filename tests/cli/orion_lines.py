#!/usr/bin/env python3
"""orion_lines.py GOLDEN ACTUAL: compare an ORION file line by line, the
measured figures aside (tests/orion_version_test.sh).

A measured line (the results, the histogram rows, CSV data rows, the LUN
lines) is compared with each number masked as N, its decimals kept, and
its spaces dropped: "Maximum Small IOPS=9899 @ Small=17 and Large=0"
matches any IOPS at any point, but not a line worded otherwise, nor
"Minimum Small Latency=97.68 usecs" where the golden has three decimals.
A histogram row keeps its bucket's edges ("32 - 64 us"), the console's
run prefix its test name (its stamp masked), a LUN line its size's
place (its name and size masked).  Every other line must be byte-equal.
Prints the first difference and exits 1; exits 0 when they agree."""
import re
import sys

MEASURED = re.compile(r"^(Maximum |Minimum |Small (Read|Write) Latency: |Name: |\s*\d+ - "
                      r"|(Small|Large) Read / Write Latency Histogram @ "
                      r"|\s+\d+(,|$))")
PREFIX = re.compile(r"^([A-Za-z0-9._-]+)_\d{8}_\d{4}$")
HIST_ROW = re.compile(r"^\s*(\d+ +- +\d+ us)(.*)$")


def masked(text):
    """Each number N, with as many decimals as it has ("N.ddd"); no spaces."""
    def number(m):
        return "N" + ("." + "d" * len(m.group(1)) if m.group(1) else "")
    return re.sub(r"\s+", "", re.sub(r"\d+(?:\.(\d+))?", number, text))


def shape(line):
    prefix = PREFIX.match(line)
    if prefix:
        return prefix.group(1) + "_<stamp>"
    if not MEASURED.match(line):
        return line
    if line.startswith("Name: "):
        return re.sub(r"^Name: .*\tSize: \d+$", "Name: LUN\tSize: N", line)
    row = HIST_ROW.match(line)
    if row:
        return re.sub(r"\s+", "", row.group(1)) + masked(row.group(2))
    return masked(line)


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
