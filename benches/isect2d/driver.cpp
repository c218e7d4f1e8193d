// Times isect2d (tangram-es's label collider) on a flat file of labels, placed greedily as
// tangram-es's label manager does: labels sorted by priority descending (input order on ties),
// each label's OBB built in f32, its AABB looked up in isect2d's uniform grid of 256-px cells,
// every AABB hit confirmed by isect2d's SAT (f32, touching counts as a collision); a label with
// no confirmed hit is shown and inserted. Sorting, box building and the pass are timed; reading
// the file is not. Warm: the grid and buffers are reused across rounds, as across frames.
//
// Input (`run.sh` writes it from `declutter generate`): a line `width height n`, then n lines
// `x y width height angle priority` (angle in degrees, counter-clockwise on a y-down screen).
//
//   driver LABELS.txt ROUNDS   ->   "isect2d n N: M ms median of R rounds, S shown"
#include "vec.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <numeric>
#include <vector>

// A 2-vector with the members isect2d's templates ask of V (value_type, x, y, + - *).
struct V2 {
    using value_type = float;
    float x = 0, y = 0;
    V2() = default;
    V2(float x_, float y_) : x(x_), y(y_) {}
    V2 operator+(const V2& b) const { return {x + b.x, y + b.y}; }
    V2 operator-(const V2& b) const { return {x - b.x, y - b.y}; }
    V2 operator*(float s) const { return {x * s, y * s}; }
    float length() const { return std::sqrt(x * x + y * y); }
};
inline bool operator==(const V2& a, const V2& b) { return a.x == b.x && a.y == b.y; }
namespace isect2d {
template <> inline float dot(const V2& a, const V2& b) { return a.x * b.x + a.y * b.y; }
}  // namespace isect2d

#include "isect2d.h"

struct Input {
    float x, y, w, h, angle, priority;
};

int main(int argc, char** argv) {
    if (argc < 3) {
        std::fprintf(stderr, "usage: driver LABELS.txt ROUNDS\n");
        return 2;
    }
    std::ifstream in(argv[1]);
    double width = 0, height = 0;
    size_t n = 0;
    if (!(in >> width >> height >> n)) {
        std::fprintf(stderr, "%s: bad header\n", argv[1]);
        return 1;
    }
    std::vector<Input> labels(n);
    for (size_t i = 0; i < n; ++i) {
        auto& l = labels[i];
        if (!(in >> l.x >> l.y >> l.w >> l.h >> l.angle >> l.priority)) {
            std::fprintf(stderr, "%s: bad label line %zu\n", argv[1], i + 2);
            return 1;
        }
    }
    const int rounds = std::atoi(argv[2]);
    using OBB = isect2d::OBB<V2>;
    isect2d::ISect2D<V2> grid;
    grid.resize(V2(float(width / 256), float(height / 256)), V2(float(width), float(height)));
    std::vector<uint32_t> order(n);
    std::vector<OBB> placed;
    std::vector<double> ms;
    size_t shown = 0;
    for (int r = 0; r < rounds; ++r) {
        auto t0 = std::chrono::steady_clock::now();
        std::iota(order.begin(), order.end(), 0u);
        std::stable_sort(order.begin(), order.end(),
                         [&](uint32_t a, uint32_t b) { return labels[a].priority > labels[b].priority; });
        grid.clear();
        placed.clear();
        shown = 0;
        for (uint32_t i : order) {
            const auto& l = labels[i];
            // isect2d's angle turns the width axis to (cos a, sin a); the contract's reads along
            // (cos θ, −sin θ) on a y-down screen, so a = −θ.
            OBB obb(l.x, l.y, -l.angle * float(M_PI / 180.0), l.w, l.h);
            auto aabb = obb.getExtent();
            bool hit = false;
            grid.intersect(
                aabb,
                [&](const isect2d::AABB<V2>&, const isect2d::AABB<V2>& other) {
                    if (isect2d::intersect(obb, placed[size_t(other.m_userData) - 1])) {
                        hit = true;
                        return false;
                    }
                    return true;
                },
                false);
            if (!hit) {
                placed.push_back(obb);
                aabb.m_userData = reinterpret_cast<void*>(placed.size());
                grid.insert(aabb);
                ++shown;
            }
        }
        auto t1 = std::chrono::steady_clock::now();
        ms.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
    }
    std::sort(ms.begin(), ms.end());
    std::printf("isect2d n %zu: %.3f ms median of %d rounds, %zu shown\n", n, ms.empty() ? 0.0 : ms[ms.size() / 2],
                rounds, shown);
    return 0;
}
