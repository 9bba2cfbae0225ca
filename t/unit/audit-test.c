// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for judge/audit.c: a small index built here, audited, and
 * every figure checked: changesets, reviews, applied commits, ranks,
 * windows, --as-of, lists, findings and the evidence block.  TAP output.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "audit.h"
#include "tap.h"

static int seq;

static void add(struct idx *ix, const char *author, const char *committer,
		int64_t t, const char *path, const char *trailer)
{
	struct hist_commit c;
	char *a = xstrdup(author), *cm = xstrdup(committer);
	char *lt;

	hist_commit_init(&c);
	snprintf(c.hash, sizeof(c.hash), "%012x%028x", ++seq, 0);
	c.parents = xstrdup("");
	c.nparents = seq > 1;
	lt = strchr(a, '<');
	lt[-1] = '\0';
	c.author_name = xstrdup(a);
	c.author_email = xstrndup(lt + 1, strlen(lt + 1) - 1);
	lt = strchr(cm, '<');
	lt[-1] = '\0';
	c.committer_name = xstrdup(cm);
	c.committer_email = xstrndup(lt + 1, strlen(lt + 1) - 1);
	c.author_time = c.commit_time = t;
	c.subject = xstrdup("change");
	if (trailer) {
		c.trailers = xcalloc(1, sizeof(*c.trailers));
		c.trailers[0].key = xstrdup("Reviewed-by");
		c.trailers[0].value = xstrdup(trailer);
		c.nr_trailers = 1;
	}
	c.files = xcalloc(1, sizeof(*c.files));
	c.files[0].path = xstrdup(path);
	c.files[0].status = 'M';
	c.files[0].added = c.files[0].removed = 1;
	c.nr_files = 1;
	if (idx_add_commit(ix, &c))
		die("cannot add a commit");
	hist_commit_release(&c);
	free(a);
	free(cm);
}

static const char maint[] =
	"ALPHA\n"
	"M:\tAlice A <alice@corp.com>\n"
	"R:\tBob B <bob@other.org>\n"
	"M:\talpha-list@lists.example.org\n"
	"L:\talpha-list@lists.example.org\n"
	"S:\tMaintained\n"
	"F:\ta/\n"
	"\n"
	"BETA\n"
	"M:\tCarol C <carol@corp.com>\n"
	"S:\tSupported\n"
	"F:\tb/\n";

/* the project's lists: its own list server's and a company's */
static const char own_maint[] =
	"XEN\n"
	"M:\tAlice A <alice@corp.com>\n"
	"L:\txen-devel@lists.xenproject.org\n"
	"F:\ta/\n"
	"\n"
	"ARM\n"
	"M:\tAlice A <alice@corp.com>\n"
	"L:\txen-devel@lists.xenproject.org\n"
	"L:\tarm@lists.arm.com\n"
	"L:\tnxp-list@nxp.com\n"
	"F:\tb/\n";

/* The project's own domains are no employer; the map's entries still are. */
static void own_domains(struct idx *ix)
{
	struct employer_map *emap = employer_map_new();
	struct maintainers m;
	struct matcher *mt;
	struct audit_opts o;
	struct audit a;

	employer_map_add(emap, "cloud.xenproject.org", "Cloud", EMPLOYER_FOREVER);
	maintainers_init(&m);
	maintainers_add_buffer(&m, "MAINTAINERS", xstrdup(own_maint),
			       strlen(own_maint));
	maintainers_finish(&m);
	mt = matcher_new(&m);
	audit_opts_init(&o);
	o.emap = emap;
	if (audit_run(ix, &m, mt, NULL, &o, &a))
		die("audit failed");
	ok(!strcmp(audit_employer(&o, "x@xenproject.org", 0), EMPLOYER_UNKNOWN) &&
	   !strcmp(audit_employer(&o, "x@Lists.XenProject.org", 0), EMPLOYER_UNKNOWN),
	   "the list server's domain and its parent are no employer");
	ok(!strcmp(audit_employer(&o, "x@nxp.com", 0), "nxp.com (by domain)") &&
	   !strcmp(audit_employer(&o, "x@arm.com", 0), "arm.com (by domain)"),
	   "a company's list, or a host of fewer lists, is not the project's");
	ok(!strcmp(audit_employer(&o, "x@cloud.xenproject.org", 0), "Cloud"),
	   "a map entry still wins");
	audit_release(&a);
	matcher_free(mt);
	maintainers_release(&m);
	employer_map_free(emap);
}

#define YEAR 31557600
#define T0 1500000000

int main(void)
{
	char dir[] = "/tmp/kmaint-audit-test.XXXXXX";
	struct maintainers m;
	struct matcher *mt;
	struct audit_opts o;
	struct audit a;
	struct idx ix;
	char *path;
	int i;

	if (!mkdtemp(dir) || chdir(dir))
		die_errno("cannot make a scratch directory");
	path = xstrfmt("%s/index.sqlite", dir);
	if (idx_open(&ix, path, IDX_CREATE) || idx_begin(&ix))
		die("cannot create an index");
	/* ALPHA: Dave writes, Alice applies everything and writes a little */
	for (i = 0; i < 5; i++)
		add(&ix, "Dave D <dave@dev.net>", "Alice A <alice@corp.com>",
		    T0 + i * 1000, "a/x.c", i < 2 ? "Bob B <bob@other.org>" : NULL);
	for (i = 0; i < 3; i++)
		add(&ix, "Alice A <alice@corp.com>", "Alice A <alice@corp.com>",
		    T0 + 10000 + i, "a/y.c", NULL);
	/* BETA: 60 changes by Eve, Carol nowhere; one very old by Carol */
	add(&ix, "Carol C <carol@corp.com>", "Carol C <carol@corp.com>",
	    T0 - 10 * YEAR, "b/old.c", NULL);
	for (i = 0; i < 60; i++)
		add(&ix, "Eve E <eve@corp.com>", "Eve E <eve@corp.com>",
		    T0 + i * 100, "b/z.c", NULL);
	/* later than the --as-of used below */
	add(&ix, "Bob B <bob@other.org>", "Alice A <alice@corp.com>",
	    T0 + YEAR, "a/x.c", NULL);
	if (idx_commit(&ix))
		die("cannot commit");

	maintainers_init(&m);
	maintainers_add_buffer(&m, "MAINTAINERS", xstrdup(maint), strlen(maint));
	maintainers_finish(&m);
	mt = matcher_new(&m);
	audit_opts_init(&o);
	o.now = T0 + 20000;
	o.employer_share = 0;
	if (audit_run(&ix, &m, mt, NULL, &o, &a))
		die("audit failed");

	ok(a.nr == 2, "two sections audited");
	{
		const struct audit_section *s = &a.v[0];
		const struct audit_person *dave = audit_find_person(&a, s, "dave@dev.net");
		const struct audit_person *alice = audit_find_person(&a, s, "alice@corp.com");
		const struct audit_person *bob = audit_find_person(&a, s, "bob@other.org");

		ok(!strcmp(s->name, "ALPHA") && s->changes == 8, "ALPHA: 8 changes by --as-of");
		ok(dave && dave->st.authored == 5 && dave->st.rank_changes == 1,
		   "Dave: 5 changesets, ranked first");
		ok(alice && alice->st.authored == 3 && alice->st.rank_changes == 2 &&
		   alice->st.applied == 8, "Alice: 3 changesets, second, applied all 8");
		ok(bob && bob->st.reviews == 2 && !bob->st.authored && bob->st.rank_reviews == 1,
		   "Bob: 2 reviews, his later changeset not counted");
		ok(s->nr_listed == 3 && s->listed[2].is_role && s->nr_people_listed == 2,
		   "the M: that is also an L: is a list");
		ok(s->changes_listed == 8, "every change has a listed person in it");
		ok(s->bus_factor == 1, "bus factor 1: Dave wrote 5 of 8");
		ok(s->nr_findings == 0, "ALPHA: no finding below 50 changes");
	}
	{
		const struct audit_section *s = &a.v[1];
		const struct audit_person *carol = audit_find_person(&a, s, "carol@corp.com");
		bool inactive = false, single = false, bus = false, name_only = false;
		struct strbuf ev = STRBUF_INIT;
		size_t k;

		ok(s->changes == 60 && s->changes_all == 61, "BETA: 60 changes in the window, 61 ever");
		ok(carol && !carol->st.authored && carol->st.authored_all == 1,
		   "Carol: nothing in the window, one change ever");
		for (k = 0; k < s->nr_findings; k++) {
			inactive |= s->findings[k].kind == AF_INACTIVE;
			single |= s->findings[k].kind == AF_SINGLE;
			bus |= s->findings[k].kind == AF_BUS_FACTOR;
			name_only |= s->findings[k].kind == AF_NAME_ONLY;
		}
		ok(inactive && single && bus && name_only,
		   "BETA: inactive, single maintainer, bus factor, in name only");
		audit_evidence(&ev, &a, s);
		ok(strstr(ev.buf, "Subsystem BETA\n  Changes 0 / 60 (0%)\n") != NULL,
		   "evidence: changes with a maintainer over all");
		ok(strstr(ev.buf, "  INACTIVE MAINTAINER Carol C <carol@corp.com>\n") != NULL,
		   "evidence: the inactive maintainer marked");
		ok(strstr(ev.buf, "    Author 000000000009: ") != NULL,
		   "evidence: Carol's last authored commit, out of the window");
		strbuf_release(&ev);
	}
	ok(a.nr_findings == a.v[1].nr_findings, "findings counted");
	audit_release(&a);

	/* the whole history, employer concentration on */
	o.now = 0;
	o.employer_share = 100;
	{
		bool sel[2] = { true, false };

		if (audit_run(&ix, &m, mt, sel, &o, &a))
			die("audit failed");
		ok(a.nr == 1 && a.v[0].changes == 9, "only the selected section; now the newest commit");
		ok(a.v[0].nr_maintainers == 1 && a.v[0].top_employer_listed == 1,
		   "one M: person, at corp.com");
		audit_release(&a);
	}
	{
		char buf[16];

		ok(!strcmp(audit_ordinal(1, buf, sizeof(buf)), "1st") &&
		   !strcmp(audit_ordinal(12, buf, sizeof(buf)), "12th") &&
		   !strcmp(audit_ordinal(23, buf, sizeof(buf)), "23rd"), "ordinals");
	}
	ok(!strcmp(audit_employer(&o, "x@gmail.com", 0), EMPLOYER_UNKNOWN) &&
	   !strcmp(audit_employer(&o, "x@sgi.com", 0), "sgi.com (by domain)"),
	   "unknown employers: personal domains stay unknown, others by domain");
	ok(!strcmp(audit_employer(&o, "kaf24@localhost.localdomain", 0), EMPLOYER_UNKNOWN) &&
	   !strcmp(audit_employer(&o, "iap10@pug.(none)", 0), EMPLOYER_UNKNOWN) &&
	   !strcmp(audit_employer(&o, "x@none", 0), EMPLOYER_UNKNOWN) &&
	   !strcmp(audit_employer(&o, "x@penguin.local", 0), EMPLOYER_UNKNOWN) &&
	   !strcmp(audit_employer(&o, "x@lists.example.net", 0), EMPLOYER_UNKNOWN) &&
	   !strcmp(audit_employer(&o, "jbeulich@novel..com", 0), EMPLOYER_UNKNOWN),
	   "a machine's made-up address or an example's is no employer by domain");
	own_domains(&ix);

	matcher_free(mt);
	maintainers_release(&m);
	idx_close(&ix);
	unlink(path);
	{
		char *wal = xstrfmt("%s-wal", path), *shm = xstrfmt("%s-shm", path);
		char *mjoins = xstrfmt("%s.mjoins", path);

		unlink(wal);
		unlink(shm);
		unlink(mjoins);
		free(wal);
		free(shm);
		free(mjoins);
	}
	free(path);
	if (chdir("/") || rmdir(dir))
		printf("# cannot remove %s\n", dir);
	return done_testing();
}
