#!/usr/bin/env python3
"""Where a batch check's CPU goes, by stage: reads `perf script` output (call graphs) on
standard input and charges each sample to the innermost frame that names a stage below.

    perf script -i perf.data | tests/bench/stages.py MS_PER_SAMPLE RUNS

prints each stage's milliseconds a run (samples x MS_PER_SAMPLE / RUNS) and share. The stages
are the pipeline's modules (ARCHITECTURE.md): a frame's symbol holding the marker belongs to
that stage; a sample with no such frame is "the rest" (process start, the allocator outside any
stage, rayon's own work).
"""
import collections
import sys

# (stage, marker in a frame's symbol), innermost frame first, so that a search a zone calls
# counts as zones, and the JSON reader inside the scenario's stages counts as reading.
STAGES = [
    ("JSON value and model (json_fast)", "json_fast"),
    ("schema check", "pipeline::schema::"),
    ("kind and game (detect)", "parse::detect::"),
    ("old spellings (migrate)", "pipeline::migrate::"),
    ("map resolution", "pipeline::maps::"),
    ("playability", "check::playability"),
    ("playability", "saber_schema::queries::"),
    ("zone compilation", "pipeline::zones"),
    ("other check families", "saber_schema::check::"),
    ("locating findings", "pipeline::finish"),
    ("locating findings", "pipeline::locate"),
    ("proofs of fixes", "pipeline::prove"),
    ("reading files", "pipeline::read::read_regular"),
    ("reading files", "Source::from_bytes"),
    ("reading files", "pipeline::batch::"),
    ("walking folders", "pipeline::read::collect_with"),
    ("walking folders", "pipeline::read::walk"),
    ("output", "saberc::report"),
    ("other pipeline stages", "saber_schema::pipeline"),
    ("other saberc", "saberc::"),
]


def stage_of(frames):
    for frame in frames:
        for stage, marker in STAGES:
            if marker in frame:
                return stage
    return "the rest"


def main():
    ms = float(sys.argv[1]) if len(sys.argv) > 1 else 0.25
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    counts = collections.Counter()
    total = 0
    frames = []

    def flush():
        nonlocal total
        # The first line of a sample is its header; the frames follow, innermost first.
        if len(frames) > 1:
            total += 1
            counts[stage_of(frames[1:])] += 1
        frames.clear()

    for line in sys.stdin:
        if line.strip():
            frames.append(line.strip())
        else:
            flush()
    flush()
    if not total:
        sys.exit("no samples read")
    print(f"{'stage':<36} {'ms a run':>9} {'share':>7}")
    for stage, n in counts.most_common():
        print(f"{stage:<36} {n * ms / runs:9.1f} {100 * n / total:6.1f}%")
    print(f"{'a run':<36} {total * ms / runs:9.1f}")


main()
