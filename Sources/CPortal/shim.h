#pragma once
#include <libportal/portal.h>
