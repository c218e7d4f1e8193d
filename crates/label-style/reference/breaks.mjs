// MapLibre GL JS's own line breaking (src/symbol/tagged_string.ts of the pinned maplibre-gl,
// bundled for node with esbuild) on the texts, advances and widths label-style's
// tests/reference_breaks.rs sends on standard input:
//   {"cases": [{"units": [grapheme…], "advances": [number…], "spacing": s, "max_width": m}]}
// It answers on standard output with each case's lines (trimmed, as shaping trims them), and
// with the code point ranges where MapLibre's character predicates hold:
//   {"lines": [[line…]…], "ranges": {"ideographic": [[lo, hi]…], "whitespace": …, "cursive": …}}
import {readFileSync} from 'node:fs';
import {maplibre} from './maplibre.mjs';

const mod = await maplibre({
    TaggedString: 'src/symbol/tagged_string.ts',
    codePointAllowsIdeographicBreaking: 'src/util/unicode_properties.g.ts',
    codePointIsInCursiveScript: 'src/util/unicode_properties.g.ts',
    charIsWhitespace: 'src/util/script_detection.ts',
});

function ranges(predicate) {
    const out = [];
    for (let c = 0; c <= 0x10FFFF; c++) {
        if (c >= 0xD800 && c <= 0xDFFF) continue;  // not characters
        if (!predicate(c)) continue;
        const last = out[out.length - 1];
        if (last && (last[1] === c - 1 || (last[1] === 0xD7FF && c === 0xE000))) last[1] = c;
        else out.push([c, c]);
    }
    return out;
}

const input = JSON.parse(readFileSync(0, 'utf8'));
const lines = input.cases.map(({units, advances, spacing, max_width: maxWidth}) => {
    const text = new mod.TaggedString();
    text.addTextSection({text: units.join(''), scale: null, fontStack: null}, 'f');
    const graphemes = text.graphemes();
    if (graphemes.length !== units.length || graphemes.some((g, i) => g !== units[i])) {
        return {segmentation: graphemes};
    }
    const glyphs = {};
    units.forEach((unit, i) => { glyphs[unit] = {metrics: {advance: advances[i]}}; });
    const breaks = text.determineLineBreaks(spacing, maxWidth, {f: {default: glyphs}}, {}, 24);
    const out = [];
    let start = 0;
    for (const end of breaks) {
        const line = text.substring(start, end);
        line.trim();
        out.push(line.toString());
        start = end;
    }
    return out;
});
process.stdout.write(JSON.stringify({
    lines,
    ranges: {
        ideographic: ranges(mod.codePointAllowsIdeographicBreaking),
        whitespace: ranges(mod.charIsWhitespace),
        cursive: ranges(mod.codePointIsInCursiveScript),
    },
}));
