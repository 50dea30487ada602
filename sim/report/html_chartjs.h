/*
 * html_chartjs.h - Debian's Chart.js (libjs-chart.js), embedded in asmsim
 * at build time by html_chartjs.cmake (why at build time: see there).
 *
 * html_chartjs_src is the minified library without its two URL lines;
 * html_chartjs_notice its copyright and licence lines ("Chart.js v3.9.1",
 * "(c) 2022 Chart.js Contributors", "Released under the MIT License", ...),
 * one a line, for the page's licence section.  Both are NUL-terminated.
 */
#ifndef ASMSIM_SIM_REPORT_HTML_CHARTJS_H
#define ASMSIM_SIM_REPORT_HTML_CHARTJS_H

#include <stddef.h>

extern const char html_chartjs_src[];
extern const size_t html_chartjs_src_len;
extern const char html_chartjs_notice[];
extern const size_t html_chartjs_notice_len;

#endif
