// The dates of pages from the state file (hash) and git history, and
// the counts of the lastmod sources.

package pipeline

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/gitdates"
	"github.com/sitemapgen/sitemapgen/mapping"
	"github.com/sitemapgen/sitemapgen/sitemap"
	"github.com/sitemapgen/sitemapgen/walker"
)

// hashPassedOver ends the warning about a hash state file that cannot
// be read. It says what the build does with the file, and what to do.
const hashPassedOver = "the hash lastmod source is passed over and the file left as it is (repair it, or remove it to start a new one)"

// hashDate returns the hash source's date of the page at rel under the
// root, served at loc: the date its significant content last changed.
// The walk found the page in the folder that at holds open (or nil).
// Mapper.Map calls the returned function before the walk's callback
// returns.
func (b *builder) hashDate(at *walker.Dir, rel string) func(loc string) (time.Time, bool) {
	if b.in.hash == nil {
		return nil
	}
	return func(loc string) (time.Time, bool) {
		f, err := openSource(b.opts.Root, at, rel, int64(b.opts.Limits.Or().PageBytes), "limits.page_bytes")
		if err != nil {
			return time.Time{}, false
		}
		sum, err := b.opts.Hash.Options.SumReader(f) // streams the file, up to limits.page_bytes
		f.Close()
		if err != nil {
			return time.Time{}, false
		}
		// On the first build, which sees the page first, Date returns the
		// zero time: no date, so the next source answers.
		t, changed := b.in.hash.Date(loc, sum, b.in.now)
		if changed && b.opts.Hash.ReadOnly {
			// A preview's build records nothing. No build keeps the time it
			// sees a page new or changed, and each preview has its own. In an
			// own-url preview every page is new, because its URLs and links
			// name its own host. So give no date: the next source answers.
			return time.Time{}, false
		}
		return t, !t.IsZero()
	}
}

// saveHash writes the hash source's state file, after the sitemaps of
// recs.
func (p *writePass) saveHash(recs *records) {
	if p.hash == nil || p.opts.Hash.ReadOnly || p.opts.Write.DryRun || p.opts.Write.Check || len(p.opts.Explain) > 0 {
		return
	}
	if p.opts.Hash.Listed {
		p.hash.SetListed(sitemap.LastMods(recs, p.opts.Write.LastModFormat))
	}
	if _, err := p.hash.Save(p.opts.Hash.Dir, p.opts.Hash.State); err != nil {
		p.found.warn("", fmt.Errorf("lastmod source hash: %w", err))
	}
}

// loadGit reads the git history of the repository that holds the pages'
// files, for the git lastmod source. In a join, it reads the sources'
// repository. Without git, a repository or a commit, the source is
// skipped. Outside a repository, as a built site often is, it is
// skipped silently. Without git or a commit, a note for --verbose says
// so. Any other failure of git is a warning.
func (b *builder) loadGit(ctx context.Context) {
	dir, opts := b.gitOptions()
	d, err := gitdates.LoadWith(ctx, dir, opts)
	b.takeGit(d, err)
}

// startGit is loadGit with the history read in a goroutine of its own,
// beside the reading of a join's sources. git log over a long history
// costs as much as every source's front matter, and it runs in a
// process of its own, on another core. awaitGit takes what it read.
// Until then the build holds what it reports, and tells it after git's
// own reports, in the order loadGit would have told them.
func (b *builder) startGit(ctx context.Context) {
	dir, opts := b.gitOptions()
	if b.src.rules.Hooks.Includer != nil {
		// The sources' includes, read in the meantime, may be anywhere in
		// the work tree (includeBound), so ask for its top first, at once.
		b.in.gitTop, _ = gitdates.TopLevel(ctx, dir)
	}
	done := make(chan struct{})
	var d *gitdates.Dates
	var err error
	go func() {
		defer close(done)
		d, err = gitdates.LoadWith(ctx, dir, opts)
	}()
	b.in.gitWait = func() {
		<-done
		b.takeGit(d, err)
	}
	b.rep.held = []func(){}
}

// awaitGit waits for the history that startGit reads, takes it, and
// tells the reports held in the meantime. It does nothing when no
// history is being read.
func (b *builder) awaitGit() {
	if b.in.gitWait == nil {
		return
	}
	wait, held := b.in.gitWait, b.rep.held
	b.in.gitWait, b.rep.held = nil, nil
	wait()
	for _, f := range held {
		f()
	}
}

// gitOptions returns the folder whose history dates the pages and how to
// read it.
func (b *builder) gitOptions() (string, gitdates.Options) {
	dir := gitDir(b.opts)
	// A Session's build records which commit the history was read at. A
	// later commit then reads only the commits since.
	opts := gitdates.Options{Track: b.session()}
	for _, s := range []*Sources{b.opts.Join, b.opts.Content} {
		if s == nil {
			continue
		}
		// The generator's order says which git date is its own (for Hugo's
		// and MkDocs' plugins, the author's), and whether a rename dates a
		// file (not for jekyll-last-modified-at). The project's order wins
		// over the preset's.
		o := s.Order
		if o == nil {
			o = b.src.rules.Order
		}
		if o != nil {
			opts.AuthorDates = opts.AuthorDates || o.GitAuthor
			opts.RenamesChange = opts.RenamesChange || o.GitRenames
		}
	}
	if b.in.gitScope != "" {
		dir = b.in.gitScope
	}
	if b.opts.CacheDir != "" {
		opts.Cache = filepath.Join(b.opts.CacheDir, "git")
	}
	return dir, opts
}

// takeGit takes d, the history that loadGit read, or says why there is
// none.
func (b *builder) takeGit(d *gitdates.Dates, err error) {
	switch {
	case errors.Is(err, gitdates.ErrNotRepository):
		return // the usual case for a built site: say nothing
	case errors.Is(err, gitdates.ErrNoGit), errors.Is(err, gitdates.ErrNoCommits):
		b.rep.note("", fmt.Sprintf("lastmod source git skipped: %v", firstLine(err)))
		return
	case err != nil:
		b.rep.warn("", fmt.Errorf("lastmod source git skipped: %w", err))
		return
	}
	if b.opts.CacheDir != "" {
		b.rep.note("", "git history "+d.Origin().String())
	}
	if d.Shallow() && (b.in.git == nil || !b.in.git.Shallow()) {
		b.rep.warn("", errors.New(gitdates.ShallowWarning))
	}
	if obj := d.Unreadable(); obj != "" && (b.in.git == nil || b.in.git.Unreadable() != obj) {
		b.rep.warn("", errors.New(gitdates.UnreadableWarning(obj)))
	}
	if n, first := d.BadDates(); n > 0 && (b.in.git == nil || func() bool { m, _ := b.in.git.BadDates(); return m != n }()) {
		b.rep.warn("", errors.New(gitdates.BadDatesWarning(n, first)))
	}
	root, err := filepath.Abs(b.opts.Root)
	if err != nil {
		b.rep.warn("", fmt.Errorf("lastmod source git skipped: %w", err))
		return
	}
	b.in.git, b.in.gitRoot = d, root
}

// gitDir returns the folder whose git history dates the pages. In a
// join, that is the sources' folder.
func gitDir(opts Options) string {
	switch {
	case opts.Join != nil:
		return opts.Join.Dir
	case opts.Content != nil:
		return opts.Content.Dir
	}
	return opts.Root
}

// GitWatched returns the files of the git repository that dates opts'
// pages whose change means a commit, a checkout or a change of the
// index (gitdates.Watched). It returns them when the git lastmod source
// is used. Watch mode watches them, and a Session's Update reads the
// history again when one of them is among its paths.
func GitWatched(ctx context.Context, opts Options) []string {
	m, err := mapping.New(opts.Map)
	if err != nil || !m.Uses(mapping.LastModGit) {
		return nil
	}
	return gitdates.Watched(ctx, gitDir(opts))
}

// firstLine returns the first line of err's message.
func firstLine(err error) string {
	msg, _, _ := strings.Cut(err.Error(), "\n")
	return msg
}

// gitDate returns the date git gives the file at rel, or zero. rel is
// relative to the root, through ".." for a join's source. The path
// given to Lookup is absolute, because a relative one would cost
// finding the working directory for every page.
func (b *builder) gitDate(rel string) time.Time {
	t, _ := b.in.gitLookup(rel)
	return t
}

// sourceDate reports whether a source of the site gives the date t, to
// the second (mapping.Options.SourceDate). Such a source is a commit of
// the history git read, or a date in a source's front matter. A date
// with a fraction of a second comes from no source: neither git nor a
// generator printing a source's date writes one, but a clock read as
// the build runs does.
func (b *builder) sourceDate(t time.Time) bool {
	if t.Nanosecond() != 0 {
		return false
	}
	return b.src.fmDates[t.Unix()] || b.in.git != nil && b.in.git.Committed(t)
}

// gitLookup is gitDate that also returns git's reason for no date. A
// file whose history a shallow clone cut (gitdates.ReasonShallow) is
// tracked and unchanged. Its modification time is the checkout's, not
// an edit's (mapping.Page.CheckedOut).
func (in *inputs) gitLookup(rel string) (time.Time, gitdates.Reason) {
	if in.git == nil {
		return time.Time{}, gitdates.ReasonNone
	}
	return in.git.Lookup(filepath.Join(in.gitRoot, filepath.FromSlash(rel)))
}

// recount moves n of the listed pages counted under the lastmod source
// from to the count of to (Result.LastMod). It runs after a judgement
// of all the records changed their dates.
func (r *Result) recount(from, to mapping.LastModSource, n int) {
	if n <= 0 || r.LastMod == nil {
		return
	}
	if r.LastMod[from] -= n; r.LastMod[from] <= 0 {
		delete(r.LastMod, from)
	}
	r.LastMod[to] += n
}

// counted is what a pass changes of the Result's counts. The pass
// returns it, and the pass list adds it to the Result (Result.add): no
// pass holds the Result.
type counted struct {
	// moves move listed pages between the counts of Result.LastMod, in
	// their order.
	moves []countMove
	// stamps is added to Result.Stamps (less than zero when a verdict
	// is taken back).
	stamps int
	// unjoined is taken from Result.Unjoined, down to zero.
	unjoined int
	// mtimeDropped sets Result.MTimeDropped.
	mtimeDropped bool
}

// countMove moves n listed pages from the count of the lastmod source
// from to that of to (Result.recount). With all, it moves every page
// of from. With gone, the pages leave the count of from, and with added
// they join that of to, without another.
type countMove struct {
	from, to   mapping.LastModSource
	n          int
	all        bool
	gone, came bool
}

// move moves n pages from the count of from to that of to.
func (c *counted) move(from, to mapping.LastModSource, n int) {
	c.moves = append(c.moves, countMove{from: from, to: to, n: n})
}

// add adds c to the Result's counts.
func (r *Result) add(c counted) {
	for _, m := range c.moves {
		switch {
		case r.LastMod == nil:
		case m.all:
			r.recount(m.from, m.to, r.LastMod[m.from])
		case m.gone:
			if r.LastMod[m.from] -= m.n; r.LastMod[m.from] <= 0 {
				delete(r.LastMod, m.from)
			}
		case m.came:
			r.LastMod[m.to] += m.n
		default:
			r.recount(m.from, m.to, m.n)
		}
	}
	r.Stamps += c.stamps
	r.Unjoined = max(0, r.Unjoined-c.unjoined)
	r.MTimeDropped = r.MTimeDropped || c.mtimeDropped
}

// lastModCountsPass is the lastmod counts pass. It counts the listed
// pages again by the source of their lastmod, from the records in
// order. It runs after the duplicates and robots.txt passes, which
// leave out pages that were counted when they were read.
type lastModCountsPass struct {
	// count says the build counts (Result.LastMod is not nil). Without
	// it the pass does nothing.
	count bool
}

func (b *builder) lastModCountsPass() *lastModCountsPass {
	return &lastModCountsPass{count: b.rep.res.LastMod != nil}
}

// sourceCounts counts pages by the index of their lastmod's source in
// recSources.
type sourceCounts [len(recSources)]int

// run counts every listed page, the records of recs in order, by the
// source of its lastmod. The pass list puts the counts in
// Result.LastMod (setLastMod).
func (p *lastModCountsPass) run(recs *records) (counts sourceCounts, ok bool) {
	if !p.count {
		return counts, false
	}
	var mu sync.Mutex
	inParts(len(recs.order), func(lo, hi int) {
		var mine [len(recSources)]int // counts by the source's index
		for _, idx := range recs.order[lo:hi] {
			mine[srcIndex(recs.source(idx))]++
		}
		mu.Lock()
		defer mu.Unlock()
		for i, n := range mine {
			counts[i] += n
		}
	})
	return counts, true
}

// setLastMod makes Result.LastMod hold counts, and no other count.
func (r *Result) setLastMod(counts sourceCounts) {
	clear(r.LastMod)
	for i, n := range counts {
		if n > 0 {
			r.LastMod[recSources[i]] = n
		}
	}
}

// setBuiltGit records whether the git lastmod of the record at idx is
// its built file's history.
func (s *records) setBuiltGit(idx int32, on bool) {
	w, bit := int(idx)/64, uint64(1)<<(uint(idx)%64)
	if !on {
		if w < len(s.builtGit) {
			s.builtGit[w] &^= bit
		}
		return
	}
	if w >= len(s.builtGit) {
		s.builtGit = append(s.builtGit, make([]uint64, w+1-len(s.builtGit))...)
	}
	s.builtGit[w] |= bit
}

// isBuiltGit reports what setBuiltGit recorded for the record at idx.
func (s *records) isBuiltGit(idx int32) bool {
	w := int(idx) / 64
	return w < len(s.builtGit) && s.builtGit[w]&(uint64(1)<<(uint(idx)%64)) != 0
}
