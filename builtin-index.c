// SPDX-License-Identifier: GPL-2.0
#include "builtin.h"
#include "util.h"

int cmd_index(int argc, const char **argv)
{
	return error("index: not implemented yet");
}
