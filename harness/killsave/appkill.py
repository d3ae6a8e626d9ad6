"""The app's half of the kill test: the real GTK app on an X display (Xvfb),
the test camera, "save without review" on, the shutter pressed as fast as
xdotool can press Space, and SIGKILL at random moments — most of them just
after the app said it started writing a photo.

The app's SQUARECAM_TRACE=1 lines on stderr say when it is live, when a
photo enters the saving state ("→ saving") and which file it saved
("saved PATH"), so kills are aimed at real saves, not at wall-clock guesses.
"""
import os
import random
import signal
import statistics
import subprocess
import threading
import time
from pathlib import Path

SETTINGS = "save-without-review=true\nshutter-sound=false\ngrid=false\ncountdown=0\n"


class XServer:
    """$DISPLAY when there is one, else a private Xvfb for the test's lifetime."""

    def __init__(self) -> None:
        self.process: subprocess.Popen | None = None
        self.display = os.environ.get("DISPLAY", "")

    def __enter__(self) -> "XServer":
        if not self.display:
            self.process = subprocess.Popen(
                ["Xvfb", "-displayfd", "1", "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
            # Xvfb prints its display number once it accepts connections.
            number = self.process.stdout.readline().decode().strip() if self.process.stdout else ""
            if not number:
                raise RuntimeError("Xvfb did not report a display; install xvfb or run under xvfb-run")
            self.display = ":" + number
        return self

    def __exit__(self, *exc) -> None:
        if self.process:
            self.process.terminate()
            self.process.wait(timeout=10)


class AppRun:
    """One launch of the app, its trace lines collected as they arrive."""

    def __init__(self, binary: str, camera: str, environment: dict[str, str]) -> None:
        self.lock = threading.Lock()
        self.changed = threading.Condition(self.lock)
        self.lines: list[tuple[float, str]] = []
        self.process = subprocess.Popen([binary, "--camera", camera], stdout=subprocess.DEVNULL,
                                        stderr=subprocess.PIPE, env=environment)
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()
        self.presser: subprocess.Popen | None = None

    def _read(self) -> None:
        assert self.process.stderr
        for raw in self.process.stderr:
            line = raw.decode(errors="replace").rstrip("\n")
            with self.changed:
                self.lines.append((time.monotonic(), line))
                self.changed.notify_all()
        with self.changed:
            self.lines.append((time.monotonic(), "<eof>"))
            self.changed.notify_all()

    def count(self, text: str) -> int:
        return sum(1 for _, line in self.lines if text in line)

    def wait_for(self, text: str, occurrence: int = 1, timeout: float = 60) -> bool:
        """Waits until `text` has appeared `occurrence` times (or the app ended)."""
        deadline = time.monotonic() + timeout
        with self.changed:
            while self.count(text) < occurrence:
                if self.lines and self.lines[-1][1] == "<eof>":
                    return False
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    return False
                self.changed.wait(remaining)
            return True

    def press_shutter_repeatedly(self, display: str, environment: dict[str, str]) -> bool:
        """Focuses the window and keeps pressing Space; the app takes each
        press it gets while live (presses during a save are ignored)."""
        window = ""
        deadline = time.monotonic() + 30
        while not window and time.monotonic() < deadline and self.process.poll() is None:
            found = subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(self.process.pid)],
                                   capture_output=True, env=environment)
            window = found.stdout.decode().split()[-1] if found.stdout.split() else ""
            if not window:
                time.sleep(0.05)
        if not window:
            return False
        self.presser = subprocess.Popen(["xdotool", "windowfocus", "--sync", window,
                                         "key", "--repeat", "100000", "--delay", "25", "space"],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=environment)
        return True

    def kill(self) -> int:
        self.process.send_signal(signal.SIGKILL)
        status = self.process.wait()
        if self.presser:
            self.presser.kill()
            self.presser.wait()
        self.reader.join(timeout=10)
        return status

    def saved_paths(self) -> list[Path]:
        marker = "squarecam-trace: saved "
        return [Path(line.split(marker, 1)[1]) for _, line in self.lines if marker in line]

    def was_saving_when_killed(self) -> bool:
        """The last state change was into saving, with no photoSaved after it."""
        for _, line in reversed(self.lines):
            if "squarecam-trace:" not in line or " → " not in line:
                continue
            return "→ saving" in line
        return False

    def save_durations(self) -> list[float]:
        """Seconds from each "→ saving" to its "photoSaved"."""
        durations, started = [], None
        for at, line in self.lines:
            if "→ saving" in line:
                started = at
            elif line.startswith("squarecam-trace: photoSaved") and started is not None:
                durations.append(at - started)
                started = None
        return durations


class AppTally:
    def __init__(self) -> None:
        self.launches = 0
        self.saved: list[Path] = []
        self.killed_while_saving = 0
        self.killed_elsewhere = 0
        self.failed_launches: list[str] = []

    def record(self, run: AppRun) -> None:
        self.launches += 1
        self.saved.extend(run.saved_paths())
        if run.was_saving_when_killed():
            self.killed_while_saving += 1
        else:
            self.killed_elsewhere += 1

    @property
    def saves(self) -> int:
        """Saves the app finished plus saves the kill interrupted."""
        return len(self.saved) + self.killed_while_saving


def app_environment(scratch: Path, pictures: Path, display: str) -> dict[str, str]:
    home = scratch / "app-home"
    (home / ".config" / "squarecam").mkdir(parents=True, exist_ok=True)
    (home / ".config" / "squarecam" / "settings").write_text(SETTINGS)
    env = dict(os.environ)
    env.update({"HOME": str(home), "XDG_CONFIG_HOME": str(home / ".config"), "XDG_PICTURES_DIR": str(pictures),
                "DISPLAY": display, "SQUARECAM_TRACE": "1", "GTK_A11Y": "none", "NO_AT_BRIDGE": "1",
                "SWIFT_BACKTRACE": "enable=no"})
    env.pop("WAYLAND_DISPLAY", None)
    return env


def pictures_folder_for(folder: Path, scratch: Path) -> Path:
    """The app saves into $XDG_PICTURES_DIR/Camera: point that at `folder`."""
    if folder.name == "Camera":
        return folder.parent
    pictures = scratch / "app-pictures"
    pictures.mkdir(exist_ok=True)
    (pictures / "Camera").symlink_to(folder.resolve())
    return pictures


def calibrate_app(binary: str, camera: str, environment: dict[str, str],
                  display: str) -> tuple[float, float, AppRun]:
    """A run of ten saves, then a kill: (seconds to live, median seconds in the saving state, the run)."""
    started = time.monotonic()
    run = AppRun(binary, camera, environment)
    try:
        if not run.wait_for("→ live", timeout=90):
            raise RuntimeError("the app never went live:\n" + "\n".join(line for _, line in run.lines[-30:]))
        to_live = time.monotonic() - started
        if not run.press_shutter_repeatedly(display, environment):
            raise RuntimeError("the app's window never appeared")
        if not run.wait_for("squarecam-trace: saved ", occurrence=10, timeout=120):
            raise RuntimeError("the app did not save ten photos:\n" + "\n".join(line for _, line in run.lines[-30:]))
    finally:
        run.kill()
    return to_live, statistics.median(run.save_durations()), run


def app_kill_test(binary: str, camera: str, folder: Path, scratch: Path, target_saves: int, rng: random.Random,
                  display: str) -> AppTally:
    """Launches the app again and again until `target_saves` saves were finished or interrupted."""
    environment = app_environment(scratch, pictures_folder_for(folder, scratch), display)
    started = time.monotonic()
    to_live, save_time, first = calibrate_app(binary, camera, environment, display)
    print(f"killsave: the app is live {to_live:.2f} s after launch; a save spends {save_time * 1000:.1f} ms "
          f"in the saving state (median)")
    tally = AppTally()
    tally.record(first)
    max_launches = target_saves  # a launch that saves nothing still makes progress towards giving up
    while tally.saves < target_saves and tally.launches + len(tally.failed_launches) < max_launches:
        run = AppRun(binary, camera, environment)
        if not run.wait_for("→ live", timeout=90) or not run.press_shutter_repeatedly(display, environment):
            run.kill()
            tally.saved.extend(run.saved_paths())
            tally.failed_launches.append("\n".join(line for _, line in run.lines[-10:]))
            continue
        saves_before_kill = rng.randint(1, 8)
        if rng.random() < 0.75:
            # Aimed at the write: after the app entered the saving state. A
            # save takes 1 to tens of ms (fsyncs vary; the JPEG may still be
            # encoding), so half the kills come within 2 ms, the rest
            # anywhere in a typical save.
            if not run.wait_for("→ saving", occurrence=saves_before_kill, timeout=60):
                ended = run.process.poll()  # set when the app died on its own (negative: the signal)
                if ended is None and run.lines and run.lines[-1][1] == "<eof>":
                    try:  # its stderr closed: it is exiting; wait for its status
                        ended = run.process.wait(timeout=5)
                    except subprocess.TimeoutExpired:
                        pass
                run.kill()
                tally.saved.extend(run.saved_paths())
                how = f"the app ended by itself with status {ended}" if ended is not None else "the app was still running"
                tally.failed_launches.append(f"no save #{saves_before_kill} within 60 s ({how}):\n"
                                             + "\n".join(line for _, line in run.lines[-10:]))
                continue
            time.sleep(rng.uniform(0, 0.002) if rng.random() < 0.5 else rng.uniform(0, save_time * 1.2))
        else:
            # Anywhere: capturing, encoding, between shots, in the middle of a save.
            time.sleep(rng.uniform(0, saves_before_kill * 0.15))
        run.kill()
        tally.record(run)
    print(f"killsave: app: {tally.launches} launches killed in {time.monotonic() - started:.0f} s: "
          f"{len(tally.saved)} saves finished, {tally.killed_while_saving} killed while saving, "
          f"{tally.killed_elsewhere} killed at another moment, {len(tally.failed_launches)} launches failed")
    return tally
