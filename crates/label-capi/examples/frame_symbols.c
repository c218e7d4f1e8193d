/* Symbols in the frame engine from C: places with candidate positions around an icon, an icon
 * that may show without its name, and a street name kept apart from its repeats, placed frame
 * after frame with the last shown position tried first. Built and run by
 * crates/label-capi/tests/c_example.rs (see frame.c for the commands).
 *
 * Central Vienna (lon/lat), a 800x600 viewport at zoom 14, then zoomed in and turned. */

#include <stdio.h>
#include <string.h>

#include "declutter.h"

#define COUNT 6

static const char *NAMES[COUNT] = {"Stephansdom", "U Stephansplatz", "Cafe", "Graben", "Rotenturm", "Rotenturm 2"};

static int check(DeclutterStatus status, const char *what) {
    if (status != DECLUTTER_OK) {
        printf("%s failed: status %d: %s\n", what, (int)status, declutter_last_error());
        return 1;
    }
    return 0;
}

static const char *parts_name(uint32_t parts) {
    switch (parts) {
        case DECLUTTER_PARTS_BOTH: return "both";
        case DECLUTTER_PARTS_TEXT: return "text";
        case DECLUTTER_PARTS_ICON: return "icon";
        default: return "-";
    }
}

/* A renderer draws the text at its candidate and the icon at the label's pose. */
static int print_frame(DeclutterEngine *engine, const char *title) {
    DeclutterLabelResult results[COUNT];
    DeclutterChoice choices[COUNT];
    size_t written = 0;
    if (check(declutter_engine_results(engine, results, COUNT, &written), "results")) return 1;
    if (check(declutter_engine_choices(engine, choices, COUNT, &written), "choices")) return 1;
    printf("%s\n", title);
    for (size_t i = 0; i < written; i++) {
        const DeclutterLabelResult *r = &results[i];
        printf("  %-15s visible=%u opacity=%.2f reason=%s", NAMES[i], (unsigned)r->visible, (double)r->opacity,
               declutter_reason_name(r->reason));
        if (choices[i].candidate != DECLUTTER_NO_CANDIDATE) printf(" candidate=%u", (unsigned)choices[i].candidate);
        if (choices[i].parts != DECLUTTER_PARTS_NONE) printf(" parts=%s", parts_name(choices[i].parts));
        if (r->hidden_by_kind == DECLUTTER_BLOCKER_LABEL) printf(" hidden_by=%s", NAMES[r->hidden_by]);
        if (r->visible) printf(" at=(%.1f, %.1f)", r->x, r->y);
        printf("\n");
    }
    return 0;
}

int main(void) {
    DeclutterEngine *engine = NULL;
    if (check(declutter_engine_new(NULL, 0, &engine), "new")) return 1;

    DeclutterLabel labels[COUNT];
    DeclutterSymbol symbols[COUNT];
    memset(labels, 0, sizeof labels);
    memset(symbols, 0, sizeof symbols);
    /* Plain labels: the fields of a DeclutterSymbol left zero add nothing. */
    labels[0] = (DeclutterLabel){.id = 1, .x = 16.3731, .y = 48.2085, .width = 80, .height = 14, .priority = 10};
    labels[3] = (DeclutterLabel){.id = 4, .x = 16.3817, .y = 48.2085, .width = 60, .height = 14, .priority = 9};

    /* A subway station west of the cathedral: its name right of its sign, else left, above,
     * below. Right of it is the cathedral's name. */
    DeclutterCandidate around[4] = {
        {.anchor = DECLUTTER_ANCHOR_LEFT, .offset_x = 8},
        {.anchor = DECLUTTER_ANCHOR_RIGHT, .offset_x = -8},
        {.anchor = DECLUTTER_ANCHOR_BOTTOM, .offset_y = -8},
        {.anchor = DECLUTTER_ANCHOR_TOP, .offset_y = 8},
    };
    DeclutterIcon sign = {.width = 12, .height = 12, .anchor = DECLUTTER_ANCHOR_CENTER};
    labels[1] = (DeclutterLabel){.id = 2, .x = 16.3671, .y = 48.2085, .width = 90, .height = 12, .priority = 6};
    symbols[1] = (DeclutterSymbol){.candidates = around, .candidate_count = 4, .icon = &sign};

    /* A cafe east of it whose name fits only right of its cup, where Graben is: the cup may
     * show alone. */
    DeclutterIcon cup = {.width = 8, .height = 8, .anchor = DECLUTTER_ANCHOR_CENTER};
    labels[2] = (DeclutterLabel){.id = 3, .x = 16.3770, .y = 48.2085, .width = 50, .height = 12, .priority = 4};
    symbols[2] = (DeclutterSymbol){.candidates = around, .candidate_count = 1, .icon = &cup,
                                   .optional = DECLUTTER_OPTIONAL_TEXT};

    /* One street name twice, about 100 px apart: the group keeps its labels 150 px apart. */
    labels[4] = (DeclutterLabel){.id = 5, .x = 16.3731, .y = 48.2045, .width = 70, .height = 12, .priority = 3};
    labels[5] = (DeclutterLabel){.id = 6, .x = 16.3817, .y = 48.2045, .width = 70, .height = 12, .priority = 2};
    symbols[4] = (DeclutterSymbol){.repeat_group = 1, .repeat_distance = 150};
    symbols[5] = symbols[4];
    if (check(declutter_engine_set_labels_with_symbols(engine, labels, symbols, COUNT), "set_labels")) return 1;

    DeclutterCamera camera = {.center_x = 16.3731, .center_y = 48.2085, .zoom = 14, .width = 800, .height = 600,
                              .coordinates = DECLUTTER_LON_LAT};
    if (check(declutter_engine_set_camera(engine, &camera), "set_camera")) return 1;
    if (check(declutter_engine_place_frame(engine, 0.0, NULL), "place_frame")) return 1;
    if (print_frame(engine, "t=0 ms, zoom 14")) return 1;

    /* Zoomed in: the labels spread, the repeat is far enough now; the station keeps the
     * position it was shown at although the first one is free again. */
    camera.zoom = 15;
    if (check(declutter_engine_set_camera(engine, &camera), "set_camera")) return 1;
    if (check(declutter_engine_place_frame(engine, 150.0, NULL), "place_frame")) return 1;
    if (print_frame(engine, "t=150 ms, zoom 15")) return 1;

    camera.bearing = 90;
    if (check(declutter_engine_set_camera(engine, &camera), "set_camera")) return 1;
    if (check(declutter_engine_place_frame(engine, 300.0, NULL), "place_frame")) return 1;
    if (print_frame(engine, "t=300 ms, zoom 15, bearing 90")) return 1;

    /* Errors name the label (index and id) and the field; the engine keeps its labels. */
    around[3].anchor = 12;
    DeclutterStatus status = declutter_engine_set_labels_with_symbols(engine, labels, symbols, COUNT);
    printf("bad candidate: status %d: %s\n", (int)status, declutter_last_error());
    around[3].anchor = DECLUTTER_ANCHOR_TOP;
    size_t count = 0;
    declutter_engine_label_count(engine, &count);
    printf("labels still set: %zu\n", count);

    declutter_engine_free(engine);
    printf("done\n");
    return 0;
}
