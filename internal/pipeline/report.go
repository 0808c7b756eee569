package pipeline

import (
	"errors"
	"strings"

	"github.com/sitemapgen/sitemapgen/mapping"
	"github.com/sitemapgen/sitemapgen/walker"
)

// A build tells what it finds through one reporter. The walk keeps its
// reports and tells them in path order when it ends (pageWalk); while
// git's history is read beside the walk, the reporter holds them until
// git's own are told (hold). A pass after the walk collects what it finds in findings, in
// the order found, and returns them; runPasses hands them to the
// reporter, which tells them in that order before the next pass runs.
// So the reports come out in the same order as if each pass told them
// itself, and a pass needs nothing of the builder to report.

// reporter tells a build's warnings, errors, skips and notes to
// Options.Report, and counts them in the Result. newBuilder sets it up;
// the walk and the loader tell through it, and runPasses hands it each
// pass's findings. A Session's update gives it the update's Result
// (beginUpdate).
type reporter struct {
	// report is Options.Report.
	report Report
	// res is the Result of the build or of a Session's update. It counts
	// the warnings, unread files and skips told.
	res *Result
	// failUnread makes an unreadable file or folder an error, as in Run.
	// Without it, as in a Session, it is a warning.
	failUnread bool
	// keepLeft is Options.KeepLeftOut: keep the URL of each page left
	// out in Result.LeftOut.
	keepLeft bool
	// bases counts, in a whole build, the pages skipped because their
	// canonical link points elsewhere. It counts them by the base URL
	// their canonical links imply, from the site's base URL, baseURL. It
	// is nil in a Session's Update, which reads only some pages.
	bases   *canonicalBases
	baseURL string
	// held keeps the reports told while git's history is read beside the
	// walk (startGit); awaitGit tells them after git's own. It is nil
	// when no report is held.
	held []func()
}

// hold keeps f, a report, for awaitGit while the history is read. It
// reports whether it kept f.
func (r *reporter) hold(f func()) bool {
	if r.held == nil {
		return false
	}
	r.held = append(r.held, f)
	return true
}

// warn tells a problem that does not stop the build.
func (r *reporter) warn(path string, err error) {
	if r.hold(func() { r.warn(path, err) }) {
		return
	}
	r.res.Warnings++
	if r.report.Warn != nil {
		r.report.Warn(path, err)
	}
}

// unread reports a file or folder that could not be read: an error that
// fails the build in Run, a warning in a Session.
func (r *reporter) unread(path string, err error) {
	if !r.failUnread {
		r.warn(path, err)
		return
	}
	if r.hold(func() { r.unread(path, err) }) {
		return
	}
	r.res.Unread++
	if r.report.Error != nil {
		r.report.Error(path, err)
	}
}

// walkProblem reports a problem the walker handed over: an I/O error is
// unread, the policy's problems are warnings.
func (r *reporter) walkProblem(path string, err error) {
	if ioe := (*walker.IOError)(nil); errors.As(err, &ioe) {
		r.unread(path, err)
		return
	}
	r.warn(path, err)
}

// skip tells that a page is not listed, and why.
func (r *reporter) skip(path string, reason mapping.Reason, because string) {
	r.skipAt(path, "", reason, because)
}

// skipAt is skip for a page whose URL, loc, is known.
func (r *reporter) skipAt(path, loc string, reason mapping.Reason, because string) {
	r.res.Skipped[reason]++
	if (reason == mapping.CanonicalOffsite || reason == mapping.NotCanonical) && r.bases != nil {
		r.bases.add(r.baseURL, loc, strings.TrimPrefix(because, "canonical "), reason == mapping.CanonicalOffsite)
	}
	if r.report.Skip != nil {
		r.report.Skip(path, reason, because)
	}
}

// keepLeftOut keeps the URL of a page left out, with Options.KeepLeftOut.
func (r *reporter) keepLeftOut(loc string) {
	if r.keepLeft && loc != "" {
		r.res.LeftOut = append(r.res.LeftOut, loc)
	}
}

// note tells what only --verbose shows.
func (r *reporter) note(path, note string) {
	if r.hold(func() { r.note(path, note) }) {
		return
	}
	if r.report.Note != nil {
		r.report.Note(path, note)
	}
}

// say tells a pass's findings, in the order the pass found them.
func (r *reporter) say(f findings) {
	for _, e := range f {
		switch e.kind {
		case findWarn:
			r.warn(e.path, e.err)
		case findSkip:
			r.skipAt(e.path, e.loc, e.reason, e.text)
		case findNote:
			r.note(e.path, e.text)
		case findLeftOut:
			r.keepLeftOut(e.loc)
		}
	}
}

// findingKind says what a finding tells.
type findingKind uint8

const (
	findWarn    findingKind = iota // a warning: path and err
	findSkip                       // a page not listed: path, loc, reason and text
	findNote                       // a note: path and text
	findLeftOut                    // the URL of a page left out: loc
)

// A finding is one thing a pass found for the reports.
type finding struct {
	kind   findingKind
	reason mapping.Reason
	path   string
	loc    string
	text   string
	err    error
}

// findings are what a pass found for the reports, in the order found.
// The pass returns them, and the reporter tells them (reporter.say).
// Their methods are the reporter's, kept for later.
type findings []finding

func (f *findings) warn(path string, err error) {
	*f = append(*f, finding{kind: findWarn, path: path, err: err})
}

func (f *findings) skip(path string, reason mapping.Reason, because string) {
	f.skipAt(path, "", reason, because)
}

func (f *findings) skipAt(path, loc string, reason mapping.Reason, because string) {
	*f = append(*f, finding{kind: findSkip, path: path, loc: loc, reason: reason, text: because})
}

func (f *findings) note(path, note string) {
	*f = append(*f, finding{kind: findNote, path: path, text: note})
}

func (f *findings) keepLeftOut(loc string) {
	*f = append(*f, finding{kind: findLeftOut, loc: loc})
}
