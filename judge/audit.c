// SPDX-License-Identifier: GPL-2.0
#include "audit.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "email.h"
#include "git-mailmap.h"
#include "imap.h"
#include "list-messages.h"
#include "list-store.h"
#include "json.h"
#include "maintainers-history.h"
#include "queries.h"
#include "scope.h"
#include "strmap.h"

const char *const audit_kind_names[AF_NR] = {
	[AF_INACTIVE] = "inactive",
	[AF_NAME_ONLY] = "maintained-in-name-only",
	[AF_SINGLE] = "single-maintainer",
	[AF_EMPLOYER] = "employer-concentration",
	[AF_BUS_FACTOR] = "bus-factor",
	[AF_AMBIGUOUS] = "ambiguous-identity",
	[AF_BYPASS] = "bypassed-list",
	[AF_FADING] = "fading",
};

int audit_setup(struct audit_opts *o, const char *as_of, const char *email_map,
		const char *gitdm_config, struct employer_map **emap,
		struct ident_mailmap **mm)
{
	if (as_of && mh_parse_when(as_of, &o->now))
		return error("--as-of: '%s' is neither a date (YYYY-MM-DD) nor "
			     "a revision", as_of);
	*emap = employer_map_new();
	if (gitdm_config) {
		if (employer_map_read_config(*emap, gitdm_config))
			return -1;
	} else {
		employer_map_add_builtin(*emap);
	}
	if (email_map && employer_map_read_emailmap(*emap, email_map))
		return -1;
	o->emap = *emap;
	*mm = ident_mailmap_new();
	ident_mailmap_load_repo(*mm, NULL);
	o->mailmap = *mm;
	if (o->window_years <= 0)
		return error("--window must be at least 1 (years)");
	return 0;
}

int audit_quarter(int64_t t)
{
	time_t tt = (time_t)t;
	struct tm tm;

	gmtime_r(&tt, &tm);
	return (tm.tm_year + 1900) * 4 + tm.tm_mon / 3;
}

void audit_opts_init(struct audit_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->window_years = 5;
	o->min_changes = 50;
	o->min_maintainers = 2;
	o->employer_share = 100;
	o->bus_factor = 1;
	o->strong_share = 10;
	o->bypass_share = 50;
	o->top = 5;
	o->fading_months = 6;
	o->fading_gaps = 8;
	o->fading_changes = 4;
}

const char *audit_ordinal(int n, char *buf, size_t len)
{
	const char *suf = "th";

	if (n % 100 < 11 || n % 100 > 13) {
		if (n % 10 == 1)
			suf = "st";
		else if (n % 10 == 2)
			suf = "nd";
		else if (n % 10 == 3)
			suf = "rd";
	}
	snprintf(buf, len, "%d%s", n, suf);
	return buf;
}

/*
 * Addresses at these domains say nothing about an employer; anywhere
 * else an unmapped domain stands for one, so that a section listed
 * entirely at one company is seen even without a gitdm map.
 */
static const char *const personal_domains[] = {
	"kernel.org", "gmail.com", "googlemail.com", "yahoo.com", "hotmail.com",
	"outlook.com", "protonmail.com", "proton.me", "gmx.de", "gmx.net",
	"web.de", "qq.com", "163.com", "126.com", "icloud.com", "me.com",
	"mail.ru", "yandex.ru", "users.sourceforge.net", "infradead.org",
	"fastmail.com", "posteo.de", "linux.dev", "example.com", "example.org",
};

const char *audit_employer(const struct audit_opts *o, const char *email,
			   int64_t when)
{
	static struct strmap domains;	/* interned "[domain]" strings */
	const char *e = employer_of(o->emap, email, when), *at;
	struct strmap_entry *ent;
	size_t i;

	if (strcmp(e, EMPLOYER_UNKNOWN))
		return e;
	at = strrchr(email, '@');
	/* a machine's made-up address or an example's is no employer */
	if (!at || !at[1] || email_names_nobody(email) ||
	    email_is_example(email) || !email_domain_wellformed(email) ||
	    employer_own_domain(o->emap, email))
		return EMPLOYER_UNKNOWN;
	at++;
	for (i = 0; i < ARRAY_SIZE(personal_domains); i++)
		if (!strcasecmp(at, personal_domains[i]))
			return EMPLOYER_UNKNOWN;
	if (!domains.table)
		strmap_init(&domains);
	ent = strmap_insert(&domains, at, strlen(at));
	if (!ent->value) {
		char *lc = lowercase(at);

		ent->value = xstrfmt("%s (by domain)", lc);
		free(lc);
	}
	return ent->value;
}

/*
 * (section slot, person) -> stats, open addressing.  A whole tree's
 * table is far larger than the caches: the key and its record's place
 * side by side, one line to read, not two.
 */
struct stat_ent {
	uint32_t lo, hi;	/* slot << 32 | pid, +1 so that 0 is empty */
	uint32_t val;		/* into st */
};

struct stat_map {
	struct stat_ent *ent;
	size_t size, nr;
	struct audit_person *st;	/* becomes audit.people_block */
	size_t nr_st, alloc_st;
};

static uint64_t mix(uint64_t k)
{
	k ^= k >> 33;
	k *= 0xff51afd7ed558ccdULL;
	k ^= k >> 33;
	return k;
}

static uint64_t ent_key(const struct stat_ent *e)
{
	return (uint64_t)e->hi << 32 | e->lo;
}

static uint64_t stat_key(uint32_t slot, uint32_t pid)
{
	return (((uint64_t)slot << 32) | pid) + 1;
}

/* The place of @key in the table: its entry, or the empty one for it. */
static size_t stat_place(const struct stat_map *m, uint64_t key)
{
	size_t i = mix(key) & (m->size - 1);

	while (ent_key(&m->ent[i]) && ent_key(&m->ent[i]) != key)
		i = (i + 1) & (m->size - 1);
	return i;
}

/*
 * The records' room for @alloc, in huge pages when they are many: at
 * 1.4M commits 0.8M records of 144 bytes, written at random.
 */
static void stat_room(struct stat_map *m, size_t alloc)
{
	struct audit_person *st = huge_alloc(alloc * sizeof(*st));

	if (!st) {
		m->st = xrealloc(m->st, alloc * sizeof(*st));
	} else {
		if (m->nr_st)
			memcpy(st, m->st, m->nr_st * sizeof(*st));
		free(m->st);
		m->st = st;
	}
	m->alloc_st = alloc;
}

static void stat_grow(struct stat_map *m)
{
	size_t old = m->size, j;
	struct stat_ent *oe = m->ent;

	m->size = old ? old * 2 : 4096;
	m->ent = huge_alloc(m->size * sizeof(*m->ent));
	if (m->ent)
		memset(m->ent, 0, m->size * sizeof(*m->ent));
	else
		m->ent = xcalloc(m->size, sizeof(*m->ent));
	for (j = 0; j < old; j++)
		if (ent_key(&oe[j]))
			m->ent[stat_place(m, ent_key(&oe[j]))] = oe[j];
	free(oe);
}

static struct audit_stats *stat_get(struct stat_map *m, uint32_t slot, uint32_t pid)
{
	uint64_t key = stat_key(slot, pid);
	struct stat_ent *e;

	if (2 * (m->nr + 1) > m->size)
		stat_grow(m);
	e = &m->ent[stat_place(m, key)];
	if (!ent_key(e)) {
		e->lo = (uint32_t)key;
		e->hi = (uint32_t)(key >> 32);
		/*
		 * four times the room: each step copies every record, and
		 * room not yet written is not in memory (a huge page is
		 * faulted in when first written)
		 */
		if (m->nr_st == m->alloc_st)
			stat_room(m, m->alloc_st < 16 ? 16 : 4 * m->alloc_st);
		memset(&m->st[m->nr_st], 0, sizeof(m->st[0]));
		m->st[m->nr_st].pid = (int)pid;
		e->val = (uint32_t)m->nr_st++;
		m->nr++;
	}
	return &m->st[e->val].st;
}

/* The record of (@slot, @pid), NULL when there is none. */
static struct audit_stats *stat_find(const struct stat_map *m, uint32_t slot,
				     uint32_t pid)
{
	const struct stat_ent *e;

	if (!m->size)
		return NULL;
	e = &m->ent[stat_place(m, stat_key(slot, pid))];
	return ent_key(e) ? &m->st[e->val].st : NULL;
}

struct path_map {
	int64_t max_id;
	uint32_t *first;	/* CSR over path ids */
	uint32_t *slots;
	/* collected pairs */
	int64_t *pid;
	uint32_t *pslot;
	size_t nr, alloc, alloc2;
	const int *slot_of;	/* section index -> slot, -1 */
	/* per path id, its top-level directory: index into audit.top_dirs */
	uint32_t *top;
	size_t alloc_top;
	struct strmap tops;	/* directory -> index + 1 */
	struct audit *a;
};

/* Remember the top-level directory of path @id (see audit_section.area). */
static void note_top(struct path_map *pm, int64_t id, const char *path)
{
	const char *slash = strchr(path, '/');
	const char *dir = slash ? path : "(top level)";
	size_t len = slash ? (size_t)(slash - path) : strlen(dir);
	struct strmap_entry *e;
	struct audit *a = pm->a;

	if ((size_t)id >= pm->alloc_top) {
		size_t old = pm->alloc_top;

		pm->alloc_top = (size_t)id * 2 + 16;
		pm->top = xrealloc(pm->top, pm->alloc_top * sizeof(*pm->top));
		memset(pm->top + old, 0, (pm->alloc_top - old) * sizeof(*pm->top));
	}
	e = strmap_insert(&pm->tops, dir, len);
	if (!e->value) {
		a->top_dirs = xrealloc(a->top_dirs, (a->nr_top_dirs + 1) *
				       sizeof(char *));
		a->top_dirs[a->nr_top_dirs] = xstrndup(dir, len);
		e->value = (void *)(uintptr_t)++a->nr_top_dirs;
	}
	pm->top[id] = (uint32_t)((uintptr_t)e->value - 1);
}

static int collect_path(int64_t path_id, const char *path,
			const struct match_result *res, void *data)
{
	struct path_map *pm = data;
	size_t i;

	for (i = 0; i < res->nr; i++) {
		int slot = pm->slot_of[res->hits[i].section];

		if (slot < 0)
			continue;
		ALLOC_GROW(pm->pid, pm->nr + 1, pm->alloc);
		ALLOC_GROW(pm->pslot, pm->nr + 1, pm->alloc2);
		pm->pid[pm->nr] = path_id;
		pm->pslot[pm->nr++] = (uint32_t)slot;
		if (path_id > pm->max_id)
			pm->max_id = path_id;
	}
	if (res->nr)
		note_top(pm, path_id, path);
	return 0;
}

struct slot_paths {
	struct path_map *pm;
	uint32_t slot;
};

static int collect_slot_path(int64_t path_id, const char *path, void *data)
{
	struct slot_paths *sp = data;
	struct path_map *pm = sp->pm;

	note_top(pm, path_id, path);
	ALLOC_GROW(pm->pid, pm->nr + 1, pm->alloc);
	ALLOC_GROW(pm->pslot, pm->nr + 1, pm->alloc2);
	pm->pid[pm->nr] = path_id;
	pm->pslot[pm->nr++] = sp->slot;
	if (path_id > pm->max_id)
		pm->max_id = path_id;
	return 0;
}

static void build_csr(struct path_map *pm)
{
	size_t i;
	uint32_t *fill;

	pm->first = xcalloc((size_t)pm->max_id + 2, sizeof(uint32_t));
	for (i = 0; i < pm->nr; i++)
		pm->first[pm->pid[i] + 1]++;
	for (i = 1; i <= (size_t)pm->max_id + 1; i++)
		pm->first[i] += pm->first[i - 1];
	fill = xcalloc((size_t)pm->max_id + 2, sizeof(uint32_t));
	pm->slots = xcalloc(pm->nr + 1, sizeof(uint32_t));
	for (i = 0; i < pm->nr; i++) {
		int64_t p = pm->pid[i];

		pm->slots[pm->first[p] + fill[p]++] = pm->pslot[i];
	}
	free(fill);
	free(pm->pid);
	free(pm->pslot);
	pm->pid = NULL;
	pm->pslot = NULL;
}

/* K_OTHER: any other "-by" trailer (Reported-by, Suggested-by, ...) */
enum { K_SOB = 1, K_REVIEW = 2, K_ACK = 4, K_TEST = 8, K_OTHER = 16 };

/* The directory of @row (counts by top-level directory) with the most. */
static void best_area(const struct audit *a, const long *row,
		      const char **area, long *best)
{
	size_t d;

	for (d = 0; d < a->nr_top_dirs; d++)
		if (row[d] > *best || (row[d] && row[d] == *best &&
				       strcmp(a->top_dirs[d], *area) < 0)) {
			*area = a->top_dirs[d];
			*best = row[d];
		}
}

/*
 * Each section's area from its file changes per top-level directory;
 * without any in the window, the directory holding most of the paths
 * it matches in the index (where its files are, not where most of its
 * F: patterns point).
 */
static void set_areas(struct audit *a, const struct path_map *pm,
		      size_t nslots, const long *area_n)
{
	size_t ntop = a->nr_top_dirs, i;
	long *files, none;
	uint32_t x;
	int64_t p;

	for (i = 0; i < nslots; i++)
		best_area(a, area_n + i * ntop, &a->v[i].area,
			  &a->v[i].area_changes);
	if (!pm->first)
		return;
	files = xcalloc(nslots * ntop + 1, sizeof(long));
	for (p = 0; p <= pm->max_id; p++)
		for (x = pm->first[p]; x < pm->first[p + 1]; x++)
			files[pm->slots[x] * ntop + pm->top[p]]++;
	for (i = 0; i < nslots; i++) {
		none = 0;
		if (!a->v[i].area)
			best_area(a, files + i * ntop, &a->v[i].area, &none);
	}
	free(files);
}

static int64_t key_id(struct idx *ix, const char *key)
{
	return idx_trailer_key_id(ix, key);
}

/*
 * One event of a kind: its counts, ever and in the window, and its
 * latest commit or message, the highest id of its time (the events are
 * not always read in id order: see read_wanted()).
 */
static void count_event(int *all, int *win, int64_t *last, uint32_t *last_id,
			int64_t t, int64_t id, bool inwin)
{
	(*all)++;
	*win += inwin;
	if (last && (t > *last || (t == *last && (!last_id ||
						  (uint32_t)id >= *last_id)))) {
		*last = t;
		if (last_id)
			*last_id = (uint32_t)id;
	}
}

/* @st: NULL when the person's record is not kept (see record()) */
static void credit(struct audit_stats *st, int role, int64_t t, int64_t id,
		   bool inwin)
{
	if (!st)
		return;
	if (!st->first || t < st->first)
		st->first = t;
	if (t > st->last)
		st->last = t;
	switch (role) {
	case 0:		/* author */
		count_event(&st->authored_all, &st->authored, &st->last_authored,
			    &st->last_authored_id, t, id, inwin);
		break;
	case 1:		/* committer */
		count_event(&st->applied_all, &st->applied, &st->last_applied,
			    &st->last_applied_id, t, id, inwin);
		break;
	case 2:		/* a tag */
		count_event(&st->tags_all, &st->tags, &st->last_tag,
			    &st->last_tag_id, t, id, inwin);
		break;
	case 3:		/* a review (also counted as a tag) */
		count_event(&st->reviews_all, &st->reviews, NULL, NULL, t, id,
			    inwin);
		break;
	}			/* 4: another "-by" trailer: a date only */
}

static const struct audit *sort_audit;
/*
 * Per person (pid): the place of its address among everyone's, equal
 * addresses equal, when the whole model is read; else NULL, and the
 * sorts compare the addresses themselves.
 */
static const uint32_t *sort_rank;

/*
 * By address, then by person: names without an address share the empty
 * one, and their order must not be where their records happen to lie
 * (which records are kept and where: read_wanted()).
 */
static int cmp_email(const struct audit *au, int x, int y)
{
	int c = sort_rank ? (sort_rank[x] > sort_rank[y]) -
			    (sort_rank[x] < sort_rank[y]) :
		strcmp(au->emails[x], au->emails[y]);

	return c ? c : (x > y) - (x < y);
}

static const char *email_of(const struct audit *a, int pid)
{
	return a->emails[pid] ? a->emails[pid] : "";
}

static int cmp_pid_email(const void *x, const void *y)
{
	int a = *(const int *)x, b = *(const int *)y;
	int c = strcmp(email_of(sort_audit, a), email_of(sort_audit, b));

	return c ? c : (a > b) - (a < b);
}

/*
 * sort_rank for every person of a: a sort of the addresses, once.  Each
 * person's place in cmp_email()'s order (address, then pid), no two the
 * same: one compare of ranks is the whole order, and the sorts' keys
 * are plain numbers (sort_people(), rank_by()).
 */
static uint32_t *email_ranks(const struct audit *a)
{
	int *by = xcalloc(a->nr_people + 1, sizeof(*by));
	uint32_t *rank = xcalloc(a->nr_people + 1, sizeof(*rank));
	size_t i;

	for (i = 0; i < a->nr_people; i++)
		by[i] = (int)i;
	sort_audit = a;
	if (a->nr_people)
		qsort(by, a->nr_people, sizeof(*by), cmp_pid_email);
	for (i = 0; i < a->nr_people; i++)
		rank[by[i]] = (uint32_t)i;
	free(by);
	return rank;
}

static int cmp_people(const void *x, const void *y, void *data)
{
	const struct audit_person *a = x, *b = y;
	const struct audit *au = data;

	if (a->st.authored != b->st.authored)
		return a->st.authored > b->st.authored ? -1 : 1;
	if (a->st.reviews != b->st.reviews)
		return a->st.reviews > b->st.reviews ? -1 : 1;
	if (a->st.applied != b->st.applied)
		return a->st.applied > b->st.applied ? -1 : 1;
	return cmp_email(au, a->pid, b->pid);
}

static int cmp_people_q(const void *x, const void *y)
{
	return cmp_people(x, y, (void *)sort_audit);
}

/*
 * An order as two numbers, ascending, no two alike (or else in the
 * order they came: see sort_keys()): cmp_people()'s, the counts (never
 * negative) turned about, most first, then sort_rank[pid] (unique);
 * cmp_rank()'s and cmp_change()'s likewise.  @at: where the keyed item
 * is.
 */
struct sort_key {
	uint64_t hi, lo;
	uint32_t at;
};

static uint64_t most_first(int x, int y)
{
	return (uint64_t)(UINT32_MAX - (uint32_t)x) << 32 |
	       (UINT32_MAX - (uint32_t)y);
}

static int cmp_sort_key(const void *x, const void *y)
{
	const struct sort_key *a = x, *b = y;

	if (a->hi != b->hi)
		return a->hi < b->hi ? -1 : 1;
	return (a->lo > b->lo) - (a->lo < b->lo);
}

/* A radix sort's digit, in bits; from how many items on it is used */
#define RADIX_BITS 8
#define RADIX_FROM 256
#define RADIX_SIZE ((size_t)1 << RADIX_BITS)

/* The counts of each digit into the places where each digit starts. */
static void radix_starts(size_t *cnt)
{
	size_t i, sum = 0, c;

	for (i = 0; i < RADIX_SIZE; i++) {
		c = cnt[i];
		cnt[i] = sum;
		sum += c;
	}
}

static unsigned key_digit(const struct sort_key *k, unsigned shift)
{
	return (unsigned)((shift < 64 ? k->lo >> shift : k->hi >> (shift - 64)) &
			  (RADIX_SIZE - 1));
}

/*
 * @k in cmp_sort_key()'s order: a few by qsort, many by passes of
 * RADIX_BITS over the digits that are not the same in every key (a
 * section's counts are small numbers: five or six passes, not the
 * twenty compares of a merge sort of a whole tree's section).  From
 * RADIX_FROM keys on, equal keys keep their order.
 */
static void sort_keys(struct sort_key *k, size_t n)
{
	struct sort_key *from = k, *to, *t;
	uint64_t or_hi = 0, or_lo = 0, and_hi = UINT64_MAX, and_lo = UINT64_MAX;
	size_t cnt[RADIX_SIZE], i;
	unsigned shift;

	if (n < RADIX_FROM) {
		qsort(k, n, sizeof(*k), cmp_sort_key);
		return;
	}
	for (i = 0; i < n; i++) {
		or_hi |= k[i].hi;
		and_hi &= k[i].hi;
		or_lo |= k[i].lo;
		and_lo &= k[i].lo;
	}
	to = xmalloc(n * sizeof(*to));
	for (shift = 0; shift < 128; shift += RADIX_BITS) {
		struct sort_key diff = { or_hi ^ and_hi, or_lo ^ and_lo, 0 };

		if (!key_digit(&diff, shift))
			continue;	/* the same in every key */
		memset(cnt, 0, sizeof(cnt));
		for (i = 0; i < n; i++)
			cnt[key_digit(&from[i], shift)]++;
		radix_starts(cnt);
		for (i = 0; i < n; i++)
			to[cnt[key_digit(&from[i], shift)]++] = from[i];
		t = from;
		from = to;
		to = t;
	}
	if (from != k)
		memcpy(k, from, n * sizeof(*k));
	free(from == k ? to : from);
}

/*
 * A section's people in cmp_people()'s order.  With sort_rank (a whole
 * tree), the sort moves small keys, not records of 144 bytes read
 * through three pointers, then puts the records in place once: the
 * order is the same, a person's pid unique in a section.
 */
static void sort_people(struct audit_section *s)
{
	struct sort_key *k;
	struct audit_person *v;
	size_t n = s->nr_people, i;

	if (n < 2)
		return;
	if (!sort_rank) {
		qsort(s->people, n, sizeof(*s->people), cmp_people_q);
		return;
	}
	k = xmalloc(n * sizeof(*k));
	for (i = 0; i < n; i++) {
		const struct audit_person *p = &s->people[i];

		k[i] = (struct sort_key){
			most_first(p->st.authored, p->st.reviews),
			(uint64_t)(UINT32_MAX - (uint32_t)p->st.applied) << 32 |
			sort_rank[p->pid], (uint32_t)i };
	}
	sort_keys(k, n);
	v = xmalloc(n * sizeof(*v));
	for (i = 0; i < n; i++)
		v[i] = s->people[k[i].at];
	memcpy(s->people, v, n * sizeof(*v));
	free(v);
	free(k);
}

/* The rankings kept besides changesets (rank_by()). */
enum { RANK_REVIEWS = 1, RANK_APPLIED, RANK_LIST_REVIEWS };

static int rank_which;

static long rank_value(const struct audit_person *p)
{
	return rank_which == RANK_REVIEWS ? p->st.reviews :
	       rank_which == RANK_APPLIED ? p->st.applied : p->st.list_reviews;
}

static int cmp_rank(const void *x, const void *y)
{
	const struct audit_person *a = *(const struct audit_person *const *)x;
	const struct audit_person *b = *(const struct audit_person *const *)y;
	long va = rank_value(a), vb = rank_value(b);

	if (va != vb)
		return va > vb ? -1 : 1;
	return cmp_email(sort_audit, a->pid, b->pid);
}

/*
 * The people of @s with a value to rank by (rank_which), in cmp_rank()'s
 * order; *@nr of them.
 */
static struct audit_person **ranked_people(struct audit_section *s,
					   size_t *nr)
{
	struct audit_person **v = xcalloc(s->nr_people + 1, sizeof(*v));
	struct sort_key *k;
	size_t n = 0, i;

	for (i = 0; i < s->nr_people; i++)
		if (rank_value(&s->people[i]))
			v[n++] = &s->people[i];
	*nr = n;
	if (n < 2)
		return v;
	if (!sort_rank) {
		qsort(v, n, sizeof(*v), cmp_rank);
		return v;
	}
	k = xmalloc(n * sizeof(*k));
	for (i = 0; i < n; i++)
		k[i] = (struct sort_key){
			(uint64_t)(UINT32_MAX - (uint32_t)rank_value(v[i])) << 32 |
			sort_rank[v[i]->pid], 0, (uint32_t)(v[i] - s->people) };
	sort_keys(k, n);
	for (i = 0; i < n; i++)
		v[i] = &s->people[k[i].at];
	free(k);
	return v;
}

/* Rank by one of RANK_*; ties by address.  Those with none are not ranked. */
static void rank_by(struct audit_section *s, const struct audit *a, int which)
{
	size_t n, i;
	struct audit_person **v;
	int r = 0;

	sort_audit = a;
	rank_which = which;
	v = ranked_people(s, &n);
	for (i = 0; i < n; i++) {
		r++;
		if (which == RANK_REVIEWS)
			v[i]->st.rank_reviews = r;
		else if (which == RANK_APPLIED)
			v[i]->st.rank_applied = r;
		else
			v[i]->st.rank_list_reviews = r;
	}
	free(v);
}

static void add_finding(struct audit *a, struct audit_section *s,
			enum audit_kind kind, int listed, char *text)
{
	struct audit_finding *f;

	ALLOC_GROW(s->findings, s->nr_findings + 1, s->alloc_findings);
	f = &s->findings[s->nr_findings++];
	f->kind = kind;
	f->listed = listed;
	f->text = text;
	a->nr_findings++;
}

static bool git_active(const struct audit_stats *st)
{
	return st->authored || st->applied || st->tags || st->reviews;
}

/* Active in the window: in git, or on a list covering the section. */
static bool active(const struct audit_listed *l)
{
	return l->p && (git_active(&l->p->st) || l->p->st.list_msgs);
}

/*
 * Someone of @l's name, never tied to its address, active in @s: a
 * listed person who moved on to an address the history cannot tie to
 * the listed one, or a namesake.  Either way @l is not judged inactive.
 */
static const struct audit_person *namesake_active(const struct audit_section *s,
						  const struct audit_listed *l)
{
	size_t i;

	for (i = 0; i < l->match.nr_same_name; i++) {
		const struct audit_person *p =
			audit_person_of(s, (int)l->match.same_name[i]);

		if (p && (git_active(&p->st) || p->st.list_msgs))
			return p;
	}
	return NULL;
}

/* Judge listed entry @i; whether it counts as active (or may be). */
static bool judge_listed(struct audit *a, struct audit_section *s, size_t i)
{
	const struct audit_opts *o = a->o;
	const struct audit_listed *l = &s->listed[i];
	const char *role = l->type == 'M' ? "maintainer" : "reviewer";
	const struct audit_person *other;
	struct strbuf why = STRBUF_INIT;
	bool maybe;

	if (l->is_role)
		return false;
	if (active(l))
		return true;
	/* someone of the name was active: it may be the listed person */
	maybe = namesake_active(s, l) != NULL;
	/*
	 * Only the section's own changes (as for maintained-in-name-only)
	 * make enough of them: a sweep through the tree that passes through
	 * a quiet section does not wait for its people
	 */
	if (s->changes_own < o->min_changes)
		return maybe;
	if (l->match.how == IM_AMBIGUOUS) {
		identity_describe(&a->id, a->ix, l->email, &l->match, &why);
		add_finding(a, s, AF_AMBIGUOUS, (int)i,
			    xstrfmt("%s %s: address never in the history, name "
				    "%s; not judged", role, l->value, why.buf));
	} else if ((other = namesake_active(s, l))) {
		add_finding(a, s, AF_AMBIGUOUS, (int)i,
			    xstrfmt("%s %s: no activity as %s, but %s <%s> of "
				    "the same name was active here (%d changes, "
				    "%d reviews, %d tags in %d years) and the "
				    "history never ties the two addresses; not "
				    "judged (a .mailmap line settles it)", role,
				    l->value, l->email, a->names[other->pid],
				    a->emails[other->pid], other->st.authored,
				    other->st.reviews, other->st.tags,
				    o->window_years));
	} else if (s->covered) {
		s->listed[i].inactive = true;
		add_finding(a, s, AF_INACTIVE, (int)i,
			    xstrfmt("%s %s: no authorship, commit or tag in %d "
				    "years, in %ld changes, %ld of them its own, "
				    "and no message about its files on the "
				    "indexed lists", role, l->value,
				    o->window_years, s->changes, s->changes_own));
	} else {
		s->listed[i].inactive = true;
		add_finding(a, s, AF_INACTIVE, (int)i,
			    xstrfmt("%s %s: no authorship, commit or tag in %d "
				    "years, in %ld changes, %ld of them its own "
				    "(the list was not consulted: no indexed list "
				    "covers the section)", role, l->value,
				    o->window_years, s->changes, s->changes_own));
	}
	strbuf_release(&why);
	return maybe;
}

static int cmp_change(const void *x, const void *y)
{
	const struct audit_change *a = x, *b = y;

	return a->t < b->t ? -1 : a->t > b->t ? 1 :
	       a->id < b->id ? -1 : a->id > b->id;
}

/*
 * The @k-th smallest of @v (reordered), as v[k] after a sort: a
 * selection, not a sort of every gap of a busy section.
 */
static int64_t nth_int64(int64_t *v, size_t n, size_t k)
{
	ptrdiff_t lo = 0, hi = (ptrdiff_t)n - 1, at = (ptrdiff_t)k;

	while (lo < hi) {	/* Wirth's */
		int64_t pivot = v[at], tmp;
		ptrdiff_t i = lo, j = hi;

		do {
			while (v[i] < pivot)
				i++;
			while (pivot < v[j])
				j--;
			if (i <= j) {
				tmp = v[i];
				v[i++] = v[j];
				v[j--] = tmp;
			}
		} while (i <= j);
		if (j < at)
			lo = i;
		if (at < i)
			hi = j;
	}
	return v[at];
}

/*
 * A section's changes by time, then commit id (cmp_change()): many of
 * them (a whole tree's busy sections, whose commit times are not in id
 * order) by sort_keys()'s radix sort, not a merge sort's compares.
 * Read in commit id order (@ascending), their ids need no passes: the
 * radix sort is stable, and leaves changes of one time in id order.
 */
static void sort_changes(struct audit_change *v, size_t n)
{
	struct sort_key *k;
	struct audit_change *w;
	bool ascending = true;
	int64_t min;
	size_t i;

	if (n < RADIX_FROM) {
		qsort(v, n, sizeof(*v), cmp_change);
		return;
	}
	for (i = 1, min = v[0].t; i < n; i++) {
		if (v[i].t < min)
			min = v[i].t;
		ascending &= v[i - 1].id < v[i].id;
	}
	k = xmalloc(n * sizeof(*k));
	for (i = 0; i < n; i++)
		k[i] = (struct sort_key){ (uint64_t)v[i].t - (uint64_t)min,
					  ascending ? 0 : v[i].id,
					  (uint32_t)i };
	sort_keys(k, n);
	w = xmalloc(n * sizeof(*w));
	for (i = 0; i < n; i++)
		w[i] = v[k[i].at];
	memcpy(v, w, n * sizeof(*v));
	free(w);
	free(k);
}

/*
 * The section's changes by time, and its pace: the median gap between
 * the days it changed.  A series applied in one go (five patches the
 * same day, four times a year) is one step of a quarter, not four gaps
 * of zero seconds that would make any silence look long.
 */
static void window_pace(struct audit_section *s)
{
	int64_t *gap;
	size_t i, j, n = 0;

	if (s->nr_win < 2)
		return;
	sort_changes(s->win, s->nr_win);
	gap = xcalloc(s->nr_win, sizeof(*gap));
	for (i = 1, j = 0; i < s->nr_win; i++)
		if (s->win[i].t - s->win[j].t >= 86400) {
			gap[n++] = s->win[i].t - s->win[j].t;
			j = i;
		}
	if (n)
		s->median_gap = nth_int64(gap, n, (n - 1) / 2);
	free(gap);
}

/* The authors of the changes after @after, most changes first. */
static void fading_authors(const struct audit *a, const struct audit_section *s,
			   int64_t after, struct strbuf *out)
{
	int *pid = xcalloc(s->nr_win + 1, sizeof(int));
	long *cnt = xcalloc(s->nr_win + 1, sizeof(long));
	size_t n = 0, i, k, shown;

	for (i = 0; i < s->nr_win; i++) {
		if (s->win[i].t <= after)
			continue;
		for (k = 0; k < n && pid[k] != s->win[i].pid; k++)
			;
		if (k == n)
			pid[n++] = s->win[i].pid;
		cnt[k]++;
	}
	for (shown = 0; shown < n && shown < 3; shown++) {
		size_t best = shown;

		for (k = shown + 1; k < n; k++)
			if (cnt[k] > cnt[best])
				best = k;
		if (best != shown) {
			int tp = pid[shown];
			long tc = cnt[shown];

			pid[shown] = pid[best];
			cnt[shown] = cnt[best];
			pid[best] = tp;
			cnt[best] = tc;
		}
		strbuf_addf(out, "%s%s %ld", shown ? ", " : "",
			    pid[shown] >= 0 ? a->names[pid[shown]] : "(unknown)",
			    cnt[shown]);
	}
	if (n > 3)
		strbuf_addf(out, " and %zu more", n - 3);
	free(pid);
	free(cnt);
}

/*
 * A person's last commit anywhere up to now (see last_seen): from the
 * walk when it read every commit, else asked of the index for each of
 * their people ids (a few sections' walk reads only their commits).
 */
struct last_pass {
	const struct audit *a;
	int64_t best;
};

static void last_of_pid(int64_t pid, void *data)
{
	struct last_pass *lp = data;
	int64_t t;

	if (!idx_person_last_commit(lp->a->ix, pid, lp->a->now, &t) &&
	    t > lp->best)
		lp->best = t;
}

static int64_t last_anywhere(const struct audit *a, int pid)
{
	int64_t best = a->last_seen[pid], t;
	struct last_pass lp = { a, best };
	size_t i;

	if (a->seen_all)
		return best;
	if (a->id.lazy) {
		/* the people ids of the person, as the loop below finds them */
		if (identity_person_pids(&a->id, pid, last_of_pid, &lp))
			die("cannot read the identity model from the index");
		return lp.best;
	}
	for (i = 0; i < (size_t)a->people.nr; i++)
		if (identity_of(&a->id, (int64_t)i) == pid &&
		    !idx_person_last_commit(a->ix, (int64_t)i, a->now, &t) &&
		    t > best)
			best = t;
	return best;
}

/*
 * Fading: a listed person silent in the section for long, judged by the
 * section's own pace rather than a count of changes.  Silence of at
 * least max(--fading-months, --fading-gaps x the median gap between the
 * days the section changed in the window), while at least
 * --fading-changes of its changes went in, and the section went on
 * through the second half of the silence: a dead section is not a
 * fading maintainer.  6 months and 8 gaps: bench/backtest.sh.
 */
static void judge_fading(struct audit *a, struct audit_section *s, size_t i)
{
	const struct audit_opts *o = a->o;
	struct audit_listed *l = &s->listed[i];
	const char *role = l->type == 'M' ? "maintainer" : "reviewer";
	int64_t last = l->p ? l->p->st.last : 0, silence, need, recent;
	struct strbuf who = STRBUF_INIT;
	char d[16], e[16];
	long k = 0;
	size_t x;

	if (!o->fading_changes || l->is_role || l->inactive ||
	    s->nr_win < 2 || l->match.how == IM_AMBIGUOUS ||
	    namesake_active(s, l))
		return;
	/* no activity in the window: silent since it began, at least */
	silence = a->now - (last > a->since ? last : a->since);
	need = (int64_t)o->fading_months * 2629800;	/* months of 30.44 days */
	if ((int64_t)o->fading_gaps * s->median_gap > need)
		need = (int64_t)o->fading_gaps * s->median_gap;
	if (silence < need)
		return;
	recent = a->now - silence / 2;
	for (x = 0; x < s->nr_win; x++)
		k += s->win[x].t > last;
	if (k < o->fading_changes || s->win[s->nr_win - 1].t < recent)
		return;
	l->fading = true;
	l->changes_since = k;
	/*
	 * still active in the project by the section's own measure: later
	 * than the last activity in the section, silent elsewhere for less
	 * than the silence that makes the finding
	 */
	if (l->pid >= 0) {
		int64_t t = last_anywhere(a, l->pid);

		if (t > last && a->now - t < need)
			l->elsewhere = t;
	}
	fading_authors(a, s, last, &who);
	if (l->elsewhere) {
		mh_date(e, sizeof(e), l->elsewhere);
		strbuf_addf(&who, "; still active elsewhere: last %s", e);
	}
	if (last >= a->since)
		mh_date(d, sizeof(d), last);
	else
		snprintf(d, sizeof(d), "%d years", o->window_years);
	add_finding(a, s, AF_FADING, (int)i,
		    xstrfmt("%s %s: no authorship, commit, tag or list message "
			    "in the section %s%s (%ld months), while %ld of its "
			    "changes went in (one every %.1f days, the "
			    "median): by %s", role, l->value,
			    last >= a->since ? "since " : "in ", d,
			    (long)(silence / 2629800),
			    k, (double)s->median_gap / 86400, who.buf));
	strbuf_release(&who);
}

static void judge(struct audit *a, struct audit_section *s)
{
	const struct audit_opts *o = a->o;
	size_t i, j, nm = 0, nm_active = 0;
	bool any_active = false;
	char d[16];

	window_pace(s);
	for (i = 0; i < s->nr_listed; i++) {
		bool act = judge_listed(a, s, i);

		any_active |= act;
		nm_active += act && s->listed[i].type == 'M';
		judge_fading(a, s, i);
	}
	/*
	 * Sweeps through the tree (fstests' UDF had 5 changes in 5 years,
	 * all of them touching every tests/ directory) do not wait for a
	 * section's people: only its own changes make the finding
	 */
	if (s->maintained && s->nr_people_listed && s->changes_own > 0 &&
	    !any_active)
		add_finding(a, s, AF_NAME_ONLY, -1,
			    xstrfmt("%s but none of its %zu listed people was "
				    "active in %ld changes (%ld of them its own) "
				    "in %d years", s->status ? s->status :
				    "maintained", s->nr_people_listed, s->changes,
				    s->changes_own, o->window_years));
	/* employer concentration among the M: people */
	for (i = 0; i < s->nr_listed; i++) {
		size_t same = 0;
		const struct audit_listed *l = &s->listed[i];

		if (l->is_role || l->type != 'M')
			continue;
		nm++;
		if (!strcmp(l->employer, EMPLOYER_UNKNOWN))
			continue;
		for (j = 0; j < s->nr_listed; j++)
			if (!s->listed[j].is_role && s->listed[j].type == 'M' &&
			    !strcmp(s->listed[j].employer, l->employer))
				same++;
		if (same > s->top_employer_listed) {
			s->top_employer_listed = same;
			s->top_employer = l->employer;
		}
	}
	s->nr_maintainers = nm;
	/*
	 * Active maintainers: two listed of whom one is silent is one, and
	 * removing the silent one (kmaint propose) changes nothing here.
	 */
	if (o->min_maintainers && s->maintained &&
	    nm_active < (size_t)o->min_maintainers && nm > 0 &&
	    s->changes >= o->min_changes)
		add_finding(a, s, AF_SINGLE, -1,
			    xstrfmt("%zu active maintainer%s for %ld changes in "
				    "%d years (at least %d asked for)", nm_active,
				    nm_active == 1 ? "" : "s", s->changes,
				    o->window_years, o->min_maintainers));
	if (o->employer_share && nm >= 2 && s->top_employer &&
	    s->top_employer_listed * 100 >= (size_t)o->employer_share * nm)
		add_finding(a, s, AF_EMPLOYER, -1,
			    xstrfmt("%zu of %zu listed maintainers at %s%s",
				    s->top_employer_listed, nm, s->top_employer,
				    s->applied_employer &&
				    !strcmp(s->applied_employer, s->top_employer) &&
				    s->changes ?
				    "; it also applied most of the changes" : ""));
	/*
	 * Only against the section's own list: patches to other lists
	 * touch its files too, but where they went for review is not
	 * known unless that list is indexed.
	 */
	if (o->bypass_share && s->own_list && s->changes >= o->min_changes &&
	    (s->changes - s->changes_posted) * 100 >=
	    (long)o->bypass_share * s->changes)
		add_finding(a, s, AF_BYPASS, -1,
			    xstrfmt("%ld of the %ld changes in %d years (%ld%%) "
				    "were never posted to an indexed list",
				    s->changes - s->changes_posted, s->changes,
				    o->window_years,
				    (s->changes - s->changes_posted) * 100 /
				    s->changes));
	if (o->bus_factor && s->changes >= o->min_changes &&
	    s->bus_factor <= o->bus_factor) {
		mh_date(d, sizeof(d), a->since);
		add_finding(a, s, AF_BUS_FACTOR, -1,
			    xstrfmt("bus factor %d: %d author%s wrote half of the "
				    "%ld changes since %s", s->bus_factor,
				    s->bus_factor, s->bus_factor == 1 ? "" : "s",
				    s->changes, d));
	}
}

/* The state of one audit_run() between its steps. */
/*
 * Which selected sections each indexed path belongs to.  Every path
 * through the whole file's matcher costs one lookup per path, hundreds
 * of thousands on a kernel history; a few sections are cheaper asked
 * one at a time, each over the paths under its F: prefixes only.
 */
#define FEW_SECTIONS 16
/*
 * A few sections' list records need only the threads their patches are
 * in: those messages are found through msg_files(path) and
 * messages(thread), not by reading every message of the archives.
 */

/*
 * Sets of sections (slots) keyed by a 64-bit id: a patch's own (by
 * message id) and a thread's (by thread), the union of its patches'.
 * A whole tree's archives hold half a million patches in 2 million
 * (patch, section) pairs: a set is a run of one pool, moved to the
 * pool's end with twice the room when it outgrows its own, and a key
 * in [1, max_dense] (message ids, dense) finds its set in an array.
 */
struct slot_sets {
	struct imap index;	/* key -> set + 1, past the dense keys */
	uint32_t *dense;	/* key -> set + 1, 0: none */
	int64_t max_dense;
	struct slot_set {
		uint32_t at, nr, room;	/* into pool */
	} *v;
	size_t nr_sets, alloc_sets;
	uint32_t *pool;
	size_t nr_pool, alloc_pool;
};

struct run {
	struct audit *a;
	struct idx *ix;
	const struct maintainers *m;
	int *slot_of;		/* section index -> slot, -1 */
	size_t nslots;
	int64_t *person_pid;	/* people id -> person, -1 */
	int64_t max_people;
	int **listed_pids;	/* per slot, per listed entry */
	struct path_map pm;
	struct stat_map sm;
	unsigned char *linked;	/* commit id -> linked to a posting */
	int64_t max_linked;
	/* the threads of the sections' patches, where they are few */
	int64_t *threads;
	size_t nr_threads, alloc_threads;
	uint32_t *email_rank;	/* sort_rank */
	/*
	 * Every section's records, only those o->active_people keeps (see
	 * read_wanted()); @closed once the window's activity is read: from
	 * then on only a listed person's record is made.  The messages'
	 * credits wait in @later (credit_later()), for the sections of a
	 * set of @psets (patches) or @tsets (threads).
	 */
	bool wanted, closed;
	struct slot_sets psets, tsets;
	struct later {
		int64_t date;
		uint32_t id, set;	/* the message; its set of sections */
		int pid;
		bool threads, review;	/* a set of @tsets, not @psets */
		bool inwin;
	} *later;
	size_t nr_later, alloc_later;
	/* a few sections' commits, read before their messages */
	struct section_commits sc;
	struct commit_facts_list facts;
};

/* A person the lazily read model has just read: its name and address. */
static void note_person(int p, void *data)
{
	struct audit *a = data;

	a->names[p] = a->id.persons[p].name;
	a->emails[p] = a->id.persons[p].email;
}

/*
 * The people of the index as persons of the identity model: for a few
 * sections (kmaint audit's o->identity_lazy), the index's own copy read
 * a person at a time, a->names and a->emails filled as each is read.
 */
static int load_people(struct run *r, bool lazy)
{
	struct audit *a = r->a;
	int64_t i;
	size_t p;
	int opened = 0;

	/* the model read from the index needs no people row: only their ids */
	if ((lazy && (opened = identity_open(&a->id, r->ix,
					     a->o->identity_flags)) < 0) ||
	    (opened ? scope_people_open(r->ix, &a->people) :
	     scope_people_load(r->ix, &a->people) ||
	     identity_load(&a->id, r->ix, &a->people, NULL,
			   a->o->identity_flags)))
		return -1;
	r->max_people = a->people.nr - 1;
	r->person_pid = xcalloc((size_t)a->people.nr + 1, sizeof(int64_t));
	for (i = 0; !opened && i < a->people.nr; i++)
		r->person_pid[i] = identity_of(&a->id, i);
	a->nr_people = a->id.nr;
	a->names = xcalloc(a->nr_people + 1, sizeof(char *));
	a->last_seen = xcalloc(a->nr_people + 1, sizeof(int64_t));
	a->emails = xcalloc(a->nr_people + 1, sizeof(char *));
	if (opened)
		identity_on_load(&a->id, note_person, a);
	for (p = 0; !opened && p < a->id.nr; p++) {
		a->names[p] = a->id.persons[p].name;
		a->emails[p] = a->id.persons[p].email;
	}
	return 0;
}

/* Every L: address of the file, lower case. */
static void list_addresses(const struct maintainers *m, struct strmap *lists)
{
	size_t i;

	strmap_init(lists);
	for (i = 0; i < m->nr_entries; i++) {
		char *key;

		if (m->entries[i].type != 'L')
			continue;
		key = mh_person_key(m->entries[i].value);
		strmap_insert(lists, key, strlen(key));
		free(key);
	}
}

/*
 * The project's own list server: the host most L: addresses are at
 * (vger.kernel.org, lists.xenproject.org), when it is a host under a
 * domain and no other host has as many.  Not every L: domain: Xen's
 * MAINTAINERS has lists at nxp.com and dornerworks.com, the kernel's
 * at linaro.org, oracle.com and intel.com, and those are employers.
 */
static void own_list_host(const struct maintainers *m,
			  struct employer_map *emap)
{
	struct strmap hosts;
	const char *best = NULL;
	size_t i, most = 0, ties = 0;

	strmap_init(&hosts);
	for (i = 0; i < m->nr_entries; i++) {
		struct strmap_entry *e;
		char *key, *at;
		size_t n;

		if (m->entries[i].type != 'L')
			continue;
		key = mh_person_key(m->entries[i].value);
		at = strrchr(key, '@');
		if (at && strchr(at, '.') && strchr(at, '.') != strrchr(at, '.')) {
			e = strmap_insert(&hosts, at + 1, strlen(at + 1));
			n = (size_t)(uintptr_t)e->value + 1;
			e->value = (void *)(uintptr_t)n;
			if (n > most) {
				most = n;
				best = e->key;
				ties = 0;
			} else if (n == most) {
				ties++;
			}
		}
		free(key);
	}
	if (best && !ties && emap)
		employer_map_add_own_host(emap, best);
	strmap_clear(&hosts, false);
}

/* A bare address that says it is a list, where no L: says so. */
static bool list_like(const char *name, const char *email)
{
	return !*name && (strstr(email, "list") || strstr(email, "devel@") ||
			  starts_with(email, "linux-"));
}

static void add_listed(struct run *r, struct audit_section *s,
		       const struct mnt_entry *en, const struct strmap *lists)
{
	const struct audit_opts *o = r->a->o;
	struct strbuf name = STRBUF_INIT, addr = STRBUF_INIT;
	struct audit_listed *l;
	const char *mn, *me;

	email_parse_plain(en->value, &name, &addr);
	s->listed = xrealloc(s->listed, (s->nr_listed + 1) * sizeof(*s->listed));
	l = &s->listed[s->nr_listed++];
	memset(l, 0, sizeof(*l));
	l->type = en->type;
	l->value = xstrdup(en->value);
	mn = name.buf;
	me = addr.buf;
	if (o->mailmap)
		ident_map(o->mailmap, &mn, &me);
	l->name = xstrdup(mn);
	l->email = lowercase(me);
	l->role = identity_role(&r->a->id, l->name, l->email,
				strmap_find(lists, l->email, strlen(l->email)) ||
				list_like(l->name, l->email));
	l->is_role = l->role != IR_PERSON;
	l->employer = audit_employer(o, l->email, r->a->now);
	identity_match_release(&l->match);
	if (!l->is_role) {
		identity_match(&r->a->id, l->name, l->email, &l->match);
		s->nr_people_listed++;
	}
	l->pid = l->match.person;
	strbuf_release(&name);
	strbuf_release(&addr);
}

/* The sections asked about, with their listed people. */
static void load_sections(struct run *r, const bool *selected)
{
	const struct maintainers *m = r->m;
	struct audit *a = r->a;
	struct strmap lists;
	size_t i, j;

	list_addresses(m, &lists);
	r->slot_of = xcalloc(m->nr_sections + 1, sizeof(int));
	for (i = 0; i < m->nr_sections; i++) {
		r->slot_of[i] = -1;
		if (!selected || selected[i])
			a->nr++;
	}
	a->v = xcalloc(a->nr + 1, sizeof(*a->v));
	r->listed_pids = xcalloc(a->nr + 1, sizeof(int *));
	for (i = 0; i < m->nr_sections; i++) {
		const struct mnt_section *ms = &m->sections[i];
		struct audit_section *s;
		bool has_list = false;
		int e;

		if (selected && !selected[i])
			continue;
		r->slot_of[i] = (int)r->nslots;
		s = &a->v[r->nslots];
		s->index = (int)i;
		s->name = ms->name;
		s->status = ms->status;
		s->maintained = ms->maintained;
		s->list_only = !ms->status;
		for (e = ms->first; e < ms->end; e++) {
			if (m->entries[e].type == 'M' || m->entries[e].type == 'R') {
				add_listed(r, s, &m->entries[e], &lists);
				s->list_only = false;
			}
			if (m->entries[e].type == 'L')
				has_list = true;
			if (m->entries[e].type == 'F' &&
			    (!strcmp(m->entries[e].value, "*") ||
			     !strcmp(m->entries[e].value, "*/")))
				s->catch_all = true;
		}
		s->list_only = s->list_only && has_list;
		r->listed_pids[r->nslots] = xcalloc(s->nr_listed + 1, sizeof(int));
		for (j = 0; j < s->nr_listed; j++)
			r->listed_pids[r->nslots][j] = s->listed[j].pid;
		r->nslots++;
	}
	strmap_clear(&lists, false);
}

/* The trailers of one commit that credit someone: person and kinds. */
struct commit_tags {
	struct { int64_t pid; int kind; } *v;
	size_t nr, alloc;
};

static void add_tag(struct commit_tags *t, int64_t pid, int kind)
{
	size_t x;

	for (x = 0; x < t->nr; x++)
		if (t->v[x].pid == pid)
			break;
	if (x == t->nr) {
		ALLOC_GROW(t->v, t->nr + 1, t->alloc);
		t->v[t->nr].pid = pid;
		t->v[t->nr++].kind = 0;
	}
	t->v[x].kind |= kind;
}

/*
 * The record of (@slot, person @pid) to credit; once the records are
 * closed, NULL unless it was made before or @pid is listed in @slot.
 */
static struct audit_stats *record(struct run *r, uint32_t slot, int64_t pid)
{
	struct audit_stats *st;
	size_t j;

	if (!r->closed)
		return stat_get(&r->sm, slot, (uint32_t)pid);
	st = stat_find(&r->sm, slot, (uint32_t)pid);
	for (j = 0; !st && j < r->a->v[slot].nr_listed; j++)
		if (r->listed_pids[slot][j] == pid)
			st = stat_get(&r->sm, slot, (uint32_t)pid);
	return st;
}

/*
 * Credit one non-merge commit in one section (slot); @own when at least
 * half of the files it changes are the section's, not a tree-wide sweep
 * that passes through.
 */
static void credit_commit(struct run *r, uint32_t slot, int64_t id, int64_t t,
			  int64_t apid, int64_t cpid, const struct commit_tags *tr,
			  bool own)
{
	struct audit_section *s = &r->a->v[slot];
	bool inwin = t >= r->a->since, involved = false;
	size_t j, x;

	s->changes_all++;
	s->changes += inwin;
	s->changes_own += inwin && own;
	if (!s->first_change || t < s->first_change)
		s->first_change = t;
	if (t > s->last_change)
		s->last_change = t;
	if (apid >= 0)
		credit(record(r, slot, apid), 0, t, id, inwin);
	if (cpid >= 0)
		credit(record(r, slot, cpid), 1, t, id, inwin);
	for (x = 0; x < tr->nr; x++) {
		struct audit_stats *st = record(r, slot, tr->v[x].pid);

		if (tr->v[x].kind == K_OTHER) {
			credit(st, 4, t, id, inwin);
			continue;
		}
		credit(st, 2, t, id, inwin);
		if ((tr->v[x].kind & (K_REVIEW | K_ACK)) && tr->v[x].pid != apid)
			credit(st, 3, t, id, inwin);
	}
	if (!inwin)
		return;
	/*
	 * every change, sweeps too: for fading, a driver whose only changes
	 * are tree-wide clean-ups still goes on without its maintainer's
	 * ack (a measured choice: bench/backtest.sh)
	 */
	ALLOC_GROW(s->win, s->nr_win + 1, s->alloc_win);
	s->win[s->nr_win++] = (struct audit_change){ t, (uint32_t)id,
						     (int)apid };
	if (s->quarters) {
		int *q = s->quarters +
			  (size_t)(audit_quarter(t) - r->a->first_quarter) * AQ_NR;

		q[AQ_AUTHORED]++;
		for (x = 0; x < tr->nr; x++)
			if ((tr->v[x].kind & (K_REVIEW | K_ACK)) && tr->v[x].pid != apid)
				q[AQ_REVIEWS]++;
		/* every commit is applied: count those a listed person applied */
		for (j = 0; j < s->nr_listed; j++)
			if (cpid >= 0 && r->listed_pids[slot][j] == cpid) {
				q[AQ_APPLIED]++;
				break;
			}
	}
	if (id >= 0 && id <= r->max_linked && r->linked[id])
		s->changes_posted++;
	for (j = 0; j < s->nr_listed && !involved; j++) {
		int lp = r->listed_pids[slot][j];

		if (lp < 0)
			continue;
		if (lp == apid || lp == cpid)
			involved = true;
		for (x = 0; x < tr->nr && !involved; x++)
			if (tr->v[x].pid == lp && tr->v[x].kind != K_OTHER)
				involved = true;
	}
	s->changes_listed += involved;
}

static int64_t pid_of(const struct run *r, int64_t person)
{
	if (person <= 0 || person > r->max_people)
		return -1;
	return r->a->id.lazy ? identity_of(&r->a->id, person) :
	       r->person_pid[person];
}

/*
 * Read the persons of @n people ids (pid_of()'s: those it would not ask
 * about are left out) at once, when the model is read lazily.
 */
static void prefetch_people(struct run *r, int64_t *pids, size_t n)
{
	size_t i, k = 0;

	for (i = 0; i < n; i++)
		if (pids[i] > 0 && pids[i] <= r->max_people)
			pids[k++] = pids[i];
	identity_prefetch(&r->a->id, pids, k);
}

/* A commit of the window in its people's quarters (o->quarters). */
static void credit_quarter(struct run *r, int64_t t, int64_t apid, int64_t cpid,
			   const struct commit_tags *tr)
{
	struct audit *a = r->a;
	size_t q = (size_t)(audit_quarter(t) - a->first_quarter), x;

#define PQ(pid, role) a->person_quarters[((size_t)(pid) * (size_t)a->nr_quarters + q) * \
					 AQ_NR + (role)]
	if (apid >= 0)
		PQ(apid, AQ_AUTHORED)++;
	if (cpid >= 0)
		PQ(cpid, AQ_APPLIED)++;
	for (x = 0; x < tr->nr; x++)
		if ((tr->v[x].kind & (K_REVIEW | K_ACK)) && tr->v[x].pid != apid)
			PQ(tr->v[x].pid, AQ_REVIEWS)++;
#undef PQ
}

/*
 * The other "-by" trailers' keys (Reported-by, Suggested-by, Xen's
 * Committed-by, ...): a person named in one is still around, which the
 * fading finding's last activity counts; the counts do not.
 */
struct by_keys {
	int64_t *v;	/* ascending */
	size_t nr;
};

static void load_by_keys(struct idx *ix, struct by_keys *b)
{
	b->v = idx_trailer_by_keys(ix, &b->nr);
}

static bool is_by_key(const struct by_keys *b, int64_t key)
{
	return b->nr && bsearch(&key, b->v, b->nr, sizeof(*b->v), cmp_int64);
}

/* The most (slot, person) records a commit asks for ahead. */
#define PREFETCH_RECORDS 64
/* ... asked only from a table of this many entries (1.5 MB) on */
#define PREFETCH_FROM (1 << 17)

/* What read_commits() keeps from commit to commit. */
struct commit_pass {
	struct run *r;
	int64_t *stamp;		/* by slot: the last commit id + 1 touching it */
	uint64_t *rowst, row;	/* by slot: the last file row touching it */
	int64_t k_sob, k_rev, k_ack, k_test;
	struct by_keys by;
	struct commit_tags tr;
	uint32_t *touched, *nr_in;	/* the commit's slots; its files in each */
	size_t nr_touched, alloc_touched;
	long *area_n;		/* by slot and top-level directory: changes */
	size_t ntop;
};

/* One path of a file change (@now: where the file is now) into its slots. */
static void touch_path(struct commit_pass *cp, int64_t id, int64_t p,
		       bool now, bool win)
{
	const struct path_map *pm = &cp->r->pm;
	uint32_t x;

	if (p < 0 || p > pm->max_id)
		return;
	for (x = pm->first[p]; x < pm->first[p + 1]; x++) {
		uint32_t slot = pm->slots[x];

		/* the area: where the file is now */
		if (win && now)
			cp->area_n[slot * cp->ntop + pm->top[p]]++;
		if (cp->rowst[slot] == cp->row)
			continue;	/* one file once */
		cp->rowst[slot] = cp->row;
		if (cp->stamp[slot] == id + 1) {
			cp->nr_in[slot]++;
			continue;
		}
		cp->stamp[slot] = id + 1;
		cp->nr_in[slot] = 1;
		ALLOC_GROW(cp->touched, cp->nr_touched + 1, cp->alloc_touched);
		cp->touched[cp->nr_touched++] = slot;
	}
}

/*
 * The slots a commit's files are in, with how many of its files each;
 * in the window (@win), each file change counted to its slot's area.  A
 * rename touches the sections of both its paths, as "git log -- PATH"
 * sees it: moving a file out of a section is work in that section.
 */
static void touch_slots(struct commit_pass *cp, const struct commit_facts *c,
			bool win)
{
	size_t f;

	cp->nr_touched = 0;
	for (f = 0; f < c->nr_paths; f++) {
		cp->row++;
		touch_path(cp, c->id, c->paths[f], true, win);
		if (c->old_paths[f] >= 0 && c->old_paths[f] != c->paths[f])
			touch_path(cp, c->id, c->old_paths[f], false, win);
	}
}

/*
 * The records keep commit and message ids in 32 bits, and their counts
 * (of distinct commits or messages) in ints: an index whose ids pass
 * INT32_MAX is refused, not counted wrong.
 */
static int id_fits(int64_t id, const char *what)
{
	if (id >= 0 && id <= INT32_MAX)
		return 0;
	return error("%s id %lld: past what an audit counts (%d)", what,
		     (long long)id, INT32_MAX);
}

static void seen(struct audit *a, int64_t pid, int64_t t)
{
	if (pid >= 0 && (size_t)pid < a->nr_people && t > a->last_seen[pid])
		a->last_seen[pid] = t;
}

/*
 * Ask for the records a commit is about to credit before crediting
 * them: at 1.4M commits the (slot, person) table and its records are
 * far larger than the caches, and a miss at a time was most of the
 * commit pass.  First the table's entries, all at once; then, those
 * arrived, the records they point to.  Only a hint: record() still
 * does the work, and a record made meanwhile is simply not prefetched.
 */
static void prefetch_records(const struct run *r, const struct commit_pass *cp,
			     int64_t apid, int64_t cpid)
{
	const struct stat_map *m = &r->sm;
	uint64_t keys[PREFETCH_RECORDS];
	size_t n = 0, i, x;

	/* a table that fits the caches gains nothing from it */
	if (m->size < PREFETCH_FROM)
		return;
	for (i = 0; i < cp->nr_touched && n + 2 + cp->tr.nr <= PREFETCH_RECORDS;
	     i++) {
		uint32_t slot = cp->touched[i];

		if (apid >= 0)
			keys[n++] = stat_key(slot, (uint32_t)apid);
		if (cpid >= 0 && cpid != apid)
			keys[n++] = stat_key(slot, (uint32_t)cpid);
		for (x = 0; x < cp->tr.nr; x++)
			keys[n++] = stat_key(slot, (uint32_t)cp->tr.v[x].pid);
	}
	for (i = 0; i < n; i++)
		__builtin_prefetch(&m->ent[mix(keys[i]) & (m->size - 1)]);
	for (i = 0; i < n; i++) {
		const struct stat_ent *e = &m->ent[stat_place(m, keys[i])];

		if (ent_key(e)) {
			/* the counts lie past the first line of a record */
			__builtin_prefetch(&m->st[e->val]);
			__builtin_prefetch((const char *)&m->st[e->val] + 96);
		}
	}
}

static int read_commit(const struct commit_facts *c, void *data)
{
	struct commit_pass *cp = data;
	struct run *r = cp->r;
	bool win = c->nparents <= 1 && c->time <= r->a->now &&
		   c->time >= r->a->since;
	int64_t apid, cpid;
	size_t i;

	if (id_fits(c->id, "commit"))
		return -1;
	touch_slots(cp, c, win);
	cp->tr.nr = 0;
	for (i = 0; i < c->nr_trailers; i++) {
		int64_t key = c->trailer_key[i];
		int64_t pid = pid_of(r, c->trailer_person[i]);
		int kind = key == cp->k_sob ? K_SOB : key == cp->k_rev ? K_REVIEW :
			   key == cp->k_ack ? K_ACK : key == cp->k_test ? K_TEST :
			   is_by_key(&cp->by, key) ? K_OTHER : 0;

		if (kind && pid >= 0)
			add_tag(&cp->tr, pid, kind);
	}
	if (c->nparents > 1 || c->time > r->a->now)
		return 0;
	apid = pid_of(r, c->author);
	cpid = pid_of(r, c->committer);
	seen(r->a, apid, c->time);
	seen(r->a, cpid, c->time);
	for (i = 0; i < cp->tr.nr; i++)
		seen(r->a, cp->tr.v[i].pid, c->time);
	if (r->a->person_quarters && c->time >= r->a->since)
		credit_quarter(r, c->time, apid, cpid, &cp->tr);
	prefetch_records(r, cp, apid, cpid);
	for (i = 0; i < cp->nr_touched; i++)
		credit_commit(r, cp->touched[i], c->id, c->time, apid, cpid,
			      &cp->tr,
			      2 * (size_t)cp->nr_in[cp->touched[i]] >= c->nr_paths);
	return 0;
}

/*
 * A few sections need only the commits touching their paths; the
 * people's quarters (report --site) count every commit.
 */
static bool few_commits(const struct run *r)
{
	return r->nslots <= FEW_SECTIONS && !r->a->person_quarters;
}

/* The path ids of the selected sections (to free), *@nr of them. */
static int64_t *section_paths(const struct run *r, size_t *nr)
{
	const struct path_map *pm = &r->pm;
	int64_t *paths = NULL, p;
	size_t alloc = 0;

	*nr = 0;
	for (p = 0; p <= pm->max_id; p++)
		if (pm->first[p] < pm->first[p + 1]) {
			ALLOC_GROW(paths, *nr + 1, alloc);
			paths[(*nr)++] = p;
		}
	return paths;
}

/* The ids of the commits touching the selected sections' paths. */
static int section_commits(const struct run *r, int64_t **ids, size_t *nr_ids)
{
	size_t nr;
	int64_t *paths = section_paths(r, &nr);
	int rc = idx_commits_of_paths(r->ix, paths, nr, ids, nr_ids);

	free(paths);
	return rc;
}

/*
 * Append the people read_commit() asks about to *@pids: every trailer's,
 * and the author and committer of the commits it credits.
 */
static void commit_people(const struct run *r, int64_t **pids, size_t *n,
			  size_t *alloc)
{
	size_t i, t;

	for (i = 0; i < r->facts.nr; i++) {
		const struct commit_facts *c = &r->facts.v[i];

		ALLOC_GROW(*pids, *n + c->nr_trailers + 2, *alloc);
		for (t = 0; t < c->nr_trailers; t++)
			(*pids)[(*n)++] = c->trailer_person[t];
		if (c->nparents <= 1 && c->time <= r->a->now) {
			(*pids)[(*n)++] = c->author;
			(*pids)[(*n)++] = c->committer;
		}
	}
}

/*
 * A few sections' commits, found once, and their facts, read whole
 * before the messages: the people of both are then read at once
 * (senders_of()), in one ordered pass over the identity tables.  More
 * than FEW_FACTS commits (a section of the whole tree) are read a part
 * at a time, by read_few_commits().
 */
#define FEW_FACTS 65536
static int read_few_facts(struct run *r)
{
	size_t nr;
	int64_t *paths = section_paths(r, &nr);
	/* whether a commit is the sections' own counts in the window only */
	int rc = idx_section_commits(r->ix, paths, nr, r->a->since, &r->sc);

	free(paths);
	if (!rc && r->sc.nr_ids <= FEW_FACTS &&
	    idx_section_facts(r->ix, &r->sc, FEW_FACTS, &r->facts) < 0)
		rc = -1;
	return rc;
}

/* Credit the commits of r->facts, their people read first. */
static int credit_facts(struct run *r, struct commit_pass *cp)
{
	int64_t *pids = NULL;
	size_t n = 0, alloc = 0, i;
	int rc = 0;

	/* without lists, or a part of many commits: not read yet */
	if (r->a->id.lazy)
		commit_people(r, &pids, &n, &alloc);
	prefetch_people(r, pids, n);
	free(pids);
	for (i = 0; !rc && i < r->facts.nr; i++)
		rc = read_commit(&r->facts.v[i], cp);
	return rc;
}

/*
 * The commits touching the selected sections' paths (read_few_facts()):
 * which of them are linked to a posting is asked of them too.
 */
static int read_few_commits(struct run *r, struct commit_pass *cp)
{
	int rc = 0, more = r->facts.nr ? 1 : 0;

	if (r->a->has_lists)
		r->linked = lists_linked_commits_of(r->ix, r->sc.ids,
						    r->sc.nr_ids,
						    &r->max_linked);
	if (!more)
		more = idx_section_facts(r->ix, &r->sc, FEW_FACTS, &r->facts);
	while (!rc && more > 0) {
		rc = credit_facts(r, cp);
		more = idx_section_facts(r->ix, &r->sc, FEW_FACTS, &r->facts);
	}
	return rc || more < 0 ? -1 : 0;
}

static void credit_later(struct run *r, bool window);

/*
 * Between read_wanted()'s walks: the records closed, and the older
 * messages' credits made to those there are.
 */
static void close_records(void *data)
{
	struct commit_pass *cp = data;

	cp->r->closed = true;
	credit_later(cp->r, false);
}

/*
 * Every section's records, only those o->active_people keeps: a
 * (section, person) record is made by activity in the window (or for
 * a listed person), and credited with all of its history.  The lists'
 * messages of the window made theirs once the messages were freed
 * (read_lists()); the commits from the first of the window on make
 * theirs.  Then the records are closed: the older messages' credits,
 * kept till now, and the older commits credit only those made.  At
 * 1.4M commits that is 0.8M records, not 1.3M.
 */
static int read_wanted(struct run *r, struct commit_pass *cp)
{
	return idx_foreach_commit_facts_split(r->ix, r->a->since, r->a->now,
					      read_commit, close_records, cp);
}

/* Commits, files and trailers side by side, in commit id order. */
static int read_commits(struct run *r)
{
	struct idx *ix = r->ix;
	struct commit_pass cp = {
		.r = r,
		.stamp = xcalloc(r->nslots + 1, sizeof(int64_t)),
		.rowst = xcalloc(r->nslots + 1, sizeof(uint64_t)),
		.nr_in = xcalloc(r->nslots + 1, sizeof(uint32_t)),
		.k_sob = key_id(ix, "Signed-off-by"),
		.k_rev = key_id(ix, "Reviewed-by"),
		.k_ack = key_id(ix, "Acked-by"),
		.k_test = key_id(ix, "Tested-by"),
		.ntop = r->a->nr_top_dirs,
	};
	int rc;

	load_by_keys(ix, &cp.by);
	cp.area_n = xcalloc(r->nslots * cp.ntop + 1, sizeof(long));
	r->a->seen_all = !few_commits(r);
	rc = few_commits(r) ? read_few_commits(r, &cp) :
	     r->wanted ? read_wanted(r, &cp) :
	     idx_foreach_commit_facts(ix, read_commit, &cp);
	if (!rc)
		set_areas(r->a, &r->pm, r->nslots, cp.area_n);
	free(cp.area_n);
	free(cp.stamp);
	free(cp.rowst);
	free(cp.nr_in);
	free(cp.touched);
	free(cp.tr.v);
	free(cp.by.v);
	return rc;
}

/* ---- the mailing lists ---- */

/*
 * Commits linked to a posting, for the bypass finding: asked only of
 * the commits touching their paths for a few sections (only those are
 * credited to a section), by read_few_commits() when it reads those.
 */
static int read_links(struct run *r)
{
	int64_t *ids;
	size_t nr = 0;

	if (r->nslots > FEW_SECTIONS) {
		r->linked = lists_linked_commits(r->ix, &r->max_linked);
		return 0;
	}
	if (few_commits(r))
		return 0;
	if (section_commits(r, &ids, &nr)) {
		free(ids);
		return -1;
	}
	r->linked = lists_linked_commits_of(r->ix, ids, nr, &r->max_linked);
	free(ids);
	return 0;
}

/*
 * The messages of the archives are struct msg_brief (store/queries.h):
 * each sender a person (pid), -1, once load_messages() has mapped the
 * people ids.
 */
static int cmp_msg_id(const void *a, const void *b)
{
	int64_t x = ((const struct msg_brief *)a)->id;
	int64_t y = ((const struct msg_brief *)b)->id;

	return x < y ? -1 : x > y;
}

/*
 * Message id -> its place in an array of them by id, + 1 (0: none): an
 * array, not a hash, the ids of an archive being dense.
 */
struct msg_places {
	uint32_t *at;
	int64_t max;
};

static uint32_t place_of(const struct msg_places *p, int64_t id)
{
	return id > 0 && id <= p->max ? p->at[id] : 0;
}

static void set_place(struct msg_places *p, int64_t id, size_t place)
{
	if (id > 0 && id <= p->max)
		p->at[id] = (uint32_t)place + 1;
}

/* The messages read_messages() keeps, by id; where each is. */
struct msg_pass {
	struct run *r;
	struct msg_brief *v;
	size_t nr, alloc;
	struct msg_places pl;
};

static int keep_message(const struct msg_row *b, void *data)
{
	struct msg_pass *mp = data;
	struct msg_brief *m;

	ALLOC_GROW(mp->v, mp->nr + 1, mp->alloc);
	m = &mp->v[mp->nr++];
	m->id = b->id;
	m->mid = b->mid;
	m->parent = b->parent;
	m->thread = b->thread;
	m->sender = b->sender;	/* a people id: load_messages() maps it */
	m->date = b->date;
	m->flags = (uint32_t)b->flags;
	return 0;
}

/*
 * The messages' senders, from people ids to persons, read at once with
 * the people of a few sections' commits (read_few_facts()).
 */
static void senders_of(struct run *r, struct msg_pass *mp)
{
	int64_t *pids;
	size_t i, n = mp->nr, alloc = mp->nr + 1;

	if (r->a->id.lazy) {
		pids = xcalloc(alloc, sizeof(*pids));
		for (i = 0; i < mp->nr; i++)
			pids[i] = mp->v[i].sender;
		/* a few sections' commits' too, in the same pass */
		commit_people(r, &pids, &n, &alloc);
		prefetch_people(r, pids, n);
		free(pids);
	}
	for (i = 0; i < mp->nr; i++)
		mp->v[i].sender = pid_of(r, mp->v[i].sender);
}

/*
 * The messages to credit, by id: a few sections' threads (their
 * patches' threads, found first), else every message, read from the
 * narrow rows of messages_stats.
 */
static int load_messages(struct run *r, struct msg_pass *mp)
{
	bool few = r->nslots <= FEW_SECTIONS;
	size_t i;

	/* in id order, the rows of neighbouring threads read together */
	if (few && r->nr_threads)
		qsort(r->threads, r->nr_threads, sizeof(*r->threads),
		      cmp_int64);
	if (few &&
	    lists_foreach_thread_message(r->ix, r->threads, r->nr_threads,
					 keep_message, mp))
		return -1;
	if (!few && lists_read_messages_brief(r->ix, &mp->v, &mp->nr))
		return -1;
	senders_of(r, mp);
	/* by thread, or by archive then id */
	for (i = 1; i < mp->nr && mp->v[i - 1].id < mp->v[i].id; i++)
		;
	if (i < mp->nr)
		qsort(mp->v, mp->nr, sizeof(*mp->v), cmp_msg_id);
	mp->pl.max = mp->nr && mp->v[mp->nr - 1].id > 0 ?
		     mp->v[mp->nr - 1].id : 0;
	if (id_fits(mp->pl.max, "message"))
		return -1;
	mp->pl.at = xcalloc((size_t)mp->pl.max + 1, sizeof(*mp->pl.at));
	for (i = 0; i < mp->nr; i++)
		set_place(&mp->pl, mp->v[i].id, i);
	return 0;
}

/* The set of @key + 1, 0 when there is none. */
static size_t set_find(const struct slot_sets *t, int64_t key)
{
	int64_t *v;

	if (key > 0 && key <= t->max_dense)
		return t->dense[key];
	v = imap_get(&t->index, key ? key : 1);
	return v ? (size_t)*v : 0;
}

/* The set of @key + 1, a new empty one if it has none: one probe. */
static size_t set_get(struct slot_sets *t, int64_t key)
{
	int64_t *v = NULL;

	if (key > 0 && key <= t->max_dense) {
		if (t->dense[key])
			return t->dense[key];
	} else if (*(v = imap_put(&t->index, key ? key : 1))) {
		return (size_t)*v;
	}
	ALLOC_GROW(t->v, t->nr_sets + 1, t->alloc_sets);
	t->v[t->nr_sets].at = t->v[t->nr_sets].nr = t->v[t->nr_sets].room = 0;
	if (v)
		*v = (int64_t)++t->nr_sets;
	else
		t->dense[key] = (uint32_t)++t->nr_sets;
	return t->nr_sets;
}

/* Add @slot to set @e (its number + 1), unless it is in already. */
static void set_add_to(struct slot_sets *t, size_t e, uint32_t slot)
{
	struct slot_set *s = &t->v[e - 1];
	size_t i;

	for (i = 0; i < s->nr; i++)
		if (t->pool[s->at + i] == slot)
			return;
	if (s->nr == s->room) {
		uint32_t room = s->room ? 2 * s->room : 4;

		if (t->nr_pool + room > UINT32_MAX)
			die("too many (patch, section) pairs in the archives");
		ALLOC_GROW(t->pool, t->nr_pool + room, t->alloc_pool);
		if (s->nr)
			memcpy(t->pool + t->nr_pool, t->pool + s->at,
			       s->nr * sizeof(*t->pool));
		s->at = (uint32_t)t->nr_pool;
		s->room = room;
		t->nr_pool += room;
	}
	t->pool[s->at + s->nr++] = slot;
}

static void set_add(struct slot_sets *t, int64_t key, uint32_t slot)
{
	set_add_to(t, set_get(t, key), slot);
}

/* The set of @key, or -1. */
static ssize_t set_of(const struct slot_sets *t, int64_t key)
{
	return (ssize_t)set_find(t, key) - 1;
}

/* The @k-th slot of set @e. */
static uint32_t set_slot(const struct slot_sets *t, ssize_t e, size_t k)
{
	return t->pool[t->v[e].at + k];
}

static void slot_sets_drop_keys(struct slot_sets *t)
{
	free(t->dense);
	t->dense = NULL;
	t->max_dense = 0;
	imap_free(&t->index);
}

static void slot_sets_free(struct slot_sets *t)
{
	free(t->v);
	free(t->pool);
	free(t->dense);
	imap_free(&t->index);
	memset(t, 0, sizeof(*t));
}

/* What read_patch_slots() needs for each file of a posted patch. */
struct patch_pass {
	struct run *r;
	struct slot_sets *patches, *threads;
	/*
	 * A few sections': other projects' patches, each message asked
	 * as its rows come (@own; @foreign its answers, 1 foreign, 2
	 * not), not every message of the archives
	 */
	struct imap foreign, seen;
	struct lists_own *own;
	/* every section's: the messages; the thread of the last patch */
	const struct msg_pass *mp;
	int64_t last_thread;
	size_t last_set;	/* its set + 1 */
};

static bool is_foreign(struct patch_pass *pp, int64_t message)
{
	int64_t *v = imap_put(&pp->foreign, message);

	if (!*v)
		*v = lists_own_foreign(pp->own, message) ? 1 : 2;
	return *v == 1;
}

static int patch_file(int64_t p, int64_t th, int64_t message, void *data)
{
	struct patch_pass *pp = data;
	struct run *r = pp->r;
	const struct path_map *pm = &r->pm;
	int64_t *v;
	uint32_t x;

	/* other projects' patches are about none of our sections */
	if (p < 0 || p > pm->max_id || pm->first[p] == pm->first[p + 1] ||
	    is_foreign(pp, message))
		return 0;
	for (x = pm->first[p]; x < pm->first[p + 1]; x++) {
		set_add(pp->patches, message, pm->slots[x]);
		set_add(pp->threads, th, pm->slots[x]);
	}
	if (!*(v = imap_put(&pp->seen, th ? th : 1))) {
		*v = 1;
		ALLOC_GROW(r->threads, r->nr_threads + 1, r->alloc_threads);
		r->threads[r->nr_threads++] = th;
	}
	return 0;
}

/*
 * A whole tree's: each patch of the project with its files, in message
 * id order, its thread found among the messages read.  The patch's set
 * is made once, the thread's looked up once (@last: a series' patches
 * follow each other).
 */
static int patch_files_at(int64_t message, const int64_t *paths, size_t nr,
			  void *data)
{
	struct patch_pass *pp = data;
	const struct path_map *pm = &pp->r->pm;
	uint32_t at = place_of(&pp->mp->pl, message), x;
	size_t i, e = 0, k, te;
	int64_t th;

	if (!at)
		return 0;	/* no such message: none of its thread */
	for (i = 0; i < nr; i++) {
		if (paths[i] < 0 || paths[i] > pm->max_id)
			continue;
		for (x = pm->first[paths[i]]; x < pm->first[paths[i] + 1]; x++)
			set_add_to(pp->patches, e ? e :
				   (e = set_get(pp->patches, message)),
				   pm->slots[x]);
	}
	if (!e)
		return 0;
	th = pp->mp->v[at - 1].thread;
	if (!pp->last_set || pp->last_thread != th) {
		pp->last_set = set_get(pp->threads, th);
		pp->last_thread = th;
	}
	te = pp->last_set;
	for (k = 0; k < pp->patches->v[e - 1].nr; k++)
		set_add_to(pp->threads, te,
			   set_slot(pp->patches, (ssize_t)e - 1, k));
	return 0;
}

/*
 * A few sections' patches, the rows of their own @paths: which of the
 * messages are other projects' asked first, in id order (rows of one
 * message are apart, one for each of its files), then each row in turn.
 */
static int few_patch_files(struct patch_pass *pp, const int64_t *paths,
			   size_t nr)
{
	const struct path_map *pm = &pp->r->pm;
	struct msg_file_row *rows;
	int64_t *ids;
	size_t n, i, k;
	int rc = lists_message_files_of(pp->r->ix, paths, nr, &rows, &n);

	ids = xcalloc(n + 1, sizeof(*ids));
	for (i = k = 0; !rc && i < n; i++)
		if (rows[i].path <= pm->max_id)	/* patch_file()'s */
			ids[k++] = rows[i].message;
	if (k)
		qsort(ids, k, sizeof(*ids), cmp_int64);
	for (i = 0; i < k; i++)
		is_foreign(pp, ids[i]);		/* remembered */
	for (i = 0; !rc && i < n; i++)
		rc = patch_file(rows[i].path, rows[i].thread,
				rows[i].message, pp);
	free(ids);
	free(rows);
	return rc;
}

/*
 * Each patch's sections, and each thread's: a few sections' from their
 * own paths' rows, every section's with the messages of @mp read.
 */
static int read_patch_slots(struct run *r, const struct msg_pass *mp,
			    struct slot_sets *patches,
			    struct slot_sets *threads)
{
	struct patch_pass pp = { .r = r, .patches = patches,
				 .threads = threads, .mp = mp };
	int64_t *paths;
	size_t nr = 0;
	int rc;

	imap_init(&patches->index, 1024);
	imap_init(&threads->index, 1024);
	if (r->nslots > FEW_SECTIONS) {
		/* every message read: a patch's set by its id */
		patches->max_dense = mp->pl.max;
		patches->dense = xcalloc((size_t)mp->pl.max + 1,
					 sizeof(*patches->dense));
		return lists_foreach_own_patch(r->ix, patch_files_at, &pp);
	}
	if (!(pp.own = lists_own_open(r->ix)))
		return -1;
	imap_init(&pp.foreign, 1024);
	imap_init(&pp.seen, 64);
	/* a few sections: their own paths' rows, by msg_files_path */
	paths = section_paths(r, &nr);
	rc = few_patch_files(&pp, paths, nr);
	free(paths);
	imap_free(&pp.seen);
	imap_free(&pp.foreign);
	lists_own_close(pp.own);
	return rc;
}

static void credit_list(struct audit_stats *st, int64_t t, int64_t id,
			bool inwin, bool review)
{
	if (!st)
		return;
	if (!st->first || t < st->first)
		st->first = t;
	if (t > st->last)
		st->last = t;
	count_event(&st->list_msgs_all, &st->list_msgs, &st->last_list,
		    &st->last_list_id, t, id, inwin);
	if (review)
		count_event(&st->list_reviews_all, &st->list_reviews,
			    &st->last_review, NULL, t, id, inwin);
}


/*
 * The sections a message is about: a patch's own; for a reply, those of
 * the nearest patch it answers (a review of the xfs patch of a series
 * that also touches btrfs is no review of btrfs); for a cover letter and
 * what answers it, the whole series' (its thread's).
 */
/*
 * Whose patch or cover letter @m answers: the sender of the nearest one
 * above it that is no reply itself ("Re: [PATCH 0/N]" is flagged as a
 * cover letter too), or -1.
 */
static int64_t answered_by(const struct msg_brief *m,
			   const struct msg_places *pos,
			   const struct msg_brief *v)
{
	const struct msg_brief *at = m;
	int hops;

	for (hops = 0; hops < 64; hops++) {
		uint32_t pp = place_of(pos, at->parent);

		if (!pp)
			return -1;
		at = &v[pp - 1];
		if ((at->flags & (MSG_COVER | MSG_PATCH)) &&
		    !(at->flags & MSG_REPLY))
			return at->sender;
	}
	return -1;
}

static ssize_t message_slots(const struct slot_sets *patches,
			     const struct slot_sets *threads,
			     const struct msg_brief *m,
			     const struct msg_places *pos,
			     const struct msg_brief *v, int64_t *key_set)
{
	const struct msg_brief *at = m;
	int hops;

	for (hops = 0; at && hops < 64; hops++) {
		ssize_t k;
		uint32_t pp;

		if (at->flags & MSG_COVER)
			break;
		k = set_of(patches, at->id);
		/*
		 * A patch no section covers is still the patch answered:
		 * about no section, not about all of its series'
		 */
		if (k >= 0 || (at->flags & MSG_PATCH)) {
			*key_set = 0;
			return k;
		}
		pp = place_of(pos, at->parent);
		at = pp ? &v[pp - 1] : NULL;
	}
	*key_set = 1;
	return set_of(threads, m->thread);
}


/*
 * One entry per Message-ID (lmsg_copy_of()): the first copy by id;
 * @pos by id, a copy's the one kept.
 */
static size_t drop_copies(struct msg_brief *v, size_t nr,
			  struct msg_places *pos)
{
	struct imap seen;
	size_t i, t;

	imap_init(&seen, nr);
	for (i = t = 0; i < nr; i++) {
		size_t kept = lmsg_copy_of(&seen, v[i].mid, t);

		if (kept) {
			if (v[i].date < v[kept - 1].date)
				v[kept - 1].date = v[i].date;
			/* its answers answer the one kept */
			set_place(pos, v[i].id, kept - 1);
			continue;
		}
		v[t++] = v[i];
		set_place(pos, v[t - 1].id, t - 1);
	}
	imap_free(&seen);
	return t;
}

/* A trailer of a message: its review credited to the sections of it. */
struct trailer_pass {
	struct run *r;
	const struct msg_brief *m;
	ssize_t set;
	const struct slot_sets *sets;
	bool inwin;
	bool later;		/* credits wait in run.later */
	int64_t k_rev, k_ack, k_test;
};

/*
 * Credit @pid with the message in each section of set @e of @sets (a
 * review when @review), or keep the credit for later (read_wanted()).
 */
static void credit_set(struct trailer_pass *tp, const struct slot_sets *sets,
		       ssize_t e, int64_t pid, bool review)
{
	struct run *r = tp->r;
	const struct msg_brief *m = tp->m;
	size_t k;

	if (tp->later) {
		ALLOC_GROW(r->later, r->nr_later + 1, r->alloc_later);
		r->later[r->nr_later++] = (struct later){
			m->date, (uint32_t)m->id, (uint32_t)e, (int)pid,
			sets == &r->tsets, review, tp->inwin };
		return;
	}
	for (k = 0; k < sets->v[e].nr; k++)
		credit_list(record(r, set_slot(sets, e, k), pid), m->date,
			    m->id, tp->inwin, review);
}

static int credit_trailer(int64_t key, int64_t person, void *data)
{
	struct trailer_pass *tp = data;
	struct run *r = tp->r;
	const struct msg_brief *m = tp->m;
	int64_t who = pid_of(r, person);

	/*
	 * a patch's trailers were given before, on an earlier version:
	 * counted where they were given (as stats --list counts them)
	 */
	if (who < 0 || who == m->sender || tp->set < 0 || m->date > r->a->now ||
	    (m->flags & MSG_PATCH) ||
	    (key != tp->k_rev && key != tp->k_ack && key != tp->k_test))
		return 0;
	credit_set(tp, tp->sets, tp->set, who, true);
	return 0;
}

/* One message credited, its trailers read from @mt (read_messages()). */
static void credit_message(struct trailer_pass *tp, struct msg_trailers *mt,
			   const struct msg_pass *mp,
			   const struct slot_sets *patches,
			   const struct slot_sets *threads,
			   const struct msg_brief *m)
{
	struct run *r = tp->r;
	/* a cover letter is no review, its answers may be */
	bool reply = (m->flags & MSG_REPLY) ||
		     !(m->flags & (MSG_PATCH | MSG_COVER));
	int64_t which, answered = reply ? answered_by(m, &mp->pl, mp->v) : -1;

	tp->m = m;
	tp->set = message_slots(patches, threads, m, &mp->pl, mp->v, &which);
	tp->sets = which ? threads : patches;
	/* only where credit_trailer() can count one: not a patch */
	if (tp->set >= 0 && m->date <= r->a->now && !(m->flags & MSG_PATCH))
		msg_trailers_of(mt, m->id, credit_trailer, tp);
	if (tp->set < 0 || m->sender < 0 || m->date > r->a->now)
		return;
	/* an author answering their reviewers reviews nothing */
	credit_set(tp, tp->sets, tp->set, m->sender,
		   reply && answered != m->sender);
}

/*
 * Every message, once (a copy on another list is the same message), in
 * the sections it is about: its sender credited with a message, and with
 * a review when it answers; the people of the Reviewed-by, Acked-by and
 * Tested-by it gives with a review.  Keeping only the wanted records
 * (read_wanted()), the credits wait in run.later, for the messages to be
 * freed (the window's) or for the window's commits (the older ones').
 */
static int read_messages(struct run *r, struct msg_pass *mp,
			 const struct slot_sets *patches,
			 const struct slot_sets *threads)
{
	struct idx *ix = r->ix;
	struct trailer_pass tp = { .r = r,
				   .k_rev = key_id(ix, "Reviewed-by"),
				   .k_ack = key_id(ix, "Acked-by"),
				   .k_test = key_id(ix, "Tested-by") };
	struct msg_trailers *mt;
	bool few = r->nslots <= FEW_SECTIONS;
	size_t i;

	if (!(mt = msg_trailers_open(ix, few)))
		return -1;
	mp->nr = drop_copies(mp->v, mp->nr, &mp->pl);
	tp.later = r->wanted;
	for (i = 0; i < mp->nr; i++) {
		const struct msg_brief *m = &mp->v[i];

		tp.inwin = m->date >= r->a->since && m->date <= r->a->now;
		credit_message(&tp, mt, mp, patches, threads, m);
	}
	msg_trailers_close(mt);
	return 0;
}

static void add_list_name(const char *name, void *data)
{
	char *n = lowercase(name);

	strmap_insert(data, n, strlen(n));
	free(n);
}

/*
 * The lists' side, when the index has messages: which sections an
 * indexed list covers (one of its L: is an indexed list, or patches
 * touching its files are in the archives), the people's list records,
 * and which commits were posted.  Keeping only the wanted records
 * (read_wanted()), the sets of sections of the patches and threads
 * stay for the older messages' credits.
 */
static int read_lists(struct run *r)
{
	struct slot_sets *patches = &r->psets, *threads = &r->tsets;
	struct msg_pass mp = { .r = r };
	struct strmap names;
	size_t i;
	int rc = -1;

	r->a->has_lists = lists_has_messages(r->ix);
	if (!r->a->has_lists)
		return 0;
	strmap_init(&names);
	lists_foreach_name(r->ix, add_list_name, &names);
	for (i = 0; i < r->nslots; i++) {
		const struct mnt_section *ms = &r->m->sections[r->a->v[i].index];
		int e;

		for (e = ms->first; e < ms->end; e++) {
			char *key;

			if (r->m->entries[e].type != 'L')
				continue;
			key = mh_person_key(r->m->entries[e].value);
			if (strmap_find(&names, key, strlen(key)))
				r->a->v[i].covered = r->a->v[i].own_list = true;
			free(key);
		}
	}
	strmap_clear(&names, false);
	/*
	 * A few sections' messages are their patches' threads; every
	 * section's are every message, read once, the patches' threads
	 * found among them
	 */
	if (read_links(r) ||
	    (r->nslots <= FEW_SECTIONS ?
	     read_patch_slots(r, &mp, patches, threads) ||
	     load_messages(r, &mp) :
	     load_messages(r, &mp) ||
	     read_patch_slots(r, &mp, patches, threads)) ||
	    read_messages(r, &mp, patches, threads))
		goto out;
	for (i = 0; i < threads->nr_sets; i++) {
		size_t k;

		for (k = 0; k < threads->v[i].nr; k++) {
			r->a->v[set_slot(threads, (ssize_t)i, k)].list_threads++;
			r->a->v[set_slot(threads, (ssize_t)i, k)].covered = true;
		}
	}
	rc = 0;
out:
	free(mp.v);
	free(mp.pl.at);
	/* the credits kept name their sets: no key is looked up */
	slot_sets_drop_keys(patches);
	slot_sets_drop_keys(threads);
	if (!rc && r->wanted)
		credit_later(r, true);
	if (!r->nr_later) {
		slot_sets_free(patches);
		slot_sets_free(threads);
	}
	return rc;
}

/*
 * The messages' credits read_messages() kept (read_wanted()): the
 * window's (@window), once the messages are freed, or the older ones'.
 * The sets go with the last credit.
 */
static void credit_later(struct run *r, bool window)
{
	size_t i, k, n = 0;

	for (i = 0; i < r->nr_later; i++) {
		const struct later *l = &r->later[i];
		const struct slot_sets *sets = l->threads ? &r->tsets :
					       &r->psets;

		if (l->inwin != window) {
			r->later[n++] = *l;
			continue;
		}
		for (k = 0; k < sets->v[l->set].nr; k++)
			credit_list(record(r, set_slot(sets, l->set, k), l->pid),
				    l->date, l->id, l->inwin, l->review);
	}
	r->nr_later = r->alloc_later = n;
	if (n) {
		r->later = xrealloc(r->later, n * sizeof(*r->later));
		return;
	}
	free(r->later);
	r->later = NULL;
	slot_sets_free(&r->psets);
	slot_sets_free(&r->tsets);
}

/*
 * Where each record goes: by section, in the order of the map's table
 * (the order the sort of finish_section() starts from).
 */
static uint32_t *people_places(const struct stat_map *sm, size_t nslots,
			       size_t *start)
{
	uint32_t *dest = xcalloc(sm->nr_st + 1, sizeof(*dest));
	size_t i, sum = 0, n;

	for (i = 0; i < sm->size; i++)
		if (ent_key(&sm->ent[i]))
			start[(ent_key(&sm->ent[i]) - 1) >> 32]++;
	for (i = 0; i < nslots; i++) {
		n = start[i];
		start[i] = sum;
		sum += n;
	}
	for (i = 0; i < sm->size; i++)
		if (ent_key(&sm->ent[i]))
			dest[sm->ent[i].val] =
				(uint32_t)start[(ent_key(&sm->ent[i]) - 1) >> 32]++;
	return dest;
}

/*
 * The (section, person) records into each section's people, moved in
 * place: a whole-tree audit holds half a million of them, and a copy
 * would double its peak.
 */
static void collect_people(struct run *r)
{
	struct stat_map *sm = &r->sm;
	size_t *start = xcalloc(r->nslots + 1, sizeof(size_t));
	uint32_t *dest = people_places(sm, r->nslots, start);
	size_t i, prev = 0;

	for (i = 0; i < sm->nr_st; i++)
		while (dest[i] != i) {
			struct audit_person tmp = sm->st[dest[i]];
			uint32_t d = dest[dest[i]];

			sm->st[dest[i]] = sm->st[i];
			dest[dest[i]] = dest[i];
			sm->st[i] = tmp;
			dest[i] = d;
		}
	/* start[i]: now the end of section i */
	r->a->people_block = sm->st ? sm->st : xcalloc(1, sizeof(*sm->st));
	for (i = 0; i < r->nslots; i++) {
		r->a->v[i].people = r->a->people_block + prev;
		r->a->v[i].nr_people = start[i] - prev;
		prev = start[i];
	}
	sm->st = NULL;
	free(dest);
	free(start);
}

/* Listed in @s, or active there in the window: see o->active_people. */
static bool person_kept(const struct audit_section *s,
			const struct audit_person *p)
{
	const struct audit_stats *st = &p->st;
	size_t k;

	if (st->authored || st->applied || st->reviews || st->tags ||
	    st->list_msgs || st->list_reviews)
		return true;
	for (k = 0; k < s->nr_listed; k++)
		if (s->listed[k].p == p)
			return true;
	return false;
}

/*
 * Drop the records o->active_people does not keep, in place (the order
 * stays: the people remain sorted), and give the rest of the block back.
 */
static void drop_idle_people(struct audit *a)
{
	size_t *start = xcalloc(a->nr + 1, sizeof(size_t)), i, j, k, n = 0;
	struct audit_person *block = a->people_block;

	for (i = 0; i < a->nr; i++) {
		struct audit_section *s = &a->v[i];

		start[i] = n;
		for (j = 0; j < s->nr_people; j++)
			if (person_kept(s, &s->people[j]))
				block[n++] = s->people[j];
		s->nr_people = n - start[i];
	}
	a->people_block = xrealloc(block, (n ? n : 1) * sizeof(*block));
	for (i = 0; i < a->nr; i++) {
		struct audit_section *s = &a->v[i];

		s->people = a->people_block + start[i];
		for (k = 0; k < s->nr_listed; k++)
			if (s->listed[k].p)
				s->listed[k].p = audit_person_of(s, s->listed[k].pid);
	}
	free(start);
}

/* The employer that applied most of the window's changes. */
static void applied_by(const struct audit *a, struct audit_section *s)
{
	const char **emp = xcalloc(s->nr_people + 1, sizeof(*emp));
	long *cnt = xcalloc(s->nr_people + 1, sizeof(*cnt));
	size_t ne = 0, x, j;

	for (j = 0; j < s->nr_people; j++) {
		const struct audit_person *p = &s->people[j];
		const char *e;

		if (!p->st.applied)
			continue;
		/* employer strings live as long as the map */
		e = audit_employer(a->o, a->emails[p->pid], a->now);
		if (!strcmp(e, EMPLOYER_UNKNOWN))
			continue;
		for (x = 0; x < ne && strcmp(emp[x], e); x++)
			;
		if (x == ne)
			emp[ne++] = e;
		cnt[x] += p->st.applied;
	}
	for (x = 0; x < ne; x++)
		if (cnt[x] > s->applied_employer_commits) {
			s->applied_employer_commits = cnt[x];
			s->applied_employer = emp[x];
		}
	free(emp);
	free(cnt);
}

/* Ranks, bus factor, the listed people's records, then the findings. */
static void finish_section(struct audit *a, struct audit_section *s)
{
	long cum = 0;
	int r = 0;
	size_t j;

	sort_people(s);
	for (j = 0; j < s->nr_people; j++) {
		if (!s->people[j].st.authored)
			break;
		s->people[j].st.rank_changes = ++r;
	}
	rank_by(s, a, RANK_REVIEWS);
	rank_by(s, a, RANK_APPLIED);
	rank_by(s, a, RANK_LIST_REVIEWS);
	for (j = 0; j < s->nr_people && s->changes; j++) {
		cum += s->people[j].st.authored;
		if (2 * cum >= s->changes) {
			s->bus_factor = (int)j + 1;
			break;
		}
	}
	for (j = 0; j < s->nr_listed; j++) {
		struct audit_listed *l = &s->listed[j];

		if (l->pid >= 0)
			l->p = audit_person_of(s, l->pid);
		if (l->p && l->p->st.last > s->last_listed)
			s->last_listed = l->p->st.last;
	}
	applied_by(a, s);
	judge(a, s);
	/* the window's changes: now only a fading finding's evidence */
	for (j = 0; j < s->nr_findings; j++)
		if (s->findings[j].kind == AF_FADING)
			return;
	free(s->win);
	s->win = NULL;
	s->nr_win = s->alloc_win = 0;
}

static int map_paths(struct run *r, struct matcher *mt)
{
	size_t i;

	r->pm.slot_of = r->slot_of;
	r->pm.a = r->a;
	if (r->nslots > FEW_SECTIONS)
		return scope_foreach_path_sections(r->ix, mt, collect_path,
						   &r->pm);
	for (i = 0; i < r->nslots; i++) {
		struct slot_paths sp = { .pm = &r->pm, .slot = (uint32_t)i };

		if (scope_foreach_section_path(r->ix, r->m, r->a->v[i].index,
					       collect_slot_path, &sp))
			return -1;
	}
	return 0;
}

/* Are some sections selected, at most FEW_SECTIONS? */
static bool few_selected(const struct maintainers *m, const bool *selected)
{
	size_t i, n = 0;

	for (i = 0; selected && i < m->nr_sections; i++)
		n += selected[i];
	return selected && n <= FEW_SECTIONS;
}

int audit_run(struct idx *ix, const struct maintainers *m, struct matcher *mt,
	      const bool *selected, const struct audit_opts *o, struct audit *a)
{
	struct run r = { .a = a, .ix = ix, .m = m };
	size_t i;
	int rc = -1;

	memset(a, 0, sizeof(*a));
	a->ix = ix;
	a->o = o;
	a->now = o->now ? o->now : idx_last_commit_time(ix);
	a->since = a->now - (int64_t)((double)o->window_years * 365.25 * 86400);

	if (!o->quarters && few_selected(m, selected) &&
	    idx_scattered_reads(ix))
		goto out;
	if (load_people(&r, o->identity_lazy && !o->quarters &&
			few_selected(m, selected)))
		goto out;
	own_list_host(m, o->emap);
	load_sections(&r, selected);
	if (o->quarters) {
		a->first_quarter = audit_quarter(a->since);
		a->nr_quarters = audit_quarter(a->now) - a->first_quarter + 1;
		a->person_quarters = xcalloc(a->nr_people * (size_t)a->nr_quarters *
					     AQ_NR + 1,
					     sizeof(*a->person_quarters));
		for (i = 0; i < a->nr; i++)
			a->v[i].quarters = xcalloc((size_t)a->nr_quarters * AQ_NR,
						   sizeof(*a->v[i].quarters));
	}
	if (map_paths(&r, mt))
		goto out;
	build_csr(&r.pm);
	r.wanted = o->active_people && r.nslots > FEW_SECTIONS;
	if ((few_commits(&r) && read_few_facts(&r)) || read_lists(&r) ||
	    read_commits(&r))
		goto out;
	collect_people(&r);
	/* a whole tree's sorts compare ranks, not addresses */
	r.email_rank = a->id.lazy ? NULL : email_ranks(a);
	sort_rank = r.email_rank;
	sort_audit = a;
	for (i = 0; i < r.nslots; i++)
		finish_section(a, &a->v[i]);
	sort_rank = NULL;
	if (o->active_people)
		drop_idle_people(a);
	/* only now: a failed run's audit is not always released */
	a->lookup = xcalloc(1, sizeof(*a->lookup));
	rc = 0;
out:
	for (i = 0; r.listed_pids && i < r.nslots; i++)
		free(r.listed_pids[i]);
	free(r.listed_pids);
	free(r.pm.first);
	free(r.pm.slots);
	free(r.pm.pid);
	free(r.pm.pslot);
	free(r.pm.top);
	strmap_clear(&r.pm.tops, false);
	free(r.sm.ent);
	free(r.sm.st);
	free(r.slot_of);
	free(r.person_pid);
	free(r.linked);
	free(r.threads);
	free(r.email_rank);
	free(r.later);
	slot_sets_free(&r.psets);
	slot_sets_free(&r.tsets);
	section_commits_release(&r.sc);
	commit_facts_list_release(&r.facts);
	return rc;
}

void audit_release(struct audit *a)
{
	size_t i, j;

	if (a->lookup) {
		idx_names_close(a->lookup->q);
		free(a->lookup);
	}

	for (i = 0; i < a->nr; i++) {
		struct audit_section *s = &a->v[i];

		for (j = 0; j < s->nr_listed; j++) {
			free(s->listed[j].value);
			free(s->listed[j].name);
			free(s->listed[j].email);
			identity_match_release(&s->listed[j].match);
		}
		free(s->listed);
		free(s->win);
		for (j = 0; j < s->nr_findings; j++)
			free(s->findings[j].text);
		free(s->findings);
		free(s->quarters);
	}
	free(a->v);
	free(a->people_block);
	for (i = 0; i < a->nr_top_dirs; i++)
		free(a->top_dirs[i]);
	free(a->top_dirs);
	free(a->person_quarters);
	free(a->names);
	free(a->emails);
	free(a->last_seen);
	identity_release(&a->id);
	scope_people_free(&a->people);
	memset(a, 0, sizeof(*a));
}

const struct audit_person *audit_person_of(const struct audit_section *s,
					   int pid)
{
	size_t i;

	for (i = 0; pid >= 0 && i < s->nr_people; i++)
		if (s->people[i].pid == pid)
			return &s->people[i];
	return NULL;
}

const struct audit_person *audit_find_person(const struct audit *a,
					     const struct audit_section *s,
					     const char *email)
{
	return audit_person_of(s, identity_of_email(&a->id, email));
}

int audit_match(const struct audit *a, const char *value,
		struct identity_match *m)
{
	struct strbuf name = STRBUF_INIT, addr = STRBUF_INIT;
	struct identity_match own;
	const char *mn, *me;
	int pid;

	if (!m)
		m = &own;
	email_parse_plain(value, &name, &addr);
	mn = name.buf;
	me = addr.buf;
	if (a->o->mailmap)
		ident_map(a->o->mailmap, &mn, &me);
	identity_match(&a->id, mn, me, m);
	pid = m->person;
	if (m == &own)
		identity_match_release(&own);
	strbuf_release(&name);
	strbuf_release(&addr);
	return pid;
}

/*
 * The evidence's queries, prepared once for the audit (a statement
 * prepared for each commit hash and Message-ID was most of the time
 * of a whole tree's evidence), NULL before audit_run() succeeded.
 */
static struct idx_names *lookup_of(const struct audit *a)
{
	if (!a->lookup)
		return NULL;
	if (!a->lookup->q)
		a->lookup->q = idx_names_open(a->ix);
	return a->lookup->q;
}

const char *audit_hash(const struct audit *a, int64_t id)
{
	static char ring[4][HASH_HEXSZ_MAX + 1];
	static int next;
	char *buf = ring[next++ & 3], *hash;
	struct idx_names *q = lookup_of(a);

	strcpy(buf, "-");
	if (!id || !(hash = q ? idx_names_hash(q, id) :
			    idx_commit_hash(a->ix, id)))
		return buf;
	snprintf(buf, 13, "%s", hash);
	free(hash);
	return buf;
}

const char *audit_msgid(const struct audit *a, int64_t id)
{
	static char *ring[4];
	static int next;
	int k = next++ & 3;
	struct idx_names *q = lookup_of(a);
	char *msgid = !id ? NULL : q ? idx_names_msgid(q, id) :
		      lists_message_msgid(a->ix, id);

	free(ring[k]);
	ring[k] = msgid ? msgid : xstrdup("-");
	return ring[k];
}

static const char *date_or_never(char *buf, size_t len, int64_t t)
{
	if (!t)
		snprintf(buf, len, "never");
	else
		mh_date(buf, len, t);
	return buf;
}

/* "2013-11-03 16:00:00", as the clean-up patches print commit times. */
static const char *stamp(char *buf, size_t len, int64_t t)
{
	time_t tt = (time_t)t;
	struct tm tm;

	gmtime_r(&tt, &tm);
	strftime(buf, len, "%Y-%m-%d %H:%M:%S", &tm);
	return buf;
}

/*
 * How a listed person was found, when it is not simply by their own
 * address: one line of the evidence ("matched by name: ..."), or empty.
 */
static void identity_line(struct strbuf *out, const struct audit *a,
			  const struct audit_listed *l)
{
	if (l->is_role || l->match.how == IM_NONE)
		return;
	if (l->match.how == IM_ADDRESS &&
	    !strcmp(a->id.persons[l->match.person].email, l->email) &&
	    !identity_name_only_tags(&a->id, l->match.person))
		return;
	identity_describe(&a->id, a->ix, l->email, &l->match, out);
}

/*
 * A fading person's lines: the last activity, then the section's
 * changes since, and who made them.
 */
static void fading_evidence(struct strbuf *out, const struct audit *a,
			    const struct audit_section *s,
			    const struct audit_listed *l)
{
	const struct audit_stats *st = l->p ? &l->p->st : NULL;
	int64_t last = st ? st->last : 0;
	char d[16];

	strbuf_addf(out, "  FADING %s %s\n",
		    l->type == 'M' ? "MAINTAINER" : "REVIEWER", l->value);
	strbuf_addf(out, "    Last activity: %s\n",
		    date_or_never(d, sizeof(d), last));
	strbuf_addf(out, "    Changes since: %ld (one every %.1f days, the "
		    "median), by ", l->changes_since,
		    (double)s->median_gap / 86400);
	fading_authors(a, s, last, out);
	strbuf_addch(out, '\n');
	/* git only: a person "gone" from the section may work elsewhere */
	if (l->elsewhere)
		strbuf_addf(out, "    Still active elsewhere: last %s\n",
			    date_or_never(d, sizeof(d), l->elsewhere));
}

/*
 * The block of the networking clean-up patches, with one change: a colon
 * after each commit id.  checkpatch.pl takes a bare 12-digit hex word in
 * a commit message for a commit reference not in its 'commit <id>
 * ("subject")' style, and errs wherever git knows the commit; the colon
 * keeps the block readable and the patches kmaint propose writes clean.
 */
void audit_evidence(struct strbuf *out, const struct audit *a,
		    const struct audit_section *s)
{
	char d[16], ts[32];
	size_t i, shown = 0;

	strbuf_addf(out, "Subsystem %s\n", s->name);
	strbuf_addf(out, "  Changes %ld / %ld (%ld%%)\n", s->changes_listed,
		    s->changes, s->changes ? s->changes_listed * 100 / s->changes : 0);
	/* the listed people's last activity, as the clean-up patches give it */
	if (s->last_listed >= a->since && s->last_listed)
		strbuf_addf(out, "  Last activity: %s\n",
			    date_or_never(d, sizeof(d), s->last_listed));
	else
		strbuf_addstr(out, "  (No activity)\n");
	for (i = 0; i < s->nr_listed; i++) {
		const struct audit_listed *l = &s->listed[i];
		const struct audit_stats *st = l->p ? &l->p->st : NULL;
		struct strbuf id = STRBUF_INIT;

		if (l->is_role)
			continue;
		strbuf_addf(out, "  %s:\n", l->value);
		if (st && st->authored_all)
			strbuf_addf(out, "    Author %s: %s %d\n",
				    audit_hash(a, st->last_authored_id),
				    stamp(ts, sizeof(ts), st->last_authored),
				    st->authored);
		if (st && st->applied_all)
			strbuf_addf(out, "    Committer %s: %s %d\n",
				    audit_hash(a, st->last_applied_id),
				    stamp(ts, sizeof(ts), st->last_applied),
				    st->applied);
		if (st && st->tags_all)
			strbuf_addf(out, "    Tags %s: %s %d\n",
				    audit_hash(a, st->last_tag_id),
				    stamp(ts, sizeof(ts), st->last_tag),
				    st->tags);
		if (a->has_lists && s->covered) {
			if (st && st->list_msgs)
				strbuf_addf(out, "    List <%s> %s %d\n",
					    audit_msgid(a, st->last_list_id),
					    date_or_never(d, sizeof(d), st->last_list),
					    st->list_msgs);
			else
				strbuf_addstr(out, "    (No list activity)\n");
		}
		identity_line(&id, a, l);
		if (id.len)
			strbuf_addf(out, "    %s\n", id.buf);
		strbuf_release(&id);
	}
	strbuf_addstr(out, "  Top reviewers:\n");
	for (i = 1; shown < (size_t)a->o->top && i <= s->nr_people; i++) {
		size_t j;

		for (j = 0; j < s->nr_people; j++)
			if (s->people[j].st.rank_reviews == (int)i)
				break;
		if (j == s->nr_people)
			break;
		/* a name without an address (people/identity.h) by its name */
		if (*a->emails[s->people[j].pid])
			strbuf_addf(out, "    [%d]: %s\n", s->people[j].st.reviews,
				    a->emails[s->people[j].pid]);
		else
			strbuf_addf(out, "    [%d]: %s (no address)\n",
				    s->people[j].st.reviews,
				    a->names[s->people[j].pid]);
		shown++;
	}
	for (i = 0; i < s->nr_findings; i++)
		if (s->findings[i].kind == AF_INACTIVE) {
			const struct audit_listed *l = &s->listed[s->findings[i].listed];

			strbuf_addf(out, "  INACTIVE %s %s\n",
				    l->type == 'M' ? "MAINTAINER" : "REVIEWER",
				    l->value);
		}
	for (i = 0; i < s->nr_findings; i++)
		if (s->findings[i].kind == AF_FADING)
			fading_evidence(out, a, s,
					&s->listed[s->findings[i].listed]);
}

static void print_stats(FILE *fp, const struct audit_stats *st)
{
	char r1[16], r2[16], d1[16], d2[16], d3[16];

	fprintf(fp, "changesets %d%s%s%s, reviews %d%s%s%s, applied %d, tags %d; "
		"last authored %s, applied %s, tag %s\n",
		st->authored, st->rank_changes ? " (" : "",
		st->rank_changes ? audit_ordinal(st->rank_changes, r1, sizeof(r1)) : "",
		st->rank_changes ? ")" : "",
		st->reviews, st->rank_reviews ? " (" : "",
		st->rank_reviews ? audit_ordinal(st->rank_reviews, r2, sizeof(r2)) : "",
		st->rank_reviews ? ")" : "",
		st->applied, st->tags,
		date_or_never(d1, sizeof(d1), st->last_authored),
		date_or_never(d2, sizeof(d2), st->last_applied),
		date_or_never(d3, sizeof(d3), st->last_tag));
}

/* A listed person's list record, when lists are indexed. */
static void print_list(FILE *fp, const struct audit *a,
		       const struct audit_section *s, const struct audit_stats *st)
{
	char d1[16], d2[16];

	if (!a->has_lists || !s->covered)
		return;
	fprintf(fp, "      list: %d messages, %d reviews; last message %s, "
		"last review %s\n", st->list_msgs, st->list_reviews,
		date_or_never(d1, sizeof(d1), st->last_list),
		date_or_never(d2, sizeof(d2), st->last_review));
	if (st->list_msgs && !git_active(st))
		fprintf(fp, "      list only: %s on the list, no tags in git\n",
			st->list_reviews ? "reviews" : "messages");
}

static int rank_in(const struct audit_person *p, int which)
{
	return which == RANK_APPLIED ? p->st.rank_applied : p->st.rank_list_reviews;
}

static long ranked_value(const struct audit_person *p, int which)
{
	return which == RANK_APPLIED ? p->st.applied : p->st.list_reviews;
}

/* The person ranked @rank by @which, or NULL past the last. */
static const struct audit_person *by_rank(const struct audit_section *s,
					  int which, int rank)
{
	size_t j;

	for (j = 0; j < s->nr_people; j++)
		if (rank_in(&s->people[j], which) == rank)
			return &s->people[j];
	return NULL;
}

const struct audit_person *audit_by_list_rank(const struct audit_section *s,
					     int rank)
{
	return by_rank(s, RANK_LIST_REVIEWS, rank);
}

static bool is_listed(const struct audit *a, const struct audit_section *s,
		      int pid)
{
	size_t i;

	for (i = 0; i < s->nr_listed; i++)
		if (s->listed[i].pid == pid && pid >= 0)
			return true;
	return false;
}

/*
 * The top @max of @s by @which (0: changesets, in the section's order)
 * not listed there, into v: how many.
 */
static size_t pick_unlisted(const struct audit *a,
			    const struct audit_section *s, int which,
			    size_t max, const struct audit_person **v)
{
	size_t i, n = 0;

	for (i = 0; n < max; i++) {
		const struct audit_person *p;

		if (which) {
			p = by_rank(s, which, (int)i + 1);
			if (!p)
				break;
		} else {
			if (i >= s->nr_people || !s->people[i].st.authored)
				break;
			p = &s->people[i];
		}
		if (!is_listed(a, s, p->pid))
			v[n++] = p;
	}
	return n;
}

void audit_unlisted_init(struct audit_unlisted *u, const struct audit *a,
			 const struct audit_section *s, size_t max)
{
	/* each is a distinct person of the section: nr_people at most */
	u->authors = xcalloc(s->nr_people + 1, sizeof(*u->authors));
	u->committers = xcalloc(s->nr_people + 1, sizeof(*u->committers));
	u->reviewers = xcalloc(s->nr_people + 1, sizeof(*u->reviewers));
	u->nr_authors = pick_unlisted(a, s, 0, max, u->authors);
	u->nr_committers = pick_unlisted(a, s, RANK_APPLIED, max,
					 u->committers);
	u->nr_reviewers = pick_unlisted(a, s, RANK_LIST_REVIEWS, max,
					u->reviewers);
}

void audit_unlisted_release(struct audit_unlisted *u)
{
	free(u->authors);
	free(u->committers);
	free(u->reviewers);
}

/* "  top committers not listed: NAME <ADDR> N, ..." */
static void print_unlisted(FILE *fp, const struct audit *a, const char *title,
			   const struct audit_person *const *v, size_t n,
			   int which)
{
	size_t i;

	fprintf(fp, "  %s not listed:", title);
	for (i = 0; i < n; i++)
		fprintf(fp, "%s %s <%s> %ld", i ? "," : "", a->names[v[i]->pid],
			a->emails[v[i]->pid], ranked_value(v[i], which));
	fprintf(fp, "%s\n", n ? "" : " none");
}

/* How a role entry is shown, by enum identity_role. */
static const char *const role_text[] = {
	[IR_PERSON] = "a person",
	[IR_LIST] = "a list",
	[IR_TITLE] = "a role, not a person: a title or a group",
	[IR_ALIAS] = "an alias, not a person: no name, never in the history",
};

void audit_print_section(FILE *fp, const struct audit *a,
			 const struct audit_section *s, bool evidence)
{
	struct audit_unlisted u;
	char d[16], r[16];
	size_t i;

	audit_unlisted_init(&u, a, s, (size_t)a->o->top);
	fprintf(fp, "%s\n", s->name);
	fprintf(fp, "  status %s; %ld changes in %d years (%ld ever), last %s; "
		"bus factor %d\n", s->status ? s->status : "(none)", s->changes,
		a->o->window_years, s->changes_all,
		date_or_never(d, sizeof(d), s->last_change), s->bus_factor);
	for (i = 0; i < s->nr_listed; i++) {
		const struct audit_listed *l = &s->listed[i];

		struct strbuf id = STRBUF_INIT;

		fprintf(fp, "  %c: %s", l->type, l->value);
		if (l->is_role) {
			fprintf(fp, " (%s)\n", role_text[l->role]);
			continue;
		}
		fprintf(fp, " [%s]\n      ", l->employer);
		if (l->p) {
			print_stats(fp, &l->p->st);
			print_list(fp, a, s, &l->p->st);
		} else {
			fprintf(fp, "no activity in this section%s\n",
				l->pid < 0 && l->match.how == IM_NONE ?
				" (address and name never seen in the history)" : "");
		}
		identity_line(&id, a, l);
		if (id.len)
			fprintf(fp, "      identity: %s\n", id.buf);
		strbuf_release(&id);
	}
	fprintf(fp, "  top contributors not listed:");
	for (i = 0; i < u.nr_authors; i++) {
		const struct audit_person *p = u.authors[i];

		fprintf(fp, "%s %s <%s> %d (%s)", i ? "," : "", a->names[p->pid],
			a->emails[p->pid], p->st.authored,
			audit_ordinal(p->st.rank_changes, r, sizeof(r)));
	}
	fprintf(fp, "%s\n", u.nr_authors ? "" : " none");
	print_unlisted(fp, a, "top committers", u.committers, u.nr_committers,
		       RANK_APPLIED);
	if (a->has_lists && s->covered) {
		print_unlisted(fp, a, "top list reviewers", u.reviewers,
			       u.nr_reviewers, RANK_LIST_REVIEWS);
		fprintf(fp, "  posted to an indexed list: %ld of %ld changes\n",
			s->changes_posted, s->changes);
	}
	if (s->applied_employer)
		fprintf(fp, "  applied by employer: %s %ld of %ld\n",
			s->applied_employer, s->applied_employer_commits, s->changes);
	for (i = 0; i < s->nr_findings; i++)
		fprintf(fp, "  finding: %s: %s\n",
			audit_kind_names[s->findings[i].kind], s->findings[i].text);
	if (evidence && s->nr_findings) {
		struct strbuf ev = STRBUF_INIT;

		audit_evidence(&ev, a, s);
		fprintf(fp, "\n%s", ev.buf);
		strbuf_release(&ev);
	}
	fputc('\n', fp);
	audit_unlisted_release(&u);
}

static void json_date(struct strbuf *out, const char *key, int64_t t)
{
	char d[16];

	strbuf_addf(out, ",\"%s\":", key);
	if (!t) {
		strbuf_addstr(out, "null");
		return;
	}
	mh_date(d, sizeof(d), t);
	strbuf_addf(out, "\"%s\"", d);
}

static void json_stats(struct strbuf *out, const struct audit *a,
		       const struct audit_stats *st)
{
	strbuf_addf(out, "\"changesets\":%d,\"reviews\":%d,\"applied\":%d,"
		    "\"tags\":%d,\"changesets_ever\":%d,\"reviews_ever\":%d,"
		    "\"applied_ever\":%d,\"rank_changesets\":%d,"
		    "\"rank_reviews\":%d,\"rank_applied\":%d",
		    st->authored, st->reviews, st->applied, st->tags,
		    st->authored_all, st->reviews_all, st->applied_all,
		    st->rank_changes, st->rank_reviews, st->rank_applied);
	if (a->has_lists)
		strbuf_addf(out, ",\"list_messages\":%d,\"list_reviews\":%d,"
			    "\"list_messages_ever\":%d,\"list_reviews_ever\":%d,"
			    "\"rank_list_reviews\":%d", st->list_msgs,
			    st->list_reviews, st->list_msgs_all,
			    st->list_reviews_all, st->rank_list_reviews);
	json_date(out, "first_activity", st->first);
	json_date(out, "last_activity", st->last);
	json_date(out, "last_authored", st->last_authored);
	json_date(out, "last_applied", st->last_applied);
	json_date(out, "last_tag", st->last_tag);
	if (a->has_lists) {
		json_date(out, "last_list_message", st->last_list);
		json_date(out, "last_list_review", st->last_review);
	}
}

void audit_json_section(struct strbuf *out, const struct audit *a,
			const struct audit_section *s)
{
	struct strbuf ev = STRBUF_INIT, evq = STRBUF_INIT;
	struct audit_unlisted u;
	size_t i;

	audit_unlisted_init(&u, a, s, (size_t)a->o->top);
	strbuf_addstr(out, "{\"section\":");
	json_quote(out, s->name);
	strbuf_addstr(out, ",\"status\":");
	if (s->status)
		json_quote(out, s->status);
	else
		strbuf_addstr(out, "null");
	strbuf_addf(out, ",\"changes\":%ld,\"changes_ever\":%ld,"
		    "\"changes_own\":%ld,\"changes_with_listed\":%ld,"
		    "\"bus_factor\":%d,\"median_gap_days\":%.1f", s->changes,
		    s->changes_all, s->changes_own, s->changes_listed,
		    s->bus_factor, (double)s->median_gap / 86400);
	if (a->has_lists)
		strbuf_addf(out, ",\"list_covered\":%s,\"list_threads\":%ld,"
			    "\"changes_posted\":%ld", s->covered ? "true" : "false",
			    s->list_threads, s->changes_posted);
	json_date(out, "last_change", s->last_change);
	strbuf_addstr(out, ",\"listed\":[");
	for (i = 0; i < s->nr_listed; i++) {
		const struct audit_listed *l = &s->listed[i];

		strbuf_addf(out, "%s{\"type\":\"%c\",\"person\":", i ? "," : "",
			    l->type);
		json_quote(out, l->value);
		strbuf_addstr(out, ",\"email\":");
		json_quote(out, l->email);
		strbuf_addf(out, ",\"list\":%s,\"role\":\"%s\",\"employer\":",
			    l->role == IR_LIST ? "true" : "false",
			    identity_role_names[l->role]);
		json_quote(out, l->employer);
		if (!l->is_role) {
			struct strbuf id = STRBUF_INIT;
			static const char *const how[] = {
				[IM_NONE] = "none", [IM_ADDRESS] = "address",
				[IM_NAME] = "name", [IM_AMBIGUOUS] = "ambiguous",
			};

			strbuf_addf(out, ",\"identity\":{\"how\":\"%s\",\"person\":",
				    how[l->match.how]);
			if (l->pid >= 0)
				json_quote(out, a->emails[l->pid]);
			else
				strbuf_addstr(out, "null");
			identity_describe(&a->id, a->ix, l->email, &l->match, &id);
			strbuf_addstr(out, ",\"text\":");
			json_quote(out, id.buf);
			strbuf_addch(out, '}');
			strbuf_release(&id);
		}
		if (!l->is_role)
			strbuf_addf(out, ",\"inactive\":%s,\"fading\":%s",
				    l->inactive ? "true" : "false",
				    l->fading ? "true" : "false");
		if (l->fading) {
			strbuf_addf(out, ",\"changes_since\":%ld",
				    l->changes_since);
			json_date(out, "active_elsewhere", l->elsewhere);
		}
		if (l->p) {
			strbuf_addch(out, ',');
			json_stats(out, a, &l->p->st);
		}
		strbuf_addch(out, '}');
	}
	strbuf_addstr(out, "],\"top_unlisted\":[");
	for (i = 0; i < u.nr_authors; i++) {
		const struct audit_person *p = u.authors[i];

		strbuf_addstr(out, i ? ",{\"name\":" : "{\"name\":");
		json_quote(out, a->names[p->pid]);
		strbuf_addstr(out, ",\"email\":");
		json_quote(out, a->emails[p->pid]);
		strbuf_addch(out, ',');
		json_stats(out, a, &p->st);
		strbuf_addch(out, '}');
	}
	strbuf_addstr(out, "],\"top_committers_unlisted\":[");
	for (i = 0; i < u.nr_committers; i++) {
		const struct audit_person *p = u.committers[i];

		strbuf_addstr(out, i ? ",{\"name\":" : "{\"name\":");
		json_quote(out, a->names[p->pid]);
		strbuf_addstr(out, ",\"email\":");
		json_quote(out, a->emails[p->pid]);
		strbuf_addf(out, ",\"applied\":%d}", p->st.applied);
	}
	strbuf_addstr(out, "],\"employer\":{\"top\":");
	if (s->top_employer)
		json_quote(out, s->top_employer);
	else
		strbuf_addstr(out, "null");
	strbuf_addf(out, ",\"maintainers_at_top\":%zu,\"maintainers\":%zu,"
		    "\"applied_by\":", s->top_employer_listed, s->nr_maintainers);
	if (s->applied_employer)
		json_quote(out, s->applied_employer);
	else
		strbuf_addstr(out, "null");
	strbuf_addf(out, ",\"applied_commits\":%ld},\"findings\":[",
		    s->applied_employer_commits);
	/* the section's evidence, the same for each finding: made once */
	if (s->nr_findings) {
		audit_evidence(&ev, a, s);
		json_quote(&evq, ev.buf);
	}
	for (i = 0; i < s->nr_findings; i++) {
		strbuf_addf(out, "%s{\"kind\":\"%s\",", i ? "," : "",
			    audit_kind_names[s->findings[i].kind]);
		if (s->findings[i].listed >= 0) {
			const struct audit_listed *l =
				&s->listed[s->findings[i].listed];

			strbuf_addstr(out, "\"person\":");
			json_quote(out, l->value);
			strbuf_addstr(out, ",\"email\":");
			json_quote(out, l->email);
			strbuf_addch(out, ',');
		}
		strbuf_addstr(out, "\"text\":");
		json_quote(out, s->findings[i].text);
		strbuf_addstr(out, ",\"evidence\":");
		strbuf_add(out, evq.buf, evq.len);
		strbuf_addch(out, '}');
	}
	strbuf_addstr(out, "]}");
	strbuf_release(&ev);
	strbuf_release(&evq);
	audit_unlisted_release(&u);
}
