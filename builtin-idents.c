// SPDX-License-Identifier: GPL-2.0
/*
 * kmaint idents: the people of the history as git shows them (after the
 * .mailmap), and with --suggest the .mailmap lines that would merge
 * addresses which are probably one person:
 *
 *  - addresses the identity model (people/identity.h) already takes for
 *    one person, tied by a commit or by MAINTAINERS: the less used map
 *    to the most used one, with the commit that ties them; written into
 *    .mailmap, they make git and get_maintainer.pl agree with audit;
 *  - one name with several addresses the model does not tie: the same
 *    line, marked as a guess for a human to check (two people may share
 *    a name; until the line is added, audit calls them ambiguous);
 *  - one address (ignoring case) with several names: the address maps
 *    to its most used name ("Name <addr>");
 *  - an author without a real name (empty, or the address or its local
 *    part) whose local part is that of exactly one named person's
 *    address: "Name <their address> <bare address>".
 *
 * "Most used" counts authored commits and tags given; ties go to the
 * byte-smaller string so that the output is stable.  Nothing is
 * written: the lines are printed, most commits first, for a human to
 * check.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "builtin.h"
#include "json.h"
#include "parse-options.h"
#include "queries.h"
#include "scope.h"
#include "strmap.h"

struct ident {
	char *name, *email;	/* mapped */
	long commits, tags;
};

struct suggestion {
	char *line;
	char *why;
	long weight;
};

struct idents {
	const struct identity *model;
	struct idx *ix;
	struct ident *v;
	size_t nr, alloc;
	struct strmap index;	/* "name\nemail" -> index + 1 */
	struct suggestion *sug;
	size_t nr_sug, alloc_sug;
	struct strmap sug_seen;
};

static struct ident *ident_get(struct idents *ids, const char *name,
			       const char *email)
{
	struct strbuf key = STRBUF_INIT;
	struct strmap_entry *e;

	strbuf_addf(&key, "%s\n%s", name, email);
	e = strmap_insert(&ids->index, key.buf, key.len);
	strbuf_release(&key);
	if (!e->value) {
		ALLOC_GROW(ids->v, ids->nr + 1, ids->alloc);
		memset(&ids->v[ids->nr], 0, sizeof(*ids->v));
		ids->v[ids->nr].name = xstrdup(name);
		ids->v[ids->nr].email = xstrdup(email);
		e->value = (void *)(++ids->nr);
	}
	return &ids->v[(size_t)e->value - 1];
}

static int add_activity(const char *name, const char *email, int64_t commits,
			int64_t trailers, void *data)
{
	struct ident *id = ident_get(data, name, email);

	id->commits += commits;
	id->tags += trailers;
	return 0;
}

static int load(struct idx *ix, struct idents *ids)
{
	return idx_foreach_person_activity(ix, add_activity, ids);
}

static long weight(const struct ident *id)
{
	return id->commits + id->tags;
}

/* Is @a a better representative than @b? More use, then byte order. */
static bool better(const struct ident *a, const struct ident *b,
		   bool by_email)
{
	int c;

	if (weight(a) != weight(b))
		return weight(a) > weight(b);
	c = by_email ? strcmp(a->email, b->email) : strcmp(a->name, b->name);
	if (c)
		return c < 0;
	return strcmp(by_email ? a->name : a->email,
		      by_email ? b->name : b->email) < 0;
}

static void suggest(struct idents *ids, char *line, char *why, long w)
{
	struct strmap_entry *e = strmap_insert(&ids->sug_seen, line,
					       strlen(line));

	if (e->value) {
		free(line);
		free(why);
		return;
	}
	e->value = (void *)1;
	ALLOC_GROW(ids->sug, ids->nr_sug + 1, ids->alloc_sug);
	ids->sug[ids->nr_sug].line = line;
	ids->sug[ids->nr_sug].why = why;
	ids->sug[ids->nr_sug].weight = w;
	ids->nr_sug++;
}

static char *lower(const char *s)
{
	char *d = xstrdup(s), *p;

	for (p = d; *p; p++)
		if (*p >= 'A' && *p <= 'Z')
			*p = (char)(*p - 'A' + 'a');
	return d;
}

/* A name that is no name: empty, the address, or its local part. */
static bool bare_name(const struct ident *id)
{
	const char *at = strchr(id->email, '@');
	size_t local = at ? (size_t)(at - id->email) : strlen(id->email);

	return !*id->name || !strcasecmp(id->name, id->email) ||
	       (strlen(id->name) == local &&
		!strncasecmp(id->name, id->email, local));
}

/* Group identities by a key; call @fn with each group of two or more. */
typedef void (*group_fn)(struct idents *ids, size_t *members, size_t nr);

static void by_key(struct idents *ids, char *(*key)(const struct ident *),
		   group_fn fn)
{
	struct strmap groups;
	size_t i, j;
	size_t **lists = NULL, *counts = NULL, *allocs = NULL, nr_groups = 0;

	strmap_init(&groups);
	for (i = 0; i < ids->nr; i++) {
		char *k = key(&ids->v[i]);
		struct strmap_entry *e;
		size_t g;

		if (!k)
			continue;
		e = strmap_insert(&groups, k, strlen(k));
		free(k);
		if (!e->value) {
			lists = xrealloc(lists, (nr_groups + 1) * sizeof(*lists));
			counts = xrealloc(counts, (nr_groups + 1) * sizeof(*counts));
			allocs = xrealloc(allocs, (nr_groups + 1) * sizeof(*allocs));
			lists[nr_groups] = NULL;
			counts[nr_groups] = allocs[nr_groups] = 0;
			e->value = (void *)(++nr_groups);
		}
		g = (size_t)e->value - 1;
		ALLOC_GROW(lists[g], counts[g] + 1, allocs[g]);
		lists[g][counts[g]++] = i;
	}
	for (j = 0; j < nr_groups; j++) {
		if (counts[j] > 1)
			fn(ids, lists[j], counts[j]);
		free(lists[j]);
	}
	free(lists);
	free(counts);
	free(allocs);
	strmap_clear(&groups, false);
}

static char *key_name(const struct ident *id)
{
	return bare_name(id) ? NULL : xstrdup(id->name);
}

static char *key_email(const struct ident *id)
{
	return *id->email ? lower(id->email) : NULL;
}

static void same_name(struct idents *ids, size_t *m, size_t nr)
{
	size_t best = m[0], i;
	struct strmap seen;

	for (i = 1; i < nr; i++)
		if (better(&ids->v[m[i]], &ids->v[best], false))
			best = m[i];
	strmap_init(&seen);
	for (i = 0; i < nr; i++) {
		const struct ident *o = &ids->v[m[i]], *b = &ids->v[best];
		char *lo = lower(o->email);

		/* the same address in another case is one address here */
		if (!strcasecmp(o->email, b->email) ||
		    strmap_find(&seen, lo, strlen(lo))) {
			free(lo);
			continue;
		}
		strmap_insert(&seen, lo, strlen(lo));
		free(lo);
		/* one person already: model_joins() said it, with the reason */
		if (identity_of_email(ids->model, o->email) ==
		    identity_of_email(ids->model, b->email))
			continue;
		suggest(ids, xstrfmt("%s <%s> <%s>", b->name, b->email,
				     o->email),
			xstrfmt("one name, several addresses, not joined "
				"(check it is one person): "
				"%ld commits, %ld tags as <%s>", o->commits,
				o->tags, o->email), weight(o));
	}
	strmap_clear(&seen, false);
}

/*
 * The addresses the identity model joins, each to its person's main:
 * first those a join on the name alone brought in (both ends of each
 * such join: either may have brought its own group), then the others,
 * with the commit or MAINTAINERS change that ties them.
 */
static void model_joins(struct idents *ids)
{
	const struct identity *id = ids->model;
	const struct identity_addr *a;
	const struct identity_person *p;
	size_t i, k;
	long w;

	for (i = 0; i < id->nr_name_joins; i++) {
		for (k = 0; k < 2; k++) {
			a = &id->addrs[id->name_joins[i][k]];
			p = &id->persons[a->person];
			w = a->authored + a->tagged;
			if ((!w && !a->committed) || !strcmp(a->email, p->email))
				continue;
			suggest(ids, xstrfmt("%s <%s> <%s>", p->name, p->email,
					     a->email),
				xstrfmt("joined on the name alone (check it is "
					"one person; --strict-identities keeps "
					"them apart): %ld commits, %ld tags as "
					"<%s>", a->authored, a->tagged, a->email),
				w);
		}
	}
	for (i = 0; i < id->nr; i++) {
		p = &id->persons[i];
		for (k = 1; k < p->nr_addrs; k++) {
			struct identity_match m = { .how = IM_ADDRESS,
						    .person = (int)i };
			struct strbuf why = STRBUF_INIT;

			a = &id->addrs[p->addrs[k]];
			w = a->authored + a->tagged;
			/*
			 * only addresses git shows: some commit uses them; a
			 * name without an address has no .mailmap line
			 */
			if ((!w && !a->committed) || a->name_only || !*p->email)
				continue;
			identity_describe(id, ids->ix, a->email, &m, &why);
			suggest(ids, xstrfmt("%s <%s> <%s>", p->name, p->email,
					     a->email),
				xstrfmt("one person: %ld commits, %ld tags as <%s>; %s",
					a->authored, a->tagged, a->email, why.buf),
				w);
			strbuf_release(&why);
		}
	}
}

static void same_email(struct idents *ids, size_t *m, size_t nr)
{
	size_t best = m[0], i;
	long others = 0;

	for (i = 1; i < nr; i++)
		if (better(&ids->v[m[i]], &ids->v[best], true))
			best = m[i];
	for (i = 0; i < nr; i++)
		if (m[i] != best && strcmp(ids->v[m[i]].name,
					   ids->v[best].name))
			others += weight(&ids->v[m[i]]);
	if (!others || !*ids->v[best].name || bare_name(&ids->v[best]))
		return;
	for (i = 0; i < nr; i++) {
		const struct ident *o = &ids->v[m[i]];

		if (m[i] == best || !strcmp(o->name, ids->v[best].name))
			continue;
		/* "Name <addr>" maps every name the address is used with */
		suggest(ids, xstrfmt("%s <%s> %s <%s>", ids->v[best].name,
				     ids->v[best].email, o->name, o->email),
			xstrfmt("one address, several names: %ld commits, "
				"%ld tags as \"%s\"", o->commits, o->tags,
				o->name), weight(o));
	}
}

/* Bare-address authors whose local part is a named person's. */
static void bare_authors(struct idents *ids)
{
	struct strmap locals;	/* local part -> index + 1, or -1 if shared */
	size_t i;

	strmap_init(&locals);
	for (i = 0; i < ids->nr; i++) {
		const struct ident *id = &ids->v[i];
		const char *at = strchr(id->email, '@');
		char *lp;
		struct strmap_entry *e;

		if (bare_name(id) || !at || at == id->email)
			continue;
		lp = xstrndup(id->email, (size_t)(at - id->email));
		for (char *p = lp; *p; p++)
			if (*p >= 'A' && *p <= 'Z')
				*p = (char)(*p - 'A' + 'a');
		e = strmap_insert(&locals, lp, strlen(lp));
		free(lp);
		if (!e->value) {
			e->value = (void *)(i + 1);
		} else if (e->value != (void *)-1) {
			const struct ident *o = &ids->v[(size_t)e->value - 1];

			/* two different people share it: no guess */
			if (strcmp(o->name, id->name))
				e->value = (void *)-1;
			else if (better(id, o, false))
				e->value = (void *)(i + 1);
		}
	}
	for (i = 0; i < ids->nr; i++) {
		const struct ident *id = &ids->v[i], *k;
		const char *at = strchr(id->email, '@');
		struct strmap_entry *e;

		if (!bare_name(id) || !at || at == id->email || !id->commits)
			continue;
		{
			char *lp = lower(id->email);

			lp[at - id->email] = '\0';
			e = strmap_find(&locals, lp, strlen(lp));
			free(lp);
		}
		if (!e || e->value == (void *)-1)
			continue;
		k = &ids->v[(size_t)e->value - 1];
		if (!strcasecmp(k->email, id->email))
			continue;
		suggest(ids, xstrfmt("%s <%s> <%s>", k->name, k->email,
				     id->email),
			xstrfmt("author without a name: %ld commits as <%s>, "
				"local part of <%s>", id->commits, id->email,
				k->email), weight(id));
	}
	strmap_clear(&locals, false);
}

static int cmp_sug(const void *a, const void *b)
{
	const struct suggestion *x = a, *y = b;

	if (x->weight != y->weight)
		return x->weight > y->weight ? -1 : 1;
	return strcmp(x->line, y->line);
}

static int cmp_ident(const void *a, const void *b)
{
	const struct ident *x = a, *y = b;
	int c;

	if (x->commits != y->commits)
		return x->commits > y->commits ? -1 : 1;
	if (x->tags != y->tags)
		return x->tags > y->tags ? -1 : 1;
	c = strcmp(x->name, y->name);
	return c ? c : strcmp(x->email, y->email);
}

int cmd_idents(int argc, const char **argv)
{
	const char *db = NULL;
	int do_suggest = 0, no_update = 0, json = 0, comments = 1;
	int strict = 0, address = 0;
	struct option opts[] = {
		OPT_SET("suggest", &do_suggest, "propose .mailmap lines"),
		OPT_FLAG("comments", &comments, "say why after each line (default)"),
		OPT_SET("json", &json, "JSON"),
		OPT_DB(&db),
		OPT_NO_UPDATE(&no_update),
		OPT_IDENTITIES(&strict, &address),
		OPT_TERMINATOR
	};
	struct opt_list operands = { 0 };
	struct idents ids = { 0 };
	struct scope sc;
	struct idx ix;
	char *path;
	size_t i, shown = 0;
	int rc = 0;

	for (i = 1; i < (size_t)argc; i++)
		if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
			usage_options("kmaint idents [--suggest] [--json]", opts);
			return 0;
		}
	if (parse_options(argc - 1, argv + 1, opts, &operands)) {
		free(operands.v);
		return 129;
	}
	if (operands.nr) {
		error("unexpected argument '%s'", operands.v[0]);
		free(operands.v);
		return 129;
	}
	path = db ? xstrdup(db) : idx_default_path();
	if (!path)
		die("not a git repository");
	if (scope_open_index(&ix, path, !no_update)) {
		free(path);
		free(operands.v);
		return 1;
	}
	strmap_init(&ids.index);
	strmap_init(&ids.sug_seen);
	scope_init(&sc, &ix);
	sc.identity_flags = identity_flags_for(strict, address);
	sc.identity_whole = true;	/* every person, every join */
	sc.identity_name_joins = true;
	ids.ix = &ix;
	if (load(&ix, &ids)) {
		rc = 1;
		goto out;
	}
	if (do_suggest) {
		if (!(ids.model = scope_identity(&sc))) {
			rc = 1;
			goto out;
		}
		model_joins(&ids);
		by_key(&ids, key_name, same_name);
		by_key(&ids, key_email, same_email);
		bare_authors(&ids);
		if (ids.nr_sug)
			qsort(ids.sug, ids.nr_sug, sizeof(*ids.sug), cmp_sug);
		if (json)
			printf("[");
		for (i = 0; i < ids.nr_sug; i++) {
			if (json) {
				printf("%s\n  {\"line\": ", i ? "," : "");
				json_print_str(stdout, ids.sug[i].line);
				printf(", \"why\": ");
				json_print_str(stdout, ids.sug[i].why);
				printf(", \"weight\": %ld}", ids.sug[i].weight);
			} else if (comments) {
				printf("%s\t# %s\n", ids.sug[i].line,
				       ids.sug[i].why);
			} else {
				printf("%s\n", ids.sug[i].line);
			}
		}
		if (json)
			printf("%s]\n", ids.nr_sug ? "\n" : "");
	} else {
		if (ids.nr)
			qsort(ids.v, ids.nr, sizeof(*ids.v), cmp_ident);
		/* ids.index now points at the wrong rows: not used again */
		if (json)
			printf("[");
		for (i = 0; i < ids.nr; i++) {
			const struct ident *id = &ids.v[i];

			if (!id->commits && !id->tags)
				continue;
			if (json) {
				printf("%s\n  {\"name\": ", shown++ ? "," : "");
				json_print_str(stdout, id->name);
				printf(", \"email\": ");
				json_print_str(stdout, id->email);
				printf(", \"commits\": %ld, \"tags\": %ld}",
				       id->commits, id->tags);
			} else {
				printf("%7ld %7ld  %s <%s>\n", id->commits,
				       id->tags, id->name, id->email);
			}
		}
		if (json)
			printf("%s]\n", shown ? "\n" : "");
	}
out:
	for (i = 0; i < ids.nr; i++) {
		free(ids.v[i].name);
		free(ids.v[i].email);
	}
	free(ids.v);
	for (i = 0; i < ids.nr_sug; i++) {
		free(ids.sug[i].line);
		free(ids.sug[i].why);
	}
	free(ids.sug);
	strmap_clear(&ids.index, false);
	strmap_clear(&ids.sug_seen, false);
	scope_release(&sc);
	idx_close(&ix);
	free(path);
	free(operands.v);
	return rc;
}
