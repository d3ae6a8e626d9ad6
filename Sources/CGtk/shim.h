#pragma once
#include <adwaita.h>
#include <gtk/gtk.h>
#include <glib-unix.h>
