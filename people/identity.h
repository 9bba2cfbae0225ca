/* SPDX-License-Identifier: GPL-2.0 */
#ifndef KMAINT_IDENTITY_H
#define KMAINT_IDENTITY_H

#include "index.h"
#include "strbuf.h"
#include "strmap.h"
#include "summary.h"

/*
 * Who is who: one person behind the names and addresses of a history,
 * the model every command that judges people shares (stats, idents,
 * audit, review, history, report).  kmaint get --git keeps
 * get_maintainer.pl's own rules instead.
 *
 * Maintainers change employers and addresses; a judgement made about an
 * address is wrong the day its owner moves.  Two addresses are one
 * person when
 *
 *  1. git's .mailmap says so (the index stores people after it);
 *  2. one commit names both under one name, folded as below: the author
 *     at the old employer and the committer at the new one, a patch
 *     signed off from a second address, a typo in one Reviewed-by;
 *     or one commit to MAINTAINERS replaces, in one section, a listed
 *     "Name <a>" by "Name <b>" (the project itself said b is a's new
 *     address);
 *  4. (unless IDENTITY_NO_NAMES) they carry one folded name of two words
 *     or more, as gitdm and the readers of its reports have it: Ian
 *     Campbell at xensource.com and at citrix.com.  Not an address that
 *     names nobody (junk_address(): none@none, *@localhost*,
 *     *.localdomain, *.(none)), and not a one-word name.
 *
 * Rule 4 is wrong for two people of one name ("Wei Wang" at AMD in 2010
 * and "Wei Wang" at Intel in 2015): they become one, and one may hide
 * the other's silence.  Nothing in git tells them apart from one person
 * who moved; kmaint idents --suggest lists every join made on a name
 * alone, to be confirmed in .mailmap, and IDENTITY_NO_NAMES (the
 * --strict-identities option) keeps such addresses apart.  Then a name
 * can still find the person behind a MAINTAINERS entry whose address
 * appears nowhere in the history (rule 3, identity_match()): the folded
 * name is looked up, and used only when it belongs to exactly one
 * person.  Otherwise the entry is ambiguous, and said to be.
 *
 * Folding a name: Unicode NFD, combining marks dropped after Latin
 * letters only (é = e, but Cyrillic й stays й: non-Latin names are never
 * turned into ASCII guesses), a few Latin letters with strokes written
 * out (ł = l, ø = o, ß = ss), case folded, apostrophes dropped (Ts'o =
 * Tso), dots and hyphens as spaces, white space collapsed, and a trailing parenthesised
 * affiliation ("Jan Kara (SUSE)") dropped.
 *
 * A trailer that gives a name without an address ("Reviewed-by: Jane
 * Doe", as Gerrit-based projects write them; the index keeps it as a
 * people row with an empty address) is credited to the person of that
 * folded name when exactly one person has it, addresses that name
 * nobody (junk_address() in identity.c) not counting; otherwise it is a
 * person of its own, a name with no address (an identity_addr marked
 * name_only, one per folded name), never nobody.
 *
 * With IDENTITY_STRICT only rule 1 applies: an address is a person, and
 * a name without an address is one person per folded name.
 */
struct scope_people;
struct ident_reader;

enum {
	IDENTITY_STRICT = 1,		/* an address is a person */
	IDENTITY_NO_MAINTAINERS = 2,	/* skip rule 2's MAINTAINERS part */
	IDENTITY_NO_NAMES = 4,		/* skip rule 4: no joins on a name */
	/*
	 * Nothing kept beside the index: every MAINTAINERS version read
	 * again (what index --verify compares the stored model with).
	 */
	IDENTITY_FRESH = 8,
};

/*
 * The flags of the commands' --strict-identities (no joins on a name
 * alone) and --address-identities (an address is a person) options.
 */
static inline unsigned identity_flags_for(int strict, int address)
{
	return address ? IDENTITY_STRICT : strict ? IDENTITY_NO_NAMES : 0;
}

/* Why two addresses are one person. */
enum identity_why {
	IW_ADDRESS,		/* the same address (after .mailmap) */
	IW_COMMIT,		/* named together in one commit */
	IW_MAINTAINERS,		/* one replaced the other in MAINTAINERS */
	IW_NAME,		/* the same folded name, nothing else */
};

struct identity_addr {
	char *email;		/* lower case */
	uint32_t person;
	long authored, committed, tagged;	/* commits naming it so */
	bool indexed;		/* a people row has it: a commit or a mail */
	bool name_only;		/* a name without an address (email ""), */
				/* one per folded name: see below */
	enum identity_why why;	/* how it joins towards its person's main */
	bool name_path;		/* a join on the name alone on the way */
	int64_t why_commit;	/* indexed commit id (IW_COMMIT), or 0 */
	char *why_hash;		/* commit hash (IW_MAINTAINERS), or NULL */
};

struct identity_person {
	const char *name, *email;	/* the most used name and address */
	long authored, committed, tagged;
	bool indexed;			/* some address of it is in the index */
	uint32_t *addrs;		/* into identity.addrs, most used first */
	size_t nr_addrs;
};

struct identity {
	unsigned flags;
	struct identity_addr *addrs;
	size_t nr_addrs, alloc_addrs;
	struct strmap by_addr;		/* email -> index + 1 */
	uint32_t *of_people;		/* people id -> address index + 1 */
	size_t nr_people_ids;
	struct identity_person *persons;
	size_t nr;
	struct strmap by_name;		/* folded name -> name_sets index + 1 */
	uint32_t **name_sets;		/* persons carrying each folded name */
	size_t *name_sets_nr, nr_name_sets;
	/*
	 * The joins rule 4 made (addresses, two by two): each put together
	 * two groups nothing else joined, for kmaint idents --suggest.
	 */
	uint32_t (*name_joins)[2];
	size_t nr_name_joins;
	/*
	 * Read from the index as asked (identity_open()): persons are
	 * numbered by their first address's place in the whole model, and
	 * a person's entry is filled before any function returns its
	 * number; lookups fill the maps, misses included.  NULL: built
	 * whole by identity_load().
	 */
	struct identity_lazy *lazy;
	char *names;		/* identity_read(): the persons' names */
};

/*
 * Build the model from the index: its people table, @sm (every commit
 * with its tags; loaded here when NULL) and, unless the flags say not
 * to, the MAINTAINERS versions the index stores.  0 or -1.
 */
int identity_load(struct identity *id, struct idx *ix,
		  const struct scope_people *people, const struct summary *sm,
		  unsigned flags);
void identity_release(struct identity *id);

/*
 * The model of the default flags as "kmaint index" keeps it in the
 * index (store/identity-table.h), read only for the people asked
 * about: 1 when opened so, 0 when the index has no current copy (flags
 * other than the default's, an older index, one being updated), -1 on
 * error.  The answers are identity_load()'s; but the model is not
 * whole, so not for callers that walk every person or address.
 */
int identity_open(struct identity *id, struct idx *ix, unsigned flags);

/*
 * The same model read whole from the index (a caller that walks every
 * person: kmaint stats of the whole tree), rather than built from every
 * person, commit join and MAINTAINERS version: 1 when read so, 0 when
 * the index has no current copy (as identity_open()), -1 on error.
 * Only rule 4's name_joins are not kept: callers that list them build
 * the model.
 */
int identity_read(struct identity *id, struct idx *ix, unsigned flags);

/*
 * The model of the default flags of part of the people only, closed
 * under its joins (kmaint index's update of the stored model,
 * people/identity-store.c): @people numbered densely in the order of
 * their ids, with their counts, and the joins among them in the order
 * identity_load() makes them (rule 2's commit pairs, by @people's
 * numbers; then the MAINTAINERS pairs).  The addresses and persons are
 * those of identity_load(), in the same order, less the others'.
 */
struct derived_person;
struct identity_part {
	const struct scope_people *people;
	const struct derived_person *counts;
	const int64_t (*joins)[3];	/* commit id, people a, people b */
	size_t nr_joins;
	const char *const (*mjoins)[3];	/* replaced, replacing, commit */
	size_t nr_mjoins;
};

void identity_load_part(struct identity *id, const struct identity_part *part);

/*
 * Rule 2's MAINTAINERS joins, in the order the model makes them: @fn
 * with the address replaced, the one replacing it (lower case, after
 * the index's .mailmap) and the commit.  0 or -1.
 */
typedef void identity_mjoin_fn(const char *r, const char *a, const char *hash,
			       void *data);
int identity_mjoins(struct idx *ix, unsigned flags, identity_mjoin_fn *fn,
		    void *data);

/*
 * For "kmaint index", in its transaction: bring the stored model up to
 * the index's people and commits, writing only the rows that changed
 * (all of them the first time, with a note when @upgrade says the index
 * had a history before this run).  0 or -1.
 */
int identity_store(struct idx *ix, bool upgrade);

/*
 * kmaint index --verify: the stored model against one built from the
 * people, commits and MAINTAINERS rows.  The number of differing rows
 * (named on stdout), or -1.  No current stored model: 0.
 */
long identity_verify(struct idx *ix);

/*
 * Call @fn with every people id of @person (lazily opened models only:
 * whole ones answer by identity_of() over every id).  0 or -1.
 */
int identity_person_pids(const struct identity *id, int person,
			 void (*fn)(int64_t pid, void *data), void *data);

/*
 * Call @fn with the people ids whose address is @email (lower case) or,
 * with @email NULL, whose address has a space in it (" at " for "@");
 * lazily opened models only.  0 or -1.
 */
int identity_email_pids(const struct identity *id, const char *email,
			void (*fn)(int64_t pid, void *data), void *data);

/*
 * The lazily opened model's lookups (people/identity-store.c): the person
 * of a people id; the address index of @email (lower case) and the
 * name set of folded name @fold, or -1; and, for identity_release(),
 * the release of what it alone holds.
 */
int identity_lazy_of(const struct identity *id, int64_t people_id);

/*
 * Read the persons of the @nr people ids @pids (any order, repeats and
 * ids read already welcome) into a lazily opened model, as identity_of()
 * would one at a time, but in two ordered passes: the ids by id, then
 * their persons by person.  Asked one at a time in no order, the rows of
 * one person fall out of the small page cache of a few sections'
 * questions (idx_scattered_reads()) before the next is asked; in order,
 * each page is read once.  Does nothing for a whole model.
 */
void identity_prefetch(const struct identity *id, const int64_t *pids,
		       size_t nr);

/* Call @fn with each person a lazily opened model reads, as it does. */
void identity_on_load(struct identity *id, void (*fn)(int person, void *data),
		      void *data);
int identity_lazy_addr(const struct identity *id, const char *email);
int identity_lazy_name(const struct identity *id, const char *fold);
void identity_lazy_release(struct identity *id);

/* Sort a person's addresses, its main one first (people/identity.c). */
void identity_sort_addrs(const struct identity *id, uint32_t *addrs, size_t n);

/* Tags given by @person under a name alone, without an address. */
long identity_name_only_tags(const struct identity *id, int person);

/* The person of a people id, or -1 for an id that names nobody. */
static inline int identity_of(const struct identity *id, int64_t people_id)
{
	if (id->lazy)
		return identity_lazy_of(id, people_id);
	if (people_id < 0 || (size_t)people_id >= id->nr_people_ids ||
	    !id->of_people[people_id])
		return -1;
	return (int)id->addrs[id->of_people[people_id] - 1].person;
}

/* The person with address @email (any case), or -1. */
int identity_of_email(const struct identity *id, const char *email);

/*
 * The most used address of @email's person, or NULL for an address the
 * model does not know; @id is a struct identity (an mh_canon_fn for
 * mh_history_load()).
 */
const char *identity_canon_email(const void *id, const char *email);

/* How a listed "Name <address>" was found (rule 3). */
enum identity_how {
	IM_NONE,		/* neither its address nor its name is known */
	IM_ADDRESS,		/* its address is one of a person's */
	IM_NAME,		/* its name is one person's, its address nobody's */
	IM_AMBIGUOUS,		/* its address nobody's, its name several's */
};

struct identity_match {
	enum identity_how how;
	int person;		/* IM_ADDRESS, IM_NAME; else -1 */
	/* the other persons of the same folded name (IM_AMBIGUOUS: all) */
	uint32_t *same_name;
	size_t nr_same_name;
};

/*
 * Find the person behind a MAINTAINERS entry (@email after .mailmap).
 * Release with identity_match_release().
 */
void identity_match(const struct identity *id, const char *name,
		    const char *email, struct identity_match *m);
void identity_match_release(struct identity_match *m);

/*
 * One line of evidence for how @email belongs to its person, for the
 * audit's evidence blocks: "matched by name: roger.pau@citrix.com,
 * 1,345 changesets" or "also roger.pau@citrix.com (in one commit with
 * it, 1234abcd5678)".  Empty when the address is the person's own.
 */
void identity_describe(const struct identity *id, const struct idx *ix,
		       const char *email, const struct identity_match *m,
		       struct strbuf *out);

/* Fold a name as described above into @out (reset first). */
void identity_fold_name(const char *name, struct strbuf *out);

/*
 * The Unicode steps of identity_fold_name() on @n bytes of @name, after
 * its trimming: what it uses for names that are not ASCII, and what the
 * tests hold its ASCII shortcut to.
 */
void identity_fold_unicode(const char *name, size_t n, struct strbuf *out);

/*
 * Roles are not people.  An M: or R: entry is a role when
 *  - its address is a mailing list (an L: somewhere in MAINTAINERS:
 *    @is_list_address, which the caller knows);
 *  - its name is a job title or a group ("Community Manager", "Security
 *    Team", "XYZ Reviewers"): a word of the folded name is one of
 *    role_words[] in identity.c;
 *  - it has no name and nobody with its address ever authored,
 *    committed or tagged anything (an alias such as
 *    xfs-masters@oss.sgi.com).
 */
enum identity_role {
	IR_PERSON,
	IR_LIST,
	IR_TITLE,
	IR_ALIAS,
};

enum identity_role identity_role(const struct identity *id, const char *name,
				 const char *email, bool is_list_address);

extern const char *const identity_role_names[];

/* "1,345": a count with thousands separators, as the evidence prints. */
const char *identity_count(long n, char *buf, size_t len);

#endif
