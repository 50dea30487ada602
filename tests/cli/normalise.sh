# normalise.sh - sourced by the --jobs tests (sweep_jobs_test.sh,
# run_jobs_test.sh): normalise DIR takes out of every file in DIR what
# differs between two runs of one command besides its results: the start
# stamp in names and contents, the --jobs flag and the output directory
# in the command line the files quote, dates, wall_seconds, and the
# progress line's elapsed time and ETA.
normalise() {
    local d=$1 f n
    for f in "$d"/*; do
        n=$(basename "$f" | sed -E 's/[0-9]{8}_[0-9]{4}/STAMP/')
        [ "$n" = "$(basename "$f")" ] || mv "$f" "$d/$n"
    done
    sed -i -E 's/[0-9]{8}_[0-9]{4}/STAMP/g
        s/--jobs [0-9]+//g; s#(out-)[0-9]+#\1N#g
        s/[0-9]{4}-[0-9]{2}-[0-9]{2}[T ][0-9]{2}:[0-9]{2}:[0-9]{2}[^",]*/DATE/g
        s/("wall_seconds":[[:space:]]*)[0-9.e+-]+/\1W/
        s/elapsed [0-9hms]+, ETA [0-9hms]+/elapsed T, ETA T/' "$d"/*
}
