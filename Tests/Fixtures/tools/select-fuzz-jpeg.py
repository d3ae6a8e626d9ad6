#!/usr/bin/env python3
"""Picks Tests/Fixtures/fuzz-jpeg/ out of the AFL corpus (2,996 JPEGs).

    select-fuzz-jpeg.py CORPUS_FOLDER TARGET_FOLDER SQUARECAM FUZZ_BIN_FOLDER

A file is kept when it is one of:
  - the set libFuzzer's merge keeps for FuzzCrop, and the one for FuzzJPEG
    (`-merge=1 -use_counters=0`: every code edge the corpus reaches in our
    instrumented code, CJPEG's C included, is reached by a kept file);
  - the smallest file of each distinct outcome of `squarecam crop` in three
    modes (--size 64, --mode lossless, full size): the same error message,
    digits aside, or success;
  - the ten slowest files (the most time in one of those modes).
FUZZ_BIN_FOLDER holds the fuzzers fuzz/run.sh builds (.build-fuzz/debug).
The slowest files depend on the machine; the rest does not.
"""
import collections
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

MODES = {"size64": ["--size", "64"], "lossless": ["--mode", "lossless"], "full": []}


def outcomes(squarecam: str, files: list[Path], scratch: str) -> dict[str, tuple[tuple[str, ...], float]]:
    """File name → (outcome per mode, slowest mode's seconds)."""
    result = {}
    for path in files:
        messages, slowest = [], 0.0
        for arguments in MODES.values():
            started = time.monotonic()
            run = subprocess.run([squarecam, "crop", "--overwrite", *arguments, "-o", f"{scratch}/out.jpg", str(path)],
                                 capture_output=True, text=True, timeout=120)
            slowest = max(slowest, time.monotonic() - started)
            message = re.sub(r"\d+", "N", run.stderr.replace(str(path), "FILE").strip())
            messages.append(message if run.returncode else "ok")
        result[path.name] = (tuple(messages), slowest)
    return result


def merged(fuzzer: str, corpus: Path, scratch: str) -> set[str]:
    """The names of the files libFuzzer keeps when it merges the corpus by edge coverage."""
    out = Path(tempfile.mkdtemp(dir=scratch))
    subprocess.run([fuzzer, "-merge=1", "-use_counters=0", "-rss_limit_mb=2560", "-malloc_limit_mb=2048",
                    "-timeout=30", str(out), str(corpus)], capture_output=True, check=True,
                   env={**os.environ, "SWIFT_BACKTRACE": "enable=no"})
    by_hash = {hashlib.sha1(path.read_bytes()).hexdigest(): path.name for path in corpus.glob("*.jpg")}
    return {by_hash[path.name] for path in out.iterdir() if path.name in by_hash}


def main() -> None:
    corpus, target, squarecam, fuzz_bin = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3], sys.argv[4]
    files = sorted(corpus.glob("*.jpg"))
    with tempfile.TemporaryDirectory() as scratch:
        keep = merged(f"{fuzz_bin}/FuzzCrop", corpus, scratch) | merged(f"{fuzz_bin}/FuzzJPEG", corpus, scratch)
        seen = outcomes(squarecam, files, scratch)
    groups = collections.defaultdict(list)
    for path in files:
        groups[seen[path.name][0]].append(path)
    keep |= {min(paths, key=lambda p: (p.stat().st_size, p.name)).name for paths in groups.values()}
    keep |= set(sorted(seen, key=lambda name: -seen[name][1])[:10])
    target.mkdir(parents=True, exist_ok=True)
    for name in sorted(keep):
        shutil.copyfile(corpus / name, target / name)
    print(f"{len(keep)} of {len(files)} files, {len(groups)} distinct outcomes")


if __name__ == "__main__":
    main()
