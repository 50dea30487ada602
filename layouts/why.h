/*
 * why.h - the two helpers of every module that reports errors through a
 * caller's (why, why_len) buffer: why_set formats the reason, why_quote
 * makes user input safe to show in it.
 *
 * layouts/ is the lowest layer, so the helpers live here and workloads/
 * and sim/ (the profiles, the session, the CLI's cli_quote) include them
 * too: one rule for quoting input, whichever layer writes the message.
 * Header-only, so the layers share it without a link-time dependency.
 */
#ifndef ASMSIM_LAYOUTS_WHY_H
#define ASMSIM_LAYOUTS_WHY_H

#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* A NULL or empty buffer is allowed: the reason is then dropped.  Returns
   -EINVAL so that the common case reads
   `return why_set(why, why_len, "...", ...);`; callers that fail with
   another errno ignore the return value and return their own. */
__attribute__((format(printf, 3, 4)))
static inline int why_set(char *why, size_t len, const char *fmt, ...)
{
    if (why && len > 0) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(why, len, fmt, ap);
        va_end(ap);
    }
    return -EINVAL;
}

/* ---- fields, spelled by the front end -----------------------------------
 *
 * The pure layers (layouts/, workloads/) do not know who asked: the native
 * command line (--num-small), ORION's (-num_small), a layout file's JSON
 * key ("au") or a key in the dashboard.  So a reason names a setting as
 * its field in braces, "{matrix} col needs {num_small}", and the front end
 * that shows the reason spells every field its own way with why_spell().
 * A field a front end has no spelling for is shown as its bare name.
 */

/* Spell the {field} names in why (in place, within len bytes): spell()
   returns the text for a field name, or NULL for the bare name.  A '{'
   without a closing '}' is left as it is. */
static inline void why_spell(char *why, size_t len,
                             const char *(*spell)(const char *field, void *arg),
                             void *arg)
{
    char out[1024];
    size_t o = 0;

    if (!why || len == 0 || !strchr(why, '{'))
        return;
    for (const char *p = why; *p && o + 1 < sizeof out;) {
        const char *close = *p == '{' ? strchr(p, '}') : NULL;
        if (!close || close - p > 40) {
            out[o++] = *p++;
            continue;
        }
        char field[48];
        size_t fl = (size_t)(close - p - 1);
        memcpy(field, p + 1, fl);
        field[fl] = '\0';
        const char *text = spell ? spell(field, arg) : NULL;
        if (!text)
            text = field;
        size_t tl = strlen(text);
        if (o + tl >= sizeof out)
            break;
        memcpy(out + o, text, tl);
        o += tl;
        p = close + 1;
    }
    out[o] = '\0';
    snprintf(why, len, "%s", out);
}

/* ---- quoting user input ------------------------------------------------
 *
 * A message is one line a terminal shows as it is, so what the user typed
 * must not reach it raw: a newline would split the line, an ESC sequence
 * would act on the terminal, a byte that is not UTF-8 would make the line
 * invalid text, and a 10,000-character argument would bury the reason.
 * why_quote leaves a plain value (printable UTF-8 without blank, quote or
 * backslash, at most WHY_QUOTE_CHARS characters) as it is, so messages
 * about ordinary values read as they always did, and otherwise puts it in
 * double quotes, escapes, and cuts it.
 *
 * How long the result may get is the buffer's to say: a buffer of
 * WHY_QUOTE_BUF bytes always holds the whole quoted value (80 characters,
 * each perhaps 4 bytes as \xNN); a smaller one cuts earlier, at a whole
 * character, so a module that echoes several parts of its input in one
 * reason bounds each part's width with the size of the buffer it quotes
 * into (the profiles use 20 bytes: at most 19 columns a part).
 */

/* Characters of user input a quoted value shows before cutting it. */
#define WHY_QUOTE_CHARS 80
/* A buffer this big always holds a whole quoted value: every shown
   character may take 4 bytes, plus the quotes, "..." and the NUL. */
#define WHY_QUOTE_BUF (WHY_QUOTE_CHARS * 4 + 8)

/* The length (1..4) of the valid UTF-8 sequence at p, of at most avail
   bytes, and its code point; 0 when p does not start one (stray
   continuation byte, overlong form, surrogate, above U+10FFFF, cut
   short). */
static inline size_t why_utf8_seq(const unsigned char *p, size_t avail,
                                  uint32_t *cp)
{
    size_t len;
    uint32_t c, min;

    if (p[0] < 0x80) {
        *cp = p[0];
        return 1;
    }
    if ((p[0] & 0xe0) == 0xc0) {
        len = 2, c = p[0] & 0x1fu, min = 0x80;
    } else if ((p[0] & 0xf0) == 0xe0) {
        len = 3, c = p[0] & 0x0fu, min = 0x800;
    } else if ((p[0] & 0xf8) == 0xf0) {
        len = 4, c = p[0] & 0x07u, min = 0x10000;
    } else {
        return 0;
    }
    if (len > avail)
        return 0;
    for (size_t i = 1; i < len; i++) {
        if ((p[i] & 0xc0) != 0x80)      /* also stops at a NUL */
            return 0;
        c = (c << 6) | (p[i] & 0x3fu);
    }
    if (c < min || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
        return 0;
    *cp = c;
    return len;
}

/* Code points a terminal acts on instead of showing: C0, DEL, C1, and the
   bidi marks, embeddings, overrides and isolates and the line/paragraph
   separators. */
static inline bool why_cp_is_control(uint32_t c)
{
    return c < 0x20 || (c >= 0x7f && c <= 0x9f) ||
           (c >= 0x2028 && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069) ||
           c == 0x200e || c == 0x200f;
}

/* True if p[0..len) can be shown as it is: 1..WHY_QUOTE_CHARS characters
   of printable UTF-8 without space, '"' or '\\'. */
static inline bool why_quote_plain(const unsigned char *p, size_t len)
{
    size_t chars = 0;
    uint32_t cp;

    if (len == 0)
        return false;
    while (len > 0) {
        size_t n = why_utf8_seq(p, len, &cp);
        if (n == 0 || why_cp_is_control(cp) || cp == ' ' || cp == '"' ||
            cp == '\\' || ++chars > WHY_QUOTE_CHARS)
            return false;
        p += n;
        len -= n;
    }
    return true;
}

/* The next character of p[0..len) (len > 0) as a terminal may show it:
   printable UTF-8 copied, anything else (control characters, bidi
   controls; of bytes that are not UTF-8, the first) written as \xNN for
   each of its bytes.  Fills piece (16 bytes: at most 4 escapes) and
   *plen; returns how many bytes of p it took; *escaped says which. */
static inline size_t why_next_shown(const unsigned char *p, size_t len,
                                    char piece[16], size_t *plen, bool *escaped)
{
    static const char hex[] = "0123456789abcdef";
    uint32_t cp;
    size_t sl = why_utf8_seq(p, len, &cp);

    *plen = 0;
    *escaped = sl == 0 || why_cp_is_control(cp);
    if (!*escaped) {
        memcpy(piece, p, sl);
        *plen = sl;
        return sl;
    }
    sl = sl ? sl : 1;
    for (size_t i = 0; i < sl; i++) {
        piece[(*plen)++] = '\\';
        piece[(*plen)++] = 'x';
        piece[(*plen)++] = hex[p[i] >> 4];
        piece[(*plen)++] = hex[p[i] & 0xf];
    }
    return sl;
}

/* s[0..len) (it ends earlier at a NUL) made safe to echo in a one-line
   message.  A plain value (see above) that fits buf is copied as it is;
   any other is put in double quotes, control characters (C0, DEL, C1,
   bidi controls) and bytes that are not UTF-8 written as \xNN, '"' and
   '\\' as \" and \\, and cut after WHY_QUOTE_CHARS columns (an escape
   takes its width), or earlier
   where buf ends, with "..." after the closing quote.  Examples: 4 -> 4,
   "" -> "", "a b" -> "a b", "4<LF>x" -> "4\x0ax".  NULL gives (null).
   Always NUL-terminates buf when n > 0; returns buf, so the call can be an
   argument of printf.  Callers do not add quotes of their own. */
static inline char *why_quote(const char *s, size_t len, char *buf, size_t n)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t used = 0, shown = 0;

    if (n == 0)
        return buf;
    if (!s) {
        snprintf(buf, n, "(null)");
        return buf;
    }
    len = strnlen(s, len);
    if (why_quote_plain(p, len) && len < n) {
        memcpy(buf, s, len);
        buf[len] = '\0';
        return buf;
    }
    buf[used++] = '"';
    while (len > 0) {
        char piece[16];
        size_t plen, cols = 1;      /* columns the piece takes on screen */
        bool escaped;
        size_t sl = why_next_shown(p, len, piece, &plen, &escaped);

        if (escaped) {
            cols = plen;
        } else if (p[0] == '"' || p[0] == '\\') {
            piece[0] = '\\';
            piece[1] = (char)p[0];
            plen = cols = 2;
        }
        /* at most WHY_QUOTE_CHARS columns of value, escapes included;
           room for the piece, the closing quote, "..." and the NUL */
        if (shown + cols > WHY_QUOTE_CHARS || used + plen + 5 > n)
            break;
        memcpy(buf + used, piece, plen);
        used += plen;
        p += sl;
        len -= sl;
        shown += cols;
    }
    if (used + 1 < n)
        buf[used++] = '"';
    if (len > 0 && used + 4 <= n) {
        memcpy(buf + used, "...", 3);
        used += 3;
    }
    buf[used < n ? used : n - 1] = '\0';
    return buf;
}

#endif
