#!/usr/bin/env python3
"""cli_property.py - adversarial command lines against every subcommand.

    python3 cli_property.py ASMSIM [--seed N] [--cases N] [--jobs N]
                                   [--timeout S] [--only K] [--verbose]

A seeded generator builds command lines for run, sweep, orion, tui (with
no terminal), profiles and the top-level --help/--version: a fast, valid
base configuration on modelled volumes (1 ms points, a few disks) with
1..4 mutations applied - huge, negative, NaN and infinite numbers, empty
strings, unknown units, repeated flags, non-UTF-8 bytes, embedded newlines
and ESC, 10,000-character arguments, --flag=value on boolean flags,
unknown options, missing values, stray arguments.  Real block devices are
never named: --target only gets paths that do not exist, and --create is
never combined with it.  Each case runs in a fresh directory (its cwd, and
where every output path points) with stdin from /dev/null and a timeout.

Properties checked on every case:
  exit_status    exit 0, 1, 2 or 130; never killed by a signal
  hang           it ends within the per-case timeout
  sanitizer      no AddressSanitizer/UBSan/LeakSanitizer/TSan report
  one_line       on exit 2, stdout is empty and stderr is exactly one line,
                 at most 400 characters, valid UTF-8, without control
                 characters (a raw newline or ESC from the input must not
                 reach the terminal)
  names_input    on exit 2, that line names a flag (--disks, -num_disks) or
                 the bad value
  no_files       on exit 2, nothing was written (the case directory is as
                 empty as it was before)
  refused        a case the generator knows is bad input (a negative number,
                 NaN, an unknown unit, a value on a boolean flag, an unknown
                 option, ...) exits 2 - not 0, and not 1 after running
  no_late_failure exit 1 (a runtime failure) does not happen on modelled
                 volumes: there, every failure is bad input and must be
                 refused with exit 2 before anything runs

The seed is printed first; `--seed S --only K` reruns case K alone.  Every
failure prints the property, why, and the command line as a bash-quoted
reproducer.  The last line is "N passed, N failed"; exit status 1 on any
failure.  Environment: ASMSIM_PROPERTY_SEED, ASMSIM_PROPERTY_CASES,
ASMSIM_TIMEOUT_SCALE (sanitized builds: timeouts times this, cases
divided by it).
"""

import argparse
import concurrent.futures
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

MAX_MESSAGE_CHARS = 480     # CLI_LINE_MAX (sim/cli/cli_values.h)


def raw(b):
    """Bytes that are not UTF-8, as a str argument (surrogateescape)."""
    return b.decode("utf-8", "surrogateescape")


# ---- the flags of each subcommand -------------------------------------------
#
# kind: int (a count or percentage), size, time, rate-like numbers, enum
# (a fixed set of words), list (--volumes), path, spec (--volume), name
# (--instance, --testname), bool (no value).  "valid" values are picked
# so that a run stays fast; "bad" values are refused by the parser.

INT_BAD = ["-1", " -1", "-5", "nan", "inf", "-inf", "", "1e999", "1.5",
           "99999999999999999999999999", "4\n", "\x1b[31m4", "4 4", raw(b"\xff4"),
           "9" * 10000, "0x10", "4KiB", "+-1"]
SIZE_BAD = ["-1", " -1", "nan", "inf", "", "4QiB", "12parsecs", "1e999",
            "99999999999999999999999999KiB", "8KiB\n", "\x1b[2J8KiB", raw(b"\xfe"),
            "3KiB", "1" * 10000 + "KiB"]
TIME_BAD = ["-1", " -1", "-1ms", "nan", "inf", "", "25h", "1e999", "5fortnights",
            "1ms\n", "\x1b[31m1ms", raw(b"\xff"), "9" * 10000, "100000000h"]
ENUM_BAD = ["", "bogus", "coarse\n", "\x1b[31mcoarse", raw(b"\xc3\x28"), "x" * 10000,
            "coarse fine", "-1"]
NAME_BAD = ["", "no-such-type-9", "m5.\x1b[31mlarge", "m5.large\n", raw(b"\xff\xfe"),
            "x" * 10000]
SPEC_BAD = ["", "gp4", "gp3:iops=-1", "gp3:size=\n", "gp3:size=1e999GiB",
            "gp3:throughput=nan", "io2:size=10GiB,iops=20000", "gp3:iops",
            "gp3:size=\x1b[2J", raw(b"\xff:size=1GiB"), "gp3:" + "x" * 10000,
            "gp3:size=1TiB,size=2TiB"]
LIST_BAD = ["0", "1-65", "8-2", "", "1,,2", "-1", "1-1025", "a", "1-4\n",
            "\x1b[31m1", "1," * 5000, "99999999999999999999"]

# (name, kind, valid values, bad values); None valid for bool flags
RUN_FLAGS = [
    ("instance", "name", ["m5.large", "r5b.24xlarge", "t3.xlarge", "none",
                          "oci-e4flex-8"], NAME_BAD),
    ("volume", "spec", ["gp3", "gp2:size=125GiB", "io2:size=500GiB,iops=16000",
                        "st1:size=2TiB", "sc1:size=1TiB", "oci-higher:size=2048GB",
                        "local-nvme", "gp3:size=125GiB,iops=4000,throughput=1000MiB/s"],
     SPEC_BAD),
    ("burst-credits", "int", ["full", "empty", "50%", "0", "100"],
     INT_BAD + ["101", "50%%", "half"]),
    ("layout", "enum", ["coarse", "fine", "raid0", "concat"], ENUM_BAD),
    ("au", "size", ["1MiB", "4MiB", "64MiB"], SIZE_BAD + ["3MiB", "128MiB", "512KiB"]),
    ("stripe", "size", ["4KiB", "64KiB", "1MiB", "64MiB"],
     SIZE_BAD + ["3KiB", "128MiB", "2KiB"]),
    ("redundancy", "enum", ["external", "normal", "high"], ENUM_BAD),
    ("failgroups", "int", ["1", "2", "3", "4"], INT_BAD + ["0", "1025"]),
    ("layout-file", "path", ["@raid0_64k.json", "@fine_normal.json",
                             "@coarse_map.json", "@nl\nname.json"],
     ["", "@bad.json", "@unknown_key.json", "@huge.json", "no-such.json",
      "x" * 10000]),
    ("run", "enum", ["simple", "normal", "oltp", "dss", "advanced"], ENUM_BAD),
    ("matrix", "enum", ["basic", "detailed", "point", "col", "row", "max"],
     ENUM_BAD),
    ("num-small", "int", ["0", "1", "8", "64", "65536"],
     INT_BAD + ["65537", "4294967296"]),
    ("num-large", "int", ["0", "1", "4", "64", "65536"],
     INT_BAD + ["65537", "4294967296"]),
    ("size-small", "size", ["512", "1536", "4KiB", "8KiB", "64KiB", "1MiB"],
     SIZE_BAD + ["0", "256", "1000", "128MiB"]),
    ("size-large", "size", ["512", "128KiB", "1MiB", "4MiB", "64MiB"],
     SIZE_BAD + ["0", "256", "1000", "128MiB"]),
    ("type", "enum", ["rand", "seq"], ENUM_BAD),
    ("stream-io", "int", ["1", "4", "1024"], INT_BAD + ["0", "1025"]),
    ("write", "int", ["0", "30", "100"], INT_BAD + ["101"]),
    ("duration", "time", ["1ms", "2ms", "1.5ms", "0.001"],
     TIME_BAD + ["0", "500us", "0.1ns"]),
    ("warmup", "time", ["0", "1ms", "auto"], TIME_BAD),
    ("seed", "int", ["0", "1", "42", "18446744073709551615"],
     INT_BAD + ["18446744073709551616"]),
    ("testname", "name", ["t1", "data4_run-1.x", "a" * 64],
     ["", "a/b", "a" * 65, "x\ny", "\x1b[2J", raw(b"\xff"), "a b", "x" * 10000]),
    ("output-dir", "path", ["out", "out/new/deeper", "."],
     ["", "@raid0_64k.json", "@raid0_64k.json/x", "x" * 10000]),
    ("json", "path", ["out.json", "-"],
     ["", "no-such-dir/x.json", "@raid0_64k.json/x.json", "x" * 10000]),
    ("quiet", "bool", None, None),
    ("verbose", "bool", None, None),
    ("tui", "bool", None, None),
    ("progress", "bool", None, None),
    ("speed", "int", ["max", "1", "8", "1000000", "2.5"],
     ["-1", " -1", "nan", "inf", "", "0", "0.001", "1000001", "MAX", "1e999",
      "9" * 10000, "\x1b[31m4", "4\n", raw(b"\xff4"), "4 4", "4x"]),
    ("target", "path", [], ["", "no-such-target", "x" * 10000, "a\nb",
                            "\x1b[2J", raw(b"\xff\xfe")]),
    ("lun-file", "path", [], ["@listed.lun", "@empty.lun", "no-such.lun", ""]),
    ("engine", "enum", ["model", "null"], ENUM_BAD + ["aio"]),
    ("create", "size", [], SIZE_BAD + ["4KiB", "1MiB+1"]),
    ("destroy-data", "bool", None, None),
    ("ignore-signatures", "bool", None, None),
    ("size-limit", "size", ["1MiB", "10GiB"], SIZE_BAD + ["1KiB"]),
    ("threads", "int", ["1", "2"], INT_BAD + ["0", "1025"]),
]
RUN_ONLY = {"disks": ("int", ["1", "2", "3", "4", "8"], INT_BAD + ["0", "1025"])}
SWEEP_ONLY = {"volumes": ("list", ["1-2", "1,3", "2", "1-4", "1,2,4,8"], LIST_BAD)}

ORION_FLAGS = [
    ("run", "enum", ["simple", "normal", "oltp", "dss", "advanced"], ENUM_BAD),
    ("testname", "name", ["t1", "data4"], ["", "a/b", "x\ny", "\x1b[2J", "x" * 10000]),
    ("num_disks", "int", ["1", "2", "3"], INT_BAD + ["0", "1025"]),
    ("size_small", "int", ["4", "8", "64"], INT_BAD + ["0", "3", "65540"]),
    ("size_large", "int", ["128", "1024"], INT_BAD + ["0", "6", "65540"]),
    ("type", "enum", ["rand", "seq"], ENUM_BAD),
    ("num_streamIO", "int", ["1", "4", "8"], INT_BAD + ["0", "1025"]),
    ("simulate", "enum", ["concat", "raid0"], ENUM_BAD),
    ("stripe", "int", ["4", "64", "1024"], INT_BAD + ["3", "0", "131072"]),
    ("write", "int", ["0", "50", "100"], INT_BAD + ["101"]),
    ("cache_size", "int", ["0", "1", "16"], INT_BAD + ["1048577"]),
    ("duration", "int", ["1"], INT_BAD + ["0", "86401"]),
    ("matrix", "enum", ["basic", "detailed", "point", "col", "row", "max"], ENUM_BAD),
    ("num_small", "int", ["0", "1", "8", "65536"], INT_BAD + ["65537"]),
    ("num_large", "int", ["0", "1", "4", "65536"], INT_BAD + ["65537"]),
    ("verbose", "bool", None, None),
    ("hugenotneeded", "bool", None, None),
    ("storax", "enum", ["x", "yes"], []),
]
ORION_MODEL = [f for f in RUN_FLAGS if f[0] in (
    "instance", "volume", "burst-credits", "seed", "output-dir", "json", "quiet",
    "destroy-data", "ignore-signatures", "engine", "size-limit", "threads")]

# The ends of the valid ranges, combined a few at a time: the places where
# a valid command line costs the most (tiny stripes under huge I/Os, the
# largest loads, the deepest streams).
EXTREMES = {
    "gnu": [("layout", ["raid0", "fine"]), ("stripe", ["4KiB", "64MiB"]),
            ("au", ["1MiB", "64MiB"]), ("size-small", ["512", "64MiB"]),
            ("size-large", ["512", "64MiB"]), ("num-small", ["0", "65536"]),
            ("num-large", ["0", "65536"]), ("stream-io", ["1", "1024"]),
            ("type", ["seq"]), ("matrix", ["point", "max"]),
            ("redundancy", ["high"]), ("write", ["0", "100"]),
            ("warmup", ["auto"]), ("burst-credits", ["empty"])],
    "orion": [("simulate", ["raid0"]), ("stripe", ["4", "65536"]),
              ("size_small", ["4", "65536"]), ("size_large", ["4", "65536"]),
              ("num_small", ["0", "65536"]), ("num_large", ["0", "65536"]),
              ("num_streamIO", ["1", "1024"]), ("type", ["seq"]),
              ("matrix", ["point", "max"]), ("write", ["0", "100"])],
}

UNKNOWN_OPTIONS = ["--frobnicate", "--disks-count", "--zzz", raw(b"--\xff\xfe"),
                   "--" + "q" * 10000, "--\x1b[31m", "---disks"]

BIG_AND_STRANGE = ["1" * 10000, "x" * 10000, "\n", "\x1b", "\x1b]0;title\x07",
                   raw(b"\xff\xfe\xfd"), "", " ", "\t", "%s%s%n", "\u202e"]

# ---- fixtures: files some options point at ----------------------------------

FIXTURES = {
    "raid0_64k.json": '{"striping": "raid0", "stripe": "64KiB", "disks": 2}\n',
    "fine_normal.json": '{"striping": "fine", "redundancy": "normal", "disks": 4, '
                        '"failgroups": 2}\n',
    "coarse_map.json": '{"redundancy": "normal", "failgroup_of": [0, 1, 0, 1]}\n',
    "bad.json": '{"striping": "coarse",\n "au": 4MiB}\n',
    "unknown_key.json": '{"stripping": "fine\\n\\u001b[31m"}\n',
    "huge.json": '{"name": "' + "x" * 5000 + '", "au": 1e400}\n',
    "nl\nname.json": "{}\n",
    "listed.lun": "no-such-lun-target-1\nno-such-lun-target-2\n",
    "empty.lun": "# nothing\n\n",
}


def fixture_path(fixtures, v):
    """"@name" -> the fixture's path from a case's directory (../f/name),
    short so that it does not crowd a message; anything else as it is."""
    return "../f/" + v[1:] if v.startswith("@") else v


# ---- the generator ------------------------------------------------------------


# Options whose value is only stored when parsed and checked once every
# option is known (resolve, output checks).  (Given twice they are refused
# like every valued option, see repeated_option; the last value is the
# one that counts when the first is a repeat's.)
DEFERRED = {"--instance", "--volume", "--layout-file", "--output-dir", "--json",
            "--engine"}
# ... except an empty --output-dir or --json, refused as it is read
EMPTY_REFUSED_AT_ONCE = {"--output-dir", "--json"}


class Case:
    def __init__(self, index):
        self.index = index
        self.argv = []          # after the program name, as str
        self.expect = None      # 2: known bad input; None: any allowed status
        self.why_bad = ""
        self.modelled = True    # no real targets: exit 1 is a late failure
        self.has_help = False
        self.deferred = {}      # flag -> value whose badness depends on being last

    def refuse(self, why):
        if self.expect is None:
            self.expect = 2
            self.why_bad = why

    def last_value(self, flag):
        """The value the last --flag / --flag=v of argv gives, or None."""
        last = None
        for i, a in enumerate(self.argv):
            if a == flag and i + 1 < len(self.argv):
                last = self.argv[i + 1]
            elif a.startswith(flag + "="):
                last = a[len(flag) + 1:]
        return last


def pick_value(rng, valid, bad, case, flag, fixtures=""):
    """A value for flag: mostly valid, sometimes known bad (then refused,
    or for a DEFERRED flag remembered until the command line is complete)."""
    if valid and (not bad or rng.random() < 0.55):
        return rng.choice(valid)
    if bad:
        v = rng.choice(bad)
        if flag in DEFERRED and not (v == "" and flag in EMPTY_REFUSED_AT_ONCE):
            case.deferred.setdefault(flag, set()).add(fixture_path(fixtures, v))
        else:
            case.refuse("bad value for " + flag)
        return v
    return rng.choice(valid)


def add_option(rng, case, fixtures, style, name, kind, valid, bad):
    """Append one option in GNU (--name value / --name=value) or ORION
    (-name value) style."""
    if style == "orion":
        flag = "-" + name
        if kind == "bool":
            case.argv.append(flag)
            return
        v = pick_value(rng, valid, bad, case, flag)
        case.argv += [flag, fixture_path(fixtures, v)]
        return
    flag = "--" + name
    if kind == "bool":
        if rng.random() < 0.25:
            val = rng.choice(["no", "yes", "0", "1", "", "false", "\x1b[31m"])
            case.argv.append(flag + "=" + val)
            case.refuse("a value on boolean " + flag)
        else:
            case.argv.append(flag)
        return
    v = fixture_path(fixtures, pick_value(rng, valid, bad, case, flag, fixtures))
    if rng.random() < 0.3 and not v.startswith("-"):
        case.argv.append(flag + "=" + v)
    else:
        case.argv += [flag, v]
    if name in ("target", "lun-file"):
        case.modelled = False
    if name == "engine" and v == "aio":
        case.modelled = False


def gnu_flag_table(cmd):
    table = [(n, k, v, b) for (n, k, v, b) in RUN_FLAGS]
    extra = SWEEP_ONLY if cmd == "sweep" else RUN_ONLY
    table += [(n, k, v, b) for n, (k, v, b) in extra.items()]
    return table


def add_extremes(rng, case, style):
    """Three or four flags set to ends of their valid ranges."""
    for name, values in rng.sample(EXTREMES[style], rng.randint(3, 4)):
        case.argv += [("-" if style == "orion" else "--") + name,
                      rng.choice(values)]


def mutate_common(rng, case, style, table, fixtures, extremes=True):
    """One mutation of a run/sweep/tui/orion command line."""
    r = rng.random()
    if r < 0.05 and extremes:                       # valid extremes together
        add_extremes(rng, case, style)
    elif r < 0.55:                                  # an option, maybe bad
        add_option(rng, case, fixtures, style, *rng.choice(table))
    elif r < 0.65:                                  # the same flag twice
        entry = rng.choice([t for t in table if t[1] != "bool"])
        add_option(rng, case, fixtures, style, *entry)
        add_option(rng, case, fixtures, style, *entry)
    elif r < 0.73:                                  # an unknown option
        opt = rng.choice(UNKNOWN_OPTIONS)
        if style == "orion" and rng.random() < 0.5:
            opt = opt[1:]
        case.argv.append(opt)
        case.refuse("unknown option")
    elif r < 0.79:                                  # missing value at the end
        entry = rng.choice([t for t in table if t[1] != "bool"])
        case.argv.append(("-" if style == "orion" else "--") + entry[0])
        case.refuse("needs a value")
        return "end"
    elif r < 0.85:                                  # a stray argument
        case.argv.append(rng.choice(["extra", "1", "x" * 10000, "\x1b[2J",
                                     raw(b"\xff"), "a\nb"]))
        case.refuse("stray argument")
    elif r < 0.95:                                  # a big or strange value
        entry = rng.choice([t for t in table if t[1] not in ("bool", "path")])
        flag = ("-" if style == "orion" else "--") + entry[0]
        v = rng.choice(BIG_AND_STRANGE)
        case.argv += [flag, v]
        if entry[1] in ("int", "size", "time", "list", "enum") and \
                entry[0] != "storax":
            case.refuse("strange value for " + flag)
    else:                                           # help somewhere
        case.argv.append(rng.choice(["--help", "-h"]) if style != "orion"
                         else rng.choice(["--help", "-help", "-h"]))
        case.has_help = True
    return None


def base_gnu(rng, cmd):
    argv = [cmd, "--instance", rng.choice(["m5.large", "none", "r5b.8xlarge"])]
    if cmd == "sweep":
        argv += ["--volumes", rng.choice(["1-2", "1,3", "2"])]
    else:
        argv += ["--disks", rng.choice(["1", "2", "3", "4"])]
    argv += ["--duration", "1ms"]
    if rng.random() < 0.5:
        argv += ["--quiet"]
    if cmd == "tui":
        argv += ["--speed", "max"]
    return argv


def valued_flags(style_of_cmd):
    """The valued options of a command: flag text -> True (ORION's flags
    are compared without case, so they are kept lower-cased)."""
    if style_of_cmd == "orion":
        flags = {"-" + n.lower() for (n, k, _v, _b) in ORION_FLAGS
                 if k != "bool" and n != "storax"}
        flags |= {"--" + n for (n, k, _v, _b) in ORION_MODEL if k != "bool"}
        return flags
    table = gnu_flag_table(style_of_cmd)
    return {"--" + n for (n, k, _v, _b) in table if k != "bool" and n != "target"}


def repeated_option(argv, cmd):
    """The first valued option argv gives twice, read as the parsers read
    it (a valued option takes the next argument as its value, whatever it
    looks like), or None.  Every valued option but --target is given at
    most once; a second is refused."""
    style = "orion" if cmd == "orion" else ("sweep" if cmd == "sweep" else "run")
    valued = valued_flags(style)
    seen = set()
    i = 1
    while i < len(argv):
        a = argv[i]
        name, has_eq = (a.split("=", 1)[0], True) if a.startswith("--") and "=" in a \
            else (a, False)
        key = name.lower() if style == "orion" and not name.startswith("--") else name
        if key in valued:
            if not has_eq and i + 1 >= len(argv):
                return None                 # missing value: refused anyway
            if key in seen:
                return name
            seen.add(key)
            i += 1 if has_eq else 2
            continue
        if style == "orion" and a.startswith("-") and not a.startswith("--") and \
                a[1:].lower() == "storax":
            i += 2
            continue
        i += 1
    return None


EBS_TYPES = ("gp2", "gp3", "gp3-2023", "io1", "io2", "io2-2021", "io2bx", "st1", "sc1")
EC2_NAMES = ("m5.large", "r5b.24xlarge", "t3.xlarge", "r5b.8xlarge")


def provider_mismatch(case):
    """An OCI shape with an EBS volume, or an EC2 instance with an OCI one:
    refused (local-nvme and --instance none go with anything)."""
    inst, vol = case.last_value("--instance"), case.last_value("--volume")
    if inst is None or vol is None:
        return False
    vtype = vol.split(":", 1)[0].strip().lower()
    if inst == "oci-e4flex-8":     # and UHP needs 16 OCPUs
        return vtype in EBS_TYPES or vtype == "oci-uhp"
    if inst in EC2_NAMES:
        return vtype.startswith("oci-")
    return False


def gen_case(rng, index, fixtures):
    case = Case(index)
    r = rng.random()
    cmd = ("run" if r < 0.32 else "sweep" if r < 0.50 else "orion" if r < 0.72
           else "tui" if r < 0.80 else "profiles" if r < 0.92 else "top")
    if cmd in ("run", "sweep", "tui"):
        case.argv = base_gnu(rng, cmd)
        table = gnu_flag_table("sweep" if cmd == "sweep" else "run")
        if cmd == "sweep" and rng.random() < 0.1:   # a run-only flag
            case.argv += ["--disks", "2"]
            case.refuse("--disks is not a sweep option")
        for _ in range(rng.randint(1, 4)):
            if mutate_common(rng, case, "gnu", table, fixtures) == "end":
                break
    elif cmd == "orion":
        case.argv = ["orion", "-run", rng.choice(["simple", "oltp", "dss"]),
                     "-num_disks", rng.choice(["1", "2"]), "-duration", "1",
                     "-testname", "t"]
        if rng.random() < 0.92:
            case.argv += ["--instance", "m5.large"]
        if rng.random() < 0.5:
            case.argv += ["--quiet"]
        table = [("orion",) + t for t in ORION_FLAGS] + \
                [("gnu",) + t for t in ORION_MODEL]
        for _ in range(rng.randint(1, 4)):
            style, *entry = rng.choice(table)
            r = rng.random()
            if r < 0.05:
                add_extremes(rng, case, "orion")
            elif r < 0.2:
                res = mutate_common(rng, case, style,
                                    [tuple(t[1:]) for t in table if t[0] == style],
                                    fixtures, extremes=False)
                if res == "end":
                    break
            else:
                add_option(rng, case, fixtures, style, *entry)
        if not any(a.split("=")[0] in ("--instance", "--volume", "--engine")
                   for a in case.argv):
            case.refuse("orion without --instance reads t.lun, absent")
            case.modelled = False
        # the null engine runs in wall time and -duration is 1 s at least
        for i, a in enumerate(case.argv):
            if a == "--engine=null" or (a == "null" and case.argv[i - 1] == "--engine"):
                case.argv[i] = a.replace("null", "model")
    elif cmd == "profiles":
        r = rng.random()
        if r < 0.35:
            case.argv = ["profiles", "volumes",
                         pick_value(rng, ["gp3", "io2:size=500GiB,iops=16000",
                                          "st1:size=2TiB", "oci-uhp:size=2048GB,vpu=120"],
                                    SPEC_BAD, case, "profiles volumes")]
        elif r < 0.7:
            case.argv = ["profiles", "instances",
                         pick_value(rng, ["m5.large", "oci-e4flex-8", "none"],
                                    NAME_BAD + ["m5.lrge"], case,
                                    "profiles instances")]
        elif r < 0.85:
            case.argv = ["profiles", rng.choice(["disks", "", "\x1b[2J", "x" * 10000,
                                                 "volumes\n"])]
            case.refuse("unknown profile kind")
        else:
            case.argv = ["profiles", rng.choice(["volumes", "instances"]), "a", "b"]
            case.refuse("too many arguments")
    else:
        r = rng.random()
        if r < 0.4:
            case.argv = [rng.choice(["--help", "-h", "help", "--version", "version"])]
        elif r < 0.8:
            case.argv = [rng.choice(["frobnicate", "", "\x1b[2J", "x" * 10000, raw(b"\xff"),
                                     "run\n", "--frobnicate", "-x"])]
            case.refuse("unknown command")
        else:
            sub = rng.choice(["run", "sweep", "orion", "profiles", "tui"])
            case.argv = [sub, rng.choice(["--help", "-h"])]
            case.has_help = True
    if "--help" in case.argv or "-h" in case.argv or "-help" in case.argv:
        case.has_help = True
    for flag, bad_values in case.deferred.items():
        if case.last_value(flag) in bad_values:
            case.refuse("bad value for " + flag)
    if cmd in ("run", "sweep", "tui", "orion"):
        twice = repeated_option(case.argv, cmd)
        if twice:
            case.refuse(twice + " given twice")
        if provider_mismatch(case):
            case.refuse("an instance and a volume of different providers")
    if case.has_help:
        case.expect = None
    if "--target" in case.argv or any(a.startswith("--target=") for a in case.argv):
        # --create with a target would create a file and run on it: never
        case.argv = [a for i, a in enumerate(case.argv)
                     if not (a == "--create" or a.startswith("--create=") or
                             (i > 0 and case.argv[i - 1] == "--create"))]
    return case


# ---- running and judging ------------------------------------------------------


def bash_quote(arg):
    """One argument as bash would take it back: 'x' or $'\\x1b...'."""
    b = arg.encode("utf-8", "surrogateescape")
    if b and re.fullmatch(rb"[A-Za-z0-9_./:=,@%+-]+", b):
        return b.decode()
    if all(0x20 <= c < 0x7f for c in b) and b"'" not in b:
        return "'" + b.decode() + "'"
    out = "$'"
    for c in b:
        if c in (0x27, 0x5c):
            out += "\\" + chr(c)
        elif 0x20 <= c < 0x7f:
            out += chr(c)
        else:
            out += "\\x%02x" % c
    return out + "'"


def reproducer(prog, argv):
    """The command line for bash; a long run of one character is written
    as $(printf ...) so the line stays readable."""
    parts = []
    for a in argv:
        m = re.search(r"(.)\1{199,}", a, re.S) if len(a) > 200 else None
        if m:
            head, tail = a[:m.start()], a[m.end():]
            parts.append((bash_quote(head) if head else "") +
                         '"$(printf %%%ds | tr " " %s)"' %
                         (m.end() - m.start(), bash_quote(m.group(1))) +
                         (bash_quote(tail) if tail else ""))
        else:
            parts.append(bash_quote(a))
    return "cd $(mktemp -d) && " + prog + " " + " ".join(parts)


def tree(path):
    found = []
    for dirpath, dirnames, filenames in os.walk(path):
        for n in dirnames + filenames:
            found.append(os.path.relpath(os.path.join(dirpath, n), path))
    return sorted(found)


SANITIZER_RE = re.compile(rb"ERROR: (AddressSanitizer|LeakSanitizer)|runtime error:|"
                          rb"WARNING: ThreadSanitizer|ERROR: ThreadSanitizer")


SUBCOMMANDS = ("run", "sweep", "orion", "tui", "profiles")
TRY_HELP_RE = re.compile(r"\s*Try 'asmsim[^']*--help'\.?\s*$")


def printable_prefix(a):
    m = re.match(r"[\x20-\x7e]*", a)
    return m.group(0) if m else ""


def names_input(text, argv):
    """The message names one of the flags given, or one of the arguments
    (whole, cut short, or with its control characters escaped).  The
    closing "Try 'asmsim ... --help'." hint does not count, nor does the
    subcommand's own name."""
    text = TRY_HELP_RE.sub("", text)
    tokens = argv[1:] if argv and argv[0] in SUBCOMMANDS else argv
    for a in tokens:
        if a.startswith("-") and len(a) > 1:
            flag = a.split("=", 1)[0]
            if re.search(r"(?<![\w-])" + re.escape(flag) + r"(?![\w-])", text):
                return True
        if len(a) >= 2 and a in text:
            return True
        if len(a) == 1 and re.search(r"(?<!\w)" + re.escape(a) + r"(?!\w)", text):
            return True
        if a == "" and '""' in text:
            return True
        head = printable_prefix(a)
        if len(head) >= 4 and head[:24] in text:
            return True
        if head != a and "\\x" in text:        # shown with \xNN escapes
            return True
    if argv and argv[0] == "orion":
        # no -run, or no <testname>.lun to read
        if "-run" in text or ".lun" in text:
            return True
    if argv and argv[0] == "tui" and "terminal" in text:
        return True
    return False


def judge(case, rc, out, err, created, timeout):
    """The violated properties: a list of (property, why)."""
    bad = []
    if rc is None:
        return [("hang", "no exit within %.0f s" % timeout)]
    if rc < 0:
        bad.append(("exit_status", "killed by signal %d (%s)" %
                    (-rc, signal.Signals(-rc).name)))
    elif rc not in (0, 1, 2, 130):
        bad.append(("exit_status", "exit status %d" % rc))
    if SANITIZER_RE.search(err):
        m = SANITIZER_RE.search(err)
        bad.append(("sanitizer", err[max(0, m.start() - 20):m.start() + 160]
                    .decode("utf-8", "replace").replace("\n", " | ")))
    if rc == 2:
        lines = err.split(b"\n")
        if out:
            bad.append(("one_line", "stdout not empty on exit 2: %r" % out[:120]))
        if not err.endswith(b"\n") or len(lines) != 2:
            bad.append(("one_line", "%d lines on stderr, expected one: %r" %
                        (err.count(b"\n"), err[:300])))
        first = lines[0]
        try:
            text = first.decode("utf-8")
        except UnicodeDecodeError:
            text = first.decode("utf-8", "replace")
            bad.append(("one_line", "message is not valid UTF-8: %r" % first[:200]))
        if len(text) > MAX_MESSAGE_CHARS:
            bad.append(("one_line", "message of %d characters, at most %d: %r..." %
                        (len(text), MAX_MESSAGE_CHARS, text[:120])))
        ctl = [c for c in text if ord(c) < 0x20 or 0x7f <= ord(c) < 0xa0 or
               ord(c) in (0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067,
                          0x2068, 0x2069)]
        if ctl:
            bad.append(("one_line", "control characters %r in the message: %r" %
                        (sorted(set(ctl))[:4], text[:160])))
        if not names_input(err.decode("utf-8", "replace"), case.argv):
            bad.append(("names_input", "names no flag and no argument: %r" % text[:200]))
        if created:
            bad.append(("no_files", "exit 2 left %s" % ", ".join(created[:5])))
    if case.expect == 2 and rc is not None and rc >= 0 and rc != 2:
        bad.append(("refused", "exit %d for bad input (%s), expected 2" %
                    (rc, case.why_bad)))
    elif rc == 1 and case.modelled:
        msg = err.decode("utf-8", "replace").strip().splitlines()
        bad.append(("no_late_failure", "exit 1 on modelled volumes: %r" %
                    (msg[-1][:160] if msg else "")))
    return bad


def run_case(prog, case, work, timeout):
    cdir = os.path.join(work, "c%05d" % case.index)
    os.mkdir(cdir)
    argv_b = [a.encode("utf-8", "surrogateescape") for a in case.argv]
    env = dict(os.environ)
    env.pop("NO_COLOR", None)
    env["TERM"] = "dumb"
    t0 = time.monotonic()
    proc = subprocess.Popen([prog.encode()] + argv_b, cwd=cdir,
                            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, start_new_session=True, env=env)
    try:
        out, err = proc.communicate(timeout=timeout)
        rc = proc.returncode
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        out, err = proc.communicate()
        rc = None
    elapsed = time.monotonic() - t0
    created = tree(cdir)
    shutil.rmtree(cdir, ignore_errors=True)
    return judge(case, rc, out, err, created, timeout), elapsed


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("asmsim")
    # CTest runs one fixed seed, so CI judges the same cases every time;
    # ASMSIM_PROPERTY_SEED=random (or --seed 0) draws a fresh one to explore.
    env_seed = os.environ.get("ASMSIM_PROPERTY_SEED", "20261201")
    ap.add_argument("--seed", type=int,
                    default=None if env_seed == "random" else int(env_seed))
    ap.add_argument("--cases", type=int,
                    default=int(os.environ.get("ASMSIM_PROPERTY_CASES", "2000")))
    ap.add_argument("--jobs", type=int, default=max(2, os.cpu_count() or 2))
    # a hang is no exit in 30 s: some valid inputs are heavy (a 64 MiB I/O
    # over a 4 KiB raid0 stripe is 16,384 physical I/Os) and take seconds
    ap.add_argument("--timeout", type=float, default=30.0)
    ap.add_argument("--only", type=int, help="run only case K of the seed")
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args()

    scale = float(os.environ.get("ASMSIM_TIMEOUT_SCALE", "1") or 1)
    timeout = args.timeout * scale
    cases_n = args.cases if scale <= 1 else max(200, int(args.cases / scale))
    seed = args.seed if args.seed else random.SystemRandom().randrange(1, 2**31)
    prog = os.path.abspath(args.asmsim)
    print("cli_property: seed %d, %d cases, %d jobs, %.0f s per case "
          "(reproduce: %s %s --seed %d)" % (seed, cases_n, args.jobs, timeout,
                                            sys.argv[0], args.asmsim, seed), flush=True)

    work = tempfile.mkdtemp(prefix="asmsim-prop.")
    fixtures = os.path.join(work, "f")
    os.mkdir(fixtures)
    for name, text in FIXTURES.items():
        with open(os.path.join(fixtures, name), "w") as f:
            f.write(text)
    rng = random.Random(seed)
    cases = [gen_case(rng, i, fixtures) for i in range(cases_n)]
    if args.only is not None:
        cases = [c for c in cases if c.index == args.only]

    passed = failed = 0
    by_prop = {}
    t_start = time.monotonic()
    slowest = (0.0, None)
    try:
        with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
            futs = {pool.submit(run_case, prog, c, work, timeout): c for c in cases}
            for fut in concurrent.futures.as_completed(futs):
                c = futs[fut]
                bad, elapsed = fut.result()
                if elapsed > slowest[0]:
                    slowest = (elapsed, c)
                if not bad:
                    passed += 1
                    if args.verbose:
                        print("ok   case %d (%.2f s)" % (c.index, elapsed))
                    continue
                failed += 1
                for prop, why in bad:
                    by_prop[prop] = by_prop.get(prop, 0) + 1
                    print("FAIL case %d %s: %s" % (c.index, prop, why))
                print("     repro: %s" % reproducer(prog, c.argv), flush=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    wall = time.monotonic() - t_start
    if by_prop:
        print("cli_property: violations by property: " +
              ", ".join("%s %d" % kv for kv in sorted(by_prop.items())))
    if slowest[1] is not None:
        print("cli_property: %.1f s wall; slowest case %d took %.2f s" %
              (wall, slowest[1].index, slowest[0]))
    print("cli_property: seed %d" % seed)
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
