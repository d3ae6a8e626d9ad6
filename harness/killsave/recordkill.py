"""Recordings are never lost: `squarecam record` killed at random moments
(SIGKILL, and every fifth stopped with SIGINT as Ctrl+C would), into one
folder; then the hidden files the kills left must survive the photo sweep
and `squarecam recover` must make every one of them a playable file.

Checks, each a failure when broken:
  - a recording stopped with SIGINT exits 0 and leaves its visible file;
  - a recording killed leaves at most its hidden .recording file, never a
    visible half file;
  - the hidden files, backdated an hour, survive a `shoot` into the folder
    (the sweep of stale photo temporaries);
  - `recover` exits 0 and leaves no hidden file; it recovers every killed
    recording that had a picture in it;
  - every .webm in the folder decodes to its end (matroskademux, vp8dec,
    opusdec) with no error or warning.
"""
import os
import random
import signal
import subprocess
import time
from pathlib import Path


def decodes_to_the_end(path: Path) -> tuple[bool, str]:
    command = ["gst-launch-1.0", "-q", "filesrc", f"location={path}", "!", "matroskademux", "name=demux",
               "demux.video_0", "!", "queue", "!", "vp8dec", "!", "fakesink",
               "demux.audio_0", "!", "queue", "!", "opusdec", "!", "fakesink"]
    env = dict(os.environ, GST_DEBUG="2", GST_DEBUG_NO_COLOR="1")
    result = subprocess.run(command, capture_output=True, env=env, timeout=120)
    # Two warnings GStreamer 1.22 gives for files that play whole: filesrc's
    # start-up, and matroskademux meeting the index (Cues) after the only
    # cluster of any short webmmux file, gst-launch's own included.
    benign = ("pad not activated yet", "Unknown ebml id 0x1c53bb6b (possibly garbage)")
    problems = [line for line in (result.stdout + result.stderr).decode(errors="replace").splitlines()
                if (" WARN " in line or " ERROR " in line or line.startswith("ERROR"))
                and not any(words in line for words in benign)]
    return result.returncode == 0 and not problems, "; ".join(problems[:3]) or f"exit {result.returncode}"


def record_kill_test(binary: str, folder: Path, runs: int, seed: int, check, environment) -> None:
    print(f"record: {runs} recordings into {folder}, killed at random moments (seed {seed})")
    rng = random.Random(seed)
    folder.mkdir(parents=True, exist_ok=True)
    finished, killed = [], 0
    for index in range(runs):
        stop = signal.SIGINT if index % 5 == 0 else signal.SIGKILL
        process = subprocess.Popen([binary, "record", "--camera", "test:640x480@30", "--microphone", "test",
                                    "--output", str(folder) + "/"],
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=environment())
        time.sleep(rng.uniform(0.05, 3.0))
        process.send_signal(stop)
        out, err = process.communicate(timeout=60)
        if stop == signal.SIGINT:
            path = out.decode().strip()
            if check(process.returncode == 0 and Path(path).is_file(), f"recording {index}: SIGINT keeps the file",
                     f"exit {process.returncode}: {err.decode(errors='replace').strip()[:200]}"):
                finished.append(Path(path).name)
        else:
            killed += 1
    visible = sorted(name for name in os.listdir(folder) if name.endswith(".webm"))
    check(sorted(finished) == visible, "only the recordings stopped cleanly are visible before recover",
          f"{len(visible)} visible, {len(finished)} finished")
    hidden = sorted(name for name in os.listdir(folder) if name.endswith(".recording"))
    print(f"record: {killed} killed, {len(hidden)} hidden files left, {len(finished)} finished")

    an_hour_ago = time.time() - 3600
    for name in hidden:
        os.utime(folder / name, (an_hour_ago, an_hour_ago))
    subprocess.run([binary, "shoot", "--camera", "test:320x240", "--output", str(folder)], capture_output=True,
                   env=environment(), timeout=60)
    survived = sorted(name for name in os.listdir(folder) if name.endswith(".recording"))
    check(survived == hidden, "the photo sweep leaves interrupted recordings alone",
          f"{len(hidden) - len(survived)} removed")

    result = subprocess.run([binary, "recover", "--json", str(folder)], capture_output=True, env=environment(),
                            timeout=300)
    recovered = [line for line in result.stdout.decode().splitlines() if line.strip()]
    check(result.returncode == 0, "recover exits 0", result.stderr.decode(errors="replace").strip()[:300])
    left = [name for name in os.listdir(folder) if name.endswith(".recording")]
    check(not left, "recover leaves no hidden file", ", ".join(left))
    emptied = result.stderr.decode(errors="replace").count("before its first picture")
    check(len(recovered) + emptied == len(hidden), "every hidden file was recovered or held nothing",
          f"{len(recovered)} recovered + {emptied} empty of {len(hidden)}")
    broken = []
    for name in sorted(name for name in os.listdir(folder) if name.endswith(".webm")):
        ok, why = decodes_to_the_end(folder / name)
        if not ok:
            broken.append(f"{name}: {why}")
    check(not broken, f"every recording in the folder decodes to its end ({len(recovered)} recovered)",
          "; ".join(broken[:3]))
