/* Batch placement of symbols from C: labels on screen, each with candidate positions for its
 * text, an icon that may show alone, or a repeat group (contract §3b), placed once. Built and
 * run by crates/label-capi/tests/c_example.rs (see frame.c for the commands).
 *
 * A 400x300 viewport: a town whose name does not fit right of its dot, a cafe whose name does
 * not fit at all (its icon shows alone), and a street name that repeats too close. */

#include <stdio.h>
#include <string.h>

#include "declutter.h"

#define COUNT 6

static const char *NAMES[COUNT] = {"Rathaus", "Town", "Bakery", "Cafe", "Ring", "Ring 2"};

static const char *parts_name(uint32_t parts) {
    switch (parts) {
        case DECLUTTER_PARTS_BOTH: return "both";
        case DECLUTTER_PARTS_TEXT: return "text";
        case DECLUTTER_PARTS_ICON: return "icon";
        default: return "-";
    }
}

int main(void) {
    DeclutterScreenLabel labels[COUNT];
    DeclutterSymbol symbols[COUNT];
    memset(labels, 0, sizeof labels);
    memset(symbols, 0, sizeof symbols);

    /* Plain labels: the fields of a DeclutterSymbol left zero add nothing. */
    labels[0] = (DeclutterScreenLabel){.id = 10, .x = 240, .y = 150, .width = 60, .height = 14, .priority = 9};
    labels[2] = (DeclutterScreenLabel){.id = 12, .x = 170, .y = 168, .width = 40, .height = 12, .priority = 8};

    /* A town: a dot, its name right of it, else left of it, else above, else below. */
    DeclutterCandidate around[4] = {
        {.anchor = DECLUTTER_ANCHOR_LEFT, .offset_x = 4},
        {.anchor = DECLUTTER_ANCHOR_RIGHT, .offset_x = -4},
        {.anchor = DECLUTTER_ANCHOR_BOTTOM, .offset_y = -4},
        {.anchor = DECLUTTER_ANCHOR_TOP, .offset_y = 4},
    };
    DeclutterIcon dot = {.width = 8, .height = 8, .anchor = DECLUTTER_ANCHOR_CENTER};
    labels[1] = (DeclutterScreenLabel){.id = 11, .x = 200, .y = 150, .width = 50, .height = 12, .priority = 5};
    symbols[1] = (DeclutterSymbol){.candidates = around, .candidate_count = 4, .icon = &dot,
                                   .optional = DECLUTTER_OPTIONAL_TEXT};

    /* A cafe: its name only left of its cup, where the bakery is; the cup may show alone. */
    labels[3] = (DeclutterScreenLabel){.id = 13, .x = 200, .y = 168, .width = 46, .height = 12, .priority = 4};
    symbols[3] = (DeclutterSymbol){.candidates = &around[1], .candidate_count = 1, .icon = &dot,
                                   .optional = DECLUTTER_OPTIONAL_TEXT};

    /* One street name twice, 60 px apart: the group keeps its labels 100 px apart. */
    labels[4] = (DeclutterScreenLabel){.id = 14, .x = 100, .y = 250, .width = 40, .height = 12, .priority = 3};
    labels[5] = (DeclutterScreenLabel){.id = 15, .x = 160, .y = 250, .width = 40, .height = 12, .priority = 2};
    symbols[4] = (DeclutterSymbol){.repeat_group = 1, .repeat_distance = 100};
    symbols[5] = symbols[4];

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
        printf("  %-9s visible=%u reason=%s", NAMES[i], (unsigned)r->visible, declutter_reason_name(r->reason));
        if (r->candidate != DECLUTTER_NO_CANDIDATE) printf(" candidate=%u", (unsigned)r->candidate);
        if (r->parts != DECLUTTER_PARTS_NONE) printf(" parts=%s", parts_name(r->parts));
        if (r->hidden_by_kind == DECLUTTER_BLOCKER_LABEL) printf(" hidden_by=%s", NAMES[r->hidden_by]);
        printf("\n");
    }

    /* Errors name the label (index and id) and the field; nothing is written. */
    around[2].anchor = 12;
    status = declutter_place(&batch, results, NULL);
    printf("bad candidate: status %d: %s\n", (int)status, declutter_last_error());
    around[2].anchor = DECLUTTER_ANCHOR_BOTTOM;
    dot.width = 0;
    status = declutter_place(&batch, results, NULL);
    printf("bad icon: status %d: %s\n", (int)status, declutter_last_error());
    status = declutter_place(NULL, results, NULL);
    printf("null batch: status %d: %s\n", (int)status, declutter_last_error());
    printf("done\n");
    return 0;
}
