// SPDX-License-Identifier: GPL-2.0
#include "builtin.h"
#include "util.h"

int cmd_map(int argc, const char **argv)
{
	return error("map: not implemented yet");
}
