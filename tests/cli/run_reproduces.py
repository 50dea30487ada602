#!/usr/bin/env python3
"""run_reproduces.py ADVISE.json RUN.json - the `asmsim run` that an advise
JSON's best[0].run_command names (its --json in RUN.json) gives the large
MB/s and small IOPS advise simulated for that configuration, within
1e-6: the printed command reproduces the answer.  Exit 0 or 1 (said on
stderr)."""
import json
import sys

a = json.load(open(sys.argv[1]))["best"][0]
s = json.load(open(sys.argv[2]))["summary"]
got = (s["max_large_mbps"], s["max_small_iops"])
want = (a["mbps"], a["iops"])
ok = all(abs(g - w) <= 1e-6 * max(1, w) for g, w in zip(got, want))
if not ok:
    print(f"run gives {got}, advise said {want}", file=sys.stderr)
sys.exit(0 if ok else 1)
