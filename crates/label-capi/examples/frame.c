/* A renderer's use of declutter from C: set labels once, then per frame set the camera, place,
 * and read what to draw. Built and run by crates/label-capi/tests/c_example.rs:
 *
 *   cargo build -p label-capi
 *   cc -std=c11 -Wall -Wextra -Werror -I crates/label-capi/include \
 *      crates/label-capi/examples/frame.c -L target/debug -ldeclutter -o frame
 *   LD_LIBRARY_PATH=target/debug ./frame      # macOS: DYLD_LIBRARY_PATH
 *
 * The program loads libdeclutter.so at run time: either say where it is (LD_LIBRARY_PATH, as
 * above), or build the path into the program with -Wl,-rpath,"$PWD/target/debug" after -L.
 *
 * Labels in central Vienna (lon/lat), a 800x600 viewport at zoom 14. */

#include <stdio.h>
#include <string.h>

#include "declutter.h"

#define COUNT 4

static const char *NAMES[COUNT] = {"Wien", "Stephansplatz", "Graben", "Schoenbrunn"};

static int check(DeclutterStatus status, const char *what) {
    if (status != DECLUTTER_OK) {
        printf("%s failed: status %d: %s\n", what, (int)status, declutter_last_error());
        return 1;
    }
    return 0;
}

static void print_frame(DeclutterEngine *engine, const char *title) {
    DeclutterLabelResult results[COUNT];
    size_t written = 0;
    if (check(declutter_engine_results(engine, results, COUNT, &written), "results")) return;
    printf("%s\n", title);
    for (size_t i = 0; i < written; i++) {
        const DeclutterLabelResult *r = &results[i];
        printf("  %-13s visible=%u opacity=%.2f reason=%s", NAMES[i], (unsigned)r->visible, (double)r->opacity,
               declutter_reason_name(r->reason));
        if (r->hidden_by_kind == DECLUTTER_BLOCKER_LABEL) printf(" hidden_by=%s", NAMES[r->hidden_by]);
        if (r->visible) printf(" at=(%.1f, %.1f) angle=%.1f", r->x, r->y, r->angle);
        printf("\n");
    }
}

int main(void) {
    printf("declutter %s\n", declutter_version());

    DeclutterOptions options;
    if (check(declutter_options_default(&options), "options")) return 1;
    DeclutterEngine *engine = NULL;
    if (check(declutter_engine_new(&options, 0, &engine), "new")) return 1;

    DeclutterLabel labels[COUNT];
    memset(labels, 0, sizeof labels);
    /* A place name with its text starting right of the point, and a street along its street. */
    labels[0] = (DeclutterLabel){.id = 1, .x = 16.3725, .y = 48.2083, .width = 60, .height = 18, .priority = 10,
                                 .anchor = DECLUTTER_ANCHOR_LEFT, .offset_x = 4};
    labels[1] = (DeclutterLabel){.id = 2, .x = 16.3727, .y = 48.2084, .width = 110, .height = 14, .priority = 5};
    labels[2] = (DeclutterLabel){.id = 3, .x = 16.3695, .y = 48.2087, .width = 60, .height = 14, .priority = 3,
                                 .angle = 10, .alignment = DECLUTTER_ALIGN_MAP};
    labels[3] = (DeclutterLabel){.id = 4, .x = 16.3122, .y = 48.1849, .width = 90, .height = 14, .priority = 8};
    if (check(declutter_engine_set_labels(engine, labels, COUNT), "set_labels")) return 1;

    DeclutterCamera camera = {.center_x = 16.3725, .center_y = 48.2083, .zoom = 14, .width = 800, .height = 600,
                              .coordinates = DECLUTTER_LON_LAT};
    DeclutterFrameStats stats;
    if (check(declutter_engine_set_camera(engine, &camera), "set_camera")) return 1;
    if (check(declutter_engine_place_frame(engine, 0.0, &stats), "place_frame")) return 1;
    printf("frame 1: kind=%u visible=%llu in_view=%llu\n", (unsigned)stats.kind,
           (unsigned long long)stats.visible, (unsigned long long)stats.in_view);
    print_frame(engine, "t=0 ms");

    /* Same camera 150 ms later: a reused frame; the shown labels are half faded in. */
    if (check(declutter_engine_place_frame(engine, 150.0, &stats), "place_frame")) return 1;
    printf("frame 2: kind=%u\n", (unsigned)stats.kind);
    print_frame(engine, "t=150 ms");

    /* Turn the map by 90 degrees: the street name turns with it (and stays upright). */
    camera.bearing = 90;
    if (check(declutter_engine_set_camera(engine, &camera), "set_camera")) return 1;
    if (check(declutter_engine_place_frame(engine, 300.0, &stats), "place_frame")) return 1;
    printf("frame 3: kind=%u\n", (unsigned)stats.kind);
    print_frame(engine, "t=300 ms, bearing 90");

    /* Errors are codes plus a message; nothing changes in the engine. */
    labels[2].width = -1;
    DeclutterStatus status = declutter_engine_set_labels(engine, labels, COUNT);
    printf("bad label: status %d: %s\n", (int)status, declutter_last_error());
    status = declutter_engine_place_frame(NULL, 0.0, NULL);
    printf("null engine: status %d: %s\n", (int)status, declutter_last_error());
    size_t count = 0;
    declutter_engine_label_count(engine, &count);
    printf("labels still set: %zu\n", count);

    declutter_engine_free(engine);
    printf("done\n");
    return 0;
}
