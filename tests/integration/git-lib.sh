# SPDX-License-Identifier: GPL-2.0-only
# git-lib.sh - builds the git trees that the watch tests follow, with the
# git CLI: fixed identities and increasing dates, so that a test's commit
# ids are the same on every run.  Source after lib.sh, with REPO set to
# the repository's directory.
export GIT_AUTHOR_NAME="A U Thor" GIT_AUTHOR_EMAIL="author@example.org"
export GIT_COMMITTER_NAME="C O Mitter" GIT_COMMITTER_EMAIL="committer@example.org"
export GIT_CONFIG_NOSYSTEM=1 HOME="$TMP"
GIT_CLOCK=${GIT_CLOCK:-1700000000}  # the last commit's date (not T: `make check T=` exports T)
g() { git -C "$REPO" "$@" > /dev/null 2>&1; }
# commit MSG: an empty commit a minute after the last.
commit() {
	GIT_CLOCK=$((GIT_CLOCK + 60))
	GIT_AUTHOR_DATE="@$GIT_CLOCK +0000" GIT_COMMITTER_DATE="@$GIT_CLOCK +0000" \
		git -C "$REPO" commit -q --allow-empty -m "$1"
}
# merge_tag TAG SUBJECT: merges TAG into the branch checked out, as a pull.
merge_tag() {
	GIT_CLOCK=$((GIT_CLOCK + 60))
	GIT_AUTHOR_DATE="@$GIT_CLOCK +0000" GIT_COMMITTER_DATE="@$GIT_CLOCK +0000" \
		git -C "$REPO" merge -q --no-ff --no-edit -m "$2" "$1"
}
