package gitdates

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/lazyre"
)

// Errors that [Load] wraps when git has no history to read; callers skip
// git as a date source on these, and report others.
var (
	ErrNoGit         = errors.New("git not found in PATH")
	ErrNotRepository = errors.New("not inside a git work tree")
	ErrNoCommits     = errors.New("git repository has no commits")
)

// ShallowWarning tells the user that history is cut and how to fetch it all.
// Print it when [Dates.Shallow] reports true.
const ShallowWarning = `git history is shallow: files last changed before its oldest commit have no git date
fix: fetch the whole history: in GitHub Actions set "fetch-depth: 0" in actions/checkout; elsewhere run "git fetch --unshallow --filter=blob:none" (commits and trees only, cheap)`

// Reason says why [Dates.Lookup] has no date for a file.
type Reason int

// The reasons; ReasonNone means Lookup returned a date.
const (
	ReasonNone        Reason = iota // the file has a date
	ReasonUncommitted               // modified, added, renamed or deleted in the work tree or index
	ReasonUntracked                 // not in HEAD: untracked, ignored, deleted, or unknown
	ReasonShallow                   // last seen in a shallow clone's boundary commit, whose history is cut
	ReasonOutside                   // the path is outside the repository's work tree
	ReasonBadDate                   // last changed by a commit whose date Go cannot read (see [Dates.BadDates])
)

// reasonRemoved marks, in Dates.status, a path that git status lists as
// deleted, or renamed to another path, in the work tree or the index.
// Lookup answers ReasonUncommitted for it, as for any uncommitted
// change; Removed lists it.
const reasonRemoved Reason = -1

// String returns the reason in a few words, for messages.
func (r Reason) String() string {
	switch r {
	case ReasonNone:
		return "dated"
	case ReasonUncommitted:
		return "uncommitted changes"
	case ReasonUntracked:
		return "not tracked by git"
	case ReasonShallow:
		return "history cut by a shallow clone"
	case ReasonOutside:
		return "outside the git work tree"
	case ReasonBadDate:
		return "its commit's date cannot be read"
	}
	return fmt.Sprintf("Reason(%d)", int(r))
}

// Dates holds the last-commit date of each file of a repository. It is
// read-only after [Load], so Lookup may be called from many goroutines.
type Dates struct {
	prefixes []string          // the top level with a final separator, as git and as Load's dir spell it
	author   bool              // Options.AuthorDates
	renames  bool              // Options.RenamesChange
	dir      string            // Load's dir, to load again
	git, top string            // the git program; the top level as git spells it
	scope    string            // dir as a pathspec from the top level; "" for all of it
	gitDir   string            // the repository's own folder (a worktree's), absolute
	common   string            // the folder of the refs shared by worktrees, absolute
	head     string            // with Options.Track, the commit whose history was read
	commits  []commit          // newest first
	when     *commitTimes      // the commits' dates, shared by the copies that keep commits
	files    map[string]int32  // slash path from the top → index into commits, or deleted
	status   map[string]Reason // paths git status lists
	filters  *filterFlags      // the options that switch its filters off, shared by the Dates made from it
	shallow  bool
	// noRenames is true when the history is read without rename
	// detection (--no-renames): with RenamesChange, or after missing
	// named an object that rename detection could not read.
	noRenames bool
	missing   string
	bad       int    // commits whose date does not parse
	badOne    string // the first of them
	origin    Origin // where the history came from
	// movesLost is true when files moved into the folder could not be
	// followed back (followMoves failed: an object rename detection
	// could not read) and are dated by their move: a history not kept.
	movesLost bool
}

type commit struct {
	when     time.Time // zero when bad
	boundary bool      // a shallow clone's boundary: its parents are missing
	bad      bool      // its date does not parse (an offset of -9959, a year past 9999)
	hash     string
	// moved is true for a commit of no log over the folder, taken by
	// followMoves to date the files moved in that it last changed.
	moved bool
}

// Values of Dates.files that are not commit indexes.
const (
	deleted int32 = -1 // the newest change deleted the path
	pending int32 = -2 // renamed unchanged; waits for the old path's last change
)

// Load runs git in dir (any folder inside a work tree) and reads the date of
// every file under dir in HEAD's history and the state of the work tree
// there: the history walk is limited to commits that touched dir, which in
// a large repository is most of the saving. A file renamed into dir from
// outside it without a change keeps its old path's date (one more git log
// for the commits that added files, and one a commit that moved files in).
// ctx cancels
// the git processes. It returns an error wrapping [ErrNoGit],
// [ErrNotRepository] or [ErrNoCommits] when there is no history to read;
// other errors carry git's stderr.
func Load(ctx context.Context, dir string) (*Dates, error) {
	return LoadWith(ctx, dir, Options{})
}

// Options change what Load reads.
type Options struct {
	// AuthorDates dates a file by the author date (%aI) of its newest
	// commit instead of the committer date, as Hugo's GitInfo does. The
	// two differ for a rebased or cherry-picked commit.
	AuthorDates bool

	// RenamesChange dates a file renamed without a change by the commit
	// that renamed it, as Hugo's GitInfo does (the last commit whose
	// changed files name the path), instead of by the last change made
	// under its old name.
	RenamesChange bool

	// Track reads which commit HEAD is first (one git process more) and
	// the history of that commit, so that [Dates.Reload] can later read
	// only the commits made since.
	Track bool

	// Cache, when not "", is a folder where Load keeps the history it
	// read (as Track reads it), a file for each repository, folder and
	// options, for the next Load to take instead of reading it again
	// (see [Dates.Origin]). A file that cannot be read or is not one
	// Load wrote is passed over, one that cannot be written is not
	// written: the cache never fails a Load.
	Cache string
}

// LoadWith is Load with options.
func LoadWith(ctx context.Context, dir string, o Options) (*Dates, error) {
	git, err := exec.LookPath("git")
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrNoGit, err)
	}
	out, err := run(ctx, git, dir, "rev-parse", "--show-prefix", "--is-shallow-repository", "--git-path", "shallow", "--absolute-git-dir", "--git-common-dir", "--show-toplevel")
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, fmt.Errorf("%s: %w: %w", dir, ErrNotRepository, err)
	}
	lines := strings.SplitN(strings.TrimSuffix(string(out), "\n"), "\n", 6)
	if len(lines) != 6 {
		return nil, fmt.Errorf("git rev-parse: unexpected output %q", diag.Excerpt(string(out)))
	}
	top := filepath.Clean(filepath.FromSlash(lines[5]))
	d := &Dates{prefixes: []string{withSep(top)}, shallow: lines[1] == "true", author: o.AuthorDates, renames: o.RenamesChange,
		dir: dir, git: git, top: top, gitDir: filepath.Clean(lines[3]), common: lines[4], noRenames: o.RenamesChange}
	if !filepath.IsAbs(d.common) { // relative to dir
		if abs, err := filepath.Abs(filepath.Join(dir, d.common)); err == nil {
			d.common = abs
		}
	}
	d.filters = &filterFlags{gitDir: d.gitDir, common: d.common}
	if abs, err := filepath.Abs(dir); err == nil {
		// The top as dir spells it, which may differ through symbolic links
		// (macOS: /var and /private/var).
		up := abs
		for range strings.Count(lines[0], "/") {
			up = filepath.Dir(up)
		}
		if up != top && sameDir(up, top) {
			d.prefixes = append(d.prefixes, withSep(up))
		}
	}
	var boundaries map[string]bool
	if d.shallow {
		p := lines[2]
		if !filepath.IsAbs(p) {
			p = filepath.Join(dir, p)
		}
		if boundaries, err = readShallow(p); err != nil {
			return nil, fmt.Errorf("read shallow boundary: %w", err)
		}
	}

	if lines[0] != "" {
		d.scope = ":(literal)" + lines[0]
	}
	rev := "HEAD"
	if o.Track || o.Cache != "" {
		out, err := run(ctx, git, top, "rev-parse", "-q", "--verify", "HEAD^{commit}")
		if err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			return nil, fmt.Errorf("%s: %w", top, ErrNoCommits)
		}
		d.head = strings.TrimSpace(string(out))
		rev = d.head
	}
	scope := d.scope
	lctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var wg sync.WaitGroup
	var st map[string]Reason
	var statusErr error
	filters := d.filters
	wg.Go(func() {
		var specs []string
		if scope != "" {
			specs = []string{scope}
		}
		st, statusErr = status(lctx, git, top, filters, specs)
	})
	if o.Cache == "" || d.shallow || !d.fromCache(lctx, o.Cache) {
		err = d.readLog(lctx, git, top, scope, rev, boundaries)
	}
	if err != nil {
		cancel()
	}
	wg.Wait()
	d.status = st
	switch {
	case ctx.Err() != nil:
		return nil, ctx.Err()
	case err != nil:
		if _, verr := run(ctx, git, top, "rev-parse", "-q", "--verify", "HEAD^{commit}"); verr != nil {
			return nil, fmt.Errorf("%s: %w", top, ErrNoCommits)
		}
		return nil, err
	case statusErr != nil:
		return nil, statusErr
	}
	if o.Cache != "" {
		d.saveCache(o.Cache)
	}
	return d, nil
}

// Shallow reports whether the repository is a shallow clone, whose oldest
// commits are missing. Print [ShallowWarning] when it is.
func (d *Dates) Shallow() bool { return d.shallow }

// Top returns the top folder of the work tree whose history d holds.
func (d *Dates) Top() string { return d.top }

// TopLevel returns the top folder of the work tree that holds dir, as
// [Dates.Top] gives it for the history LoadWith reads there, without
// reading that history (one git rev-parse). Its errors are LoadWith's.
func TopLevel(ctx context.Context, dir string) (string, error) {
	git, err := exec.LookPath("git")
	if err != nil {
		return "", fmt.Errorf("%w: %w", ErrNoGit, err)
	}
	out, err := run(ctx, git, dir, "rev-parse", "--show-toplevel")
	if err != nil {
		if ctx.Err() != nil {
			return "", ctx.Err()
		}
		return "", fmt.Errorf("%s: %w: %w", dir, ErrNotRepository, err)
	}
	return filepath.Clean(filepath.FromSlash(strings.TrimSuffix(string(out), "\n"))), nil
}

// Unreadable returns the object (its hash) that git could not read while
// following renames, "" when none: the history was then read without
// rename detection, and a file renamed without a change is dated by its
// rename. Print [UnreadableWarning] when it is not "".
func (d *Dates) Unreadable() string { return d.missing }

// BadDates returns how many commits of the history have a date that does
// not parse, and the first of them ("1a2b3c4d5e6f ("2024-…")"): the files
// whose last change is one of them have no git date ([ReasonBadDate]).
// Print [BadDatesWarning] when n is not 0.
func (d *Dates) BadDates() (n int, first string) { return d.bad, d.badOne }

// BadDatesWarning says what n commits with unreadable dates cost.
func BadDatesWarning(n int, first string) string {
	return fmt.Sprintf("git: %d %s with a date that cannot be read, the first %s: the files last changed by %s have no git date; the rest keep theirs",
		n, map[bool]string{true: "commit", false: "commits"}[n == 1], first, map[bool]string{true: "it", false: "them"}[n == 1])
}

// UnreadableWarning tells the user what an unreadable object (see
// [Dates.Unreadable]) costs and how to get it back.
func UnreadableWarning(object string) string {
	return fmt.Sprintf(`git cannot read object %s (a partial or damaged clone): history read without following renames, so a file renamed without a change is dated by its rename
fix: a partial clone (--filter=blob:none) lacks old file contents by design: clone without --filter to follow renames; otherwise "git fsck" names the damage`, object)
}

// Lookup returns the date of the last commit that touched the file at path
// (absolute, or relative to the working directory), and why not when it has
// none: [ReasonUncommitted] for changes in the work tree or index,
// [ReasonUntracked] for a file not in HEAD, [ReasonShallow] for a file whose
// history a shallow clone cut, [ReasonOutside] for a path outside the work
// tree. The date keeps the commit's UTC offset.
func (d *Dates) Lookup(path string) (time.Time, Reason) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return time.Time{}, ReasonOutside
	}
	rel, ok := d.rel(abs)
	if !ok {
		return time.Time{}, ReasonOutside
	}
	return d.lookupRel(rel)
}

// readLog runs one git log over HEAD's history, newest commit first, and
// keeps the first commit each path appears in.
// When rename detection cannot read an object, the history is read again
// without it.
func (d *Dates) readLog(ctx context.Context, git, top, scope, rev string, boundaries map[string]bool) error {
	h, err := d.log(ctx, git, top, scope, []string{"--no-merges", rev}, boundaries)
	if obj := unreadable(err); obj != "" && !d.noRenames && ctx.Err() == nil {
		d.noRenames, d.missing = true, obj
		h, err = d.log(ctx, git, top, scope, []string{"--no-merges", rev}, boundaries)
	}
	if err != nil {
		return err
	}
	if scope != "" && !d.noRenames {
		// A log of the moves that fails (an object rename detection
		// cannot read) leaves the files dated by their move.
		if err := d.followMoves(ctx, git, top, h, boundaries, maxMoves); err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			h.movesLost = true
		}
	}
	for _, ws := range h.waiting {
		for _, w := range ws { // the old path's change was not found: date the rename
			if h.files[w.path] == pending {
				h.files[w.path] = w.since
			}
		}
	}
	d.commits, d.files, d.when = h.commits, h.files, &commitTimes{}
	d.bad, d.badOne, d.movesLost = h.bad, h.badOne, h.movesLost
	d.origin = Origin{Commits: h.logged}
	return nil
}

// commitTimes is the set of the dates of a history's commits, to the
// second, made on the first question ([Dates.Committed]), and the date
// of its last commit, read on the first question ([Dates.LastCommit]).
type commitTimes struct {
	once sync.Once
	set  map[int64]struct{}

	lastOnce sync.Once
	last     time.Time
	lastErr  error

	repoOnce sync.Once
	repo     []repoDate // by date
	hashes   []string   // the commits repo's entries name
	repoErr  error

	filesMu sync.Mutex
	files   map[int64]fileCount // CommitFiles's counts, by date
}

// LastCommit returns the date of the newest commit of the history d
// read, over the folder Load was given (the committer's date, or the
// author's with [Options.AuthorDates]). When no commit of the history
// touched that folder (a build's output folder that git ignores), it
// returns the date of HEAD, the commit whose history was read: one git
// log, run on the first question only. A file of the folder written
// after that date was written by something that ran since the last
// commit: a build, a copy, a checkout, or an edit not committed yet.
// The error says why git could not tell; ctx cancels the git process.
func (d *Dates) LastCommit(ctx context.Context) (time.Time, error) {
	if d.when == nil {
		return time.Time{}, ErrNoCommits
	}
	w := d.when
	w.lastOnce.Do(func() {
		for _, c := range d.commits {
			if !c.bad && !c.moved && c.when.After(w.last) {
				w.last = c.when
			}
		}
		if !w.last.IsZero() {
			return
		}
		format, rev := "--format=%cI", cmp.Or(d.head, "HEAD")
		if d.author {
			format = "--format=%aI"
		}
		out, err := run(ctx, d.git, d.top, "log", "-1", format, rev)
		if err != nil {
			w.lastErr = err
			return
		}
		w.last, w.lastErr = time.Parse(time.RFC3339, strings.TrimSpace(string(out)))
	})
	return w.last, w.lastErr
}

// Committed reports whether t is, to the second (with no fraction of
// one, which git never writes), the date of one of the commits of the
// history d read (the committer's date, or the author's with
// [Options.AuthorDates]), a shallow clone's boundary included, or of a
// commit outside the folder that dates a file moved into it, while it
// does (however the history was read: whole, from the cache, by
// Reload): a time something was committed, whatever file it changed. A
// generator that dates a page by its sources' history (Hugo's GitInfo,
// and a list page by the newest page it lists) prints such a date,
// however soon after the commit it builds; a build's own time is none
// of them.
func (d *Dates) Committed(t time.Time) bool {
	if d.when == nil {
		return false
	}
	d.when.once.Do(func() {
		d.when.set = make(map[int64]struct{}, len(d.commits))
		moved := false
		for _, c := range d.commits {
			if !c.bad && !c.moved {
				d.when.set[c.when.Unix()] = struct{}{}
			}
			moved = moved || c.moved
		}
		if !moved {
			return
		}
		// A commit followMoves took counts while a file keeps its date,
		// as in the history Load reads: not once the file changed since
		// (Reload, the cache).
		for _, i := range d.files {
			if i >= 0 && d.commits[i].moved && !d.commits[i].bad {
				d.when.set[d.commits[i].when.Unix()] = struct{}{}
			}
		}
	})
	_, ok := d.when.set[t.Unix()]
	return ok && t.Nanosecond() == 0
}

// log runs git log with revs over scope and reads it. The format names
// each commit's parents: history.merges says whether one was a merge.
func (d *Dates) log(ctx context.Context, git, top, scope string, revs []string, boundaries map[string]bool) (*history, error) {
	args := append(revs[:len(revs):len(revs)], "--")
	if scope != "" {
		args = append(args, scope)
	}
	return d.logWith(ctx, git, top, args, "", boundaries)
}

// logWith runs git log with args (revisions, then "--" and pathspecs),
// stdin (what --stdin reads: more revisions, then "--" and pathspecs) if
// not "", and reads it.
func (d *Dates) logWith(ctx context.Context, git, top string, rest []string, stdin string, boundaries map[string]bool) (*history, error) {
	format := "--format=%x00%cI %H %P"
	if d.author {
		format = "--format=%x00%aI %H %P"
	}
	renames := "-M"
	if d.noRenames {
		renames = "--no-renames"
	}
	args := []string{"-C", top, "log", format, "-z", "--name-status",
		renames, "--root", "--no-color", "--no-show-signature", "--no-ext-diff", "--no-textconv"}
	if stdin != "" {
		args = append(args, "--stdin")
	}
	args = append(args, rest...)
	cmd := command(ctx, git, args...)
	if stdin != "" {
		cmd.Stdin = strings.NewReader(stdin)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, fmt.Errorf("git log: %w", err)
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("git log: %w", err)
	}
	h := &history{files: make(map[string]int32), waiting: make(map[string][]waiter), renames: d.renames, added: make(map[string]addition)}
	perr := h.parse(stdout, boundaries)
	h.logged = len(h.commits)
	if perr != nil {
		io.Copy(io.Discard, stdout) // let git finish before Wait closes the pipe
	}
	if err := cmd.Wait(); err != nil {
		return nil, fmt.Errorf("git log: %w: %s", err, bytes.TrimSpace(stderr.Bytes()))
	}
	if perr != nil {
		return nil, fmt.Errorf("git log: %w", perr)
	}
	return h, nil
}

// history is the state of one pass over git log, newest commit first.
type history struct {
	bad     int    // commits whose date does not parse
	badOne  string // the first of them: its hash and date, for the warning
	commits []commit
	files   map[string]int32
	waiting map[string][]waiter // old path → paths renamed from it unchanged
	merges  bool                // a commit read had several parents
	renames bool                // Options.RenamesChange
	// added are the paths whose newest change is their addition, each
	// with that commit and the path added (a path renamed unchanged from
	// it waits on it): within a pathspec, git log shows a file moved in
	// from outside it as added (see [Dates.followMoves]).
	added map[string]addition
	// moved are the renames without a change of each commit, old path
	// → new path.
	moved map[int32]map[string]string
	// logged is how many commits the log read: followMoves adds more.
	logged int
	// movesLost is true when followMoves failed (see Dates.movesLost).
	movesLost bool
}

// addition is the commit that added a path, and the path it added.
type addition struct {
	commit int32
	path   string
}

type waiter struct {
	path  string
	since int32 // the oldest rename seen, the fallback date
}

// parse reads git log -z output: each commit is an empty token, then
// "date hash", then status tokens ("M", "R100"…) each followed by its paths.
func (h *history) parse(r io.Reader, boundaries map[string]bool) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	sc.Split(splitNUL)
	next := func() ([]byte, error) {
		if !sc.Scan() {
			if err := sc.Err(); err != nil {
				return nil, err
			}
			return nil, io.ErrUnexpectedEOF
		}
		return sc.Bytes(), nil
	}
	header := false
	for sc.Scan() {
		tok := sc.Bytes()
		switch {
		case len(tok) == 0:
			header = true
			continue
		case header:
			header = false
			date, hash, _ := bytes.Cut(tok, []byte(" "))
			hash, parents, _ := bytes.Cut(hash, []byte(" "))
			if bytes.IndexByte(parents, ' ') >= 0 {
				h.merges = true
			}
			// git accepts dates Go's parser does not (a zone of -9959,
			// a year past 9999): such a commit dates none of the files
			// it touches, and costs no other file its date.
			when, err := time.Parse(time.RFC3339, string(date))
			if err != nil {
				if h.bad++; h.bad == 1 {
					h.badOne = fmt.Sprintf("%.12s (%.40q)", hash, date)
				}
			}
			h.commits = append(h.commits, commit{when: when, boundary: boundaries[string(hash)], bad: err != nil, hash: string(hash)})
			continue
		}
		tok = bytes.TrimLeft(tok, "\n")
		if len(tok) == 0 || len(h.commits) == 0 {
			return fmt.Errorf("unexpected token %q", diag.Excerpt(string(tok)))
		}
		c := int32(len(h.commits) - 1)
		kind, score := tok[0], string(tok[1:])
		path, err := next()
		if err != nil {
			return err
		}
		switch kind {
		case 'R', 'C':
			from := string(path)
			if path, err = next(); err != nil {
				return err
			}
			switch {
			case kind == 'R' && score == "100" && !h.renames:
				if h.moved == nil {
					h.moved = map[int32]map[string]string{}
				}
				if h.moved[c] == nil {
					h.moved[c] = map[string]string{}
				}
				h.moved[c][from] = string(path)
				h.renamed(from, string(path), c)
			case kind == 'R':
				h.deleted(from)
				h.changed(path, c)
			default:
				h.changed(path, c)
			}
		case 'D':
			h.deleted(string(path))
		case 'A':
			if h.added != nil {
				if _, ok := h.files[string(path)]; !ok {
					h.added[string(path)] = addition{c, string(path)}
				}
				for _, w := range h.waiting[string(path)] {
					if h.files[w.path] == pending {
						h.added[w.path] = addition{c, string(path)}
					}
				}
			}
			h.changed(path, c)
		default:
			h.changed(path, c)
		}
	}
	return sc.Err()
}

// changed records that commit c changed path's content.
func (h *history) changed(path []byte, c int32) {
	if _, ok := h.files[string(path)]; !ok {
		h.files[string(path)] = c
	}
	if ws, ok := h.waiting[string(path)]; ok {
		for _, w := range ws {
			if h.files[w.path] == pending {
				h.files[w.path] = c
			}
		}
		delete(h.waiting, string(path))
	}
}

func (h *history) deleted(path string) {
	if _, ok := h.files[path]; !ok {
		h.files[path] = deleted
	}
}

// renamed records that commit c renamed from to to unchanged: whatever waits
// for to's last change now waits for from's.
func (h *history) renamed(from, to string, c int32) {
	ws := h.waiting[to]
	delete(h.waiting, to)
	if _, ok := h.files[to]; !ok {
		h.files[to] = pending
		ws = append(ws, waiter{path: to})
	}
	for i := range ws {
		ws[i].since = c
	}
	if len(ws) > 0 {
		h.waiting[from] = append(h.waiting[from], ws...)
	}
	h.deleted(from)
}

// status runs git status in the work tree top over the pathspecs (all
// of it without any) and reads it. No filter runs: filters switches off
// each one the configuration defines, so that a file git must read again
// (touched, or racily clean) is compared as it is, unfiltered. Nor is a
// submodule asked about its own files (--ignore-submodules=dirty): it
// would answer with its own configuration, whose filters are not read.
// A submodule checked out at another commit is still listed; no file's
// date depends on a submodule's files.
func status(ctx context.Context, git, top string, filters *filterFlags, pathspecs []string) (map[string]Reason, error) {
	off, err := filters.get(ctx, git, top)
	if err != nil {
		return nil, err
	}
	args := []string{"--no-optional-locks", "status", "--porcelain=v1", "-z", "--untracked-files=all", "--ignore-submodules=dirty"}
	if len(pathspecs) > 0 {
		args = append(append(args, "--"), pathspecs...)
	}
	out, err := runWith(ctx, git, top, off, args...)
	if err != nil {
		return nil, err
	}
	return parseStatus(out)
}

// parseStatus reads git status --porcelain=v1 -z: "XY path", and for a
// rename or copy "XY new" then the old path.
func parseStatus(out []byte) (map[string]Reason, error) {
	st := make(map[string]Reason)
	entries := strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")
	for i := 0; i < len(entries); i++ {
		e := entries[i]
		if e == "" {
			continue
		}
		if len(e) < 4 || e[2] != ' ' {
			return nil, fmt.Errorf("git status: unexpected entry %q", diag.Excerpt(e))
		}
		xy, path := e[:2], e[3:]
		st[path] = ReasonUncommitted
		switch {
		case xy == "??":
			st[path] = ReasonUntracked
		case strings.ContainsRune(xy, 'D'):
			st[path] = reasonRemoved
		case strings.ContainsAny(xy, "RC") && i+1 < len(entries):
			// The old path of a rename is gone; a copy's is not.
			i++
			st[entries[i]] = ReasonUncommitted
			if strings.ContainsRune(xy, 'R') {
				st[entries[i]] = reasonRemoved
			}
		}
	}
	return st, nil
}

// unreadableObject finds, in git's message, the object that git could
// not read: a loose object deleted or damaged ("unable to read"), or a
// partial clone's blob that it may not fetch ("could not fetch … from
// promisor remote").
var unreadableObject = lazyre.MustCompile(`(?:unable to read|could not fetch|missing blob object '?)\s*([0-9a-f]{40,64})\b`)

// unreadable returns the object err (from git log) says git could not
// read, "" when it says none.
func unreadable(err error) string {
	if err == nil {
		return ""
	}
	if m := unreadableObject().FindStringSubmatch(err.Error()); m != nil {
		return m[1]
	}
	return ""
}

// readShallow reads the boundary commits of a shallow clone from the
// file at path, in the repository's folder, through the one door.
func readShallow(path string) (map[string]bool, error) {
	b, err := fsx.ReadFile(filepath.Dir(path), filepath.Base(path), maxShallowBytes, "git's shallow file")
	if err != nil {
		return nil, err
	}
	set := make(map[string]bool)
	for _, h := range strings.Fields(string(b)) {
		set[h] = true
	}
	return set, nil
}

func splitNUL(data []byte, atEOF bool) (int, []byte, error) {
	if i := bytes.IndexByte(data, 0); i >= 0 {
		return i + 1, data[:i], nil
	}
	if atEOF && len(data) > 0 {
		return len(data), data, nil
	}
	return 0, nil, nil
}

func withSep(dir string) string {
	if strings.HasSuffix(dir, string(filepath.Separator)) {
		return dir
	}
	return dir + string(filepath.Separator)
}

// sameDir reports whether the folders a and b, each as named, are one.
func sameDir(a, b string) bool {
	sa, err := fsx.Stat(a, ".")
	if err != nil {
		return false
	}
	sb, err := fsx.Stat(b, ".")
	return err == nil && os.SameFile(sa, sb)
}

// maxShallowBytes bounds the read of a shallow clone's boundary commits:
// a million of them, a line each.
const maxShallowBytes = 64 << 20

// maxMoves is how many moves of a file from outside the folder read
// followMoves follows back, one git log each.
const maxMoves = 4

// followMoves dates the files of h that a pathspec's log shows as added
// but that were renamed unchanged into the folder from outside it (a
// source folder moved by git mv: src/content/ to content/) by the last
// change of the path they were renamed from, as a log without the
// pathspec would: a rename without a change is no change. The commits
// that added them are read again without the pathspec (one git log), and
// the old paths' history before each move (one git log a commit that
// moved files in), within depth moves back.
func (d *Dates) followMoves(ctx context.Context, git, top string, h *history, boundaries map[string]bool, depth int) error {
	if len(h.added) == 0 || depth == 0 {
		return nil
	}
	byCommit := map[int32]map[string][]string{} // commit → path added → files dated by it
	for file, a := range h.added {
		if h.files[file] != a.commit {
			continue
		}
		if byCommit[a.commit] == nil {
			byCommit[a.commit] = map[string][]string{}
		}
		byCommit[a.commit][a.path] = append(byCommit[a.commit][a.path], file)
	}
	var revs strings.Builder
	for c := range byCommit {
		revs.WriteString(h.commits[c].hash + "\n")
	}
	if revs.Len() == 0 {
		return nil
	}
	moves, err := d.logWith(ctx, git, top, []string{"--no-walk=unsorted"}, revs.String(), boundaries)
	if err != nil {
		return err
	}
	index := map[string]int32{}
	for c := range byCommit {
		index[h.commits[c].hash] = c
	}
	for i, mc := range moves.commits {
		c, ok := index[mc.hash]
		if !ok {
			continue
		}
		// The old paths of the files this commit renamed in unchanged.
		from := map[string]string{} // old path → path added
		for old, to := range moves.renamedIn(int32(i)) {
			if _, ok := byCommit[c][to]; ok {
				from[old] = to
			}
		}
		if len(from) == 0 {
			continue
		}
		var in strings.Builder
		in.WriteString(mc.hash + "^\n--\n")
		for old := range from {
			in.WriteString(":(literal)" + old + "\n")
		}
		before, err := d.logWith(ctx, git, top, []string{"--no-merges"}, in.String(), boundaries)
		if err != nil {
			return err
		}
		if err := d.followMoves(ctx, git, top, before, boundaries, depth-1); err != nil {
			return err
		}
		before.settle()
		for old, to := range from {
			at, ok := before.files[old]
			if !ok || at < 0 {
				continue // not found before the move: the move dates it
			}
			m := before.commits[at]
			m.moved = true
			h.commits = append(h.commits, m)
			for _, file := range byCommit[c][to] {
				h.files[file] = int32(len(h.commits) - 1)
			}
		}
	}
	return nil
}

// renamedIn returns the renames without a change of commit c of h, old
// path → new path.
func (h *history) renamedIn(c int32) map[string]string {
	return h.moved[c]
}

// settle dates each path renamed unchanged whose old path's change was
// not found by its rename.
func (h *history) settle() {
	for _, ws := range h.waiting {
		for _, w := range ws {
			if h.files[w.path] == pending {
				h.files[w.path] = w.since
			}
		}
	}
}

// Removed returns the files that git knows were removed: deleted, or
// renamed to another path, in the work tree or the index (git status),
// or by the newest commit of HEAD's history that touched them. A file
// removed by a commit and made again since is listed too, when the made
// one is not committed yet: the caller looks at the work tree. The paths
// are absolute, as Load's folder spells the top, and sorted. At most max
// are returned; more reports whether there were others.
func (d *Dates) Removed(max int) (paths []string, more bool) {
	var rels []string
	for rel, r := range d.status {
		if r == reasonRemoved {
			rels = append(rels, rel)
		}
	}
	for rel, c := range d.files {
		if c == deleted {
			rels = append(rels, rel)
		}
	}
	paths = d.abs(rels)
	if len(paths) > max {
		return paths[:max], true
	}
	return paths, false
}
