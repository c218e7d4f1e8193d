/* Texts along lines in the frame engine from C: street names laid glyph by glyph along their
 * streets (lon/lat), placed frame after frame as the camera zooms and turns, each shown name's
 * glyphs read back with declutter_engine_glyphs to draw. Built and run by
 * crates/label-capi/tests/c_example.rs (see frame.c for the commands).
 *
 * Central Vienna, a 800x600 viewport: Graben runs west to east, Kohlmarkt bends off it to the
 * south-west, and a short lane's name is longer than the lane until the map zooms in. */

#include <stdio.h>
#include <string.h>

#include "declutter.h"

#define COUNT 3
#define MAX_GLYPHS 16

static const char *NAMES[COUNT] = {"Graben", "Kohlmarkt", "Naglergasse"};

static int check(DeclutterStatus status, const char *what) {
    if (status != DECLUTTER_OK) {
        printf("%s failed: status %d: %s\n", what, (int)status, declutter_last_error());
        return 1;
    }
    return 0;
}

/* A renderer draws each glyph of a shown street name at its pose, scaled by the label's scale. */
static int print_frame(DeclutterEngine *engine, const char *title) {
    DeclutterLabelResult results[COUNT];
    size_t written = 0;
    if (check(declutter_engine_results(engine, results, COUNT, &written), "results")) return 1;
    printf("%s\n", title);
    for (size_t i = 0; i < written; i++) {
        const DeclutterLabelResult *r = &results[i];
        printf("  %-11s visible=%u reason=%s", NAMES[i], (unsigned)r->visible, declutter_reason_name(r->reason));
        if (r->hidden_by_kind == DECLUTTER_BLOCKER_LABEL) printf(" hidden_by=%s", NAMES[r->hidden_by]);
        printf("\n");
        if (!r->visible) continue;
        DeclutterGlyphPose glyphs[MAX_GLYPHS];
        DeclutterPathLayout layout;
        if (check(declutter_engine_glyphs(engine, i, glyphs, MAX_GLYPHS, &layout), "glyphs")) return 1;
        size_t n = strlen(NAMES[i]);
        printf("    reversed=%u first=(%.1f, %.1f, %.1f deg) last=(%.1f, %.1f, %.1f deg)\n", (unsigned)layout.reversed,
               glyphs[0].x, glyphs[0].y, glyphs[0].angle, glyphs[n - 1].x, glyphs[n - 1].y, glyphs[n - 1].angle);
    }
    return 0;
}

int main(void) {
    DeclutterEngine *engine = NULL;
    if (check(declutter_engine_new(NULL, 0, &engine), "new")) return 1;

    /* Each street: its line (lon/lat, as the labels' coordinates) and one advance per letter,
     * as a text shaper measured them for a 12-px font. */
    static const DeclutterPoint graben[2] = {{16.3680, 48.2088}, {16.3722, 48.2086}};
    static const DeclutterPoint kohlmarkt[3] = {{16.3680, 48.2088}, {16.3672, 48.2081}, {16.3664, 48.2076}};
    static const DeclutterPoint lane[2] = {{16.3690, 48.2096}, {16.3697, 48.2096}};
    static const double graben_advances[6] = {8.6, 4.7, 7.4, 7.6, 7.4, 7.6};
    static const double kohlmarkt_advances[9] = {8.2, 7.3, 7.6, 3.3, 11.7, 7.4, 4.7, 7.2, 4.6};
    static const double lane_advances[11] = {9.0, 7.4, 7.6, 3.3, 7.4, 4.7, 7.6, 7.4, 6.2, 6.2, 7.4};
    DeclutterPath paths[COUNT] = {
        {.points = graben, .point_count = 2, .glyph_advances = graben_advances, .glyph_count = 6,
         .max_angle = DECLUTTER_DEFAULT_MAX_ANGLE},
        {.points = kohlmarkt, .point_count = 3, .glyph_advances = kohlmarkt_advances, .glyph_count = 9,
         .max_angle = DECLUTTER_DEFAULT_MAX_ANGLE},
        {.points = lane, .point_count = 2, .glyph_advances = lane_advances, .glyph_count = 11,
         .max_angle = DECLUTTER_DEFAULT_MAX_ANGLE},
    };
    DeclutterLabel labels[COUNT];
    DeclutterSymbol symbols[COUNT];
    memset(labels, 0, sizeof labels);
    memset(symbols, 0, sizeof symbols);
    for (size_t i = 0; i < COUNT; i++) {
        /* The label's point and width are not used: the line places the text. */
        labels[i] = (DeclutterLabel){.id = i + 1, .height = 12, .priority = (double)(COUNT - i),
                                     .coordinates = DECLUTTER_LON_LAT};
        symbols[i] = (DeclutterSymbol){.path = &paths[i]};
    }
    if (check(declutter_engine_set_labels_with_symbols(engine, labels, symbols, COUNT), "set_labels")) return 1;

    DeclutterCamera camera = {.center_x = 16.3690, .center_y = 48.2088, .zoom = 16.5, .width = 800, .height = 600,
                              .coordinates = DECLUTTER_LON_LAT};
    if (check(declutter_engine_set_camera(engine, &camera), "set_camera")) return 1;
    if (check(declutter_engine_place_frame(engine, 0.0, NULL), "place_frame")) return 1;
    if (print_frame(engine, "t=0 ms, zoom 16.5")) return 1;

    /* Zoomed in: the lane is long enough on screen now. */
    camera.zoom = 18;
    if (check(declutter_engine_set_camera(engine, &camera), "set_camera")) return 1;
    if (check(declutter_engine_place_frame(engine, 400.0, NULL), "place_frame")) return 1;
    if (print_frame(engine, "t=400 ms, zoom 18")) return 1;

    /* Turned by 180 degrees: the streets run right to left on screen, and each name is laid
     * from the other end so that it still reads upright. */
    camera.bearing = 180;
    if (check(declutter_engine_set_camera(engine, &camera), "set_camera")) return 1;
    if (check(declutter_engine_place_frame(engine, 800.0, NULL), "place_frame")) return 1;
    if (print_frame(engine, "t=800 ms, zoom 18, bearing 180")) return 1;

    /* Errors name the label (index and id) and what is wrong. */
    DeclutterGlyphPose glyphs[MAX_GLYPHS];
    DeclutterPathLayout layout;
    DeclutterStatus status = declutter_engine_glyphs(engine, 0, glyphs, 3, &layout);
    printf("too little room: status %d: %s\n", (int)status, declutter_last_error());

    declutter_engine_free(engine);
    printf("done\n");
    return 0;
}
