/*
 * html.h - the HTML report: one self-contained page per results JSON
 * (run, sweep, orion, forecast, advice), or one page comparing several
 * runs or sweeps (html_page.c).
 *
 * The page is generated from the results JSON alone, as report_json_text
 * makes it: the live path (--report on run, sweep, orion) hands the
 * document it has just serialised, `asmsim report FILE.json ...` the
 * saved one, and both go through html_report().  Nothing here reads a
 * struct sim_run_result, so a saved file gives the same page as the run.
 */
#ifndef ASMSIM_SIM_REPORT_HTML_H
#define ASMSIM_SIM_REPORT_HTML_H

#include <stddef.h>
#include <stdio.h>

#include "sim/core/stop_flag.h"

/* One results document: its text, the name it goes by in the page (a
   file's base name, or the test name on the live path; "advise" for an
   advice), and the file it was read from, which a refusal names (NULL on
   the live path: the name is named).  stop (optional, of any document):
   the page is abandoned, -EINTR and nothing written, when the flag is
   set while it is made (a long timeline's page takes seconds, and
   Ctrl-C must not wait for it). */
struct html_doc {
    const char *name;
    const char *json;
    const char *file;
    const sim_stop_flag *stop;
};

#define HTML_MAX_DOCS 16            /* a compare overlays at most this many */

/* The page for n documents (1..HTML_MAX_DOCS) to f: n == 1 that kind's
   report (a sweep, or a run), n > 1 the compare.  0, or -errno with why:
   -EINVAL when a document is not a results JSON (why names it), -ENOMEM,
   -EIO when f fails, -EINTR when a document's stop flag was set. */
int html_report(FILE *f, const struct html_doc *docs, int n, char *why,
                size_t why_len);

/* The page into a new file at path, written whole (report_write_atomic)
   and never over an existing file: -EEXIST (nothing written) when path
   exists, also when it appears while the page is written.  0 or -errno
   with why. */
int html_report_file(const char *path, const struct html_doc *docs, int n,
                     char *why, size_t why_len);

#endif
