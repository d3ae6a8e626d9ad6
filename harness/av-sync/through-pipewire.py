#!/usr/bin/python3
"""A/V sync through PipeWire over a long recording: a private session
(harness/portal/session.py) with the clapper (clapper.py) as its camera and
microphone, `squarecam record` through the portal for SECONDS, and the
reference (reference.py) beside it for the whole time. For the first and the
last minute it prints the file's sound-minus-picture and what PipeWire
delivered (medians), and fails when they differ by more than 40 ms.

  through-pipewire.py path/to/squarecam SECONDS
"""
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
LIMIT_SECONDS = 0.040


def median(values):
    ordered = sorted(values)
    return ordered[len(ordered) // 2]


def delays(onsets):
    """Each onset's distance past its whole second, by that second."""
    return {round(onset): onset - round(onset) for onset in onsets}


def main():
    squarecam, seconds = sys.argv[1], int(sys.argv[2])
    session = subprocess.Popen(["/usr/bin/python3", os.path.join(HERE, "..", "portal", "session.py"),
                                "--cameras", "0", "--permission", "yes"],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    ready = json.loads(session.stdout.readline())
    if not ready.get("ready"):
        sys.exit(f"through-pipewire: the session did not start: {ready.get('error')}")
    environment = {**os.environ, **ready["environment"]}
    session.stdin.write("add-clapper\n")
    session.stdin.flush()
    clapper = json.loads(session.stdout.readline())
    if not clapper.get("ok"):
        sys.exit(f"through-pipewire: no clapper: {clapper.get('error')}")
    folder = ready["root"]
    references = {kind: subprocess.Popen(["/usr/bin/python3", os.path.join(HERE, "reference.py"), node, kind,
                                          clapper["base_time"], str(seconds + 15)],
                                         env=environment, stdout=subprocess.PIPE, text=True)
                  for kind, node in (("camera", clapper["serial"]), ("microphone", clapper["microphone"]))}
    path = os.path.join(folder, "clap.webm")
    print(f"through-pipewire: recording {seconds} s of the clapper through the portal...", flush=True)
    record = subprocess.run([squarecam, "record", "--camera", f"pipewire:{clapper['serial']}",
                             "--microphone", f"pipewire:{clapper['microphone']}", "--mode", "640x480@30",
                             "--duration", str(seconds), "--json", "-o", path],
                            env=environment, capture_output=True, text=True)
    if record.returncode != 0:
        sys.exit(f"through-pipewire: record failed ({record.returncode}): {record.stderr}")
    report = json.loads(record.stdout)
    picture_onsets = json.loads(references["camera"].communicate()[0])["onsets"]
    sound_onsets = json.loads(references["microphone"].communicate()[0])["onsets"]
    picture, sound = delays(picture_onsets), delays(sound_onsets)
    measured = json.loads(subprocess.run(["/usr/bin/python3", os.path.join(HERE, "measure.py"), path],
                                         capture_output=True, text=True, check=True).stdout)
    session.stdin.write("quit\n")
    session.stdin.flush()
    session.wait()

    flashes = [t for t in measured["flashes"] if t >= 0.1]
    beeps = [t for t in measured["beeps"] if t >= 0.1]
    offsets = [(flash, min(beeps, key=lambda beep: abs(beep - flash)) - flash) for flash in flashes]
    common = sorted(set(picture) & set(sound))
    delivered = {second: sound[second] - picture[second] for second in common}
    print(f"through-pipewire: {report['frames']} frames ({report['droppedFrames']} dropped), "
          f"{len(flashes)} flashes, {len(beeps)} beeps")
    failed = False
    for name, in_file, in_reference in (
            ("first minute", [o for t, o in offsets if t < 60], [d for s, d in delivered.items() if s < common[0] + 60]),
            ("last minute", [o for t, o in offsets if t >= flashes[-1] - 60],
             [d for s, d in delivered.items() if s >= common[-1] - 60])):
        error = median(in_file) - median(in_reference)
        print(f"through-pipewire: {name}: sound minus picture {median(in_file) * 1000:+.1f} ms in the file "
              f"(median; {min(in_file) * 1000:+.1f} to {max(in_file) * 1000:+.1f}), PipeWire delivered "
              f"{median(in_reference) * 1000:+.1f} ms: the recording's own error {error * 1000:+.1f} ms")
        failed = failed or abs(error) > LIMIT_SECONDS
    intervals = [later - earlier for earlier, later in zip(beeps, beeps[1:])]
    uneven = [round(i, 4) for i in intervals if abs(i - round(i)) > 0.02]
    print(f"through-pipewire: {len(uneven)} of {len(intervals)} beep intervals more than 20 ms off whole seconds"
          + (f": {uneven[:8]}" if uneven else ""))
    print("through-pipewire: FAIL" if failed else "through-pipewire: PASS")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
