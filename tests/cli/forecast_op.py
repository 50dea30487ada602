"""forecast_op.py - checks a forecast with an operation (forecast --fail,
forecast --add-disks) shares: the instance's burst bucket carries its
level across the operation's phase changes (each change opens the
parts again; the level is read off the old and set on the new).
"""
import json


def bucket_carried(path, phase_key, changes):
    """The forecast JSON at path: its rows' phase (row key phase_key)
    changes `changes` times, the instance's bucket never steps by more
    than its rate allows in a row (2 % over: the limit admits a little
    over its rate in a row), and it is drawn while rebalancing, not
    refilled at a change."""
    d = json.load(open(path))
    b = d["buckets"][1]
    assert b["disk"] is None and b["unit"] == "MB/s", b
    most = 100 * max(b["burst_rate"] - b["base_rate"], b["base_rate"]) / b["size"]
    rows, seen = d["timeline"], 0
    for a, z in zip(rows, rows[1:]):
        step = abs(z["bucket_pct"][1] - a["bucket_pct"][1])
        assert step <= 1.02 * most * z["length_s"], (path, a["start_s"], z["start_s"], step)
        seen += a[phase_key] != z[phase_key]
    assert seen == changes, (path, seen, changes)
    low = min(r["bucket_pct"][1] for r in rows if r[phase_key] == "rebalancing")
    assert low < 98, (path, low)
