/*
 * test_shell_word.c - sim_shell_word() gives a word the shell reads back
 * as exactly the value: each case is pasted into /bin/sh and bash (printf
 * %s WORD; bash only for a value with control bytes, which is written in
 * bash's $'...') and what the shell prints must be the value, with
 * nothing run and no raw control byte in the word.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sim/core/shell_word.h"
#include "tests/check.h"

/* What `shell` makes of `printf %s WORD` (a script file, so the word
   reaches it exactly as printed), in out. */
static int shell_reads(const char *shell, const char *word, char *out, size_t len)
{
    char script[] = "/tmp/asmsim-word.XXXXXX", cmd[128];
    int fd = mkstemp(script);
    FILE *p = NULL;
    size_t n = 0;

    if (fd >= 0 && dprintf(fd, "printf %%s %s", word) > 0) {
        snprintf(cmd, sizeof cmd, "%s %s", shell, script);
        p = popen(cmd, "r");
        n = p ? fread(out, 1, len - 1, p) : 0;
    }
    out[n] = '\0';
    int rc = p ? pclose(p) : -1;
    if (fd >= 0) {
        close(fd);
        unlink(script);
    }
    return rc;
}

static bool has_control(const char *s)
{
    for (; *s; s++)
        if ((unsigned char)*s < 0x20 || *s == 0x7f)
            return true;
    return false;
}

static void every_value_should_read_back_as_itself(void)
{
    static const char *const values[] = {
        "DATA_DISK_01.img", "my disk.img", "it's", "'", "''", "$(touch PWNED)",
        "`id`", "$HOME", "a\\b", "a\"b", "*.img", "~root", "-rf", "x;y", "a\nb",
        "tab\there", "caf\xc3\xa9", "!event", "a&b|c>d<e", "{a,b}", "#comment",
        "\x1b[31mred\x1b[0m", "del\x7f", "\x01\x02\x1f", "cr\rlf\n",
        "it's\na \\ quote", "\\x41", "$(touch PWNED)\n", "\x1b" "7", "a\x01" "f",
    };
    char word[SIM_SHELL_WORD_BUF(64)], back[256];

    for (size_t i = 0; i < sizeof values / sizeof values[0]; i++) {
        sim_shell_word(values[i], word, sizeof word);
        if (has_control(word))
            CHECK_FAIL_AT("value %zu: the word carries a raw control byte", i);
        /* a word with control bytes is bash's; the others any sh's */
        for (int sh = has_control(values[i]) ? 1 : 0; sh < 2; sh++) {
            const char *shell = sh ? "bash" : "sh";
            if (shell_reads(shell, word, back, sizeof back) != 0 ||
                strcmp(back, values[i]) != 0)
                CHECK_FAIL_AT("value %zu: word %s reads back in %s as \"%s\"",
                              i, word, shell, back);
        }
    }
    CHECK(access("PWNED", F_OK) != 0);
}

static void plain_values_should_stay_bare_and_others_be_quoted(void)
{
    char word[64];
    CHECK_STR_EQ(sim_shell_word("u01/DATA_01.img", word, sizeof word), "u01/DATA_01.img");
    CHECK_STR_EQ(sim_shell_word("gp3:size=250GiB,iops=3000", word, sizeof word),
                 "gp3:size=250GiB,iops=3000");
    CHECK_STR_EQ(sim_shell_word("a b", word, sizeof word), "'a b'");
    CHECK_STR_EQ(sim_shell_word("it's", word, sizeof word), "'it'\\''s'");
    CHECK_STR_EQ(sim_shell_word("", word, sizeof word), "''");
    CHECK_STR_EQ(sim_shell_word("a\nb", word, sizeof word), "$'a\\nb'");
    CHECK_STR_EQ(sim_shell_word("\x1b[1m it's\t\\", word, sizeof word),
                 "$'\\x1b[1m it\\'s\\t\\\\'");
}

static void a_word_too_long_for_the_buffer_should_not_be_cut(void)
{
    char word[8];
    CHECK_STR_EQ(sim_shell_word("a long name", word, sizeof word), "''");
    CHECK_STR_EQ(sim_shell_word("abcdefghij", word, sizeof word), "''");
}

int main(void)
{
    RUN(every_value_should_read_back_as_itself);
    RUN(plain_values_should_stay_bare_and_others_be_quoted);
    RUN(a_word_too_long_for_the_buffer_should_not_be_cut);
    return check_done();
}
