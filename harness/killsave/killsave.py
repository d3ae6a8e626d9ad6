#!/usr/bin/python3
"""Photos and recordings are never lost: SIGKILLs `squarecam shoot` at random
moments, then the app (saving without review, shutter pressed as fast as it
takes it; see appkill.py), over many saves into one folder, then checks what
is left; then `squarecam record` (recordkill.py); then a full disk and
read-only folders.

usage: killsave.py SQUARECAM_BINARY [--saves 1000] [--app-saves 500] [--parallel 4] [--recordings 30]
                   [--camera test:1280x720] [--folder DIR] [--seed N]

The app runs on $DISPLAY, or on a private Xvfb when there is none.

Checks, each a failure when broken:
  - every photo-named file in the folder decodes completely (djpeg, no warning);
  - every shoot that exited 0, and every save the app reported, left its
    photo, complete;
  - temporary files are never named like a photo (.jpg/.jpeg), and stale ones
    (backdated an hour) are removed by the next shoot;
  - the files that were there before are byte-for-byte unchanged, and the
    app changed none of the photos the shoots left;
  - a full disk (small tmpfs) and read-only folders (a read-only mount; mode
    0555 for an unprivileged user) give exit code 6, a message saying why,
    and leave nothing behind.
Needs root for the tmpfs mounts (those checks are skipped otherwise).
Prints the numbers and a closing "N passed, N failed" line.
"""
import argparse
import hashlib
import os
import random
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from appkill import AppTally, XServer, app_kill_test
from recordkill import record_kill_test

EXIT_WRITE_FAILED = 6
PHOTO_SUFFIXES = (".jpg", ".jpeg", ".JPG", ".JPEG")
# Photos from the repository (Tests/Fixtures/SOURCES.md says where they came from).
FIXTURES = Path(__file__).resolve().parents[2] / "Tests" / "Fixtures"

results = {"passed": 0, "failed": 0}


def check(ok: bool, what: str, detail: str = "") -> bool:
    if ok:
        results["passed"] += 1
        print(f"  ok    {what}")
    else:
        results["failed"] += 1
        print(f"  FAIL  {what}{': ' + detail if detail else ''}")
    return ok


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def decodes_completely(path: Path) -> tuple[bool, str]:
    result = subprocess.run(["djpeg", "-outfile", os.devnull, str(path)], capture_output=True)
    message = result.stderr.decode(errors="replace").strip()
    return result.returncode == 0 and not message, message


def shoot_command(binary: str, camera: str, folder: Path) -> list[str]:
    return [binary, "shoot", "--camera", camera, "--output", str(folder)]


def environment() -> dict[str, str]:
    env = dict(os.environ)
    env["SWIFT_BACKTRACE"] = "enable=no"
    return env


def calibrate(binary: str, camera: str, folder: Path, parallel: int) -> float:
    """Median wall time of an uninterrupted shoot under the same load as the
    kill runs (`parallel` at once); checks that shoot works at all."""
    durations = []

    def timed_shoot() -> None:
        started = time.monotonic()
        result = subprocess.run(shoot_command(binary, camera, folder), capture_output=True, env=environment(),
                                timeout=120)
        if result.returncode != 0:
            print(f"killsave: shoot failed before any kill (exit {result.returncode}):\n"
                  f"{result.stderr.decode(errors='replace')}", file=sys.stderr)
            os._exit(1)
        durations.append(time.monotonic() - started)

    with ThreadPoolExecutor(max_workers=parallel) as pool:
        for _ in range(2 * parallel):
            pool.submit(timed_shoot)
    return statistics.median(durations)


class Tally:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.killed = 0
        self.completed = 0
        self.other_exits: dict[int, int] = {}
        self.printed_paths: list[Path] = []


def one_attempt(binary: str, camera: str, folder: Path, typical: float, rng: random.Random, tally: Tally) -> None:
    # Half the kills anywhere in a run, half in its last 40% where the photo
    # is encoded and written.
    if rng.random() < 0.5:
        delay = rng.uniform(0, typical * 1.1)
    else:
        delay = rng.uniform(typical * 0.6, typical * 1.1)
    process = subprocess.Popen(shoot_command(binary, camera, folder), stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, env=environment())
    try:
        process.wait(timeout=delay)
    except subprocess.TimeoutExpired:
        process.send_signal(signal.SIGKILL)
    output = process.stdout.read().decode(errors="replace") if process.stdout else ""
    status = process.wait()
    with tally.lock:
        if status == -signal.SIGKILL:
            tally.killed += 1
        elif status == 0:
            tally.completed += 1
            lines = [line for line in output.splitlines() if line.strip()]
            if lines:
                tally.printed_paths.append(Path(lines[-1].strip()))
        else:
            tally.other_exits[status] = tally.other_exits.get(status, 0) + 1


def seed_existing(folder: Path) -> dict[Path, str]:
    """Files that were there before: they must come through unchanged."""
    existing = []
    for name in ("photos/012mp-bus.jpg", "orientation/Landscape_6.jpg", "libjpeg-turbo/testorig.jpg"):
        source = FIXTURES / name
        target = folder / ("existing-" + source.name)
        shutil.copyfile(source, target)
        existing.append(target)
    notes = folder / "existing-notes.txt"
    notes.write_text("not a photo; must survive unchanged\n")
    existing.append(notes)
    return {path: sha256(path) for path in existing}


def shoot_kills(binary: str, camera: str, folder: Path, saves: int, parallel: int, seed: int) -> Tally:
    print(f"killsave: {saves} shoots with SIGKILL at random moments, {parallel} at a time, into {folder}")
    tally = Tally()
    if saves <= 0:
        return tally
    typical = calibrate(binary, camera, folder, parallel)
    print(f"killsave: an uninterrupted shoot takes {typical:.2f} s with {parallel} at a time (median)")
    rng = random.Random(seed)
    seeds = [rng.randrange(1 << 30) for _ in range(saves)]
    started = time.monotonic()
    with ThreadPoolExecutor(max_workers=parallel) as pool:
        for attempt_seed in seeds:
            pool.submit(one_attempt, binary, camera, folder, typical, random.Random(attempt_seed), tally)
    elapsed = time.monotonic() - started
    print(f"killsave: {saves} shoots in {elapsed:.0f} s: {tally.killed} killed, {tally.completed} finished, "
          f"other exits {tally.other_exits or 'none'}")
    return tally


def app_kills(binary: str, camera: str, folder: Path, scratch: Path, saves: int, seed: int) -> AppTally:
    print(f"killsave: the app, saving without review, killed at random moments until {saves} saves, into {folder}")
    if saves <= 0:
        return AppTally()
    with XServer() as display:
        return app_kill_test(binary, camera, folder, scratch, saves, random.Random(seed + 1), display.display)


def complete_photos(folder: Path) -> dict[Path, str]:
    return {entry: sha256(entry) for entry in folder.iterdir()
            if entry.name.endswith(PHOTO_SUFFIXES) and decodes_completely(entry)[0]}


def kill_test(binary: str, camera: str, folder: Path, scratch: Path, saves: int, app_saves: int, parallel: int,
              seed: int) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    before = seed_existing(folder)
    tally = shoot_kills(binary, camera, folder, saves, parallel, seed)
    # The app must not touch what the shoots left either.
    before_app = complete_photos(folder)
    app = app_kills(binary, camera, folder, scratch, app_saves, seed)

    photos, temporaries, broken = [], [], []
    for entry in sorted(folder.iterdir()):
        if entry in before:
            continue
        if entry.name.endswith(PHOTO_SUFFIXES):
            ok, message = decodes_completely(entry)
            (photos if ok else broken).append((entry, message))
        else:
            temporaries.append(entry)
    print(f"killsave: folder holds {len(photos)} complete photos, {len(broken)} broken photos, "
          f"{len(temporaries)} other files (temporaries)")
    check(not broken, "every photo in the folder decodes completely",
          "; ".join(f"{path.name}: {message}" for path, message in broken[:5]))
    missing = [path for path in tally.printed_paths if not path.exists()]
    check(not missing, f"all {len(tally.printed_paths)} photos that shoot reported saved are there",
          ", ".join(str(path) for path in missing[:5]))
    check(not tally.other_exits, "no shoot failed other than by the kill", str(tally.other_exits))
    if app_saves > 0:
        missing = [path for path in app.saved if not path.exists()]
        check(not missing, f"all {len(app.saved)} photos that the app reported saved are there",
              ", ".join(str(path) for path in missing[:5]))
        check(not app.failed_launches, "every app launch went live and took the shutter",
              app.failed_launches[0] if app.failed_launches else "")
        check(app.saves >= app_saves, f"the app finished or was killed during at least {app_saves} saves",
              f"{app.saves} in {app.launches} launches")
        # Without kills inside saves this half would prove nothing: most are aimed there.
        check(app.killed_while_saving * 10 >= app.launches,
              f"at least a tenth of the app's kills hit a save in progress ({app.killed_while_saving} of {app.launches})")
    expected = tally.completed + len(app.saved)
    check(len(photos) >= expected, "at least one photo per finished shoot and per save the app reported",
          f"{len(photos)} photos for {tally.completed} finished shoots and {len(app.saved)} app saves")
    named_like_photo = [path for path in temporaries if path.name.lower().endswith((".jpg", ".jpeg"))]
    check(not named_like_photo, "no temporary file is named like a photo")
    if temporaries:
        print(f"killsave: temporaries left by killed saves, e.g. {', '.join(p.name for p in temporaries[:3])}")
    changed = [path for path, digest in before.items() if not path.exists() or sha256(path) != digest]
    check(not changed, f"the {len(before)} files that were there before are unchanged",
          ", ".join(path.name for path in changed))
    if app_saves > 0:
        changed = [path for path, digest in before_app.items() if not path.exists() or sha256(path) != digest]
        check(not changed, f"the app left the {len(before_app)} photos saved before it unchanged",
              ", ".join(path.name for path in changed[:5]))

    # Stale temporaries: backdate them an hour; the next shoot should remove them.
    stale = [path for path in temporaries if path.is_file()]
    hour_ago = time.time() - 3600
    for path in stale:
        os.utime(path, (hour_ago, hour_ago))
    result = subprocess.run(shoot_command(binary, camera, folder), capture_output=True, env=environment(), timeout=120)
    check(result.returncode == 0, "a shoot after the kills succeeds", result.stderr.decode(errors="replace"))
    remaining = [path for path in stale if path.exists()]
    if stale:
        check(not remaining, f"the next shoot removes the {len(stale)} stale temporaries (an hour old)",
              f"{len(remaining)} still there, e.g. {remaining[0].name if remaining else ''}")
    total = saves + app.saves
    print(f"killsave: saves survived: {saves} shoots and {app.saves} app saves ({len(app.saved)} finished, "
          f"{app.killed_while_saving} killed while saving) = {total} saves into one folder; "
          f"{len(photos)} complete photos, {len(broken)} partial photos")


def mount_tmpfs(path: Path, options: str) -> bool:
    path.mkdir(parents=True, exist_ok=True)
    return subprocess.run(["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(path)],
                          capture_output=True).returncode == 0


def unmount(path: Path) -> None:
    subprocess.run(["umount", str(path)], capture_output=True)


def expect_write_failure(binary: str, camera: str, folder: Path, what: str, message_pattern: tuple[str, ...],
                         keep: set[str], prefix: list[str] | None = None) -> None:
    command = (prefix or []) + shoot_command(binary, camera, folder)
    result = subprocess.run(command, capture_output=True, env=environment(), timeout=120)
    stderr = result.stderr.decode(errors="replace")
    check(result.returncode == EXIT_WRITE_FAILED, f"{what}: exit code {EXIT_WRITE_FAILED}",
          f"got {result.returncode}: {stderr.strip()[:300]}")
    check(any(word in stderr.lower() for word in message_pattern),
          f"{what}: the message says {' or '.join(message_pattern)}", stderr.strip()[:300])
    left = sorted(name for name in os.listdir(folder) if name not in keep)
    check(not left, f"{what}: nothing partial left", ", ".join(left))


def write_failure_tests(binary: str, camera: str, scratch: Path) -> None:
    if os.geteuid() != 0:
        print("killsave: not root: full-disk and read-only mount checks skipped")
        return
    full = scratch / "full"
    if mount_tmpfs(full, "size=256k"):
        try:
            # Nearly full: 8 KB left, less than any photo.
            filler = full / "existing-filler.bin"
            stats = os.statvfs(full)
            filler.write_bytes(bytes(stats.f_bavail * stats.f_frsize - 8192))
            expect_write_failure(binary, camera, full, "full disk (tmpfs)", ("full", "space"), {filler.name})
        finally:
            unmount(full)
    else:
        check(False, "mount a small tmpfs for the full-disk check")

    readonly = scratch / "readonly"
    if mount_tmpfs(readonly, "size=1m,ro"):
        try:
            expect_write_failure(binary, camera, readonly, "read-only mount", ("read-only", "read only"), set())
        finally:
            unmount(readonly)
    else:
        check(False, "mount a read-only tmpfs")

    locked = scratch / "locked"
    locked.mkdir()
    os.chmod(scratch, 0o755)
    os.chmod(locked, 0o555)
    home = scratch / "nobody-home"
    home.mkdir()
    os.chmod(home, 0o777)
    as_nobody = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "env", f"HOME={home}"]
    expect_write_failure(binary, camera, locked, "folder mode 0555, unprivileged user", ("permission",), set(),
                         prefix=as_nobody)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("binary")
    parser.add_argument("--saves", type=int, default=1000)
    parser.add_argument("--app-saves", type=int, default=500)
    parser.add_argument("--parallel", type=int, default=4)
    parser.add_argument("--recordings", type=int, default=30)
    parser.add_argument("--camera", default="test:1280x720")
    parser.add_argument("--folder")
    parser.add_argument("--seed", type=int, default=int(time.time()))
    arguments = parser.parse_args()
    binary = str(Path(arguments.binary).resolve())
    print(f"killsave: seed {arguments.seed} (rerun with --seed to repeat the same kill times)")
    scratch = Path(tempfile.mkdtemp(prefix="squarecam-killsave."))
    started = time.monotonic()
    try:
        folder = Path(arguments.folder) if arguments.folder else scratch / "Pictures" / "Camera"
        kill_test(binary, arguments.camera, folder, scratch, arguments.saves, arguments.app_saves, arguments.parallel,
                  arguments.seed)
        record_kill_test(binary, scratch / "Videos" / "Camera", arguments.recordings, arguments.seed, check, environment)
        write_failure_tests(binary, arguments.camera, scratch)
    finally:
        for name in ("full", "readonly"):
            if (scratch / name).is_mount():
                unmount(scratch / name)
        shutil.rmtree(scratch, ignore_errors=True)
    print(f"killsave: took {time.monotonic() - started:.0f} s")
    print(f"killsave: {results['passed']} passed, {results['failed']} failed")
    return 0 if results["failed"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
