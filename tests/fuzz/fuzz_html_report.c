/*
 * fuzz_html_report.c - the HTML report (html_report in sim/report/html.h,
 * `asmsim report FILE.json`) on arbitrary bytes as the results JSON.
 *
 * A saved JSON is user input: edited, truncated, or not asmsim's at all.
 * Contract (html.h): 0, or -EINVAL (not a results JSON) / -ENOMEM with a
 * reason in why; a page made is a whole page (it starts with the doctype
 * and ends with </html>), no string of the input ends one of its script
 * elements early (exactly its own three "</script>"), and it has one
 * chart configuration per canvas.  The input is also given twice, as
 * `asmsim report A.json A.json` would (the comparison).
 */
#include <errno.h>
#include <string.h>

#include "fuzz.h"
#include "sim/report/html.h"

static size_t count(const char *hay, const char *needle)
{
    size_t n = 0;

    for (const char *at = hay; (at = strstr(at, needle)) != NULL; at += strlen(needle))
        n++;
    return n;
}

static void check_page(const struct html_doc *docs, int n)
{
    char why[512], *page = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&page, &len);

    if (f == NULL)
        abort();
    memset(why, 'x', sizeof why);
    int rc = html_report(f, docs, n, why, sizeof why);
    fclose(f);
    FUZZ_CHECK(rc == 0 || rc == -EINVAL || rc == -ENOMEM);
    fuzz_check_why(why, sizeof why, rc != 0);
    if (rc == 0) {
        FUZZ_CHECK(strncmp(page, "<!DOCTYPE html>", 15) == 0);
        FUZZ_CHECK(len > 8 && strcmp(page + len - 8, "</html>\n") == 0);
        FUZZ_CHECK(count(page, "</script>") == 3);
        FUZZ_CHECK(count(page, "<canvas") == count(page, "{\"canvas\":\"chart"));
    }
    free(page);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *json = fuzz_text(data, size);
    struct html_doc docs[2] = { { .name = "fuzz", .json = json }, { .name = "again", .json = json } };

    check_page(docs, 1);
    check_page(docs, 2);
    free(json);
    return 0;
}
