"""What counts as a flash or a beep, for measure.py (a recorded file) and
reference.py (a live PipeWire node): one set of thresholds, one rule for
where a mark begins."""

# Half of the beep's amplitude (0.5 of full scale): well above Opus's noise
# in the silences, well below the beep.
LOUD = int(0.25 * 32768)
BRIGHT = 128
# A beep or flash starts only after this long without one: the beep's
# own zero crossings do not count as new beeps.
QUIET_SECONDS = 0.3


class Onsets:
    """The times at which marks begin, from marked moments noted in order."""

    def __init__(self):
        self.times = []
        self.last_marked = -10.0

    def note(self, time):
        """`time` (seconds) is marked: a new mark when the last was long enough ago."""
        if time - self.last_marked > QUIET_SECONDS:
            self.times.append(time)
        self.last_marked = time
