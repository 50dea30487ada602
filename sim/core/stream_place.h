/*
 * stream_place.h - where sequential streams start on the disks.
 *
 * wl_start_streams spaces the streams evenly over the disk group's space.
 * Under ASM striping that spacing is, more often than not, a whole number
 * of turns round the disks (16 streams over 4 x 2 TiB: 512 GiB apart, a
 * multiple of 4 disks x a 16 MiB extent), so every stream starts on the
 * same disk, and since they advance at one pace they stay together: one
 * disk carries the group's whole sequential load while the others idle,
 * for the seconds it takes their completions to pull them apart.  The
 * figures of a point then depend on how long it ran (4 x st1: 1,597 MB/s
 * over 5 s, 1,926 over 60 s).  sim_streams_place moves each stream
 * forward from its even start, by whole large I/Os, to the first offset
 * whose first piece lands on a disk holding the fewest stream starts so
 * far: the streams start spread over the disks, as streams in different
 * parts of a disk group are, and a point measures the steady state from
 * its first I/O.
 *
 * The move is bounded: at most a quarter of the spacing and
 * SIM_STREAM_PLACE_PROBES large I/Os; a stream that finds no such disk
 * within it keeps its even start (a concat layout, whose even starts are
 * spread already, or a disk no stream can reach).
 */
#ifndef ASMSIM_SIM_STREAM_PLACE_H
#define ASMSIM_SIM_STREAM_PLACE_H

#include "layouts/layout_map.h"
#include "workloads/workload.h"

#define SIM_STREAM_PLACE_PROBES 4096

/* Place the `streams` streams of the workload's sequential class cls, just
   started (wl_start_streams), on the layout of geometry g (a mix's streams
   are placed as if each I/O were its largest); `scratch` holds max_pieces
   pieces.  0, or -errno from the layout. */
int sim_streams_place(wl *w, int cls, const struct lay_geom *g, int streams,
                      struct lay_piece *scratch, int max_pieces);

#endif
