package hashstate

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash"
	"io"
	"io/fs"
	"path/filepath"
	"regexp"
	"sync"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/atomicfile"
	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/fsx"
)

// DefaultPath is where the state file lives unless configured: in the
// working directory, never in the publish folder, which would publish it.
const DefaultPath = ".sitemapgen/state.json"

// version is the format [State.Save] writes and the only one [Load] reads.
const version = 1

// Options say what content is significant.
type Options struct {
	// Ignore lists regular expressions (RE2) whose matches are removed, in
	// order, before hashing: a build timestamp in a footer, a cache-busting
	// query string.
	Ignore []*regexp.Regexp
}

// Compile compiles the ignore patterns of a configuration. Its error names
// the first bad pattern.
func Compile(patterns []string) ([]*regexp.Regexp, error) {
	res := make([]*regexp.Regexp, 0, len(patterns))
	for _, p := range patterns {
		re, err := regexp.Compile(p)
		if err != nil {
			return nil, fmt.Errorf("ignore pattern %q: %w", p, err)
		}
		res = append(res, re)
	}
	return res, nil
}

// Sum returns the hash of content's significant part, as 32 hex digits: the
// first 128 bits of its SHA-256. The matches of the Ignore patterns are
// removed first; then each run of whitespace (space, tab, CR, LF, FF) counts
// as one space, and leading and trailing whitespace as none. So indentation,
// CRLF line ends and a final newline do not change the sum.
//
// The patterns see content in pieces of at most [PieceSize] bytes, each
// ending at a line end where one lies within it: a match never spans two
// pieces. A page of up to PieceSize bytes is one piece.
//
// Sum is safe for concurrent use.
func (o Options) Sum(content []byte) string {
	s := newSummer()
	for len(content) > 0 {
		n := cut(content, true)
		s.piece(o.Ignore, content[:n])
		content = content[n:]
	}
	return s.sum()
}

// SumReader returns [Options.Sum] of what r holds, reading it in pieces:
// a file of any size costs at most two pieces' memory. Its error is r's.
func (o Options) SumReader(r io.Reader) (string, error) {
	bp := bufs.Get().(*[]byte)
	defer bufs.Put(bp)
	buf, n, eof := *bp, 0, false
	s := newSummer()
	for !eof || n > 0 {
		for !eof && n < len(buf) {
			m, err := r.Read(buf[n:])
			n += m
			if err == io.EOF {
				eof = true
			} else if err != nil {
				return "", err
			}
		}
		k := cut(buf[:n], eof)
		s.piece(o.Ignore, buf[:k])
		n = copy(buf, buf[k:n])
	}
	return s.sum(), nil
}

// PieceSize is the most bytes of a page the Ignore patterns see at once.
const PieceSize = 1 << 20

// bufs holds SumReader's buffers: a piece and the next.
var bufs = sync.Pool{New: func() any { b := make([]byte, 2*PieceSize); return &b }}

// cut returns the length of the piece that b begins with: all of it when
// it is the rest (last) and at most PieceSize bytes, else up to and with
// the last line end in its first PieceSize bytes, or PieceSize bytes when
// there is none.
func cut(b []byte, last bool) int {
	if len(b) <= PieceSize && last {
		return len(b)
	}
	if i := bytes.LastIndexByte(b[:min(len(b), PieceSize)], '\n'); i >= 0 {
		return i + 1
	}
	return min(len(b), PieceSize)
}

// summer hashes the significant part of a page's pieces in turn.
type summer struct {
	h            hash.Hash
	buf          [4096]byte
	n            int
	begun, space bool // a byte was kept; whitespace is pending
}

func newSummer() *summer { return &summer{h: sha256.New()} }

// piece adds p, without the matches of ignore.
func (s *summer) piece(ignore []*regexp.Regexp, p []byte) {
	for _, re := range ignore {
		p = re.ReplaceAll(p, nil)
	}
	for _, c := range p {
		if isSpace(c) {
			s.space = true
			continue
		}
		if s.n+2 > len(s.buf) {
			s.h.Write(s.buf[:s.n])
			s.n = 0
		}
		if s.space && s.begun {
			s.buf[s.n] = ' '
			s.n++
		}
		s.begun, s.space = true, false
		s.buf[s.n] = c
		s.n++
	}
}

func (s *summer) sum() string {
	s.h.Write(s.buf[:s.n])
	var sum [sha256.Size]byte
	return hex.EncodeToString(s.h.Sum(sum[:0])[:16])
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'
}

// State is a loaded state file and the pages recorded since. Its methods
// are safe for concurrent use.
type State struct {
	mu         sync.Mutex
	old        map[string]page // as loaded
	next       map[string]page // recorded by Date in this build
	cumulative bool            // see Cumulative
	listed     map[string]string
	oldListed  map[string]string // as loaded; nil when the file had none
	// first is true while no state file has been read or saved: the
	// first build that keeps one, which sees every page for the first
	// time and knows no date of any.
	first bool
}

// Listed returns the URLs and lastmods of the sitemap of the build that
// saved the file (see SetListed); ok is false when the file had none.
func (s *State) Listed() (listed map[string]string, ok bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.oldListed, s.oldListed != nil
}

// SetListed records, for Save, every URL of this build's sitemap with its
// lastmod as written.
func (s *State) SetListed(listed map[string]string) {
	s.mu.Lock()
	s.listed = listed
	s.mu.Unlock()
}

// Cumulative makes the State outlive one build, for watch mode, where a
// rebuild asks only about the pages that changed: Save then writes the
// pages recorded before beside those this rebuild asked about, and what it
// wrote is what the next rebuild's Date compares with. Pages gone from the
// site stay in the file until a whole build saves it.
func (s *State) Cumulative() {
	s.mu.Lock()
	s.cumulative = true
	s.mu.Unlock()
}

// page is what the state file records of one URL. LastMod is zero for a
// page whose content has not changed since the first build that kept the
// file saw it: when it was last changed before then, nobody knows.
type page struct {
	Hash    string    `json:"hash"`
	LastMod time.Time `json:"lastmod,omitzero"`
}

// file is the state file's JSON.
type file struct {
	Version int             `json:"version"`
	Pages   map[string]page `json:"pages"`
	// Listed is every URL of the sitemap the build that saved the file
	// wrote, with its lastmod as written ("" for none), whatever the
	// source of its date, followed by " #" and its hash when it has one:
	// the previous build, for a changes file.
	Listed map[string]string `json:"listed,omitempty"`
}

// newState returns the State of a file that recorded old; nil for no
// file read (missing, or unreadable): the first build.
func newState(old map[string]page) *State {
	return &State{old: old, next: make(map[string]page), first: old == nil}
}

// Load reads the state file at path. A missing file gives an empty State.
// A file that cannot be read or decoded, that is larger than max bytes
// (limits.state_bytes), or that is of another version, gives an error
// naming the file (and, for bad JSON, the line and column) together with
// an empty State, usable as if the file were missing.
//
// With dir "", the path is one the user named (--state): followed
// wherever it points (fsx.ReadNamed). Else it is inside the folder dir,
// and read only inside it (the default state file, or state: of a
// settings file, files of the project: a link out of it is refused,
// named). Either way only a regular file is
// read, and one larger than max is refused by its size, before a byte of
// it is read.
func Load(dir, path string, max int) (*State, error) {
	data, err := readState(dir, path, max)
	if errors.Is(err, fs.ErrNotExist) {
		return newState(nil), nil
	}
	if err != nil {
		return newState(nil), fmt.Errorf("read state: %w", err)
	}
	var f file
	if err := json.Unmarshal(data, &f); err != nil {
		var off int64 = -1
		var se *json.SyntaxError
		var te *json.UnmarshalTypeError
		if errors.As(err, &se) {
			off = se.Offset
		} else if errors.As(err, &te) {
			off = te.Offset
		}
		if off > 0 && off <= int64(len(data)) {
			off-- // json's Offset is just past the bad byte
			line := 1 + bytes.Count(data[:off], []byte("\n"))
			col := off - int64(bytes.LastIndexByte(data[:off], '\n'))
			return newState(nil), &diag.Diagnostic{File: path, Line: line, Col: int(col), Msg: err.Error(), Err: err}
		}
		return newState(nil), &diag.Diagnostic{File: path, Msg: err.Error(), Err: err}
	}
	if f.Version != version {
		return newState(nil), fmt.Errorf("%s: unknown version %d, want %d", path, f.Version, version)
	}
	for url, p := range f.Pages {
		if p.Hash == "" {
			return newState(nil), fmt.Errorf("%s: page %q: no hash", path, diag.Excerpt(url))
		}
		p.LastMod = p.LastMod.UTC().Truncate(time.Second)
		f.Pages[url] = p
	}
	if f.Pages == nil {
		f.Pages = map[string]page{} // a file read: not the first build
	}
	st := newState(f.Pages)
	st.oldListed = f.Listed
	if st.oldListed == nil && f.Listed != nil {
		st.oldListed = map[string]string{}
	}
	return st, nil
}

// Hashes returns, for every page of the file Load read, its URL and its
// recorded sum: the pages of the build that saved it.
func (s *State) Hashes() map[string]string {
	m := make(map[string]string, len(s.old))
	for url, p := range s.old {
		m[url] = p.Hash
	}
	return m
}

// Date returns the date to use for url, whose content has the [Options.Sum]
// sum: the recorded date if the recorded sum is sum (changed is false),
// otherwise now, in UTC and truncated to the second (changed is true): the
// content changed, or the page appeared, since the build that saved the
// file. On the first build, with no file, no page has a date: the zero
// time (changed is true), recorded so, until its content changes; that
// build's time is when the page was first seen, not when it changed. It
// records url, sum and the date for [State.Save]; if it is called twice for
// one url, the last call wins.
func (s *State) Date(url, sum string, now time.Time) (date time.Time, changed bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	p, ok := s.old[url]
	switch {
	case !ok && s.first:
		p, changed = page{Hash: sum}, true
	case !ok || p.Hash != sum:
		p, changed = page{Hash: sum, LastMod: now.UTC().Truncate(time.Second)}, true
	}
	s.next[url] = p
	return p.LastMod, changed
}

// Save writes the pages recorded by [State.Date] (only those: a page the
// build did not publish drops out) to path, creating its folder. It
// replaces the file atomically, through a temporary file in the same
// folder, and not at all if the file already holds the same bytes; written
// reports whether it did. dir is as [Load]'s: "" for a path the user
// named, else the folder path is inside of, whose folders it is never
// written through a link out of.
func (s *State) Save(dir, path string) (written bool, err error) {
	s.mu.Lock()
	pages := s.next
	if s.cumulative {
		pages = make(map[string]page, len(s.old)+len(s.next))
		for u, p := range s.old {
			pages[u] = p
		}
		for u, p := range s.next {
			pages[u] = p
		}
		s.old, s.next = pages, make(map[string]page)
		// The file is saved: a page the next rebuild sees first is new.
		s.first = false
	}
	var listed map[string]string
	if s.listed != nil {
		// A page whose content hash is known is changed when its hash is,
		// even within the second its lastmod is written to.
		listed = make(map[string]string, len(s.listed))
		for u, v := range s.listed {
			if p, ok := pages[u]; ok {
				v += " #" + p.Hash
			}
			listed[u] = v
		}
	}
	data, err := json.MarshalIndent(file{Version: version, Pages: pages, Listed: listed}, "", "  ")
	s.mu.Unlock()
	if err != nil {
		return false, fmt.Errorf("encode state %s: %w", path, err)
	}
	data = append(data, '\n')
	// The file on disk is read within the size of data: a larger one is
	// not the same.
	if old, err := readState(dir, path, len(data)); err == nil && bytes.Equal(old, data) {
		return false, nil
	}
	if dir == "" {
		// A path the user named: its folder followed where it points.
		if err := fsx.MkdirAllNamed(filepath.Dir(path), 0o755); err != nil {
			return false, fmt.Errorf("save state: %w", err)
		}
		if err := atomicfile.Write(path, data, 0o644); err != nil {
			return false, fmt.Errorf("save state %s: %w", path, err)
		}
		return true, nil
	}
	// Its folder made, and the file written, inside dir: never through a
	// link out of it (a project's .sitemapgen linked elsewhere would have
	// the state written there).
	root, err := fsx.OpenRoot(dir)
	if err != nil {
		return false, fmt.Errorf("save state: %w", err)
	}
	defer root.Close()
	if err := root.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return false, fmt.Errorf("save state: %w", err)
	}
	if err := atomicfile.WriteIn(root, path, data, 0o644); err != nil {
		return false, fmt.Errorf("save state %s: %w", path, err)
	}
	return true, nil
}

// readState reads the state file at path, inside dir unless dir is "",
// within max bytes.
func readState(dir, path string, max int) ([]byte, error) {
	if dir == "" {
		return fsx.ReadNamed(path, max, "limits.state_bytes")
	}
	return fsx.ReadFile(dir, path, max, "limits.state_bytes")
}
