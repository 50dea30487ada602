/*
 * fuzz_workload_file.c - the workload file loader (sim/cli/workload_file.c)
 * on arbitrary bytes, and its two value parsers (size mixes, skews) on the
 * same bytes as text.
 *
 * The input is the file's content, served from memory (fuzz_memfd).  The
 * loader must return 0 or -EINVAL with a reason on error and the spec
 * untouched (workload_file.h); an accepted workload must pass
 * wl_spec_check, the rules the engine relies on, and its mixes' mean
 * must lie between their smallest and largest size.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz.h"
#include "sim/cli/workload_file.h"

static void check_accepted(const struct wl_spec *s)
{
    char why[512];

    FUZZ_CHECK(wl_spec_check(s, why, sizeof why) == 0);
    for (int i = 0; i < s->n_classes; i++) {
        const struct wl_size_mix *m = &s->cls[i].sizes;
        double mean = wl_size_mix_mean(m);
        FUZZ_CHECK(mean >= WL_IO_ALIGN_BYTES && mean <= wl_size_mix_max(m));
    }
}

/* A parser's contract: 0 or -EINVAL; on error a reason and the output
   (n bytes at out, as they were at before) untouched. */
static void check_contract(int rc, const char *why, size_t why_len, const void *out,
                           const void *before, size_t n)
{
    FUZZ_CHECK(rc == 0 || rc == -EINVAL);
    fuzz_check_why(why, why_len, rc != 0);
    if (rc != 0)
        FUZZ_CHECK(memcmp(out, before, n) == 0);
}

/* The value parsers alone, on the input as text. */
static void parse_values(const char *text)
{
    struct wl_size_mix m, m0;
    struct wl_class_spec c, c0;
    char why[512];
    int rc;

    memset(&m, 0x5a, sizeof m);
    memcpy(&m0, &m, sizeof m);
    memset(why, 'x', sizeof why);
    rc = workload_size_mix_parse(text, &m, why, sizeof why);
    check_contract(rc, why, sizeof why, &m, &m0, sizeof m);
    FUZZ_CHECK(rc != 0 || (m.n >= 1 && m.n <= WL_MAX_SIZES));
    wl_class_spec_defaults(&c);
    memcpy(&c0, &c, sizeof c);
    memset(why, 'x', sizeof why);
    rc = workload_skew_parse(text, &c, why, sizeof why);
    check_contract(rc, why, sizeof why, &c, &c0, sizeof c);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct wl_spec spec, before;
    char path[64], why[512];
    int fd = fuzz_memfd(data, size, path, sizeof path);
    int rc;

    if (fd < 0)
        return 0;
    memset(&spec, 0x5a, sizeof spec);
    memcpy(&before, &spec, sizeof spec);
    memset(why, 'x', sizeof why);
    rc = workload_file_load(path, &spec, why, sizeof why);
    close(fd);
    check_contract(rc, why, sizeof why, &spec, &before, sizeof spec);
    if (rc == 0)
        check_accepted(&spec);

    char *text = fuzz_text(data, size);
    if (text) {
        parse_values(text);
        free(text);
    }
    return 0;
}
