/*
 * cli_advise_json.h - the JSON of `asmsim advise` (cli_advise_json.c);
 * its keys are documented in docs/fields.md, section "advise".
 */
#ifndef ASMSIM_SIM_CLI_ADVISE_JSON_H
#define ASMSIM_SIM_CLI_ADVISE_JSON_H

#include <stddef.h>

#include "sim/advise/advise.h"

struct cli_advise_awr;              /* cli_advise_awr.h */

/* What the advise JSON is made of. */
struct cli_advise_doc {
    const struct adv_cfg *cfg;
    const struct adv_result *r;
    const char *command_line;
    const char *version;                /* asmsim's */
    const struct cli_advise_awr *awr;   /* where the targets came from
                                           (--awr); NULL: the options */
};

/* The search's configuration and result as one JSON document, text
   without a final newline (cJSON_free it): what --json writes (through
   the writer table, report_writers.h) and --report makes its page from.
   0 or -ENOMEM with why. */
int cli_advise_json_text(const struct cli_advise_doc *d, char **text, char *why,
                         size_t why_len);

/* --shard: what the search decided (struct adv_decided) as JSON lines
   to path ("-": stdout): a first line with the shard, the advise
   arguments (args[0..argc), without --shard and --json) and the counts,
   then one line per outcome, {"log": "sim"|"burst"|"bound"|"reach",
   "outcome": {...}} with the keys of best[] in the Advise JSON.  0 or
   -errno. */
int cli_advise_shard_write(const char *path, const struct adv_cfg *cfg,
                           const struct adv_result *r, int argc, char **argv,
                           char *why, size_t why_len);

/* What one shard file holds. */
struct cli_advise_shard {
    int shard_k, shard_n;
    int argc;
    char **argv;                    /* malloc'ed strings, argv[argc] NULL */
    struct adv_decided decided;
};

/* Read a file cli_advise_shard_write() wrote.  0, or -EINVAL with
   "<path>: line N: ..." in why (not such a file, a bad line), -errno. */
int cli_advise_shard_read(const char *path, struct cli_advise_shard *out,
                          char *why, size_t why_len);
/* The same lines as text and back, for lines that never touch a file
   (advise under mpirun: cli_cluster.c): *text malloc'ed (the lines
   without the arguments; 0 or -ENOMEM); text read as a file of them,
   name standing for the file in why (0, or -errno as
   cli_advise_shard_read). */
int cli_advise_shard_text(const struct adv_cfg *cfg, const struct adv_result *r,
                          char **text);
int cli_advise_shard_parse(const char *text, const char *name,
                           struct cli_advise_shard *out, char *why, size_t why_len);
void cli_advise_shard_free(struct cli_advise_shard *s);

#endif
