// SPDX-License-Identifier: GPL-2.0
#include "employer.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "email.h"
#include "strbuf.h"
#include "strmap.h"

struct emp_entry {
	int64_t end;
	const char *employer;	/* interned in map->names */
};

struct emp_list {
	struct emp_entry *v;
	size_t nr, alloc;
};

struct virtual_employer {
	struct employer_split *v;
	size_t nr, alloc;
};

struct employer_map {
	struct strmap keys;	/* address or domain -> struct emp_list */
	struct strmap aliases;	/* variant -> canonical (owned string) */
	struct strmap names;	/* employer name -> itself (interning) */
	struct strmap virtuals;	/* employer name -> struct virtual_employer */
	struct strmap own;	/* the project's own domains (lowercase) */
};

struct employer_map *employer_map_new(void)
{
	struct employer_map *map = xcalloc(1, sizeof(*map));

	strmap_init(&map->keys);
	strmap_init(&map->aliases);
	strmap_init(&map->names);
	strmap_init(&map->virtuals);
	strmap_init(&map->own);
	return map;
}

void employer_map_free(struct employer_map *map)
{
	size_t i;

	if (!map)
		return;
	for (i = 0; i < map->keys.size; i++) {
		struct emp_list *l = map->keys.table[i].value;

		if (map->keys.table[i].key && l)
			free(l->v);
	}
	for (i = 0; i < map->virtuals.size; i++) {
		struct virtual_employer *ve = map->virtuals.table[i].value;

		if (map->virtuals.table[i].key && ve)
			free(ve->v);
	}
	strmap_clear(&map->keys, true);
	strmap_clear(&map->aliases, true);
	strmap_clear(&map->names, false);
	strmap_clear(&map->virtuals, true);
	strmap_clear(&map->own, false);
	free(map);
}

static const char *intern(struct employer_map *map, const char *name)
{
	struct strmap_entry *e = strmap_insert(&map->names, name, strlen(name));

	/* the key is the copy that lives as long as the map */
	e->value = e->key;
	return e->key;
}

static char *lower_dup(const char *s)
{
	char *d = xstrdup(s), *p;

	for (p = d; *p; p++)
		*p = (char)tolower((unsigned char)*p);
	return d;
}

void employer_map_add(struct employer_map *map, const char *key,
		      const char *employer, int64_t end)
{
	char *k = lower_dup(key);
	struct strmap_entry *e = strmap_insert(&map->keys, k, strlen(k));
	struct emp_list *l = e->value;
	size_t i;

	if (!l)
		e->value = l = xcalloc(1, sizeof(*l));
	/*
	 * gitdm inserts before the first entry ending later, so entries
	 * with equal end dates stay in the order they were read.
	 */
	for (i = 0; i < l->nr; i++)
		if (l->v[i].end > end)
			break;
	ALLOC_GROW(l->v, l->nr + 1, l->alloc);
	memmove(l->v + i + 1, l->v + i, (l->nr - i) * sizeof(*l->v));
	l->v[i].end = end;
	l->v[i].employer = intern(map, employer);
	l->nr++;
	free(k);
}

void employer_map_add_alias(struct employer_map *map, const char *variant,
			    const char *canonical)
{
	char *k = lower_dup(variant);
	struct strmap_entry *e = strmap_insert(&map->aliases, k, strlen(k));

	free(e->value);
	e->value = lower_dup(canonical);
	free(k);
}

size_t employer_map_size(const struct employer_map *map)
{
	return map ? map->keys.nr : 0;
}

int64_t employer_parse_date(const char *s)
{
	struct tm tm;
	int y, m, d;
	char tail;

	if (sscanf(s, "%d-%d-%d%c", &y, &m, &d, &tail) != 3 ||
	    m < 1 || m > 12 || d < 1 || d > 31 || y < 1900)
		return -1;
	memset(&tm, 0, sizeof(tm));
	tm.tm_year = y - 1900;
	tm.tm_mon = m - 1;
	tm.tm_mday = d;
	return (int64_t)timegm(&tm);
}

void employer_foreach_alias(const struct employer_map *map,
			    void (*fn)(const char *variant, void *data),
			    void *data)
{
	size_t i;

	for (i = 0; map && map->aliases.table && i < map->aliases.size; i++)
		if (map->aliases.table[i].key)
			fn(map->aliases.table[i].key, data);
}

const char *employer_canonical_email(const struct employer_map *map,
				     const char *email)
{
	static struct strbuf buf = STRBUF_INIT;
	size_t i, len = strlen(email);
	const char *p, *alias;

	/* gitdm's aliases are looked up as written, lowercased ... */
	strbuf_reset(&buf);
	strbuf_grow(&buf, len);
	for (i = 0; i < len; i++)
		buf.buf[i] = (char)tolower((unsigned char)email[i]);
	strbuf_setlen(&buf, len);
	if (map && map->aliases.nr &&
	    (alias = strmap_get(&map->aliases, buf.buf, buf.len)))
		return alias;
	if (!strchr(email, ' '))
		return buf.buf;
	/* ... and "jdoe at example.com" is then read as an address */
	strbuf_reset(&buf);
	for (p = email; *p; p++) {
		if (!strncasecmp(p, " at ", 4)) {
			strbuf_addch(&buf, '@');
			p += 3;
			continue;
		}
		strbuf_addch(&buf, tolower((unsigned char)*p));
	}
	if (map && (alias = strmap_get(&map->aliases, buf.buf, buf.len)))
		return alias;
	return buf.buf;
}

static const struct emp_list *find_list(const struct employer_map *map,
					const char *email)
{
	const char *addr = employer_canonical_email(map, email);
	const struct emp_list *l;
	const char *at, *dom, *p;
	const char *dots[64];
	int n = 0, i;

	if ((l = strmap_get(&map->keys, addr, strlen(addr))))
		return l;
	at = strrchr(addr, '@');
	if (!at)
		return NULL;
	dom = at + 1;
	/*
	 * The suffixes that start after each dot, shortest first, but not
	 * the top-level domain alone: gitdm's range(len(s) - 2, -1, -1).
	 */
	for (p = dom; *p; p++)
		if (*p == '.' && n < (int)ARRAY_SIZE(dots))
			dots[n++] = p + 1;
	if (!n)
		return NULL;
	for (i = n - 2; i >= -1; i--) {
		const char *s = i >= 0 ? dots[i] : dom;

		if ((l = strmap_get(&map->keys, s, strlen(s))))
			return l;
	}
	return NULL;
}

bool employer_known(const struct employer_map *map, const char *email)
{
	return map && find_list(map, email);
}

const struct emp_list *employer_lookup(const struct employer_map *map,
				       const char *email)
{
	return map ? find_list(map, email) : NULL;
}

const char *employer_of(const struct employer_map *map, const char *email,
			int64_t when)
{
	return employer_at(employer_lookup(map, email), when);
}

const char *employer_at(const struct emp_list *l, int64_t when)
{
	int64_t day;
	size_t i;

	if (!l)
		return EMPLOYER_UNKNOWN;
	/* gitdm compares dates, not times: the patch's day, UTC */
	day = when - (((when % 86400) + 86400) % 86400);
	for (i = 0; i < l->nr; i++)
		if (l->v[i].end > day)
			return l->v[i].employer;
	return EMPLOYER_UNKNOWN;
}

const struct employer_split *employer_virtual(const struct employer_map *map,
					      const char *employer, size_t *nr)
{
	const struct virtual_employer *ve;

	if (!map || !(ve = strmap_get(&map->virtuals, employer,
				      strlen(employer))))
		return NULL;
	*nr = ve->nr;
	return ve->v;
}

/*
 * gitdm's ReadConfigLine: drop everything from '#', trim, skip blank
 * lines.  Returns false at the end of the file.
 */
static bool config_line(FILE *fp, struct strbuf *sb, int *lineno)
{
	while (strbuf_getline(sb, fp) != EOF) {
		char *hash = memchr(sb->buf, '#', sb->len);

		(*lineno)++;
		if (hash)
			strbuf_setlen(sb, (size_t)(hash - sb->buf));
		strbuf_trim(sb);
		if (sb->len)
			return true;
	}
	return false;
}

static FILE *open_config(const char *path)
{
	FILE *fp = fopen(path, "r");

	if (!fp)
		error("cannot open %s: %s", path, strerror(errno));
	return fp;
}

/* Split off the first white-space separated word of @s; NULL at end. */
static char *next_word(char **s)
{
	char *p = *s, *w;

	while (*p == ' ' || *p == '\t')
		p++;
	if (!*p)
		return NULL;
	w = p;
	while (*p && *p != ' ' && *p != '\t')
		p++;
	if (*p)
		*p++ = '\0';
	while (*p == ' ' || *p == '\t')
		p++;
	*s = p;
	return w;
}

/*
 * Read the lines of a gitdm map file, each through @line; the reading
 * goes on past a bad line, so that every one is reported.
 */
static int read_map_file(struct employer_map *map, const char *path,
			 int (*line)(struct employer_map *map, char *s,
				     const char *where, const void *ctx),
			 const void *ctx)
{
	struct strbuf sb = STRBUF_INIT, where = STRBUF_INIT;
	FILE *fp = open_config(path);
	int lineno = 0, rc = 0;

	if (!fp)
		return -1;
	while (config_line(fp, &sb, &lineno)) {
		strbuf_reset(&where);
		strbuf_addf(&where, "%s:%d", path, lineno);
		if (line(map, sb.buf, where.buf, ctx))
			rc = -1;
	}
	fclose(fp);
	strbuf_release(&sb);
	strbuf_release(&where);
	return rc;
}

/*
 * ^(\S+)\s+([^<]+)\s*(<\s*(\d+-\d+-\d+)\s*)?$ (the messages show the line
 * as cut by next_word(), as they always have)
 */
static int emailmap_line(struct employer_map *map, char *line,
			 const char *where, const void *ctx)
{
	char *rest = line, *key = next_word(&rest), *lt, *name;
	int64_t end = EMPLOYER_FOREVER;

	(void)ctx;
	if (!*rest)
		return error("%s: funky email/employer line \"%s\"", where,
			     line);
	lt = strchr(rest, '<');
	if (lt) {
		char *d = lt + 1;

		*lt = '\0';
		while (*d == ' ' || *d == '\t')
			d++;
		end = employer_parse_date(d);
		if (end < 0)
			return error("%s: bad end date \"%s\"", where, d);
	}
	name = rest;
	while (*name == ' ' || *name == '\t')
		name++;
	for (lt = name + strlen(name);
	     lt > name && (lt[-1] == ' ' || lt[-1] == '\t'); lt--)
		lt[-1] = '\0';
	if (!*name)
		return error("%s: no employer in \"%s\"", where, line);
	employer_map_add(map, key, name, end);
	return 0;
}

int employer_map_read_emailmap(struct employer_map *map, const char *path)
{
	return read_map_file(map, path, emailmap_line, NULL);
}

/* ^("[^"]+"|\S+)\s+(.+)$, quotes dropped from the variant */
static int alias_line(struct employer_map *map, char *line,
		      const char *where, const void *ctx)
{
	char *s = line, *variant, *canon;

	(void)ctx;
	if (*s == '"') {
		char *q = strchr(s + 1, '"');

		if (!q)
			return error("%s: funky email alias line \"%s\"",
				     where, line);
		*q = '\0';
		variant = s + 1;
		s = q + 1;
	} else {
		variant = next_word(&s);
	}
	while (*s == ' ' || *s == '\t')
		s++;
	canon = s;
	if (!*canon || !strchr(canon + 1, '@'))
		return error("%s: non-address in email alias \"%s\"", where,
			     line);
	employer_map_add_alias(map, variant, canon);
	return 0;
}

int employer_map_read_aliases(struct employer_map *map, const char *path)
{
	return read_map_file(map, path, alias_line, NULL);
}

static int groupmap_line(struct employer_map *map, char *line,
			 const char *where, const void *employer)
{
	(void)where;
	employer_map_add(map, line, employer, EMPLOYER_FOREVER);
	return 0;
}

int employer_map_read_groupmap(struct employer_map *map, const char *path,
			       const char *employer)
{
	return read_map_file(map, path, groupmap_line, employer);
}

static int read_virtual(struct employer_map *map, FILE *fp, const char *path,
			int *lineno, const char *name)
{
	struct strmap_entry *e = strmap_insert(&map->virtuals, name,
					       strlen(name));
	struct virtual_employer *ve;
	struct strbuf sb = STRBUF_INIT;
	int rc = 0;

	if (e->value)
		return error("%s:%d: virtual employer \"%s\" defined twice",
			     path, *lineno, name);
	e->value = ve = xcalloc(1, sizeof(*ve));
	while (config_line(fp, &sb, lineno)) {
		char *s = sb.buf, *pct = next_word(&s), *end;
		long n;

		if (!strcmp(sb.buf, "end"))
			break;
		n = strtol(pct, &end, 10);
		if (end == pct || strcmp(end, "%") || n < 0 || n > 100 || !*s) {
			rc = error("%s:%d: funky virtual employer line \"%s\"",
				   path, *lineno, sb.buf);
			continue;
		}
		ALLOC_GROW(ve->v, ve->nr + 1, ve->alloc);
		ve->v[ve->nr].employer = intern(map, s);
		ve->v[ve->nr].percent = (int)n;
		ve->nr++;
	}
	strbuf_release(&sb);
	return rc;
}

int employer_map_read_config(struct employer_map *map, const char *path)
{
	struct strbuf sb = STRBUF_INIT;
	const char *slash = strrchr(path, '/');
	char *dir = slash ? xstrndup(path, (size_t)(slash - path + 1))
			  : xstrdup("");
	FILE *fp = open_config(path);
	int lineno = 0, rc = 0;

	if (!fp) {
		free(dir);
		return -1;
	}
	while (config_line(fp, &sb, &lineno)) {
		char *s = sb.buf, *kw = next_word(&s), *file, *full = NULL;
		int this = 0;

		file = next_word(&s);
		if (!file) {
			rc = error("%s:%d: funky config line \"%s\"", path,
				   lineno, sb.buf);
			continue;
		}
		if (*file != '/')
			full = xstrfmt("%s%s", dir, file);
		if (!strcmp(kw, "EmailAliases")) {
			this = employer_map_read_aliases(map, full ? full : file);
		} else if (!strcmp(kw, "EmailMap")) {
			this = employer_map_read_emailmap(map,
							  full ? full : file);
		} else if (!strcmp(kw, "GroupMap")) {
			if (!*s)
				this = error("%s:%d: funky group map line",
					     path, lineno);
			else
				this = employer_map_read_groupmap(map,
						full ? full : file, s);
		} else if (!strcmp(kw, "VirtualEmployer")) {
			/* the name is every word after the keyword */
			char *name = *s ? xstrfmt("%s %s", file, s)
					: xstrdup(file);

			this = read_virtual(map, fp, path, &lineno, name);
			free(name);
		} else if (strcmp(kw, "FileTypeMap")) {
			this = error("%s:%d: unrecognized config line \"%s\"",
				     path, lineno, kw);
		}
		if (this)
			rc = -1;
		free(full);
	}
	fclose(fp);
	free(dir);
	strbuf_release(&sb);
	return rc;
}

/*
 * Domains of the companies that employ most kernel developers, after
 * gitdm's domain-map; deliberately short, and without dates.  People at
 * kernel.org, gmail.com and the like stay unknown, as they do in gitdm.
 */
static const char *const builtin_domains[][2] = {
	{ "alibaba.com", "Alibaba" },
	{ "linux.alibaba.com", "Alibaba" },
	{ "amd.com", "AMD" },
	{ "amazon.com", "Amazon" },
	{ "amazon.de", "Amazon" },
	{ "analog.com", "Analog Devices" },
	{ "arm.com", "Arm" },
	{ "bootlin.com", "Bootlin" },
	{ "broadcom.com", "Broadcom" },
	{ "bytedance.com", "ByteDance" },
	{ "canonical.com", "Canonical" },
	{ "cisco.com", "Cisco" },
	{ "collabora.com", "Collabora" },
	{ "fb.com", "Meta" },
	{ "meta.com", "Meta" },
	{ "google.com", "Google" },
	{ "chromium.org", "Google" },
	{ "huawei.com", "Huawei Technologies" },
	{ "ibm.com", "IBM" },
	{ "intel.com", "Intel" },
	{ "linaro.org", "Linaro" },
	{ "linutronix.de", "Linutronix" },
	{ "loongson.cn", "Loongson" },
	{ "marvell.com", "Marvell" },
	{ "mediatek.com", "MediaTek" },
	{ "mellanox.com", "NVIDIA" },
	{ "microchip.com", "Microchip Technology" },
	{ "microsoft.com", "Microsoft" },
	{ "nvidia.com", "NVIDIA" },
	{ "nxp.com", "NXP Semiconductors" },
	{ "oracle.com", "Oracle" },
	{ "pengutronix.de", "Pengutronix" },
	{ "qualcomm.com", "Qualcomm" },
	{ "quicinc.com", "Qualcomm" },
	{ "codeaurora.org", "Qualcomm" },
	{ "redhat.com", "Red Hat" },
	{ "renesas.com", "Renesas Electronics" },
	{ "rock-chips.com", "Rockchip" },
	{ "samsung.com", "Samsung" },
	{ "st.com", "STMicroelectronics" },
	{ "foss.st.com", "STMicroelectronics" },
	{ "suse.com", "SUSE" },
	{ "suse.cz", "SUSE" },
	{ "suse.de", "SUSE" },
	{ "ti.com", "Texas Instruments" },
	{ "vmware.com", "VMware" },
	{ "broadcom.net", "Broadcom" },
	{ "xilinx.com", "AMD" },
	{ "zte.com.cn", "ZTE" },
};

void employer_map_add_builtin(struct employer_map *map)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(builtin_domains); i++)
		employer_map_add(map, builtin_domains[i][0],
				 builtin_domains[i][1], EMPLOYER_FOREVER);
}

void employer_map_add_own_host(struct employer_map *map, const char *host)
{
	char *lc = lowercase(host), *dot = strchr(lc, '.');

	strmap_insert(&map->own, lc, strlen(lc));
	/* lists.xenproject.org: xenproject.org, not org */
	if (dot && strchr(dot + 1, '.'))
		strmap_insert(&map->own, dot + 1, strlen(dot + 1));
	free(lc);
}

bool employer_own_domain(const struct employer_map *map, const char *email)
{
	const char *d = strrchr(email, '@');
	bool own = false;
	char *lc;

	if (!map || !d || !map->own.nr)
		return false;
	lc = lowercase(d + 1);
	/* the domain or any parent: www.xenproject.org too */
	for (d = lc; d && !own; d = strchr(d, '.') ? strchr(d, '.') + 1 : NULL)
		own = strmap_find(&map->own, d, strlen(d)) != NULL;
	free(lc);
	return own;
}
