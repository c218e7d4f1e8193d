/* A C caller misusing the library in legal-looking ways: huge and limit-breaking counts,
 * misaligned pointers, a null out-parameter after a valid array, numbers past f32, a call from
 * a thread's key destructor after the thread's Rust thread-locals are gone, and a hostile
 * RAYON_NUM_THREADS. Each case prints its status and message (the address in a message about
 * alignment cut off); tests/c_boundary.rs compares the lines, under AddressSanitizer where the
 * compiler has it. */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdalign.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "declutter.h"

static void report(const char *what, DeclutterStatus status) {
    char message[256];
    snprintf(message, sizeof message, "%s", declutter_last_error());
    char *address = strstr(message, " (address");
    if (address) *address = '\0';
    printf("%s: status %d: %s\n", what, (int)status, status == DECLUTTER_OK ? "ok" : message);
}

static DeclutterLabel world_label(uint64_t id, double x, double y) {
    DeclutterLabel l;
    memset(&l, 0, sizeof l);
    l.id = id;
    l.x = x;
    l.y = y;
    l.width = 40;
    l.height = 10;
    l.coordinates = DECLUTTER_WORLD_PX;
    return l;
}

/* The thread-teardown path: a failing call from a key destructor, which runs after the
 * thread's Rust thread-locals are destroyed. */
static pthread_key_t key;
static DeclutterStatus teardown_status = -1;

static void on_thread_end(void *value) {
    (void)value;
    teardown_status = declutter_engine_new(NULL, 0, NULL);
    (void)declutter_last_error();
}

static void *thread_main(void *arg) {
    (void)arg;
    pthread_setspecific(key, &key);
    /* A first failure on this thread makes its error message a thread-local to destroy. */
    (void)declutter_engine_new(NULL, 0, NULL);
    return NULL;
}

/* Threads of this process, from /proc (0 where there is none). */
static long thread_count(void) {
    FILE *f = fopen("/proc/self/status", "r");
    if (!f) return 0;
    char line[256];
    long n = 0;
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "Threads:", 8) == 0) n = strtol(line + 8, NULL, 10);
    }
    fclose(f);
    return n;
}

int main(void) {
    DeclutterEngine *engine = NULL;
    report("new engine, threads 0", declutter_engine_new(NULL, 0, &engine));
    DeclutterLabel labels[2] = {world_label(1, 128, 128), world_label(2, 129, 128)};

    /* Counts. */
    report("labels, SIZE_MAX", declutter_engine_set_labels(engine, labels, SIZE_MAX));
    report("labels, past the limit", declutter_engine_set_labels(engine, labels, (size_t)UINT32_MAX));
    DeclutterObstacle obstacle = {DECLUTTER_OBSTACLE_BOX, 0, 0, 10, 10};
    report("obstacles, SIZE_MAX / 8", declutter_engine_set_obstacles(engine, &obstacle, SIZE_MAX / 8));
    /* Within PTRDIFF_MAX bytes, but past the 32-bit indices of obstacles (found by the capi
     * fuzz target: read before the limit). */
    report("obstacles, 2^40", declutter_engine_set_obstacles(engine, &obstacle, (size_t)1 << 40));

    /* Alignment. */
    static alignas(8) unsigned char bytes[sizeof(DeclutterLabel) * 2 + 8];
    memcpy(bytes + 1, labels, sizeof labels);
    report("labels, misaligned", declutter_engine_set_labels(engine, (const DeclutterLabel *)(bytes + 1), 2));
    report("count, misaligned", declutter_engine_label_count(engine, (size_t *)(bytes + 1)));
    report("labels, aligned", declutter_engine_set_labels(engine, labels, 2));

    /* Numbers past f32, named as given. */
    DeclutterOptions options;
    declutter_options_default(&options);
    options.max_overlap_area = 1e300;
    report("options, overlap 1e300", declutter_engine_set_options(engine, &options));
    DeclutterScreenLabel screen;
    memset(&screen, 0, sizeof screen);
    screen.width = 10;
    screen.height = 10;
    DeclutterPlacement placement;
    DeclutterBatch batch;
    memset(&batch, 0, sizeof batch);
    batch.labels = &screen;
    batch.count = 1;
    batch.options.has_viewport = 1;
    batch.options.viewport_max_x = 1e300;
    batch.options.viewport_max_y = 100;
    report("batch, viewport 1e300", declutter_place(&batch, &placement, NULL));
    batch.options.has_viewport = 0;
    DeclutterObstacle far = {DECLUTTER_OBSTACLE_CIRCLE, 1e300, 0, 5, 0};
    batch.obstacles = &far;
    batch.obstacle_count = 1;
    report("batch, obstacle at 1e300", declutter_place(&batch, &placement, NULL));
    batch.obstacle_count = 0;

    /* Candidates: the header's limit, 256, is the library's. */
    static DeclutterCandidate candidates[257];
    DeclutterSymbol symbol;
    memset(&symbol, 0, sizeof symbol);
    symbol.candidates = candidates;
    symbol.candidate_count = 256;
    batch.symbols = &symbol;
    report("256 candidates", declutter_place(&batch, &placement, NULL));
    symbol.candidate_count = 257;
    report("257 candidates", declutter_place(&batch, &placement, NULL));

    /* No write before a null-pointer error. */
    DeclutterPoint line[2] = {{100, 128}, {140, 128}};
    double advances[3] = {8, 8, 8};
    DeclutterPath path;
    memset(&path, 0, sizeof path);
    path.points = line;
    path.point_count = 2;
    path.glyph_advances = advances;
    path.glyph_count = 3;
    path.max_angle = 45;
    DeclutterSymbol along;
    memset(&along, 0, sizeof along);
    along.path = &path;
    DeclutterLabel river = world_label(9, 0, 0);
    report("path label", declutter_engine_set_labels_with_symbols(engine, &river, &along, 1));
    DeclutterCamera camera = {120, 128, 2, 0, 0, 800, 600, 0, DECLUTTER_WORLD_PX, 0, 0};
    declutter_engine_set_camera(engine, &camera);
    report("frame", declutter_engine_place_frame(engine, 0, NULL));
    DeclutterGlyphPose poses[3];
    for (int i = 0; i < 3; i++) poses[i].x = poses[i].y = poses[i].angle = -1;
    report("glyphs, null out", declutter_engine_glyphs(engine, 0, poses, 3, NULL));
    printf("poses untouched: %d\n", poses[0].x == -1 && poses[2].angle == -1);
    DeclutterPathLayout layout;
    report("glyphs", declutter_engine_glyphs(engine, 0, poses, 3, &layout));
    printf("laid out: reason %u, poses written: %d\n", layout.reason, poses[0].x != -1);

    /* Threads: RAYON_NUM_THREADS (set by the test to 3000) does not reach the pool. */
    DeclutterFrameStats stats;
    report("frame, stats", declutter_engine_place_frame(engine, 16, &stats));
    printf("threads within the limit: %d\n", thread_count() <= 1024 + 16);
    declutter_engine_free(engine);

    /* Thread teardown. */
    pthread_key_create(&key, on_thread_end);
    pthread_t thread;
    pthread_create(&thread, NULL, thread_main, NULL);
    pthread_join(thread, NULL);
    printf("teardown: status %d\n", (int)teardown_status);
    printf("done\n");
    return 0;
}
