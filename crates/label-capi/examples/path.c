/* Text along a line from C: street and river names laid glyph by glyph along their curves on
 * screen (contract §3b "Path"), placed once with the other labels, and the glyph poses to draw
 * them at. Built and run by crates/label-capi/tests/c_example.rs (see frame.c for the commands).
 *
 * A 400x300 viewport: a street arching over a park (its name follows the arc; the park's name
 * under it is hidden), the same street name again too close, a canal drawn right to left (its
 * name is turned to read left to right), a river too short for its name and a lane too sharply
 * bent for its. */

#include <stdio.h>
#include <string.h>

#include "declutter.h"

#define COUNT 6

static const char *NAMES[COUNT] = {"Ringstrasse", "Ringstrasse 2", "Donaukanal", "Wien", "Gasse", "Stadtpark"};

/* Each glyph's advance, px: a monospaced 8-px font here; a renderer takes them from its font. */
static double ADVANCES[16] = {8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8};

/* A line of n points, its text of `glyphs` glyphs, MapLibre's default max angle, upright. */
static DeclutterPath along(const DeclutterPoint *points, size_t n, size_t glyphs) {
    return (DeclutterPath){.points = points, .point_count = n, .glyph_advances = ADVANCES, .glyph_count = glyphs,
                           .max_angle = DECLUTTER_DEFAULT_MAX_ANGLE};
}

int main(void) {
    /* An arc over the park: a circle of radius 150 px around (200, 300), every 20 degrees. */
    static const DeclutterPoint arc[8] = {{59.0, 248.7},  {85.1, 203.6},  {125.0, 170.1}, {174.0, 152.3},
                                          {226.0, 152.3}, {275.0, 170.1}, {314.9, 203.6}, {341.0, 248.7}};
    static const DeclutterPoint canal[3] = {{380, 60}, {220, 40}, {60, 60}};  /* drawn right to left */
    static const DeclutterPoint river[2] = {{300, 280}, {320, 285}};          /* 20.6 px long */
    static const DeclutterPoint lane[4] = {{20, 100}, {40, 100}, {40, 120}, {60, 120}};  /* bent by 90 */

    DeclutterPath paths[5] = {along(arc, 8, 11), along(arc, 8, 11), along(canal, 3, 10), along(river, 2, 4),
                              along(lane, 4, 5)};
    paths[1].has_path_offset = 1; /* the second name 60 px along the street */
    paths[1].path_offset = 60;

    DeclutterScreenLabel labels[COUNT];
    DeclutterSymbol symbols[COUNT];
    memset(labels, 0, sizeof labels);
    memset(symbols, 0, sizeof symbols);
    /* A path label takes its line's height, padding, priority and flags from its label. */
    double priority[5] = {5, 4, 3, 3, 3};
    for (size_t i = 0; i < 5; i++) {
        labels[i] = (DeclutterScreenLabel){.id = 20 + i, .height = 12, .priority = priority[i], .padding = 1};
        symbols[i].path = &paths[i];
    }
    /* One street name, kept 250 px apart along the street. */
    symbols[0].repeat_group = symbols[1].repeat_group = 1;
    symbols[0].repeat_distance = symbols[1].repeat_distance = 250;
    /* The park's name, a plain label under the top of the arc. */
    labels[5] = (DeclutterScreenLabel){.id = 25, .x = 200, .y = 156, .width = 60, .height = 14, .priority = 1};

    DeclutterBatch batch = {.labels = labels, .symbols = symbols, .count = COUNT};
    batch.options = (DeclutterBatchOptions){.has_viewport = 1, .viewport_max_x = 400, .viewport_max_y = 300};
    DeclutterPlacement results[COUNT];
    DeclutterBatchStats stats;
    DeclutterStatus status = declutter_place(&batch, results, &stats);
    if (status != DECLUTTER_OK) {
        printf("place failed: status %d: %s\n", (int)status, declutter_last_error());
        return 1;
    }
    printf("placed %llu labels: %llu shown, %llu collision, %llu repeat\n", (unsigned long long)stats.labels,
           (unsigned long long)stats.visible, (unsigned long long)stats.hidden_collision,
           (unsigned long long)stats.hidden_repeat);
    for (size_t i = 0; i < COUNT; i++) {
        const DeclutterPlacement *r = &results[i];
        printf("  %-13s visible=%u reason=%s", NAMES[i], (unsigned)r->visible, declutter_reason_name(r->reason));
        if (r->hidden_by_kind == DECLUTTER_BLOCKER_LABEL) printf(" hidden_by=%s", NAMES[r->hidden_by]);
        printf("\n");
    }

    /* Draw the shown path labels glyph by glyph: each glyph's box is its advance wide and the
     * label's height high, centred at its pose and turned by its angle. */
    for (size_t i = 0; i < 5; i++) {
        if (!results[i].visible) continue;
        DeclutterGlyphPose glyphs[16];
        DeclutterPathLayout layout;
        status = declutter_path_layout(&paths[i], glyphs, &layout);
        if (status != DECLUTTER_OK) {
            printf("layout failed: status %d: %s\n", (int)status, declutter_last_error());
            return 1;
        }
        printf("%s: reversed=%u anchor=(%.1f, %.1f)\n", NAMES[i], (unsigned)layout.reversed, layout.anchor_x,
               layout.anchor_y);
        for (size_t g = 0; g < paths[i].glyph_count; g++) {
            printf("  %c at (%.1f, %.1f) angle %.1f\n", NAMES[i][g], glyphs[g].x, glyphs[g].y, glyphs[g].angle);
        }
    }

    /* Errors name the label (index and id) and the field; nothing is written. */
    static const DeclutterPoint repeated[3] = {{0, 0}, {10, 0}, {10, 0}};
    paths[3].points = repeated;
    paths[3].point_count = 3;
    status = declutter_place(&batch, results, NULL);
    printf("bad path: status %d: %s\n", (int)status, declutter_last_error());
    paths[3].points = NULL;
    status = declutter_place(&batch, results, NULL);
    printf("null points: status %d: %s\n", (int)status, declutter_last_error());
    printf("done\n");
    return 0;
}
