#!/usr/bin/env python3
"""report_browser.py - load an asmsim HTML report in headless Chromium and
check it the way a reader would see it (tests/report_browser_test.sh).

    report_browser.py PAGE.html [RESULTS.json ...]

Chromium is driven over the DevTools protocol on a pipe
(--remote-debugging-pipe: JSON messages ending in NUL on fds 3 and 4), so
only the standard library is needed.  Checked, each an "ok"/"FAIL" line:

  * the page loads with no console error, no uncaught exception and no
    error in the browser's log;
  * the page's marker data-charts-rendered equals the number of canvases,
    and every canvas has drawn pixels (read back with getImageData);
  * a screenshot of the first chart is not all background (PNG decoded
    here), and the page prints (to PDF, with its backgrounds) without an
    error;
  * with a database workload's RESULTS.json: no ORION summary, and each
    class's IOPS, MB/s and p99 in its row are the JSON's;
  * with one RESULTS.json: the summary lines in the page are the JSON's
    readings.summary, the figures in the summary table are the JSON's
    summary values with ORION's decimals, every heat map's reading is
    the readings.summary line of its figure, and a sweep's chart of its
    main figure carries readings.sweep; with several (a comparison): each
    document's Maximum figures are in the comparison table;
  * a forecast (kind "forecast"): the verdict, days, days to steady state
    (with a disk lost, forecast --fail: its phase changes marked too)
    and cost cells, the cost line and the events list are the JSON's, every
    time chart marks every event, the balance chart reads the first
    burst_empty event's sentence;
  * an advice (kind "advice"): the best configuration, its bill and the
    search counts are the JSON's, every candidate is drawn, and the Pareto
    front drawn is the one computed here from candidates[];
  * the file names no network address: none of http://, https://, //,
    src=, href=, url( or @import appears in it.

Exit 0 when every check passed, 1 when one failed, 77 when Chromium
cannot be started here (the caller decides whether that is a skip).
"""
import base64
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import time
import zlib

SKIP = 77


class Browser:
    def __init__(self):
        exe = shutil.which("chromium") or shutil.which("chromium-browser")
        if exe is None:
            raise OSError("no chromium on PATH")
        self.profile = tempfile.mkdtemp(prefix="asmsim_chromium.")
        cmd_r, self.cmd_w = os.pipe()
        self.resp_r, resp_w = os.pipe()

        def fds():              # the pipe's ends on 3 and 4, inherited
            high = (os.dup(cmd_r), os.dup(resp_w))
            for fd, want in zip(high, (3, 4)):
                os.dup2(fd, want)
                os.set_inheritable(want, True)

        self.proc = subprocess.Popen(
            [exe, "--headless", "--no-sandbox", "--disable-gpu",
             "--remote-debugging-pipe", "--no-first-run",
             "--disable-extensions", "--disable-background-networking",
             "--user-data-dir=" + self.profile, "about:blank"],
            preexec_fn=fds, close_fds=False,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(cmd_r)
        os.close(resp_w)
        self.buf = b""
        self.next_id = 0
        self.events = []
        self.session = None

    def send(self, method, params=None, session=True, timeout=30):
        self.next_id += 1
        msg = {"id": self.next_id, "method": method, "params": params or {}}
        if session and self.session:
            msg["sessionId"] = self.session
        os.write(self.cmd_w, json.dumps(msg).encode() + b"\0")
        while True:
            m = self.read(timeout)
            if m.get("id") == self.next_id:
                if "error" in m:
                    raise RuntimeError(f"{method}: {m['error']}")
                return m.get("result", {})

    def read(self, timeout):
        deadline = time.time() + timeout
        while b"\0" not in self.buf:
            import select
            left = deadline - time.time()
            if left <= 0 or not select.select([self.resp_r], [], [], left)[0]:
                raise TimeoutError("no answer from chromium")
            chunk = os.read(self.resp_r, 1 << 20)
            if not chunk:
                raise OSError("chromium closed the pipe")
            self.buf += chunk
        raw, self.buf = self.buf.split(b"\0", 1)
        m = json.loads(raw)
        if "method" in m:
            self.events.append(m)
        return m

    def wait_event(self, method, timeout):
        deadline = time.time() + timeout
        while not any(e["method"] == method for e in self.events):
            self.read(max(0.1, deadline - time.time()))

    def open(self, url):
        target = self.send("Target.createTarget", {"url": "about:blank"}, session=False)
        self.session = self.send("Target.attachToTarget", {
            "targetId": target["targetId"], "flatten": True}, session=False)["sessionId"]
        for domain in ("Runtime.enable", "Log.enable", "Page.enable"):
            self.send(domain)
        self.send("Emulation.setDeviceMetricsOverride", {
            "width": 1200, "height": 900, "deviceScaleFactor": 1, "mobile": False})
        self.send("Page.navigate", {"url": url})
        self.wait_event("Page.loadEventFired", 30)

    def evaluate(self, expr, timeout=30):
        r = self.send("Runtime.evaluate", {"expression": expr, "returnByValue": True,
                                           "awaitPromise": True}, timeout=timeout)
        if "exceptionDetails" in r:
            raise RuntimeError(f"evaluate: {r['exceptionDetails']}")
        return r["result"].get("value")

    def close(self):
        try:
            self.send("Browser.close", session=False, timeout=5)
        except Exception:
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        shutil.rmtree(self.profile, ignore_errors=True)


def png_pixels(data):
    """(width, height, rows of RGB(A) bytes) of an 8-bit RGB/RGBA PNG."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, width = 8, b"", 0
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            width, height, depth, ctype = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and ctype in (2, 6), f"PNG depth {depth} type {ctype}"
            bpp = 3 if ctype == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    raw, stride, rows, prev = zlib.decompress(idat), width * bpp, [], bytearray(width * bpp)
    for y in range(height):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        prev = line
    return width, height, bpp, rows


# ASMSIM_TIMEOUT_SCALE stretches the waits (4 in sanitized builds)
TIMEOUT_SCALE = max(1, int(os.environ.get("ASMSIM_TIMEOUT_SCALE", "1") or 1))

# A promise that settles when the page has set its marker: at once, or
# when a mutation of <body>'s attributes sets it.
CHARTS_RENDERED = r"""new Promise(function (done) {
  if (document.body.dataset.chartsRendered !== undefined) { done(true); return; }
  new MutationObserver(function (list, obs) {
    if (document.body.dataset.chartsRendered !== undefined) { obs.disconnect(); done(true); }
  }).observe(document.body, { attributes: true });
})"""

# Scroll the first chart into view and settle after the next painted frame.
FIRST_CHART_IN_VIEW = r"""new Promise(function (done) {
  var c = document.querySelector('canvas');
  if (c) { c.scrollIntoView({ block: 'center' }); }
  requestAnimationFrame(function () { requestAnimationFrame(function () { done(true); }); });
})"""

PAGE_FACTS = r"""(function () {
  var canvases = Array.prototype.slice.call(document.querySelectorAll('canvas'));
  var drawn = canvases.map(function (c) {
    var d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data, n = 0;
    for (var i = 3; i < d.length; i += 4) { if (d[i] !== 0) { n++; } }
    return n;
  });
  var text = function (sel) {
    return Array.prototype.map.call(document.querySelectorAll(sel), function (e) { return e.textContent; });
  };
  var cells = {};
  document.querySelectorAll('[data-key]').forEach(function (e) { cells[e.dataset.key] = e.textContent; });
  var classes = {};
  document.querySelectorAll('tr[data-class]').forEach(function (r) {
    var c = {};
    r.querySelectorAll('[data-key]').forEach(function (e) { c[e.dataset.key] = e.textContent; });
    classes[r.dataset.class] = c;
  });
  var first = canvases.length ? canvases[0].getBoundingClientRect() : null;
  return {
    classes: classes,
    rendered: document.body.dataset.chartsRendered || null,
    drawn: drawn,
    readings: text('p.reading'),
    figureReadings: Array.prototype.map.call(document.querySelectorAll('figure'), function (f) {
      var h = f.querySelector('h3'), r = f.querySelector('p.reading');
      return [h ? h.textContent : '', r ? r.textContent : ''];
    }),
    summary: text('p.summary-line'),
    cells: cells,
    compare: text('table.compare td'),
    events: text('#events li'),
    specs: JSON.parse(document.getElementById('asmsim-charts').textContent).map(function (s) {
      var p = (s.config.options.plugins || {}).asmsimEvents || {};
      return {
        title: s.config.options.plugins.title.text,
        marks: (p.events || []).length,
        sets: s.config.data.datasets.map(function (d) { return [d.label, d.data]; })
      };
    }),
    first: first ? [first.left + window.scrollX, first.top + window.scrollY, first.width, first.height] : null
  };
})()"""


def check_forecast(check, base, facts, doc):
    """A forecast's page against its JSON: the summary cells, the terminal's
    sentences (verdict, cost, events), the event marks on every time axis."""
    cells = facts["cells"]
    check(f"{base}: verdict_is_the_jsons", cells.get("verdict") == doc["verdict"]["text"],
          f"page {cells.get('verdict')!r} json {doc['verdict']['text']!r}")
    check(f"{base}: days_are_the_jsons", cells.get("days") == str(doc["days"]),
          f"page {cells.get('days')} json {doc['days']}")
    steady = doc["steady_after_days"]
    want = "not steady" if steady is None else str(steady)
    check(f"{base}: days_to_steady_state_are_the_jsons", cells.get("steady_after_days") == want,
          f"page {cells.get('steady_after_days')} json {want}")
    cost = doc.get("cost")
    want = f"{cost['total_usd_month']:.2f}" if cost else "not priced"
    check(f"{base}: monthly_cost_is_the_jsons", cells.get("cost_usd_month") == want,
          f"page {cells.get('cost_usd_month')} json {want}")
    if cost:
        check(f"{base}: cost_line_is_the_jsons", cost["text"] in facts["summary"],
              f"{cost['text']!r} not among {facts['summary']}")
    texts = [e["text"] for e in doc["events"]]
    check(f"{base}: events_are_the_jsons", facts["events"] == texts,
          f"page {facts['events']} json {texts}")
    marks = [s["marks"] for s in facts["specs"]]
    want = min(len(doc["events"]), 200)
    fail = doc.get("failure")
    if fail:            # a disk lost: its phase changes marked too (or the loss)
        want += 1 if fail["outcome"] == "data_lost" else \
            sum(1 for p in fail["phases"] if p["phase"] != "before")
        check(f"{base}: failure_outcome_is_shown", bool(facts["cells"].get("failure.outcome")),
              facts["cells"])
    check(f"{base}: every_time_chart_marks_the_events", marks and all(m == want for m in marks),
          f"marks per chart {marks}, events {len(doc['events'])}")
    empty = [e["text"] for e in doc["events"] if e["kind"] == "burst_empty"]
    if empty:
        check(f"{base}: balance_reading_is_the_jsons_event", empty[0] in facts["readings"],
              f"{empty[0]!r} not among {facts['readings']}")
    served = sum(1 for p in doc["phases"] if p["served"])
    check(f"{base}: verdict_agrees_with_the_phases",
          doc["verdict"]["served"] == (served == len(doc["phases"])), doc["verdict"])


def check_db(check, base, facts, doc):
    """A database workload's page against its JSON: no ORION summary, each
    class's row the JSON's figures (the terminal's decimals), the cost."""
    check(f"{base}: no_orion_summary_lines", facts["summary"] == [], facts["summary"])
    check(f"{base}: no_orion_summary_cells", "max_small_iops" not in facts["cells"],
          facts["cells"])
    for c in doc["points"][0]["classes"]:
        row = facts["classes"].get(c["name"], {})
        want = {"iops": f"{c['iops']:.0f}", "mbps": f"{c['mbps']:.2f}",
                "p99": f"{c['lat_us']['p99']:.1f}"}
        got = {k: row.get(k) for k in want}
        check(f"{base}: class_{c['name']}_row_is_the_jsons", got == want,
              f"page {got} json {want}")
    over = doc["config"].get("sweep_over") or {}
    if over.get("param") == "power" and (doc.get("failure") or doc.get("add_disks")):
        # a sweep over power draws each run's rebalancing phase (D7)
        def rebalancing(run):
            f = run.get("failure") or run["add_disks"]
            return next(p for p in f["phases"] if p["phase"] == "rebalancing")
        c0 = rebalancing(doc["sweep"][0])["classes"][0]
        c1 = rebalancing(doc["sweep"][-1])["classes"][0]
        want = f"{c0['name']} {c0['p99_us']:.1f} and {c1['p99_us']:.1f} us"
        charts = [r for t, r in facts["figureReadings"] if "while rebalancing" in t]
        check(f"{base}: power_sweep_charts_are_the_rebalancing_phases",
              any(want in r for r in charts), f"{want!r} not among {charts}")
    cost = doc.get("cost")
    if cost:
        check(f"{base}: monthly_cost_is_the_jsons",
              facts["cells"].get("month_usd") == f"{cost['total_usd_month']:.2f}",
              f"page {facts['cells'].get('month_usd')} json {cost['total_usd_month']}")


def pareto(points):
    """(cost, headroom) on the front: nothing cheaper has more headroom."""
    front, best = [], float("-inf")
    for usd, h in sorted(points, key=lambda p: (p[0], -p[1])):
        if h > best:
            front.append((usd, h))
            best = h
    return front


def check_advice(check, base, facts, doc):
    """An advice's page against its JSON: the summary cells, the chart's
    points and its Pareto front computed here from candidates[]."""
    cells, best = facts["cells"], (doc["best"] or [None])[0]
    if best:
        want = f"{best['instance']} + {best['disks']} x {best['volume']}"
        check(f"{base}: best_is_the_jsons", cells.get("best") == want,
              f"page {cells.get('best')!r} json {want!r}")
        want = f"{best['usd_month']['total']:.2f}"
        check(f"{base}: best_bill_is_the_jsons", cells.get("best_usd_month") == want,
              f"page {cells.get('best_usd_month')} json {want}")
    for key in ("enumerated", "bound_passed", "simulated", "reused"):
        check(f"{base}: {key}_is_the_jsons", cells.get(key) == str(doc["search"][key]),
              f"page {cells.get(key)} json {doc['search'][key]}")
    chart = [s for s in facts["specs"] if s["title"] == "Cost against headroom"]
    check(f"{base}: has_the_cost_headroom_chart", len(chart) == 1, facts["specs"])
    if not chart:
        return
    sets = dict(chart[0]["sets"])
    pts = [(c["usd_month"], 100 * c["headroom_frac"]) for c in doc["candidates"]
           if c["headroom_frac"] is not None]
    drawn = len(sets.get("meets every target", [])) + len(sets.get("misses a target", []))
    check(f"{base}: every_candidate_is_drawn", drawn == len(pts), f"drawn {drawn}, json {len(pts)}")
    front = [(p["x"], p["y"]) for p in sets.get("Pareto front", [])]
    want = pareto(pts)
    check(f"{base}: pareto_front_is_the_jsons",
          len(front) == len(want) and all(abs(a[0] - b[0]) < 1e-6 and abs(a[1] - b[1]) < 1e-6
                                          for a, b in zip(front, want)),
          f"page {front} json {want}")


def main():
    page, docs = sys.argv[1], [json.load(open(p)) for p in sys.argv[2:]]
    failed = 0

    def check(name, cond, detail=""):
        nonlocal failed
        print(("ok   " if cond else "FAIL ") + name)
        if not cond:
            failed += 1
            print("     " + str(detail)[:2000])

    base = os.path.basename(page)
    text = open(page, encoding="utf-8").read()
    found = [s for s in ("http://", "https://", "//", "src=", "href=", "url(", "@import") if s in text]
    check(f"{base}: names_no_network_address", not found, f"found {found}")

    try:
        b = Browser()
        b.open("file://" + os.path.abspath(page))
    except (OSError, TimeoutError) as e:
        print(f"SKIP chromium cannot start here: {e}")
        return SKIP
    try:
        # the page's marker (data-charts-rendered) is set once a frame with
        # every chart has been painted: wait for it, not for a time
        try:
            b.evaluate(CHARTS_RENDERED, timeout=60 * TIMEOUT_SCALE)
        except TimeoutError:
            pass                # facts["rendered"] stays None: a failure below
        # the first chart in the viewport, captured as shown: a capture
        # beyond the viewport resizes the page, and a responsive chart
        # clears its canvas to redraw it at the new size
        b.evaluate(FIRST_CHART_IN_VIEW)
        facts = b.evaluate(PAGE_FACTS)
        shot = None
        if facts["first"]:
            x, y, w, h = facts["first"]
            shot = b.send("Page.captureScreenshot", {
                "format": "png", "captureBeyondViewport": False,
                "clip": {"x": x, "y": y, "width": w, "height": h, "scale": 1}})
        pdf = base64.b64decode(b.send("Page.printToPDF", {"printBackground": True},
                                      timeout=60)["data"])
        time.sleep(0.3)
        errors = [e for e in b.events
                  if (e["method"] == "Runtime.consoleAPICalled" and e["params"]["type"] in ("error", "assert"))
                  or e["method"] == "Runtime.exceptionThrown"
                  or (e["method"] == "Log.entryAdded" and e["params"]["entry"]["level"] == "error")]
    finally:
        b.close()

    check(f"{base}: loads_without_console_errors", not errors,
          [e["params"] for e in errors][:3])
    n = len(facts["drawn"])
    check(f"{base}: has_charts", n > 0, "no canvas")
    check(f"{base}: marks_every_chart_rendered", facts["rendered"] == str(n),
          f"data-charts-rendered={facts['rendered']}, canvases={n}")
    blank = [i for i, d in enumerate(facts["drawn"]) if d == 0]
    check(f"{base}: every_canvas_has_drawn", n > 0 and not blank, f"blank canvases {blank} of {n}")
    if shot:
        w, h, bpp, rows = png_pixels(base64.b64decode(shot["data"]))
        bg = bytes(rows[0][:3])
        other = sum(1 for r in rows for i in range(0, w * bpp, bpp) if bytes(r[i:i + 3]) != bg)
        check(f"{base}: screenshot_of_a_chart_is_not_all_background", other > w * h // 200,
              f"{other} of {w * h} pixels differ from the background {bg.hex()}")
    pages = pdf.count(b"/Type /Page") - pdf.count(b"/Type /Pages")
    check(f"{base}: prints_to_pdf", pdf.startswith(b"%PDF") and pages >= 1,
          f"{len(pdf)} bytes, {pages} pages")
    check(f"{base}: every_chart_has_a_reading", all(r for _, r in facts["figureReadings"]),
          [t for t, r in facts["figureReadings"] if not r])

    if len(docs) == 1 and docs[0].get("kind") == "forecast":
        check_forecast(check, base, facts, docs[0])
    elif len(docs) == 1 and docs[0].get("kind") == "advice":
        check_advice(check, base, facts, docs[0])
    elif len(docs) == 1 and docs[0]["config"].get("classes"):
        check_db(check, base, facts, docs[0])
    elif len(docs) == 1:
        doc = docs[0]
        want = doc["readings"]["summary"]
        check(f"{base}: summary_lines_are_the_jsons", facts["summary"] == want,
              f"page {facts['summary']} json {want}")
        for key, dec in (("max_large_mbps", 2), ("max_small_iops", 0), ("min_small_latency_us", 3)):
            v = doc["summary"][key]
            expect = "-" if v is None else f"{v:.{dec}f}"
            check(f"{base}: summary_{key}_is_the_jsons", facts["cells"].get(key) == expect,
                  f"page {facts['cells'].get(key)} json {expect}")
        cost = doc.get("cost")
        if cost:
            usd = cost["total_usd_month"] if cost["total_usd_month"] is not None else cost["volumes_usd_month"]
            check(f"{base}: monthly_cost_is_the_jsons", facts["cells"].get("month_usd") == f"{usd:.2f}",
                  f"page {facts['cells'].get('month_usd')} json {usd:.2f}")
        else:       # real devices: not priced
            check(f"{base}: no_monthly_cost_where_nothing_is_priced", "month_usd" not in facts["cells"],
                  f"page shows {facts['cells'].get('month_usd')}")
        for prefix in ("Maximum Large MBPS", "Maximum Small IOPS", "Minimum Small Latency"):
            line = [s for s in want if s.startswith(prefix)]
            if line:
                check(f"{base}: heat_map_reading_{prefix.lower().replace(' ', '_')}_is_the_jsons",
                      line[0] in facts["readings"], f"{line[0]!r} not among {facts['readings']}")
        if doc.get("sweep"):
            s = doc["readings"]["sweep"]
            charts = [r for t, r in facts["figureReadings"] if "against disk count" in t]
            check(f"{base}: sweep_reading_is_the_jsons", s and s in charts,
                  f"{s!r} not among {charts}")
    elif docs:
        cells = facts["compare"]
        for i, doc in enumerate(docs):
            v = doc["summary"]["max_large_mbps"] or doc["summary"]["max_small_iops"]
            dec = 2 if doc["summary"]["max_large_mbps"] else 0
            check(f"{base}: compare_table_has_document_{i + 1}", f"{v:.{dec}f}" in cells,
                  f"{v:.{dec}f} not in {cells}")
    print(f"{base}: {'all passed' if not failed else f'{failed} failed'}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
