// CStreamingFloor: the memory-traffic floor of the engine's per-frame loop, for the benchmark
// `engine.tick.floor` (Docs/Benchmarks.md). A plain C loop over records laid out as the engine's
// 96-byte tracks and 16-byte group frames, writing the same doubles into 60-double slots laid out
// as views' presentation storage: the bytes `engine.tick.lua` moves per update, with one multiply
// and one add per written double, and no per-track dispatch.
#ifndef SCRIM_C_STREAMING_FLOOR_H
#define SCRIM_C_STREAMING_FLOOR_H

#include <stdint.h>

/// The arrays of one floor workload (opaque).
typedef struct scrim_floor scrim_floor;

/// `view_count` views of 5 tracks each (center 2, bounds 4, an affine transform's 6 entries of
/// the 4×4 matrix, alpha 1, corner radius 1 doubles written), all in one group, as `engine.tick.lua` animates them. Track `t` of view `v`
/// goes from `v` with a change of 1 in every component, so after a frame at progress `p` every
/// written double is `v + p`. Nil when memory runs out.
scrim_floor *scrim_floor_create(int32_t view_count);

/// One frame: the group's progress set to `progress`, then every track streamed through once.
void scrim_floor_frame(scrim_floor *floor, double progress);

/// The sum of every double of the destination slots (unwritten ones are 0): after a frame at
/// progress `p`, 14 · Σ(v + p) over the views. Read after the timed frames, so the loop's
/// stores are observed and a run that skipped work is caught.
double scrim_floor_checksum(const scrim_floor *floor);

/// Bytes of the tracks plus the destination slots: the workload's footprint.
int64_t scrim_floor_footprint(const scrim_floor *floor);

void scrim_floor_destroy(scrim_floor *floor);

#endif
