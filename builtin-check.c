// SPDX-License-Identifier: GPL-2.0
#include "builtin.h"
#include "util.h"

int cmd_check(int argc, const char **argv)
{
	return error("check: not implemented yet");
}
