/*
 * test_json_print.c - json_print.c against cJSON itself: the number
 * formatter on many doubles (random bit patterns, integers, tiny and huge,
 * negative zero, values a hair from the rounding boundaries of 15 and 17
 * digits, report-like figures), and the whole printer on random trees,
 * whole and in pieces put back as raw items.  The referee is always
 * cJSON_Print / cJSON_PrintUnformatted of the same item.
 */
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>

#include <cjson/cJSON.h>

#include "sim/report/json_print.h"
#include "tests/check.h"

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;

static uint64_t rng(void)           /* splitmix64: reproducible */
{
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static double uniform(void) { return (double)(rng() >> 11) / 9007199254740992.0; }

/* false (and one message, for the first few) when ours differs from
   cJSON's text of the number d. */
static int mismatches;

static bool same_as_cjson(double d)
{
    cJSON *n = cJSON_CreateNumber(d);
    char *theirs = cJSON_PrintUnformatted(n), ours[REPORT_JSON_NUMBER_LEN];
    int len = report_json_number(d, ours);
    bool same = theirs && strcmp(theirs, ours) == 0 && (size_t)len == strlen(ours);

    if (!same && mismatches++ < 10)
        CHECK_FAIL_AT("%.17g (bits %016llx): cJSON \"%s\", ours \"%s\"", d,
                      (unsigned long long)(union { double d; uint64_t u; }){ d }.u,
                      theirs ? theirs : "(null)", ours);
    free(theirs);
    cJSON_Delete(n);
    return same;
}

static void check_many(double (*gen)(void), int n)
{
    int bad = 0;
    for (int i = 0; i < n; i++)
        bad += !same_as_cjson(gen());
    CHECK_INT_EQ(bad, 0);
}

static double random_bits(void)
{
    union { uint64_t u; double d; } v = { rng() };
    return v.d;
}

/* A figure of the kind a report holds: a few to 17 digits, 1e-6 .. 1e16. */
static double report_like(void)
{
    double mag = pow(10, (double)(int)(rng() % 23) - 6);
    double v = uniform() * mag;
    switch (rng() % 4) {
    case 0: return v;
    case 1: return round(v * 1000) / 1000;         /* 3 decimals */
    case 2: return (double)(int64_t)(rng() % 100000) / 8.0;
    default: return -v;
    }
}

/* d, a 15- or 17-digit decimal, nudged by a few ulps: the neighbours of a
   rounding boundary and of a read-back that lands one ulp off. */
static double near_boundary(void)
{
    char text[64];
    int digits = rng() % 2 ? 15 : 16;
    double mag = pow(10, (double)(int)(rng() % 19) - 5);
    snprintf(text, sizeof text, "%.*e", digits - 1, uniform() * mag + mag);
    size_t len = strcspn(text, "e");
    if (rng() % 2) {                    /* ...5 in the next digit: a tie */
        memmove(text + len + 1, text + len, strlen(text + len) + 1);
        text[len] = '5';
    }
    double d = strtod(text, NULL);
    for (int steps = (int)(rng() % 7) - 3; steps != 0; steps += steps < 0 ? 1 : -1)
        d = nextafter(d, steps < 0 ? 0 : INFINITY);
    return d;
}

static double integer_like(void)
{
    switch (rng() % 5) {
    case 0: return (double)(int)rng();
    case 1: return (double)INT_MAX + (double)(rng() % 3) - 1;
    case 2: return (double)INT_MIN + (double)(rng() % 3) - 1;
    case 3: return (double)(int64_t)rng();
    default: return ldexp((double)(rng() % 1000), (int)(rng() % 80));
    }
}

static void numbers_should_print_as_cjson_prints_them(void)
{
    static const double fixed[] = {
        0.0, -0.0, 1.0, -1.0, 0.5, 0.1, 0.2, 0.3, 1.0 / 3, 2.0 / 3, 1e-4,
        9.99999999999999e-5, 1e-5, 1e14, 99999999999999.99, 1e15, 1e16,
        1e17, 1e21, 1e22, 1e300, DBL_MAX, DBL_MIN, DBL_MIN / 3,
        DBL_TRUE_MIN, 1.5, 2.5, 123456789012345.5, 12345678901234.5,
        4.35, 0.15, 443.952, 577.10, 2147483647.0, 2147483648.0,
        -2147483648.0, -2147483649.0, 268435456000.0, 9007199254740993.0,
        NAN, INFINITY, -INFINITY, 0.1 + 0.2, 100.0 / 3, 1e-4 * 3,
    };
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
        CHECK(same_as_cjson(fixed[i]));
    check_many(random_bits, 200000);
    check_many(report_like, 200000);
    check_many(near_boundary, 200000);
    check_many(integer_like, 50000);
}

/* ---- trees ---------------------------------------------------------- */

static const char *random_text(char *buf, size_t cap)
{
    static const char pool[] = "ab\"\\/\b\f\n\r\t\x01\x1f\x7f \xc3\xa9z09.:,{}[]";
    size_t n = rng() % 12;
    for (size_t i = 0; i < n && i + 1 < cap; i++)
        buf[i] = pool[rng() % (sizeof pool - 1)];
    buf[n < cap ? n : cap - 1] = '\0';
    return buf;
}

static cJSON *random_scalar(void)
{
    char t[16];
    switch (rng() % 6) {
    case 0: return cJSON_CreateNull();
    case 1: return cJSON_CreateBool(rng() % 2);
    case 2: return cJSON_CreateString(random_text(t, sizeof t));
    case 3: return cJSON_CreateNumber(report_like());
    case 4: return cJSON_CreateNumber(random_bits());
    default: return cJSON_CreateNumber((double)(int)(rng() % 2000) - 1000);
    }
}

static cJSON *random_tree(int depth)
{
    if (depth > 4 || rng() % 3 == 0)
        return random_scalar();
    bool object = rng() % 2;
    cJSON *c = object ? cJSON_CreateObject() : cJSON_CreateArray();
    int n = (int)(rng() % 5);
    for (int i = 0; i < n; i++) {
        cJSON *kid = random_tree(depth + 1);
        char key[16];
        if (object)
            cJSON_AddItemToObject(c, random_text(key, sizeof key), kid);
        else
            cJSON_AddItemToArray(c, kid);
    }
    return c;
}

/* Whether document i's two texts are the same (both freed here); the
   first three that differ are shown whole. */
static bool same_texts(int i, char *expected, char *got, int *bad)
{
    bool same = expected && got && strcmp(expected, got) == 0;

    if (!same && (*bad)++ < 3)
        CHECK_FAIL_AT("document %d:\nexpected:\n%s\ngot:\n%s", i,
                      expected ? expected : "(null)", got ? got : "(null)");
    free(expected);
    free(got);
    return same;
}

static void trees_should_print_as_cjson_prints_them(void)
{
    int bad = 0;
    for (int i = 0; i < 3000; i++) {
        cJSON *root = random_tree(0);
        same_texts(i, cJSON_Print(root), report_json_print(root), &bad);
        cJSON_Delete(root);
    }
    CHECK_INT_EQ(bad, 0);
}

/* A document whose array elements (two containers deep) are printed on
   their own at depth 2 and put back as raw items prints the same. */
static void pieces_printed_at_their_depth_should_splice_back_exactly(void)
{
    int bad = 0;
    for (int i = 0; i < 500; i++) {
        cJSON *whole = cJSON_CreateObject(), *pieced = cJSON_CreateObject();
        cJSON_AddItemToObject(whole, "head", random_tree(1));
        cJSON_AddItemToObject(pieced, "head", cJSON_Duplicate(cJSON_GetObjectItem(whole, "head"), 1));
        cJSON *arr = cJSON_AddArrayToObject(whole, "runs");
        cJSON *raw = cJSON_AddArrayToObject(pieced, "runs");
        for (int k = (int)(rng() % 4); k > 0; k--) {
            cJSON *run = random_tree(2);
            char *text = report_json_print_at(run, 2);
            cJSON_AddItemToArray(raw, cJSON_CreateRaw(text));
            cJSON_AddItemToArray(arr, run);
            free(text);
        }
        same_texts(i, cJSON_Print(whole), report_json_print(pieced), &bad);
        cJSON_Delete(whole);
        cJSON_Delete(pieced);
    }
    CHECK_INT_EQ(bad, 0);
}

static void a_raw_item_without_text_should_fail_as_in_cjson(void)
{
    cJSON *o = cJSON_CreateObject();
    cJSON *raw = cJSON_CreateRaw("1");
    free(raw->valuestring);
    raw->valuestring = NULL;
    cJSON_AddItemToObject(o, "x", raw);
    char *theirs = cJSON_Print(o), *ours = report_json_print(o);
    CHECK(theirs == NULL);
    CHECK(ours == NULL);
    free(theirs);
    free(ours);
    cJSON_Delete(o);
}

int main(void)
{
    RUN(numbers_should_print_as_cjson_prints_them);
    RUN(trees_should_print_as_cjson_prints_them);
    RUN(pieces_printed_at_their_depth_should_splice_back_exactly);
    RUN(a_raw_item_without_text_should_fail_as_in_cjson);
    return check_done();
}
