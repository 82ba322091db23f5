#include "CStreamingFloor.h"

#include <stdlib.h>
#include <string.h>

/// The engine's `Track` (Sources/ScrimCore/Animation/Engine/Track.swift), byte for byte in size:
/// the destination pointer, 5 start components, 5 changes, the group, the property, the flags.
typedef struct {
    double *destination;
    double from[5];
    double delta[5];
    int32_t group;
    uint8_t property;
    uint8_t flags;
    uint8_t padding[2];
} floor_track;

/// The engine's `GroupFrame`: the group's progress this frame, and whether its tracks end.
typedef struct {
    double progress;
    uint8_t ends_tracks;
    uint8_t padding[7];
} floor_group_frame;

_Static_assert(sizeof(floor_track) == 96, "a track is 96 bytes, as the engine's");
_Static_assert(sizeof(floor_group_frame) == 16, "a group frame is 16 bytes, as the engine's");

/// Doubles in a view's presentation storage (`AnimatableProperty.storageCount`).
enum { slot_doubles = 60, tracks_per_view = 5 };

/// Where an affine transform's a, b, c, d, tx, ty go in the 4×4 matrix (`AffineEntry`).
static const int affine_entries[6] = {0, 1, 4, 5, 12, 13};

struct scrim_floor {
    floor_track *tracks;
    int64_t track_count;
    double *slots;
    int64_t slot_count;
    floor_group_frame *frames;
};

scrim_floor *scrim_floor_create(int32_t view_count) {
    // Each track's offset in its view's slot, as the engine's `storageOffset`: center, bounds,
    // transform, alpha, corner radius.
    static const uint8_t offsets[tracks_per_view] = {0, 2, 12, 6, 11};
    if (view_count < 1) return NULL;
    scrim_floor *floor = calloc(1, sizeof *floor);
    if (!floor) return NULL;
    floor->track_count = (int64_t)view_count * tracks_per_view;
    floor->slot_count = view_count;
    floor->tracks = aligned_alloc(64, (size_t)floor->track_count * sizeof(floor_track));
    floor->slots = aligned_alloc(64, (size_t)view_count * slot_doubles * sizeof(double));
    floor->frames = aligned_alloc(64, 64);
    if (!floor->tracks || !floor->slots || !floor->frames) {
        scrim_floor_destroy(floor);
        return NULL;
    }
    memset(floor->slots, 0, (size_t)view_count * slot_doubles * sizeof(double));
    memset(floor->frames, 0, 64);
    for (int64_t view = 0; view < view_count; view++) {
        for (int t = 0; t < tracks_per_view; t++) {
            floor_track *track = &floor->tracks[view * tracks_per_view + t];
            memset(track, 0, sizeof *track);
            track->destination = floor->slots + view * slot_doubles + offsets[t];
            for (int k = 0; k < 5; k++) {
                track->from[k] = (double)view;
                track->delta[k] = 1;
            }
            track->property = (uint8_t)t;
        }
    }
    return floor;
}

void scrim_floor_frame(scrim_floor *floor, double progress) {
    floor->frames[0].progress = progress;
    const floor_group_frame *frames = floor->frames;
    const floor_track *tracks = floor->tracks;
    const int64_t view_count = floor->slot_count;
    // The same bytes as the engine's loop, without its per-track dispatch: each view's 5 tracks
    // are in a known order, so every store is known at compile time. Each track's group frame
    // and destination pointer are still read and used, as the engine reads them; everything a
    // view needs is read before its first store, so no store forces a load again.
    for (int64_t view = 0; view < view_count; view++) {
        const floor_track *t = tracks + view * tracks_per_view;
        double p[tracks_per_view], *d[tracks_per_view];
        for (int k = 0; k < tracks_per_view; k++) {
            p[k] = frames[t[k].group].progress;
            d[k] = t[k].destination;
        }
        // center, bounds, transform (6 doubles from 5 components: the engine derives them with a
        // sine and cosine, the floor spends one multiply-add on each, the 6th reusing component
        // 0), alpha, corner radius.
        const double values[14] = {
            t[0].from[0] + p[0] * t[0].delta[0], t[0].from[1] + p[0] * t[0].delta[1],
            t[1].from[0] + p[1] * t[1].delta[0], t[1].from[1] + p[1] * t[1].delta[1],
            t[1].from[2] + p[1] * t[1].delta[2], t[1].from[3] + p[1] * t[1].delta[3],
            t[2].from[0] + p[2] * t[2].delta[0], t[2].from[1] + p[2] * t[2].delta[1],
            t[2].from[2] + p[2] * t[2].delta[2], t[2].from[3] + p[2] * t[2].delta[3],
            t[2].from[4] + p[2] * t[2].delta[4], t[2].from[0] + p[2] * t[2].delta[0],
            t[3].from[0] + p[3] * t[3].delta[0], t[4].from[0] + p[4] * t[4].delta[0],
        };
        memcpy(d[0], values, 2 * sizeof(double));
        memcpy(d[1], values + 2, 4 * sizeof(double));
        for (int k = 0; k < 6; k++) d[2][affine_entries[k]] = values[6 + k];
        d[3][0] = values[12];
        d[4][0] = values[13];
    }
}

double scrim_floor_checksum(const scrim_floor *floor) {
    double sum = 0;
    for (int64_t i = 0; i < floor->slot_count * slot_doubles; i++) sum += floor->slots[i];
    return sum;
}

int64_t scrim_floor_footprint(const scrim_floor *floor) {
    return floor->track_count * (int64_t)sizeof(floor_track) + floor->slot_count * slot_doubles * (int64_t)sizeof(double);
}

void scrim_floor_destroy(scrim_floor *floor) {
    if (!floor) return;
    free(floor->tracks);
    free(floor->slots);
    free(floor->frames);
    free(floor);
}
