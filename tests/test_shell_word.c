/*
 * test_shell_word.c - sim_shell_word() gives a word the shell reads back
 * as exactly the value: each case is pasted into /bin/sh (printf %s WORD)
 * and what the shell prints must be the value, with nothing run.
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "sim/core/shell_word.h"
#include "tests/check.h"

/* What /bin/sh makes of `printf %s WORD`, in out. */
static int shell_reads(const char *word, char *out, size_t len)
{
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "printf %%s %s", word);
    FILE *p = popen(cmd, "r");
    size_t n = p ? fread(out, 1, len - 1, p) : 0;
    out[n] = '\0';
    return p ? pclose(p) : -1;
}

static void every_value_should_read_back_as_itself(void)
{
    static const char *const values[] = {
        "DATA_DISK_01.img", "my disk.img", "it's", "'", "''", "$(touch PWNED)",
        "`id`", "$HOME", "a\\b", "a\"b", "*.img", "~root", "-rf", "x;y", "a\nb",
        "tab\there", "caf\xc3\xa9", "!event", "a&b|c>d<e", "{a,b}", "#comment",
    };
    char word[SIM_SHELL_WORD_BUF(64)], back[256];

    for (size_t i = 0; i < sizeof values / sizeof values[0]; i++) {
        sim_shell_word(values[i], word, sizeof word);
        if (shell_reads(word, back, sizeof back) != 0 || strcmp(back, values[i]) != 0)
            CHECK_FAIL_AT("value \"%s\": word %s reads back as \"%s\"", values[i],
                          word, back);
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
