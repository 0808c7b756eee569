// Package gitdates reads, from one pass over a git repository's history, the
// date of the last commit that touched each file.
//
// [Load] runs five git processes at most, whatever the size of the
// repository: rev-parse to find the work tree, one log over the whole
// history and, at the same time, one status for uncommitted changes
// (after a config that lists the filters it switches off), and rev-parse
// again only to explain a failed log (or, with [Options.Track] or
// [Options.Cache], to read which commit HEAD is before the log). From a
// cache the log is none, or merge-base, a rev-list of the merges since
// and a log of the commits since (see Cache). All read -z output, so
// core.quotePath, spaces and UTF-8 in names do not matter.
//
// # Dates
//
// A file's date is the committer date (%cI) of the newest commit, in git
// log's order, that changed its content, kept with the commit's UTC offset.
// Renames are followed: a pure rename (R100) is not a change, so the new
// path keeps the date of the last change made under the old path; a rename
// with changes counts as a change. This holds for a file moved into the
// folder Load reads from outside it (a source folder moved by git mv),
// which a log limited to the folder shows as added: the commits that
// added files are read again over the whole tree, and a pure rename's old
// path back to its last change ([Dates.followMoves]). With
// [Options.RenamesChange] (Hugo's GitInfo rule) a pure rename is a change
// too. Merge commits are skipped, so a change
// made only while resolving a merge dates from the commit before it.
//
// # Unreadable objects
//
// Rename detection reads the content of the files a commit adds and
// deletes. In a partial clone (git clone --filter=blob:none) or a damaged
// repository some of it is missing, and git log stops at the first such
// blob. Load then reads the history again without rename detection: a
// file renamed without a change is dated by its rename, as if it were
// new, and [Dates.Unreadable] names the object that was missing. With
// [Options.RenamesChange] renames are not detected at all: a rename is a
// change either way. Git never fetches a missing object for sitemapgen:
// lazy fetching from a partial clone's promisor remote is turned off
// (GIT_NO_LAZY_FETCH, and no transport allowed for a git too old for it),
// so that no run waits on the network or a password prompt.
//
// # Cache
//
// With [Options.Cache] Load keeps the history it read in a file of that
// folder, one for each repository, folder and options, and the next Load
// takes it from there: whole, with no git log, when HEAD has not moved;
// with only the commits made since (git log OLD..NEW, as [Dates.Reload]
// reads them) when HEAD descends from the commit kept without a merge
// between; otherwise (a reset, a rebase, a merge, a commit gone) the
// history is read whole again, and kept. git status runs every time:
// what the work tree holds is never kept. A shallow clone's history, and
// one read without following renames, or files moved into the folder,
// because an object was missing, are not kept. The file is bounded,
// versioned and checksummed (cache.go); a file that fails any check is
// passed over and written again, and a cache that cannot be read or
// written never fails a Load.
// [Dates.Origin] says where a history came from.
//
// # Missing dates
//
// [Dates.Lookup] gives a [Reason] instead of a date when git has none to
// give: the file has uncommitted changes, is untracked, lies outside the
// repository, or was last changed in a commit at the edge of a shallow clone,
// which shows every file it holds as added. See [ShallowWarning].
//
// # Safety
//
// No program of the repository runs. Filter drivers listed by git config
// are switched off on git status's command line. They are listed again
// only when a configuration file that git reads or includes changed
// (filterFlags, shared by a Dates and those Refresh and Reload make). No
// submodule is asked, and no signature program runs.
//
// # Watch mode
//
// [Watched] gives the repository's files that a commit changes.
// [Dates.Refresh] asks git status again about edited files. [Dates.Reload]
// reads the commits since the last read (git log OLD..NEW), or the whole
// history after a reset, a rebase or a merge.
//
// The cache file (cache.go) is read through fsx.ReadNamed within 256 MiB,
// and every count and index in it is checked.
package gitdates
