/*
 * term.c - taking the terminal for the dashboard and giving it back.
 *
 * While curses owns the screen, anything written to stderr (a warning from
 * a library, a diagnostic) would tear the picture, so stderr is redirected
 * to an unlinked temporary file and copied to the real stderr once the
 * terminal is restored.
 *
 * The terminal must come back in every way the program can end: quit (q),
 * Ctrl-C, SIGTERM and SIGHUP (main.c's handler sets the stop flag; the
 * dashboard loop sees it and returns through term_close; after a hang-up
 * there is no terminal left to restore, and the writes to it fail
 * harmlessly), and crash signals
 * (SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT), whose handler restores the
 * terminal and stderr and then lets the signal take its default course so
 * the exit status and core dump stay what they would be.  That handler can
 * reach only static storage, hence the two file-scope variables below: the
 * one piece of global state of the dashboard, set in term_open and cleared
 * in term_close.
 */
#include "tui/term.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define ESC_DELAY_MS 25             /* how long Esc waits for a sequence */

static volatile sig_atomic_t crash_restore_active;
static volatile sig_atomic_t crash_saved_stderr = -1;

static const int crash_signals[] = { SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT };

static void on_crash(int sig)
{
    if (crash_restore_active) {
        crash_restore_active = 0;
        endwin();
        if (crash_saved_stderr >= 0)
            dup2(crash_saved_stderr, STDERR_FILENO);
    }
    signal(sig, SIG_DFL);
    raise(sig);
}

static int hold_stderr(struct term *t)
{
    char path[] = "/tmp/asmsim-stderr-XXXXXX";
    int fd = mkstemp(path);
    if (fd < 0)
        return -errno;
    unlink(path);
    fflush(stderr);
    t->saved_stderr = dup(STDERR_FILENO);
    if (t->saved_stderr < 0 || dup2(fd, STDERR_FILENO) < 0) {
        int rc = -errno;
        close(fd);
        if (t->saved_stderr >= 0)
            close(t->saved_stderr);
        t->saved_stderr = -1;
        return rc;
    }
    t->held_fd = fd;
    return 0;
}

static void release_stderr(struct term *t)
{
    char buf[4096];
    ssize_t n;

    if (t->saved_stderr < 0)
        return;
    fflush(stderr);
    dup2(t->saved_stderr, STDERR_FILENO);
    close(t->saved_stderr);
    t->saved_stderr = -1;
    if (lseek(t->held_fd, 0, SEEK_SET) == 0)
        while ((n = read(t->held_fd, buf, sizeof buf)) > 0)
            if (write(STDERR_FILENO, buf, (size_t)n) != n)
                break;
    close(t->held_fd);
    t->held_fd = -1;
}

static void setup_colors(struct term *t)
{
    const char *no = getenv("NO_COLOR");
    static const short heat[TERM_HEAT_STEPS] = { COLOR_BLUE, COLOR_CYAN,
        COLOR_GREEN, COLOR_YELLOW, COLOR_RED };

    t->color = !(no && *no) && has_colors();
    if (!t->color)
        return;
    start_color();
    use_default_colors();
    init_pair(TERM_PAIR_TITLE, COLOR_BLACK, COLOR_CYAN);
    init_pair(TERM_PAIR_GOOD, COLOR_GREEN, -1);
    init_pair(TERM_PAIR_WARN, COLOR_YELLOW, -1);
    init_pair(TERM_PAIR_BAD, COLOR_RED, -1);
    init_pair(TERM_PAIR_SLOW, COLOR_WHITE, COLOR_RED);
    for (int i = 0; i < TERM_HEAT_STEPS; i++)
        init_pair((short)(TERM_PAIR_HEAT0 + i), COLOR_BLACK, heat[i]);
}

int term_open(struct term *t)
{
    memset(t, 0, sizeof(*t));
    t->saved_stderr = t->held_fd = -1;
    if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO))
        return -ENOTTY;
    const char *term = getenv("TERM");
    if (!term || !*term || strcmp(term, "dumb") == 0)
        return -ENOTTY;
    int rc = hold_stderr(t);
    if (rc < 0)
        return rc;
    if (!initscr()) {
        release_stderr(t);
        return -ENOTTY;
    }
    t->open = true;
    crash_saved_stderr = t->saved_stderr;
    crash_restore_active = 1;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_crash;
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < sizeof crash_signals / sizeof crash_signals[0]; i++)
        sigaction(crash_signals[i], &sa, NULL);
    cbreak();
    noecho();
    nonl();
    keypad(stdscr, TRUE);
    /* Esc alone is one byte that could begin a key's escape sequence, and
       ncurses waits ESCDELAY for the rest: 1 s by default, so Esc in a
       prompt seemed ignored.  A terminal (or tmux) sends a sequence in
       one write, so 25 ms is plenty; the user's own ESCDELAY wins. */
    if (getenv("ESCDELAY") == NULL)
        set_escdelay(ESC_DELAY_MS);
    timeout(100);
    curs_set(0);
    setup_colors(t);
    return 0;
}

void term_close(struct term *t)
{
    if (!t->open)
        return;
    crash_restore_active = 0;
    crash_saved_stderr = -1;
    for (size_t i = 0; i < sizeof crash_signals / sizeof crash_signals[0]; i++)
        signal(crash_signals[i], SIG_DFL);
    curs_set(1);
    endwin();
    t->open = false;
    release_stderr(t);
}
