// SPDX-License-Identifier: GPL-2.0
#include "glib-load.h"

#include <dlfcn.h>
#include <pthread.h>

#include "util.h"

#ifndef KMAINT_GMIME_LINKED
#define GLIB_SONAME "libglib-2.0.so.0"

#define X(f) __typeof__(p_##f) p_##f;
GLIB_FUNCS(X)
#undef X
#endif

static pthread_once_t glib_once = PTHREAD_ONCE_INIT;

static void glib_start(void)
{
#ifndef KMAINT_GMIME_LINKED
	void *h = dlopen(GLIB_SONAME, RTLD_NOW | RTLD_LOCAL);

	if (!h)
		die("cannot load GLib: %s", dlerror());
#define X(f) \
	if (!(*(void **)&p_##f = dlsym(h, #f))) \
		die("GLib has no %s", #f);
	GLIB_FUNCS(X)
#undef X
#endif
}

void glib_load(void)
{
	pthread_once(&glib_once, glib_start);
}
