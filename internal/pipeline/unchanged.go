package pipeline

import "maps"

// written is what a Session's records remember of the last successful
// Write, so that the next Write can ask only for the URLs that changed
// (writer.Unchanged). It keeps where each record was in the order the
// Write listed. It keeps what set the dates of all records (the build
// stamps' day, the files' times dropped) and of the list pages. It also
// marks the records that may have changed since, by negating their
// places. A record is marked when it is added or removed, or when
// the hreflang pass gives it other alternates. A change to many records at
// once (the stamps, or all alternates judged anew:
// alternates.shownMade) marks all of them changed. The list pages'
// dates are compared. Extra URLs, generator alternates and news change
// records in other ways, so they make every Write a whole one.
type written struct {
	ok bool // says a Write succeeded since the records were made
	// pos holds, by record index, 1 + the record's place in the order the
	// last Write listed. It is 0 for a record that Write did not list,
	// and negated for a record marked changed since (mark). It is a
	// slice, because the writer reads it for every question, and a map of
	// the few marked records cost a lookup each.
	pos       []int32
	all       bool // says every record may have changed
	listed    map[int32]int64
	stamps    bool
	stampDay  int64
	mtime     mtimeStamps
	siteWide  map[siteWideKey]string
	shownMade int // alternates.shownMade
}

// track makes the records remember what they give each Write, as a
// Session needs.
func (s *records) track() { s.written = &written{} }

// changed marks the record at idx as changed since the last Write.
// Before the first Write, every record counts as changed.
func (s *records) changed(idx int32) {
	if w := s.written; w != nil && w.ok {
		w.mark(idx)
	}
}

// mark marks the record at idx as changed by negating its place, when
// it has one. A record that the last Write did not list is not known
// anyway.
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

// afterWrite records what a Write was given, when it succeeded. When it
// failed, the records changed since the last successful Write stay
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

// traceUnchanged, when set by tests, is told before each Write of a
// Session how many URLs it lists and how many of them Unchanged knows.
var traceUnchanged func(urls, unchanged int)

// Unchanged reports whether the URL at i is the one that the last
// successful Write was given, and where (writer.Unchanged). It reports
// false when that is not known. It is called concurrently, between
// beforeWrite and afterWrite.
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
