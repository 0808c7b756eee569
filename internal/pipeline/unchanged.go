package pipeline

import "maps"

// written is what a Session's records remember of the last successful
// Write, so that the next can ask only for the URLs that changed
// (writer.Unchanged): where each record was in the order it listed,
// what set the dates of them all (the build stamps' day, the files'
// times dropped) and of the list pages, and since then the records that
// may have changed (their places negated). A record is marked when it
// is added or removed, or when judgeHreflang gives it other alternates;
// what changes many records at once (the stamps, the alternates all
// judged anew: alternates.shownMade) makes all of them changed; the list
// pages' dates are compared. Extra URLs, generator alternates and news,
// which change records in other ways, make every Write a whole one.
type written struct {
	ok bool // a Write succeeded since the records were made
	// pos is, by record index, 1 + the record's place in the order the
	// last Write listed; 0 for a record it did not list; negated for one
	// marked changed since (mark): a slice the writer's every question
	// reads, where a map of the few marked cost a lookup each.
	pos       []int32
	all       bool // every record may have changed
	listed    map[int32]int64
	stamps    bool
	stampDay  int64
	mtime     mtimeStamps
	siteWide  map[siteWideKey]string
	shownMade int // alternates.shownMade
}

// track makes the records remember what they give each Write (a
// Session's).
func (s *records) track() { s.written = &written{} }

// changed marks the record at idx as changed since the last Write
// (before the first, every record is).
func (s *records) changed(idx int32) {
	if w := s.written; w != nil && w.ok {
		w.mark(idx)
	}
}

// mark marks the record at idx as changed: its place negated, where it
// has one (a record the last Write did not list is not known anyway).
func (w *written) mark(idx int32) {
	if int(idx) < len(w.pos) && w.pos[idx] > 0 {
		w.pos[idx] = -w.pos[idx]
	}
}

// beforeWrite settles, before a Write, which records may differ from
// what the last successful one was given.
func (s *records) beforeWrite() {
	w := s.written
	if w == nil {
		return
	}
	w.all = w.all || !w.ok ||
		s.stamps.found != w.stamps || s.stamps.day != w.stampDay || s.stamps.mtime != w.mtime || !maps.Equal(s.sites.dates, w.siteWide) ||
		s.alts.shownMade != w.shownMade ||
		len(s.media.news) > 0 || len(s.extras.lines) > 0 || s.alts.gen != nil
	if w.all {
		if traceUnchanged != nil {
			traceUnchanged(len(s.order), 0)
		}
		return
	}
	for idx, t := range s.listed {
		if was, ok := w.listed[idx]; !ok || was != t {
			w.mark(idx)
		}
	}
	for idx := range w.listed {
		if _, ok := s.listed[idx]; !ok {
			w.mark(idx)
		}
	}
	if traceUnchanged != nil {
		n := 0
		for i := range s.order {
			if _, ok := s.Unchanged(i); ok {
				n++
			}
		}
		traceUnchanged(len(s.order), n)
	}
}

// afterWrite records what a Write was given, when it succeeded; when it
// failed, the records changed since the last successful one stay
// marked.
func (s *records) afterWrite(ok bool) {
	w := s.written
	if w == nil || !ok {
		return
	}
	w.ok, w.all = true, false
	clear(w.pos)
	if n := int(s.n); len(w.pos) < n {
		w.pos = append(w.pos, make([]int32, n-len(w.pos))...)
	}
	for i, idx := range s.order {
		w.pos[idx] = int32(i + 1)
	}
	w.listed = maps.Clone(s.listed)
	w.stamps, w.stampDay, w.mtime, w.siteWide = s.stamps.found, s.stamps.day, s.stamps.mtime, maps.Clone(s.sites.dates)
	w.shownMade = s.alts.shownMade
}

// traceUnchanged, when set (tests), is told before each Write of a
// Session how many URLs it lists and how many of them Unchanged knows.
var traceUnchanged func(urls, unchanged int)

// Unchanged reports whether the URL at i is the one the last successful
// Write was given, and where (writer.Unchanged); false when that is not
// known. It is called concurrently, between beforeWrite and afterWrite.
func (s *records) Unchanged(i int) (last int, ok bool) {
	w := s.written
	if w == nil || w.all {
		return 0, false
	}
	idx := s.order[i]
	if int(idx) >= len(w.pos) || w.pos[idx] <= 0 {
		return 0, false
	}
	return int(w.pos[idx]) - 1, true
}
