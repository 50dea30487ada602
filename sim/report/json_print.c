/*
 * json_print.c - cJSON_Print's text, byte for byte, in about a seventh of the
 * time (the 27 MB of a 1-16 disk sweep: 0.53 s to 0.08 s).
 *
 * Why.  A 1-16 disk sweep's results JSON is 27 MB, and cJSON_Print took
 * most of a second on one thread at the end of the sweep, after the
 * simulations had spread over every core (issue 14, section 3).  Nearly
 * all of that went into numbers: cJSON prints a double with
 * sprintf("%1.15g"), reads it back with sscanf("%lg") and, when it does
 * not come back close enough, prints it again with "%1.17g" -- three
 * trips through glibc's arbitrary-precision conversion per number.
 *
 * What is the same.  The output is the one cJSON 1.7 (Debian's 1.7.15)
 * makes, which tests/test_json_print.c checks against the library itself
 * on random trees and random doubles:
 *
 *   object   "{" "\n", each member on its own line indented by one tab
 *            per level, "\"key\":\t" value, "," between members, then
 *            the closing "}" on a line indented one level less ("{\n}"
 *            with the indent when empty)
 *   array    "[" elements separated by ", " "]", on one line (objects
 *            inside still break lines); arrays count as a level too
 *   string   '"', '\\' and the control characters escaped (\b \f \n \r
 *            \t, else \u00XX in lower-case hex), every other byte as is
 *   number   see report_json_number below; true, false, null; a raw
 *            item's text as it is
 *
 * The number.  cJSON 1.7.15 prints d as "%1.15g" if that text, read
 * back, lies within one DBL_EPSILON of d relatively (compare_double),
 * else as "%1.17g" (an int is its digits, and -0 "-0"; later versions
 * print an int by "%d", -0 then "0", which report_json_number asks the
 * library once).  The fast path does the same decision exactly, with integer
 * arithmetic instead of printf/scanf, for the doubles a report holds
 * (1e-4 <= |d| < 1e14, the mantissa not within 64 of either end of its
 * binade):
 *
 *   d = m * 2^-k exactly (m the 53-bit mantissa).  For the decimal
 *   exponent X of d (10^X <= |d| < 10^(X+1)) and s = P - 1 - X, the
 *   P significant digits are q = round(m * 10^s / 2^k), an integer
 *   division of a 128-bit numerator (m < 2^53, 10^s <= 10^20), rounded
 *   half to even as glibc does; an exact tie falls back to printf.
 *
 *   Reading q * 10^-s back gives the double nearest to it.  With
 *   diff = |q * 2^k - m * 10^s| the distance from d in units of one ulp
 *   of d is diff / 10^s, so: 2 diff < 10^s reads back d itself; between
 *   10^s and 3 * 10^s it reads back a neighbour of d, which
 *   compare_double accepts (one ulp <= |d| * 2^-52 for every mantissa);
 *   above 3 * 10^s it reads back two or more ulps away, which
 *   compare_double rejects (the binade margin keeps the neighbours in
 *   d's binade, where an ulp is what it is for d); exactly 1 or 3 halves
 *   would be a tie in the reading, and falls back.
 *
 *   The text is then %g's fixed notation (X is in [-4, P-1] there):
 *   the digits with the point after X + 1 of them, or "0." and -X-1
 *   zeros before them, trailing zeros of the fraction dropped, and the
 *   point with them when nothing follows it.
 *
 * Everything else (tiny, huge, subnormal, the binade edges, ties) takes
 * cJSON's own three steps, with snprintf and strtod: slow, and rare.
 *
 * Pieces.  report_json_print_at prints a subtree as it reads at a given
 * depth of the document, so a caller can print the parts of a document on
 * several threads and put the texts into the tree as raw items
 * (report_json.c does so for a sweep's runs).
 */
#include "sim/report/json_print.h"

#include <float.h>
#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef unsigned __int128 u128;

/* ---- numbers ----------------------------------------------------------- */

static const uint64_t pow10_u64[20] = {
    1ull, 10ull, 100ull, 1000ull, 10000ull, 100000ull, 1000000ull,
    10000000ull, 100000000ull, 1000000000ull, 10000000000ull,
    100000000000ull, 1000000000000ull, 10000000000000ull,
    100000000000000ull, 1000000000000000ull, 10000000000000000ull,
    100000000000000000ull, 1000000000000000000ull,
    10000000000000000000ull,
};

static u128 pow10_u128(int s)
{
    return s < 20 ? (u128)pow10_u64[s] : (u128)pow10_u64[19] * 10u;
}

/* |d| = m * 2^-k with m the full 53-bit mantissa; false for zero,
   subnormals, infinities and NaN, and for k <= 0 (no fraction bits). */
static bool split_double(double d, uint64_t *m, int *k)
{
    uint64_t bits;

    memcpy(&bits, &d, sizeof bits);
    int biased = (int)((bits >> 52) & 0x7ff);
    if (biased == 0 || biased == 0x7ff)
        return false;
    *m = (bits & ((1ull << 52) - 1)) | (1ull << 52);
    *k = 1075 - biased;
    return *k > 0;
}

/* The P-digit rounding of |d| = m * 2^-k: q (10^(P-1) <= q <= 10^P, the
   upper end when rounding carried into a new digit) and the decimal
   exponent x of d; false on an exact tie, which glibc may round either
   way by the rounding mode.  *diff (when asked) is |q 2^k - m 10^s|,
   *unit 10^s. */
struct digits {
    uint64_t q;
    int x;
    u128 diff, unit;
};

static bool round_digits(uint64_t m, int k, int p, int x_guess, struct digits *out)
{
    int x = x_guess;

    for (int tries = 0; tries < 3; tries++) {
        int s = p - 1 - x;
        u128 num = (u128)m * pow10_u128(s);
        u128 q = num >> k, rem = num - (q << k), half = (u128)1 << (k - 1);

        if (q < pow10_u64[p - 1]) {
            x--;
            continue;
        }
        if (q >= pow10_u64[p]) {
            x++;
            continue;
        }
        if (rem == half)
            return false;
        if (rem > half)
            q++;
        out->q = (uint64_t)q;
        out->x = x;
        out->unit = pow10_u128(s);
        u128 up = q << k;
        out->diff = up > num ? up - num : num - up;
        return true;
    }
    return false;
}

/* %g's fixed notation of the P-digit q at exponent x (-4 <= x < P):
   the decimal point after x + 1 digits, trailing fraction zeros and a
   bare point dropped. */
static int fixed_text(bool neg, uint64_t q, int x, int p, char *out)
{
    char dig[24];
    int n = 0, len = 0;

    if (q == pow10_u64[p]) {            /* rounding carried: 10^P */
        q = pow10_u64[p - 1];
        x++;
    }
    for (int i = p - 1; i >= 0; i--) {
        dig[i] = (char)('0' + q % 10);
        q /= 10;
    }
    n = p;
    if (neg)
        out[len++] = '-';
    if (x >= 0) {
        int int_digits = x + 1, last = n;
        while (last > int_digits && dig[last - 1] == '0')
            last--;
        memcpy(out + len, dig, (size_t)int_digits);
        len += int_digits;
        if (last > int_digits) {
            out[len++] = '.';
            memcpy(out + len, dig + int_digits, (size_t)(last - int_digits));
            len += last - int_digits;
        }
    } else {
        int last = n;
        while (last > 1 && dig[last - 1] == '0')
            last--;
        out[len++] = '0';
        out[len++] = '.';
        for (int i = 0; i < -x - 1; i++)
            out[len++] = '0';
        memcpy(out + len, dig, (size_t)last);
        len += last;
    }
    out[len] = '\0';
    return len;
}

/* The fast path of the file comment; -1 where it does not apply. */
static int fast_number(double d, char *out)
{
    double a = fabs(d);
    uint64_t m;
    int k;
    struct digits g15, g17;

    if (!(a >= 1e-4 && a < 1e14) || !split_double(d, &m, &k))
        return -1;
    if (m - (1ull << 52) < 64 || (1ull << 53) - m <= 64)
        return -1;                      /* a neighbour in another binade */
    int x = (int)floor(log10(a));
    if (!round_digits(m, k, 15, x, &g15))
        return -1;
    u128 twice = g15.diff * 2;
    if (twice == g15.unit || twice == 3 * g15.unit)
        return -1;                      /* a tie in the reading back */
    if (twice < 3 * g15.unit) {
        if (g15.q == pow10_u64[15] && g15.x + 1 >= 15)
            return -1;                  /* carried into %g's exponent form */
        return fixed_text(d < 0, g15.q, g15.x, 15, out);
    }
    if (!round_digits(m, k, 17, g15.x, &g17))
        return -1;
    return fixed_text(d < 0, g17.q, g17.x, 17, out);
}

/* cJSON's compare_double: equal within DBL_EPSILON of the larger. */
static bool close_enough(double a, double b)
{
    double max = fabs(a) > fabs(b) ? fabs(a) : fabs(b);
    return fabs(a - b) <= max * DBL_EPSILON;
}

/* cJSON's own three steps (print_number), for what the fast path leaves. */
static int slow_number(double d, char *out)
{
    int len = snprintf(out, REPORT_JSON_NUMBER_LEN, "%1.15g", d);
    char *end;
    double back = strtod(out, &end);

    if (end == out || !close_enough(back, d))
        len = snprintf(out, REPORT_JSON_NUMBER_LEN, "%1.17g", d);
    return len;
}

static int int_text(int v, char *out)
{
    char tmp[12];
    int n = 0, len = 0;
    unsigned u = v < 0 ? 0u - (unsigned)v : (unsigned)v;

    do {
        tmp[n++] = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    if (v < 0)
        out[len++] = '-';
    while (n)
        out[len++] = tmp[--n];
    out[len] = '\0';
    return len;
}

/* Whether this cJSON prints negative zero as "-0" (1.7.15 prints every
   number with "%1.15g") or as "0" (later versions print a number equal to
   its valueint with "%d"); asked of the library once. */
static pthread_once_t minus_zero_once = PTHREAD_ONCE_INIT;
static bool minus_zero_signed;

static void probe_minus_zero(void)
{
    cJSON *z = cJSON_CreateNumber(-0.0);
    char *text = z ? cJSON_PrintUnformatted(z) : NULL;

    minus_zero_signed = text == NULL || strcmp(text, "-0") == 0;
    free(text);
    cJSON_Delete(z);
}

int report_json_number(double d, char *out)
{
    int len;

    if (isnan(d) || isinf(d)) {
        memcpy(out, "null", 5);
        return 4;
    }
    if (d == 0 && signbit(d)) {
        pthread_once(&minus_zero_once, probe_minus_zero);
        if (minus_zero_signed) {
            memcpy(out, "-0", 3);
            return 2;
        }
    }
    /* an int prints the same by "%1.15g" and by "%d" */
    if (d >= INT_MIN && d <= INT_MAX && d == (double)(int)d)
        return int_text((int)d, out);
    len = fast_number(d, out);
    return len >= 0 ? len : slow_number(d, out);
}

/* ---- the text ---------------------------------------------------------- */

struct out {
    char *buf;
    size_t len, cap;
    bool failed;
};

/* Room for n more bytes; false (and failed set) when out of memory. */
static bool reserve(struct out *o, size_t n)
{
    if (o->failed)
        return false;
    if (o->len + n + 1 <= o->cap)
        return true;
    size_t cap = o->cap ? o->cap : 4096;
    while (cap < o->len + n + 1)
        cap *= 2;
    char *b = realloc(o->buf, cap);
    if (b == NULL) {
        o->failed = true;
        return false;
    }
    o->buf = b;
    o->cap = cap;
    return true;
}

static void put(struct out *o, const char *s, size_t n)
{
    if (reserve(o, n)) {
        memcpy(o->buf + o->len, s, n);
        o->len += n;
    }
}

static void put_char(struct out *o, char c)
{
    if (reserve(o, 1))
        o->buf[o->len++] = c;
}

static void put_tabs(struct out *o, int n)
{
    if (n > 0 && reserve(o, (size_t)n)) {
        memset(o->buf + o->len, '\t', (size_t)n);
        o->len += (size_t)n;
    }
}

/* One byte of a string that needs escaping, as cJSON writes it. */
static void put_escaped(struct out *o, unsigned char c)
{
    static const char hex[] = "0123456789abcdef";
    char e[6] = { '\\', 0 };
    size_t n = 2;

    switch (c) {
    case '"':  e[1] = '"'; break;
    case '\\': e[1] = '\\'; break;
    case '\b': e[1] = 'b'; break;
    case '\f': e[1] = 'f'; break;
    case '\n': e[1] = 'n'; break;
    case '\r': e[1] = 'r'; break;
    case '\t': e[1] = 't'; break;
    default:
        memcpy(e + 1, "u00", 3);
        e[4] = hex[c >> 4];
        e[5] = hex[c & 15];
        n = 6;
    }
    put(o, e, n);
}

static void put_string(struct out *o, const char *s)
{
    const unsigned char *p = (const unsigned char *)(s ? s : "");

    put_char(o, '"');
    while (*p) {
        const unsigned char *run = p;
        while (*p >= 32 && *p != '"' && *p != '\\')
            p++;
        put(o, (const char *)run, (size_t)(p - run));
        if (*p)
            put_escaped(o, *p++);
    }
    put_char(o, '"');
}

static void put_number(struct out *o, const cJSON *item)
{
    char num[REPORT_JSON_NUMBER_LEN];
    int n = report_json_number(item->valuedouble, num);

    put(o, num, (size_t)n);
}

static void put_value(struct out *o, const cJSON *item, int depth);

/* depth: the containers around item's members, item included. */
static void put_object(struct out *o, const cJSON *item, int depth)
{
    put(o, "{\n", 2);
    for (const cJSON *c = item->child; c != NULL; c = c->next) {
        put_tabs(o, depth);
        put_string(o, c->string);
        put(o, ":\t", 2);
        put_value(o, c, depth);
        if (c->next)
            put_char(o, ',');
        put_char(o, '\n');
    }
    put_tabs(o, depth - 1);
    put_char(o, '}');
}

static void put_array(struct out *o, const cJSON *item, int depth)
{
    put_char(o, '[');
    for (const cJSON *c = item->child; c != NULL; c = c->next) {
        put_value(o, c, depth + 1);
        if (c->next)
            put(o, ", ", 2);
    }
    put_char(o, ']');
}

/* depth: the containers around item (0 for the root). */
static void put_value(struct out *o, const cJSON *item, int depth)
{
    switch (item->type & 0xFF) {
    case cJSON_False:  put(o, "false", 5); break;
    case cJSON_True:   put(o, "true", 4); break;
    case cJSON_NULL:   put(o, "null", 4); break;
    case cJSON_Number: put_number(o, item); break;
    case cJSON_String: put_string(o, item->valuestring); break;
    case cJSON_Array:  put_array(o, item, depth); break;
    case cJSON_Object: put_object(o, item, depth + 1); break;
    case cJSON_Raw:
        if (item->valuestring == NULL)
            o->failed = true;
        else
            put(o, item->valuestring, strlen(item->valuestring));
        break;
    default:
        o->failed = true;
    }
}

char *report_json_print_at(const cJSON *item, int depth)
{
    struct out o = { NULL, 0, 0, false };

    if (item == NULL)
        return NULL;
    put_value(&o, item, depth);
    if (!reserve(&o, 0)) {
        free(o.buf);
        return NULL;
    }
    o.buf[o.len] = '\0';
    return o.buf;
}

char *report_json_print(const cJSON *item)
{
    return report_json_print_at(item, 0);
}
