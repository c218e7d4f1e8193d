"""A planet of labels on Dask distributed: every zoom of a range placed as if the world at
that zoom were one screen, deciding exactly what :func:`declutter.place` decides on one
machine (the same shown labels, the same ``hidden_by``).

How (the Rust side is crates/label-planet; its module doc has the argument):

1. The labels sit on the workers in *parts*: runs of rows compact on the map (a k-d split of
   the anchors, :func:`spatial_parts`), consecutive parts on the same worker; each row keeps its
   global index (its input position). A part holds its anchors in world pixels at zoom 0 (at
   zoom z they are these times ``2^z``, the same bits as projecting again) and each label's
   *radius* (label_planet::radius: how far its box reaches from its anchor, at any zoom).
2. Per zoom, the *regions* are runs of consecutive parts: by default one per worker, the parts
   it holds, so that a region's own labels never move. With more than one region, the client
   computes each region's *reach* (a box holding every box of its labels) from each part's
   anchor extent and largest radius, and each part picks, by anchor and radius, its labels
   *near* each other region (those whose box may meet the region's reach).
3. Each region task runs round 0 in one native call: its parts and the near labels of other
   regions, undecided, decided in placement order; a label whose earliest earlier colliding,
   not hidden label is undecided waits, with the list of earlier labels that may hide it. The
   labels that no foreign label reaches, even through a chain of own labels, are decided by
   the core's ``place`` of the region's labels alone; only the others walk with the foreign
   labels.
4. Settling: the client gathers the regions' states and waiting lists, merges the lists and
   walks them once in placement order, which decides them all. With ``max_rounds``, rounds on
   the workers go first: every region with waiting labels walks them again, given the states
   (decided before the round) of the labels their lists name, until a round decides less than
   a quarter of them.
5. Zooms in flight (:meth:`Planet.place_zooms`): the tasks of several zooms are submitted at
   once, the near labels' ahead of the regions', so that no worker waits for the client or
   for the other worker's region of an earlier zoom.

Only small things cross the network after step 1: near labels (those within a label's reach of
a region's edge), states and waiting lists. The client holds one int64 state per label and
zoom it asks for (the result). A zoom costs two tasks per region (its near labels and its walk)
with more than one region, one without.
"""

import json
import os
import time
from collections import deque
from dataclasses import dataclass, field

import numpy as np

from . import _native
from ._columns import columns, take
from .geo import world_pixels

#: State codes (label_planet::State::code): >= 0 is the global index of the hiding label.
PLACED = -1
OFFSCREEN = -2
WAITING = -3


@dataclass
class ZoomStats:
    """How one zoom went."""

    zoom: int
    labels: int
    regions: int
    #: Labels received by regions from other regions (the halo).
    near: int = 0
    waited: int = 0
    rounds: int = 0
    merged: int = 0
    #: Seconds in each step (wall clock on the client): ``round0`` from the zoom's submission to
    #: its regions' results (other zooms in flight meanwhile), ``settle`` deciding its waiting
    #: labels.
    seconds: dict = field(default_factory=dict)
    #: Per region, the CPU seconds of its worker's process over its round-0 task.
    region_cpu: list = field(default_factory=list)


#: The columns that make a label's box: a ``transform`` must leave them as they are (the near
#: labels are picked from anchors and radii computed once).
GEOMETRY = ("x", "y", "width", "height", "angle", "anchor", "offset_x", "offset_y", "padding")


def _at_zoom(part, zoom, transform):
    """A part's columns at ``zoom``: anchors in world px (the zoom-0 ones times ``2^zoom``, the
    same bits as :func:`declutter.geo.world_pixels` at ``zoom``), after the transform."""
    scale = 2.0 ** zoom
    cols = dict(part["cols"], x=part["x0"] * scale, y=part["y0"] * scale)
    if transform is None:
        return cols
    out = transform(cols, part["gids"])
    changed = [k for k in GEOMETRY if out[k] is not cols[k] and not np.array_equal(out[k], cols[k])]
    if changed:
        raise ValueError(f"transform: may change priorities and flags, not the boxes' columns (anchors and shapes) {changed}")
    return out


def _near_part(part, reach, mine, zoom, transform):
    """A part's labels near each other region, by region: those whose box may meet the region's
    reach (``x0, y0, x1, y1``), judged by anchor and radius (label_planet::may_meet)."""
    others = [r for r in range(len(reach)) if r != mine]
    rows = _native.near_rows(part["x0"], part["y0"], part["rx"], part["ry"], zoom, [tuple(reach[r]) for r in others])
    out, cols = {}, None
    for r, near in zip(others, rows):
        if len(near):
            cols = _at_zoom(part, zoom, transform) if cols is None else cols
            out[r] = (take(cols, near), np.ascontiguousarray(part["gids"][near]))
    return out


def _near(parts, reach, mine, zoom, transform):
    """Region ``mine``'s labels near each other region: per region, a list of pieces (columns
    at ``zoom``, global indices), one per part that has some."""
    out = {}
    for part in parts:
        for r, piece in _near_part(part, reach, mine, zoom, transform).items():
            out.setdefault(r, []).append(piece)
    return out


def _region(r, parts, nears, zoom, area, transform):
    """Round 0 of region ``r``, in one native call: its parts walked with the labels of other
    regions near it. Also returns the CPU seconds of the worker's process over the task."""
    t = time.process_time()
    own = [(_at_zoom(p, zoom, transform), p["gids"]) for p in parts]
    near = [piece for n in nears for piece in n.get(r, ())]
    codes, waiting = _native.decide_parts(own, near, zoom, area)
    return {"codes": codes, "waiting": waiting, "near": sum(len(g) for _, g in near), "cpu": time.process_time() - t}


def _resolve(waiting, known_gids, known_codes):
    """One round of a region's waiting labels (label_planet::Waiting::resolve)."""
    dg, dc, still = _native.resolve(*waiting, known_gids, known_codes)
    return (dg, dc), still


def resolve_all(waitings, state):
    """Decides every label of the merged waiting lists in one walk, given the global states."""
    merged = _native.merge([tuple(w) for w in waitings])
    known = np.unique(merged[3]).astype(np.uint32)
    dg, dc, still = _native.resolve(*merged, known, state[known])
    assert len(still[0]) == 0, "one walk in placement order decides every waiting label"
    return dg, dc


#: Least side of a region, world px, about: large against labels (tens to hundreds of px), so
#: that few labels lie within reach of a region's edge and wait. Zooms whose world is smaller
#: than two such regions are placed as one region.
REGION_PX = 4096


def auto_regions(zoom, workers=1, parts=1, region_px=REGION_PX):
    """One region per worker (each the parts that worker holds), but no more than the parts,
    and no more than regions of about ``region_px`` a side fit in the world at ``zoom``: one
    region up to zoom 4 (the world is 4096 px wide there)."""
    side = 256.0 * 2.0**zoom
    return int(max(1, min(workers, parts, (side // region_px) ** 2)))


def spatial_parts(lon, lat, parts):
    """Rows split into ``parts`` runs of about equal length that are compact on the map: a
    k-d split of the Web Mercator anchors (the wider side of each block cut at the row that
    gives each half its share of the parts). Part ``k`` and ``k + 1`` are neighbours in the
    split's order, so consecutive parts make compact regions."""
    x, y = world_pixels(lon, lat, 0)
    out = []

    def cut(rows, k):
        if k == 1 or len(rows) <= 1:
            out.append(np.sort(rows).astype(np.uint32))
            out.extend(np.zeros(0, dtype=np.uint32) for _ in range(k - 1))
            return
        left = k // 2
        xs, ys = x[rows], y[rows]
        v = xs if xs.max() - xs.min() >= ys.max() - ys.min() else ys
        at = len(rows) * left // k
        order = np.argsort(v, kind="stable")
        cut(rows[order[:at]], left)
        cut(rows[order[at:]], k - left)

    cut(np.arange(len(lon)), max(1, parts))
    return out


class Planet:
    """A label set scattered over a Dask cluster, ready to be placed zoom by zoom.

    ``lon``, ``lat``: anchor points (degrees); ``cols``: the other columns as
    :func:`declutter.place` takes them (width, height, priority, …; ``x``/``y`` are filled per
    zoom). ``parts``: how many pieces to scatter the labels in (default: one per worker),
    compact on the map (:func:`spatial_parts`) unless ``shuffle_seed`` is given: then random
    rows (any split: the result never depends on it). Consecutive parts go to the same worker.
    """

    def __init__(self, client, lon, lat, parts=None, shuffle_seed=None, **cols):
        self.client = client
        lon = np.ascontiguousarray(lon, dtype=np.float64)
        lat = np.ascontiguousarray(lat, dtype=np.float64)
        n = len(lon)
        full = columns(x=np.zeros(n), y=np.zeros(n), **cols)
        workers = sorted(client.scheduler_info()["workers"])
        self.workers = max(1, len(workers))
        parts = max(1, int(parts or self.workers))
        if shuffle_seed is None:
            pieces = spatial_parts(lon, lat, parts)
        else:
            order = np.random.default_rng(shuffle_seed).permutation(n).astype(np.uint32)
            pieces = np.array_split(order, parts)
        self.n = n
        self.levels = np.unique(full["priority"])
        self.part_gids = [np.ascontiguousarray(p, dtype=np.uint32) for p in pieces]
        x0, y0 = world_pixels(lon, lat, 0)
        rx, ry = _native.radii(full)
        geometry = {k: v for k, v in full.items() if k not in ("x", "y")}
        data = [{"cols": take(geometry, p), "x0": x0[p], "y0": y0[p], "rx": rx[p], "ry": ry[p], "gids": p}
                for p in self.part_gids]
        # Per part, what bounds its boxes at every zoom: its anchors' extent at zoom 0 and its
        # largest radii (a region's reach is its parts' extent times 2^zoom, grown by these).
        self.extents = np.array([[np.min(x0[p], initial=np.inf), np.min(y0[p], initial=np.inf),
                                  np.max(x0[p], initial=-np.inf), np.max(y0[p], initial=-np.inf),
                                  np.nanmax(rx[p], initial=0.0), np.nanmax(ry[p], initial=0.0)]
                                 for p in self.part_gids])
        self.parts, self.holders = [], []
        for w, address in enumerate(workers or [None]):
            mine = data[w * parts // self.workers:(w + 1) * parts // self.workers]
            if mine:
                # Keys of their own (not the data's hash): a planet of the same labels scattered
                # while this one is released must not lose its parts with this one's.
                self.parts += client.scatter(mine, workers=None if address is None else [address], hash=False)
                self.holders += [address] * len(mine)

    def _where(self, group):
        """Where a region's tasks run: the worker holding most of its parts. Without this, Dask
        may move a queued region task to an idle worker, copying the region's parts there (a
        hundred bytes a label) to save less time than the copy takes."""
        held = [self.holders[i] for i in group if self.holders[i] is not None]
        return {"workers": [max(held, key=held.count)]} if held else {}

    def _reaches(self, groups, zoom):
        """Each region's reach at ``zoom`` (``x0, y0, x1, y1``; NaN for a region without
        labels): a box that every box of its labels lies in (label_planet::reach_of_anchors)."""
        scale = 2.0 ** zoom
        out = []
        for g in groups:
            e = self.extents[list(g)]
            lo, hi = e[:, 0:2].min(axis=0) * scale, e[:, 2:4].max(axis=0) * scale
            if not np.isfinite(lo).all() or not np.isfinite(hi).all():
                out.append([np.nan] * 4)
                continue
            out.append(_native.reach_of_anchors(*lo, *hi, *e[:, 4:6].max(axis=0)))
        return np.array(out, dtype=np.float64)

    def _submit(self, zoom, regions, max_overlap_area, transform):
        """Submits round 0 of ``zoom``: the near labels (one task per region, ahead of every
        region task already queued) and the region tasks. Returns what :meth:`_settle` needs."""
        c = self.client
        zoom = int(zoom)
        p = len(self.parts)
        count = auto_regions(zoom, self.workers, p) if regions is None else int(regions)
        if not 1 <= count <= p:
            raise ValueError(f"regions: expected 1 to {p} (one part at least each), got {regions}")
        area = float(max_overlap_area)
        stats = ZoomStats(zoom=zoom, labels=self.n, regions=count)
        groups = [range(k * p // count, (k + 1) * p // count) for k in range(count)]
        start = time.perf_counter()
        nears = []
        if count > 1:
            reach = self._reaches(groups, zoom)
            nears = [c.submit(_near, [self.parts[i] for i in g], reach, k, zoom, transform, pure=False, priority=1,
                              **self._where(g)) for k, g in enumerate(groups)]
        tasks = [c.submit(_region, k, [self.parts[i] for i in g], nears, zoom, area, transform, pure=False,
                          **self._where(g)) for k, g in enumerate(groups)]
        return stats, groups, tasks, start

    def _settle(self, submitted, max_rounds):
        """Gathers round 0 of a zoom submitted by :meth:`_submit` and decides its waiting labels:
        up to ``max_rounds`` rounds on the workers (one round trip each), then the rest in one
        walk on the client. Returns the states and the :class:`ZoomStats`."""
        stats, groups, tasks, start = submitted
        c = self.client
        state = np.full(self.n, WAITING, dtype=np.int64)
        waitings = []
        for g, result in zip(groups, c.gather(tasks)):
            state[np.concatenate([self.part_gids[i] for i in g])] = result["codes"]
            stats.near += result["near"]
            stats.region_cpu.append(result["cpu"])
            waitings.append(result["waiting"])
        for task in tasks:
            task.release()
        stats.seconds["round0"] = time.perf_counter() - start
        t = time.perf_counter()
        left = stats.waited = sum(len(w[0]) for w in waitings)
        while left and stats.rounds < max_rounds:
            waitings = [w for w in waitings if len(w[0])]
            known = [np.unique(w[3]).astype(np.uint32) for w in waitings]
            rounds = c.gather([c.submit(_resolve, w, k, state[k], pure=False, priority=2)
                               for w, k in zip(waitings, known)])
            for (dg, dc), _ in rounds:
                state[dg] = dc
            waitings = [still for _, still in rounds]
            before, left = left, sum(len(w[0]) for w in waitings)
            stats.rounds += 1
            if left * 4 > before * 3:
                break
        if left:
            stats.merged = left
            dg, dc = resolve_all([w for w in waitings if len(w[0])], state)
            state[dg] = dc
        stats.seconds["settle"] = time.perf_counter() - t
        assert not (state == WAITING).any()
        return state, stats

    def place_zoom(self, zoom, regions=None, max_rounds=0, max_overlap_area=0.0, transform=None):
        """The state code of every label at ``zoom`` (see :data:`PLACED`, :data:`OFFSCREEN`;
        ``>= 0``: hidden by that label), and the :class:`ZoomStats`. ``regions``: how many
        regions, each a run of consecutive parts (by default :func:`auto_regions`: one per
        worker). ``max_rounds``: rounds of the waiting labels on the workers before the client
        decides the rest in one walk (default none: they are few, 0.01–0.2% of the labels on
        the synthetic planet). ``transform(cols, gids)`` may rewrite a part's priorities and
        flags first (the monotone variant does); changing a column of :data:`GEOMETRY`
        (anchors, sizes, angles, offsets, padding) raises ``ValueError``."""
        return self._settle(self._submit(zoom, regions, max_overlap_area, transform), max_rounds)

    def place_zooms(self, zooms, regions=None, max_rounds=0, max_overlap_area=0.0, ahead=4):
        """Yields ``(state, stats)`` for each zoom of ``zooms``, in their order, as
        :meth:`place_zoom` would return them, with up to ``ahead`` zooms in flight: their
        near-label and region tasks are all submitted, so that a worker goes on with the next
        zoom's region while the other finishes a zoom and the client decides its waiting labels.
        Memory: besides the parts, the workers hold the results of the zooms in flight (an int64
        state per label each, and their small near labels and waiting lists) until the client
        gathers them; the client holds the states only of the zoom it yields."""
        ahead = max(1, int(ahead))
        in_flight = deque()
        for z in zooms:
            in_flight.append(self._submit(z, regions, max_overlap_area, None))
            if len(in_flight) >= ahead:
                yield self._settle(in_flight.popleft(), max_rounds)
        while in_flight:
            yield self._settle(in_flight.popleft(), max_rounds)


def single_machine(lon, lat, zoom, max_overlap_area=0.0, **cols):
    """The reference: :func:`declutter.place` of every label on the world at ``zoom`` as one
    screen, as state codes."""
    x, y = world_pixels(lon, lat, zoom)
    side = 256.0 * 2.0 ** int(zoom)
    from ._place import place

    p = place(x=x, y=y, viewport=(0.0, 0.0, side, side), max_overlap_area=max_overlap_area, **cols)
    return codes_of(p)


def codes_of(placement):
    """State codes of a :class:`declutter.Placement`."""
    codes = placement.hidden_by.astype(np.int64)
    codes[placement.visible] = PLACED
    codes[placement.reason == "offscreen"] = OFFSCREEN
    return codes


def monotone_transform(shown_before, levels):
    """The columns transform of the monotone variant at one zoom: labels in ``shown_before``
    (a bool per global index) are placed first, in their usual order, with ``allow_overlap``;
    the others after them, in their usual order. ``levels``: every priority value, ascending."""
    kept_offset = float(len(levels))

    def transform(cols, gids):
        cols = dict(cols)
        kept = shown_before[gids]
        rank = np.searchsorted(levels, cols["priority"]).astype(np.float64)
        cols["priority"] = np.ascontiguousarray(rank + kept_offset * kept)
        cols["allow_overlap"] = np.ascontiguousarray(cols["allow_overlap"] | kept)
        return cols

    return transform


@dataclass
class PyramidResult:
    """What :func:`place_zooms` found."""

    zooms: list
    #: Per label, the first zoom of the range at which it is shown; -1 if never.
    first_zoom: np.ndarray
    #: states[z] is the state codes at zoom z (when ``keep_states``).
    states: dict
    stats: list
    #: Per zoom z (but the last): labels shown at z and hidden at z + 1.
    dropped: dict


def place_zooms(planet, zooms, regions=None, max_rounds=0, monotone=False, keep_states=True, max_overlap_area=0.0,
                ahead=4):
    """Places every zoom of ``zooms`` (ascending) on the cluster: per label its first zoom
    shown, and per zoom how many labels shown there are hidden one zoom in. Up to ``ahead``
    zooms are in flight together (:meth:`Planet.place_zooms`).

    ``monotone=True`` is the variant in which a label shown at a zoom stays shown at every
    higher zoom of the range: at each zoom after the first, the labels shown at the zoom
    before are placed first (in their usual order) and shown even where they collide
    (``allow_overlap``); the others are placed after them by the usual rule. Each zoom then
    needs the one before: they run one after the other.
    """
    zooms = sorted(int(z) for z in zooms)
    first = np.full(planet.n, -1, dtype=np.int64)
    states, stats, dropped = {}, [], {}
    shown_before, prev = None, None
    options = dict(regions=regions, max_rounds=max_rounds, max_overlap_area=max_overlap_area)
    placed = _monotone(planet, zooms, options) if monotone else planet.place_zooms(zooms, ahead=ahead, **options)
    for state, st in placed:
        z = st.zoom
        shown = state == PLACED
        first[(first < 0) & shown] = z
        if shown_before is not None:
            dropped[prev] = int((shown_before & ~shown).sum())
        shown_before, prev = shown, z
        if keep_states:
            states[z] = state
        stats.append(st)
    return PyramidResult(zooms=zooms, first_zoom=first, states=states, stats=stats, dropped=dropped)


def _monotone(planet, zooms, options):
    """The monotone variant's zooms, one after the other (each transformed by the one before)."""
    shown_before = None
    for z in zooms:
        transform = None if shown_before is None else monotone_transform(shown_before, planet.levels)
        state, st = planet.place_zoom(z, transform=transform, **options)
        shown_before = state == PLACED
        yield state, st


def single_machine_zooms(lon, lat, zooms, monotone=False, **cols):
    """:func:`place_zooms` on one machine with :func:`declutter.place` (the reference)."""
    zooms = sorted(int(z) for z in zooms)
    n = len(lon)
    full = columns(x=np.zeros(n), y=np.zeros(n), **cols)
    levels = np.unique(full["priority"])
    gids = np.arange(n, dtype=np.uint32)
    states, shown_before = {}, None
    for z in zooms:
        c = dict(full)
        if monotone and shown_before is not None:
            c = monotone_transform(shown_before, levels)(c, gids)
        c.pop("x"), c.pop("y")
        states[z] = single_machine(lon, lat, z, **c)
        shown_before = states[z] == PLACED
    return states


def read_labels(path, *, text="name", priority=None, priority_order="descending", font_size=12.0):
    """A label set from a GeoParquet (``.parquet``) or GeoJSON file: anchor points (a point's
    own; a MultiPoint's first; any other geometry's representative point), text measured in the
    bundled font, and a priority column (``priority_order="ascending"`` for ranks such as
    ``scalerank``; rows without one rank below all others). Rows without text or geometry are
    dropped. Returns ``(frame, lon, lat, cols)``: the rows kept and the job's inputs."""
    import geopandas

    from .geo import _text, measure_text, priorities

    path = str(path)
    gdf = geopandas.read_parquet(path) if path.endswith(".parquet") else geopandas.read_file(path)
    if gdf.crs is not None and not gdf.crs.equals("EPSG:4326"):
        gdf = gdf.to_crs("EPSG:4326")
    texts = [_text(t) for t in gdf[text]] if text in gdf.columns else [None] * len(gdf)
    keep = np.array([t is not None and g is not None and not g.is_empty for t, g in zip(texts, gdf.geometry)], dtype=bool)
    gdf = gdf[keep]
    texts = [t for t, k in zip(texts, keep) if k]
    points = [g if g.geom_type == "Point" else g.geoms[0] if g.geom_type == "MultiPoint" else g.representative_point()
              for g in gdf.geometry]
    lon = np.array([p.x for p in points])
    lat = np.array([p.y for p in points])
    width, height = measure_text(texts, font_size)
    return gdf, lon, lat, dict(width=width, height=height, priority=priorities(gdf, priority, priority_order))


def _tile_part(part, props, shown, first, zoom, groups):
    """A part's shown labels at ``zoom`` cut into tiles (label-tiles' cover, as ``declutter
    tiles`` cuts them), split into ``groups`` by tile: per group, the (label, tile) pairs with
    what the tile needs of the label."""
    cols = take(_at_zoom(part, zoom, None), shown)
    rows, tx, ty, column = _native.tile_cover(cols, zoom)
    group = (ty.astype(np.int64) * (1 << zoom) + tx) % groups
    texts, ids = props["texts"], props["ids"]
    kept = np.flatnonzero(shown)
    out = []
    for g in range(groups):
        pick = group == g
        r = rows[pick]
        labels = kept[r]
        out.append({
            "cols": take(cols, r), "gids": part["gids"][labels], "feature": props["feature"][labels],
            "first": first[labels], "tx": tx[pick], "ty": ty[pick], "column": column[pick],
            "texts": [texts[k] for k in labels], "ids": [ids[k] for k in labels],
        })
    return out


def _write_group(pieces, zoom, size, out_dir):
    """One group's tiles: each tile's labels in input order (global index), encoded as MVT
    (``declutter tiles``' encoder), written as ``out_dir/z/x/y.pbf`` (when given) and returned
    gzip-compressed with their PMTiles tile ids."""
    import gzip

    from pmtiles.tile import zxy_to_tileid

    pieces = [p for p in pieces if len(p["gids"])]
    if not pieces:
        return [], 0
    cols = {k: np.concatenate([p["cols"][k] for p in pieces]) for k in pieces[0]["cols"]}
    flat = {k: np.concatenate([p[k] for p in pieces]) for k in ("gids", "feature", "first", "tx", "ty", "column")}
    texts = [t for p in pieces for t in p["texts"]]
    ids = [i for p in pieces for i in p["ids"]]
    order = np.lexsort((flat["gids"], flat["ty"], flat["tx"]))
    keys = np.stack([flat["tx"][order], flat["ty"][order]], axis=1)
    starts = np.flatnonzero(np.r_[True, (keys[1:] != keys[:-1]).any(axis=1)])
    archive, written = [], 0
    for a, b in zip(starts, np.r_[starts[1:], len(order)]):
        rows = order[a:b]
        x, y = int(flat["tx"][rows[0]]), int(flat["ty"][rows[0]])
        data = _native.encode_tile(y, take(cols, rows), flat["feature"][rows].astype(np.uint64),
                                   [ids[k] for k in rows], [texts[k] for k in rows], np.full(len(rows), size),
                                   flat["first"][rows], flat["column"][rows])
        if out_dir is not None:
            folder = os.path.join(out_dir, str(zoom), str(x))
            os.makedirs(folder, exist_ok=True)
            with open(os.path.join(folder, f"{y}.pbf"), "wb") as f:
                f.write(data)
        archive.append((zxy_to_tileid(zoom, x, y), gzip.compress(data, mtime=0)))
        written += 1
    return archive, written


@dataclass
class TilesResult:
    """What :func:`write_tiles` wrote."""

    zooms: list
    #: Per label, the first zoom of the range at which it is shown; -1 if never.
    first_zoom: np.ndarray
    #: Per zoom: labels shown, tiles written.
    shown: dict
    tiles: dict
    #: Per zoom: seconds waiting for its placement (:meth:`Planet.place_zooms`, later zooms in
    #: flight meanwhile) and cutting, encoding and writing.
    place_seconds: dict
    write_seconds: dict


def write_tiles(planet, zooms, texts, out_dir=None, pmtiles=None, *, ids=None, feature=None, font_size=12.0,
                groups=None, regions=None, max_rounds=0, ahead=4, overwrite=False):
    """Places every zoom of ``zooms`` on the cluster as :meth:`Planet.place_zooms` does (exactly
    :func:`declutter.place` of the world at that zoom as one screen) and writes its shown labels
    as label tiles, as ``declutter tiles`` writes them: Mapbox Vector Tiles with a ``labels``
    layer, each label in the tile under its anchor and every tile its box overlaps, with the
    same properties (``id``, ``feature``, ``text``, ``size``, ``anchor``, ``offset_x``,
    ``offset_y``, ``angle``, ``first_zoom``) — the same bytes for the same labels.

    ``texts``: each label's text; ``ids``: each label's id (an int or a str; default: its
    ``feature``); ``feature``: each label's position in the input (default: its row);
    ``font_size``: the ``size`` property. ``out_dir``: a ``z/x/y.pbf`` folder, written by the
    workers (so a folder every worker can reach: a local cluster, or a shared file system);
    ``pmtiles``: a PMTiles v3 archive (gzip-compressed tiles), written by the client from the
    tiles the workers encode. Outputs that exist are refused unless ``overwrite``; both are
    built beside their target and moved over it once complete. ``groups``: how many writer
    tasks per zoom (default: 4 per worker); tiles are split among them by position. ``ahead``:
    zooms placed in flight together (:meth:`Planet.place_zooms`).

    Per zoom, the parts cut their shown labels into tiles and the writer tasks encode and
    write them; the client holds the state of every label, and the archive's directory.
    """
    import shutil
    import tempfile

    c = planet.client
    zooms = sorted(int(z) for z in zooms)
    if not zooms or zooms[0] < 0 or zooms[-1] > 24:
        raise ValueError(f"zooms: expected zooms from 0 to 24, got {zooms}")
    if out_dir is None and pmtiles is None:
        raise ValueError("no output: give out_dir or pmtiles")
    for target in (out_dir, pmtiles):
        if target is not None and os.path.lexists(target) and not overwrite:
            raise FileExistsError(f"{target} exists (overwrite=True replaces it)")
    n = planet.n
    texts = list(texts)
    feature = np.arange(n, dtype=np.uint64) if feature is None else np.asarray(feature, dtype=np.uint64)
    ids = [int(f) for f in feature] if ids is None else [i if isinstance(i, str) else int(i) for i in ids]
    if not (len(texts) == len(feature) == len(ids) == n):
        raise ValueError(f"{n} labels but {len(texts)} texts, {len(ids)} ids, {len(feature)} feature positions")
    groups = int(groups or 4 * planet.workers)
    part_gids = planet.part_gids
    props = c.scatter([{"texts": [texts[g] for g in gids], "ids": [ids[g] for g in gids], "feature": feature[gids]}
                       for gids in part_gids], hash=False)
    temp_dir = None
    if out_dir is not None:
        out_dir = os.path.abspath(out_dir)
        temp_dir = tempfile.mkdtemp(prefix=".declutter-tiles-", dir=os.path.dirname(out_dir))
        os.chmod(temp_dir, 0o755)  # an ordinary folder once moved, not mkdtemp's private one
    archive, temp_file = None, None
    if pmtiles is not None:
        from pmtiles.writer import Writer

        pmtiles = os.path.abspath(pmtiles)
        handle, temp_file = tempfile.mkstemp(prefix=".declutter-tiles-", dir=os.path.dirname(pmtiles))
        os.chmod(temp_file, 0o644)
        archive_file = os.fdopen(handle, "wb")
        archive = Writer(archive_file)
    first = np.full(n, -1, dtype=np.int64)
    result = TilesResult(zooms=zooms, first_zoom=first, shown={}, tiles={}, place_seconds={}, write_seconds={})
    try:
        t = time.perf_counter()
        for state, st in planet.place_zooms(zooms, regions=regions, max_rounds=max_rounds, ahead=ahead):
            z = st.zoom
            shown = state == PLACED
            first[(first < 0) & shown] = z
            result.place_seconds[z] = time.perf_counter() - t
            t = time.perf_counter()
            cut = [c.submit(_tile_part, p, q, shown[g], first[g], z, groups, pure=False)
                   for p, q, g in zip(planet.parts, props, part_gids)]
            writers = [c.submit(_write_group, [c.submit(lambda pieces, k=k: pieces[k], piece) for piece in cut], z,
                                float(font_size), temp_dir, pure=False) for k in range(groups)]
            count = 0
            for future in writers:
                tiles, written = future.result()
                count += written
                if archive is not None:
                    for tile_id, data in tiles:
                        archive.write_tile(tile_id, data)
                future.release()
            result.write_seconds[z] = time.perf_counter() - t
            result.shown[z], result.tiles[z] = int(shown.sum()), count
            t = time.perf_counter()
        metadata = {"name": "declutter.planet", "format": "pbf", "generator": "declutter tiles", "minzoom": zooms[0],
                    "maxzoom": zooms[-1], "vector_layers": [{"id": "labels", "minzoom": zooms[0], "maxzoom": zooms[-1]}]}
        if temp_dir is not None:
            with open(os.path.join(temp_dir, "metadata.json"), "w") as f:
                json.dump(metadata, f, indent=2)
            if os.path.isdir(out_dir):
                shutil.rmtree(out_dir)
            os.replace(temp_dir, out_dir)
            temp_dir = None
        if archive is not None:
            _finish_archive(archive, zooms, metadata)
            archive_file.close()
            os.replace(temp_file, pmtiles)
            temp_file = None
    finally:
        if temp_dir is not None:
            shutil.rmtree(temp_dir, ignore_errors=True)
        if temp_file is not None:
            archive_file.close()
            os.unlink(temp_file)
    return result


def _finish_archive(archive, zooms, metadata):
    from pmtiles.tile import Compression, TileType

    if not archive.tile_entries:
        raise ValueError("no label is shown at any zoom: the PMTiles writer cannot write an archive without tiles")
    archive.finalize({
        "tile_type": TileType.MVT, "tile_compression": Compression.GZIP, "min_zoom": zooms[0], "max_zoom": zooms[-1],
        "min_lon_e7": -1_800_000_000, "min_lat_e7": -850_511_287, "max_lon_e7": 1_800_000_000,
        "max_lat_e7": 850_511_287, "center_zoom": zooms[0], "center_lon_e7": 0, "center_lat_e7": 0,
    }, metadata)


def main(argv=None):
    """``python -m declutter.planet INPUT OUTPUT.parquet --zooms 0-14 [--scheduler ADDRESS]``:
    places every zoom and writes, per labelled row of INPUT, ``first_zoom`` and ``visible_z{z}``
    (and the input's columns but the geometry's, as GeoParquet)."""
    import argparse

    ap = argparse.ArgumentParser(prog="python -m declutter.planet", description=main.__doc__.splitlines()[0])
    ap.add_argument("input", help="GeoParquet (.parquet) or GeoJSON")
    ap.add_argument("output", help="GeoParquet to write")
    ap.add_argument("--zooms", default="0-14", help="first-last (default 0-14)")
    ap.add_argument("--scheduler", help="a Dask scheduler's address; default: a local cluster")
    ap.add_argument("--workers", type=int, default=2, help="workers of the local cluster (default 2)")
    ap.add_argument("--parts", type=int, default=0, help="parts to scatter the labels in (default one per worker)")
    ap.add_argument("--text", default="name")
    ap.add_argument("--priority")
    ap.add_argument("--priority-order", default="descending", choices=["descending", "ascending"])
    ap.add_argument("--font-size", type=float, default=12.0)
    ap.add_argument("--monotone", action="store_true", help="once shown, shown at every higher zoom")
    args = ap.parse_args(argv)

    from dask.distributed import Client, LocalCluster

    z0, z1 = (int(v) for v in args.zooms.split("-"))
    gdf, lon, lat, cols = read_labels(args.input, text=args.text, priority=args.priority,
                                      priority_order=args.priority_order, font_size=args.font_size)
    cluster = None
    if args.scheduler:
        client = Client(args.scheduler)
    else:
        cluster = LocalCluster(n_workers=args.workers, threads_per_worker=1, dashboard_address=":0")
        client = Client(cluster)
    try:
        p = Planet(client, lon, lat, parts=args.parts or None, **cols)
        result = place_zooms(p, range(z0, z1 + 1), monotone=args.monotone)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    out = gdf.assign(first_zoom=result.first_zoom,
                     **{f"visible_z{z}": result.states[z] == PLACED for z in result.zooms})
    out.to_parquet(args.output)
    for z in result.zooms[:-1]:
        print(f"zoom {z}: {(result.states[z] == PLACED).sum()} shown, {result.dropped[z]} hidden at zoom {z + 1}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
