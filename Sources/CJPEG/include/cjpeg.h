// libjpeg-turbo for Swift. The TurboJPEG API catches libjpeg's longjmp errors
// itself; any libjpeg (jpeglib.h) call that can fail must be made from a C
// function in this target that owns the setjmp and returns an error code,
// because a longjmp across Swift frames is undefined behaviour.
#pragma once
#include <stddef.h>
#include <stdio.h>
#include <turbojpeg.h>
