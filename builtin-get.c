// SPDX-License-Identifier: GPL-2.0
#include "builtin.h"
#include "util.h"

int cmd_get(int argc, const char **argv)
{
	return error("get: not implemented yet");
}
