// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for people/employer.c: gitdm's lookup order, dated entries,
 * aliases, and its config files written here.  TAP output.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "employer.h"
#include "tap.h"

static char *dir;

static char *write_file(const char *name, const char *text)
{
	char *path = xstrfmt("%s/%s", dir, name);
	FILE *fp = fopen(path, "w");

	if (!fp || fputs(text, fp) < 0 || fclose(fp))
		die_errno("cannot write %s", path);
	return path;
}

/* write_file() for a file whose path is not needed */
static void put(const char *name, const char *text)
{
	free(write_file(name, text));
}

static int64_t date(const char *s)
{
	return employer_parse_date(s);
}

int main(void)
{
	struct employer_map *map = employer_map_new();
	char tmpl[] = "/tmp/kmaint-employer.XXXXXX";
	char *conf, *bad;
	const struct employer_split *split;
	size_t nr = 0;
	int64_t noon = 12 * 3600;

	is_str(employer_of(NULL, "a@intel.com", 0), EMPLOYER_UNKNOWN,
	   "no map: unknown");

	employer_map_add(map, "intel.com", "Intel", EMPLOYER_FOREVER);
	employer_map_add(map, "linux.intel.com", "Intel Linux", EMPLOYER_FOREVER);
	employer_map_add(map, "jdoe@linux.intel.com", "Self", EMPLOYER_FOREVER);
	is_str(employer_of(map, "x@intel.com", 0), "Intel", "domain");
	is_str(employer_of(map, "X@Foo.Intel.COM", 0), "Intel",
	   "subdomain, any case");
	is_str(employer_of(map, "x@linux.intel.com", 0), "Intel",
	   "shortest suffix wins over the full domain (gitdm's order)");
	is_str(employer_of(map, "jdoe@linux.intel.com", 0), "Self",
	   "exact address first");
	is_str(employer_of(map, "jdoe at linux.intel.com", 0), "Self",
	   "\" at \" read as @");
	is_str(employer_of(map, "x@notintel.com", 0), EMPLOYER_UNKNOWN,
	   "suffix only at a dot");
	is_str(employer_of(map, "root@localhost", 0), EMPLOYER_UNKNOWN,
	   "no dot in the domain");
	is_str(employer_of(map, "nobody", 0), EMPLOYER_UNKNOWN, "no @");
	is_str(employer_of(map, "x@com", 0), EMPLOYER_UNKNOWN, "top-level alone");

	/* dated entries, given out of order */
	employer_map_add(map, "dev@example.org", "Later", EMPLOYER_FOREVER);
	employer_map_add(map, "dev@example.org", "Middle", date("2015-06-01"));
	employer_map_add(map, "dev@example.org", "First", date("2010-01-01"));
	is_str(employer_of(map, "dev@example.org", date("2009-12-31") + noon),
	   "First", "before the first end date");
	is_str(employer_of(map, "dev@example.org", date("2010-01-01") + noon),
	   "Middle", "on the end date: the next entry");
	is_str(employer_of(map, "dev@example.org", date("2015-05-31") + 86399),
	   "Middle", "last second of the last day");
	is_str(employer_of(map, "dev@example.org", date("2020-01-01")), "Later",
	   "open-ended entry");
	ok(employer_known(map, "dev@example.org") &&
	   !employer_known(map, "dev@example.net"), "employer_known");

	employer_map_add_alias(map, "Old@Example.NET", "jdoe@linux.intel.com");
	is_str(employer_canonical_email(map, "old@example.net"),
	   "jdoe@linux.intel.com", "alias, any case");
	is_str(employer_of(map, "old@example.net", 0), "Self",
	   "alias applied before the lookup");

	employer_map_free(map);

	/* gitdm's config files */
	dir = mkdtemp(tmpl);
	if (!dir)
		die_errno("mkdtemp");
	put("aliases", "# comment\n"
		   "\"Jdoe AT x.org\"  real@corp.com\n"
		   "variant@corp.com real@corp.com   # trailing\n");
	put("domain-map", "corp.com\tCorp Inc\n"
		   "\n"
		   "mover@home.net\tOld Co < 2012-03-04\n"
		   "mover@home.net   New Co\n"
		   "bigco.com  Big Co <2001-01-01\n");
	put("group", "one@group.org\ntwo@group.org\n");
	conf = write_file("gitdm.config",
			  "# gitdm config\n"
			  "EmailAliases aliases\n"
			  "EmailMap domain-map\n"
			  "GroupMap group The Group\n"
			  "FileTypeMap whatever\n"
			  "VirtualEmployer Split Co\n"
			  "  60% Corp Inc\n"
			  "  40% Big Co\n"
			  "end\n");
	map = employer_map_new();
	ok(employer_map_read_config(map, conf) == 0, "config read");
	is_str(employer_of(map, "VARIANT@corp.com", 0), "Corp Inc",
	   "EmailAliases then EmailMap");
	is_str(employer_of(map, "jdoe at x.org", 0), "Corp Inc",
	   "quoted alias");
	is_str(employer_of(map, "mover@home.net", date("2012-03-03")), "Old Co",
	   "dated entry before its end");
	is_str(employer_of(map, "mover@home.net", date("2012-03-04")), "New Co",
	   "dated entry after its end");
	is_str(employer_of(map, "x@bigco.com", date("2005-01-01")),
	   EMPLOYER_UNKNOWN, "only entry ended: unknown");
	is_str(employer_of(map, "two@group.org", 0), "The Group", "GroupMap");
	split = employer_virtual(map, "Split Co", &nr);
	ok(split && nr == 2 && split[0].percent == 60 &&
	   !strcmp(split[0].employer, "Corp Inc") &&
	   !strcmp(split[1].employer, "Big Co"), "VirtualEmployer split");
	ok(!employer_virtual(map, "Corp Inc", &nr), "not virtual");
	employer_map_free(map);

	bad = write_file("bad.config", "EmailMap bad-map\nBogus x\n");
	put("bad-map", "lonely\nok.com Fine\nx.com Co < 2012-99-01\n");
	map = employer_map_new();
	fprintf(stderr, "# expected errors follow\n");
	ok(employer_map_read_config(map, bad) == -1, "bad config: -1");
	is_str(employer_of(map, "a@ok.com", 0), "Fine", "good lines still read");
	employer_map_free(map);
	map = employer_map_new();
	ok(employer_map_read_config(map, "/nonexistent/gitdm.config") == -1,
	   "missing config: -1");
	employer_map_add_builtin(map);
	is_str(employer_of(map, "dev@linux.ibm.com", 0), "IBM", "builtin map");
	is_str(employer_of(map, "dev@kernel.org", 0), EMPLOYER_UNKNOWN,
	   "kernel.org stays unknown");
	employer_map_free(map);

	unlink(conf);
	unlink(bad);
	{
		static const char *const names[] = {
			"aliases", "domain-map", "group", "bad-map"
		};
		size_t i;

		for (i = 0; i < ARRAY_SIZE(names); i++) {
			char *p = xstrfmt("%s/%s", dir, names[i]);

			unlink(p);
			free(p);
		}
	}
	rmdir(dir);
	free(conf);
	free(bad);
	return done_testing();
}
