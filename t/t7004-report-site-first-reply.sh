#!/bin/sh
# kmaint report --site: a section's times to a first reply on the lists.
# A reply counts from someone other than the patch's sender, to the
# patch or to its cover letter by the same sender; the time to a listed
# reply waits for one of the section's M:/R: people, however many
# others answered first.  Three patches to foo/: one answered by an
# outsider a day later and by its M: three days later, one whose cover
# letter its M: answers two days later, one its sender alone answers.
. "${0%/*}/lib.sh"
. "${0%/*}/lib-inbox.sh"

inbox_project || exit 1
cat >MAINTAINERS <<EOF
FOO DRIVER
M:	Foo Keeper <keeper@example.com>
L:	test@example.com
S:	Maintained
F:	foo/
EOF
mkdir foo && echo a >foo/a.c
as "Foo Keeper" keeper@example.com; by "Foo Keeper" keeper@example.com
at "2024-01-01 00:00:00"
git add . && git commit -qm "initial" || exit 1
A="Dev Eloper <dev@example.com>"
as "Dev Eloper" dev@example.com
day() { date -u -R -d "2024-02-0$1 $2"; }

# patch 1: Dev's own reply after an hour is none; an outsider a day
# later is the first reply, Foo Keeper three days later the listed one
at "2024-02-10 00:00:00"
echo 1 >>foo/a.c && git commit -qam "foo: change 1"
post_head "$M/p1" "$A" "[PATCH] foo: change 1" "$(day 1 00:00)" p1@x
echo "Sorry, ignore the typo." |
	mail "$M/p1-self" "$A" "Re: [PATCH] foo: change 1" "$(day 1 01:00)" p1-self@x p1@x
echo "Looks fine to me." |
	mail "$M/p1-out" "Out Sider <out@example.com>" "Re: [PATCH] foo: change 1" \
	"$(day 2 00:00)" p1-out@x p1@x
echo "Applied." |
	mail "$M/p1-keep" "Foo Keeper <keeper@example.com>" "Re: [PATCH] foo: change 1" \
	"$(day 4 00:00)" p1-keep@x p1@x

# patch 2, under a cover letter by the same sender that Foo Keeper
# answers two days later
echo 2 >>foo/a.c && git commit -qam "foo: change 2"
echo "A series of one." |
	mail "$M/c2" "$A" "[PATCH 0/1] foo: a series" "$(day 1 00:00)" c2@x
post_head "$M/p2" "$A" "[PATCH 1/1] foo: change 2" "$(day 1 00:00)" p2@x c2@x
echo "Thanks." |
	mail "$M/c2-keep" "Foo Keeper <keeper@example.com>" "Re: [PATCH 0/1] foo: a series" \
	"$(day 3 00:00)" c2-keep@x c2@x

# patch 3: answered by its sender alone, so never answered
echo 3 >>foo/a.c && git commit -qam "foo: change 3"
post_head "$M/p3" "$A" "[PATCH] foo: change 3" "$(day 5 00:00)" p3@x
echo "Ping?" |
	mail "$M/p3-self" "$A" "Re: [PATCH] foo: change 3" "$(day 7 00:00)" p3-self@x p3@x

pi_inbox
expect_success "index the history and the inbox" "$KMAINT" index --inbox "$I"
S=$TRASH/site
expect_success "report --site" "$KMAINT" report --site "$S"
P=$S/s/foo-driver.html
like "$P" '<tr><td>patches posted</td><td class="n">3</td></tr><tr><td>answered</td><td class="n">2</td></tr><tr><td>never answered</td><td class="n">1</td></tr>' \
	"a patch its sender alone answers is never answered"
like "$P" '<tr><td>median hours to a first reply</td><td class="n">36\.0</td></tr>' \
	"the first reply from anyone: 24 and 48 hours"
like "$P" '<tr><td>90th percentile hours to a first reply</td><td class="n">48\.0</td></tr>' \
	"and its 90th percentile"
like "$P" '<tr><td>median hours to a first reply from a listed M:/R: \(CHAOSS Time to First Response\)</td><td class="n">60\.0</td></tr>' \
	"from a listed M:/R: 72 and 48 hours (the cover letter's reply)"
like "$P" '<tr><td>90th percentile hours to a first reply from a listed M:/R:</td><td class="n">72\.0</td></tr>' \
	"and its 90th percentile"
done_testing
