/* SPDX-License-Identifier: GPL-2.0 */
#ifndef KMAINT_PENDING_H
#define KMAINT_PENDING_H

#include "git-mailmap.h"
#include "scope.h"

/*
 * kmaint pending: the patches posted lately that wait on the people a
 * MAINTAINERS section lists, oldest first, series under their cover
 * letter.
 *
 * Definitions (Documentation/kmaint-pending.1 says them for users):
 *  - a patch is a message carrying a patch that is not a reply
 *    (lists/list-messages.h); it is recent when posted in the @days days up to
 *    @now;
 *  - it concerns a section when one of the files it touches is the
 *    section's, by get_maintainer.pl's rules (maintainers/matcher.h); a
 *    section matching a file only by a catch-all pattern (an F: value
 *    starting with '*', as THE REST's two) concerns it only when no
 *    other section covers the file: otherwise every patch would wait on
 *    THE REST, whose M: get_maintainer.pl never names;
 *  - a reply answers it when it is in the patch's thread below it, or
 *    below its cover letter (the "0/N" above it sent by the same
 *    person, or the first message without a patch its series answers),
 *    at any depth but not under another patch, and comes from someone
 *    other than its sender; a listed person is a person of the
 *    identity model (people/identity.h), so a maintainer answering from
 *    another of his addresses counts;
 *  - it waits on a section it concerns when no listed M: of the section
 *    answered it: a listed R: who answered is shown ("reviewed by R:"
 *    when the reply gives a Reviewed-by, Acked-by or Tested-by, else
 *    "answered by R:") but only an M: applies a patch;
 *  - it is not pending when it landed (linked to a commit made by
 *    @now, table links) or is superseded (lists/list-messages.h: its author
 *    posted the same subject with a higher version by @now);
 *  - anything dated after @now is as if it did not exist.
 *
 * A section in @whole (one of another tree's MAINTAINERS named with
 * --mpath) stands for the whole project: it concerns every patch that
 * touches a file the history touched (table files), whatever its
 * patterns say, as the kernel's XFS FILESYSTEM does xfsprogs.
 *
 * With @unanswered (a project without MAINTAINERS) there is nobody
 * listed to wait on: a patch touching a file the history touched is
 * pending when nobody but its sender has answered it (a reply as
 * above, from anyone); it waits on no section.
 *
 * Both need a path the history touched, not only one in a directory it
 * has (lists_foreign()'s rule, which every patch here passes too): no
 * section's patterns tell this project's patches from the others on
 * the list, and xfsprogs once had a file in fs/xfs/, the kernel's.
 */
struct pending_opts {
	int64_t now;		/* 0: the newest indexed message's date */
	int days;		/* posted in the last @days days */
	const bool *sections;	/* the sections asked about; NULL: all */
	const bool *whole;	/* sections standing for the project; NULL */
	bool unanswered;	/* no MAINTAINERS: unanswered patches */
};

/* One message as shown: a patch, or a cover letter. */
struct pending_msg {
	int64_t id;		/* messages.id */
	char *msgid, *subject;
	char *author, *email;	/* after .mailmap; "" when unknown */
	int64_t date;
	long days;		/* whole days from @date to now */
	int part;		/* n of "n/N", 0 without */
};

/*
 * What text and the site say for the sender of a message whose From:
 * could not be read (no name, no address; null in --json), rather than
 * an empty "from".
 */
#define PENDING_NO_SENDER "an unreadable sender"

static inline bool pending_sender_unread(const struct pending_msg *pm)
{
	return !*pm->author && !*pm->email;
}

/* A listed R: who answered a patch that still waits on an M:. */
struct pending_reviewer {
	int section;
	char *name, *email;	/* as listed */
	bool reviewed;		/* gave a Reviewed-by, Acked-by or Tested-by */
};

struct pending_patch {
	struct pending_msg msg;
	int *sections;		/* waits on these, in MAINTAINERS order */
	size_t nr_sections;
	struct pending_reviewer *reviewers;
	size_t nr_reviewers;
};

/* A series (under its cover letter) or a patch posted alone. */
struct pending_series {
	bool has_cover;
	struct pending_msg cover;	/* when has_cover */
	struct pending_patch *patches;	/* by part, then date */
	size_t nr, alloc;
	int64_t date;		/* the cover's, else the first patch's */
};

struct pending {
	int64_t now, since;
	struct pending_series *v;	/* oldest first */
	size_t nr, alloc;
	size_t nr_patches;
};

/*
 * The pending patches of the index's lists, as defined above, for the
 * sections of s->m (loaded; not with o->unanswered) selected in @o.
 * 0, or -1 with a message.
 */
int pending_collect(struct pending *p, struct scope *s,
		    const struct ident_mailmap *mm, const struct pending_opts *o);
void pending_release(struct pending *p);

/*
 * Select in @selected (one per section of s->m) the sections listing
 * @who, an address ("Name <address>" too) or a name, as M: or R:: the
 * same person in the identity model, the same address, or the same
 * folded name.  The number selected.
 */
size_t pending_person_sections(struct scope *s, const struct ident_mailmap *mm,
			       const char *who, bool *selected);

/* Does section @sec list anyone (an address) as M: or R:? */
bool pending_section_staffed(const struct scope *s, int sec);

/* https://lore.kernel.org/r/<msgid>, escaped as a URL path segment. */
void pending_url(struct strbuf *out, const char *msgid);
#define PENDING_LORE_URL "https://lore.kernel.org/r/%s"

#endif
