/*
 * aio_dev.h - the aio backend's handle, shared by its modules (internal:
 * only sim/aio/aio_*.c and sim/aio/dev_aio.c include it).
 *
 * One struct aio_dev per open devset: the targets (aio_target.c), the
 * workers that do their I/O (the plan: aio_plan.c), each worker's pool of
 * iocbs and buffers (aio_pool.c) and, with two or more workers, the
 * hand-over between the engine and the worker threads (aio_workers.c).
 * Everything is sized at open from max_outstanding (cap) and never grows.
 *
 * Who writes what
 * ---------------
 * The engine owns every count: what it handed each worker and has not
 * reaped back (never above cap in total), the disks' failure streaks, the
 * local completions.  A worker's pool is used only by the thread that does
 * that worker's I/O (the engine's own on the direct path).  The ring of a
 * worker is written under its mu, the completion queue under cq_mu; a
 * sim_io belongs to the engine until submit() puts it in a ring, to the
 * worker until it is in the completion queue, and to the engine again when
 * reap() takes it out; the mutexes order the writes.
 *
 * The kernel interface, libaio or io_uring, is chosen at open (a->uring)
 * and hidden behind aio_kernel.h: everything above it speaks iocbs and
 * io_events, so both engines share the targets, plan, pools, faults and
 * the two paths, and differ only in how a batch reaches the kernel and
 * how its completions come back.
 *
 * Teardown: close stops and joins the worker threads before anything else
 * is freed, and abandons what is still in a ring, a batch or the
 * completion queue: a sim_io is never touched after close returns, so the
 * engine's memory may be freed then (and only then: run_point.c closes the
 * devices before it destroys the engine).
 */
#ifndef ASMSIM_SIM_AIO_DEV_H
#define ASMSIM_SIM_AIO_DEV_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>

#include <libaio.h>
#include <liburing.h>

#include "sim/aio/aio_target.h"
#include "sim/core/device.h"

struct aio_dev;

struct aio_worker {
    struct aio_dev *dev;
    int id;
    int node;                   /* where it runs and its buffers are; -1 */
    /* the pool: used only by the thread that does this worker's I/O */
    io_context_t ctx;           /* libaio, or: */
    struct io_uring uring;      /* io_uring (aio_uring.c) */
    bool ring_init;
    bool ring_disabled;         /* enabled by the first submit */
    bool fixed_files, fixed_bufs;   /* registered with the ring */
    int in_kernel;              /* uring: SQEs the kernel has not answered */
    struct iocb *iocb;          /* [cap] */
    int *free_slot;             /* [cap] stack of iocb indices */
    int n_free;
    struct iocb **batch;        /* [cap] prepared, not yet submitted */
    int *batch_index;           /* [cap] direct path: index in ios[] */
    int n_batch, batch_off;     /* threads: batch[off..n) wait for submit */
    struct io_event *events;    /* [cap] */
    struct sim_io **done;       /* [cap] threads: a batch for the cq */
    char *rbuf;                 /* read buffers, class by class (aio_pool.c) */
    char *wbuf;                 /* buf_bytes, the pattern */
    size_t rbuf_total;
    int *buf_free[WL_MAX_CLASSES];  /* [n_bufs[c]] stacks of free buffers */
    int n_buf_free[WL_MAX_CLASSES];
    int *key_buf;               /* [n_keys] the buffer a key's reads use */
    int *key_refs;              /* [n_keys] its reads in flight */
    int *iocb_key;              /* [cap] the key of iocb i's read, -1 */
    bool numa_alloc;            /* buffers from numa_alloc_onnode */
    int in_flight;
    /* threads: the hand-over from the engine, under mu */
    pthread_mutex_t mu;
    struct sim_io **ring;       /* [cap] */
    int ring_head, ring_n;
    bool sleeping;              /* in poll(): kick sub_efd to wake it */
    bool stop;
    int sub_efd, aio_efd;       /* "work handed over", "I/O done" */
    bool sync_init;             /* mu and the eventfds were set up (only
                                   then does aio_workers_free touch them) */
    pthread_t thread;
    bool started;
    int pin_rc;                 /* numa_run_on_node's answer, 1 = not asked */
    bool ready;                 /* under dev->cq_mu */
    /* the engine's own */
    int outstanding;            /* handed over and not reaped back */
    struct sim_io **stage;      /* [cap] this submit()'s share */
    int n_stage;
};

struct aio_dev {
    int cap;                    /* max_outstanding */
    size_t buf_bytes;           /* the largest I/O, whole pages */
    /* read buffers of every worker (aio_pool_plan): n_bufs[c] of
       buf_class_bytes[c] for class c, from buf_class_base[c] on; reads
       are keyed by their logical I/O (sim_io.parent) when by_parent, else
       by their iocb (then class 0 alone) */
    int n_classes;
    int n_bufs[WL_MAX_CLASSES];
    size_t buf_class_bytes[WL_MAX_CLASSES];
    size_t buf_class_base[WL_MAX_CLASSES];
    int n_keys;
    bool by_parent;
    bool writable;
    bool uring;                 /* io_uring instead of libaio (aio_kernel.h) */
    bool sqpoll;                /* uring: a kernel thread polls the SQ */
    int disks;
    int failing;                /* disks failing (aio_hotpath.c) */
    struct aio_disk *disk;      /* [disks] */
    int n_workers;
    bool threaded;              /* n_workers > 1: worker threads */
    struct aio_worker *w;       /* [n_workers] */
    /* the engine's own */
    struct sim_io **refused;    /* [cap] checked out before the kernel */
    int *refused_index;
    struct sim_io **local;      /* [cap] ring of local completions */
    int local_head, local_n;
    int outstanding;            /* threads: handed to workers, not reaped */
    /* threads: the completion queue, workers to engine, under cq_mu */
    bool cq_init;
    pthread_mutex_t cq_mu;
    pthread_cond_t cq_cv;
    struct sim_io **cq;         /* [cap] */
    int cq_head, cq_n;
    bool cq_waiting;            /* the engine waits on cq_cv */
    int worker_error;           /* a worker's fatal -errno, 0 = none */
    /* tests: faults injected at the kernel boundary (aio_faults.c) */
    struct aio_fault *faults;   /* [disks], or NULL: none */
};

#endif
