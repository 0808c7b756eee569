package gitdates

// The history a Load read, kept in a file of [Options.Cache] for the
// next Load in the same repository: read whole, it is taken as it is
// when HEAD is the commit it was read at, and only the commits made
// since are read (git log OLD..NEW, as [Dates.Reload] does) when HEAD
// descends from that commit without a merge between. A commit's hash
// names its whole history, so a history kept for a commit is the
// history of that commit however long it waited; what git status says
// is never kept.
//
// The file is sitemapgen's own, in a folder the build was told to keep
// it in, read through the one bounded road (fsx.ReadNamed, at most
// maxCacheBytes) and trusted no further than a history git would give:
// a magic line with the format's version, the SHA-256 of the body, and
// a body whose every count is bounded by the bytes left, every hash and
// path is one git could print, every commit index is in range, and the
// text a warning shows printable. Anything else
// (another version, a truncated or damaged file, one kept for another
// repository, folder or options) is passed over and written again. A
// file forged to pass these checks can misdate files, as a forged
// history could: it is no way to run anything or read anything else.

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/atomicfile"
	"github.com/sitemapgen/sitemapgen/internal/cachedir"
	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/varint"
)

// Origin says where the history a Dates holds came from, for a note.
type Origin struct {
	// Cached is true when the history was taken from the cache file.
	Cached bool
	// Since is true, with Cached, when HEAD had moved on from the
	// commit cached: the commits since were read.
	Since bool
	// Commits is how many commits git log read (those that touched the
	// folder): the whole history's without the cache, those made since
	// the cached commit with it.
	Commits int
	// Saved is true when the history was written to the cache file;
	// SaveErr says why it could not be.
	Saved   bool
	SaveErr error
}

// String says it in a few words: "taken from the cache", "taken from
// the cache and 3 commits since", "read whole: 2000 commits, cached".
func (o Origin) String() string {
	var s string
	switch {
	case o.Cached && !o.Since:
		s = "taken from the cache"
	case o.Cached:
		s = fmt.Sprintf("taken from the cache and %d %s since", o.Commits, plural(o.Commits, "commit", "commits"))
	default:
		s = fmt.Sprintf("read whole: %d %s", o.Commits, plural(o.Commits, "commit", "commits"))
	}
	switch {
	case o.SaveErr != nil:
		s += fmt.Sprintf(" (not cached: %v)", o.SaveErr)
	case o.Saved && !o.Cached:
		s += ", cached"
	case o.Saved:
		s += ", cache updated"
	}
	return s
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// Origin returns where d's history came from: the cache file, the
// commits git log read.
func (d *Dates) Origin() Origin { return d.origin }

// maxCacheBytes bounds the read of a cache file. A file takes about the
// length of its path and 3 bytes more for each file of the history, and
// 50 bytes for each commit: 256 MiB holds the history of a repository of
// millions of files (a site's sources are rarely a hundred thousand),
// and is less than the build holds in memory for such a history anyway. A larger file is passed over: the
// history is read from git.
const maxCacheBytes = 256 << 20

// cacheMagic opens every cache file: what it is and its format's
// version, to change with the format or with what a history read holds
// (maxMoves, the rules of renames).
const cacheMagic = "sitemapgen git history 2\n"

// cacheKey is what determines the history Load reads, bar HEAD: the
// repository (its folder, a worktree's own), its work tree's top, the
// folder read, and the options that change dates.
func (d *Dates) cacheKey() string {
	return strings.Join([]string{d.gitDir, d.top, d.scope, strconv.FormatBool(d.author), strconv.FormatBool(d.renames)}, "\x00")
}

// cacheFile is the file in the folder dir that keeps the history for
// key: 16 hex digits of its SHA-256.
func cacheFile(dir, key string) string {
	sum := sha256.Sum256([]byte(key))
	return filepath.Join(dir, hex.EncodeToString(sum[:8]))
}

// cached is what a cache file keeps.
type cached struct {
	key, head string
	noRenames bool
	bad       int
	badOne    string
	commits   []commit
	files     map[string]int32
}

// fromCache takes d's history (d's head read) from the cache file in
// dir: as it is when it was kept at d.head; with the commits since when
// d.head descends from its commit without a merge. It reports whether
// it did; when not, the whole history is to be read. git status is not
// its: Load runs it meanwhile.
func (d *Dates) fromCache(ctx context.Context, dir string) bool {
	data, err := fsx.ReadNamed(cacheFile(dir, d.cacheKey()), maxCacheBytes, "the git history cache")
	if err != nil {
		return false
	}
	c, err := decodeCache(data)
	if err != nil || c.key != d.cacheKey() || c.noRenames != d.noRenames {
		return false
	}
	if c.head == d.head {
		d.commits, d.files, d.when, d.bad, d.badOne = c.commits, c.files, &commitTimes{}, c.bad, c.badOne
		d.origin = Origin{Cached: true}
		// Kept as it is, not written again: marked used, for the trim.
		cachedir.Used(dir, filepath.Base(cacheFile(dir, d.cacheKey())), time.Now())
		return true
	}
	old := *d
	old.head, old.commits, old.files, old.bad, old.badOne = c.head, c.commits, c.files, c.bad, c.badOne
	if ok, _ := old.isAncestor(ctx, d.head); !ok {
		return false
	}
	h, err := old.since(ctx, d.head)
	if err != nil || h == nil {
		return false
	}
	n, _ := old.advance(h, d.head)
	d.commits, d.files, d.when, d.bad, d.badOne, d.movesLost = n.commits, n.files, n.when, n.bad, n.badOne, n.movesLost
	d.origin = Origin{Cached: true, Since: true, Commits: h.logged}
	return true
}

// saveCache keeps d's history in the cache file in dir, unless it is
// one to keep none of: a shallow clone's (whose boundary a fetch moves)
// or one read without following renames, or without following files
// moved into the folder back, because an object was missing (which a
// fetch may bring). Its outcome is in d.origin.
func (d *Dates) saveCache(dir string) {
	if d.shallow || d.missing != "" || d.movesLost || d.origin.Cached && !d.origin.Since {
		return
	}
	data := encodeCache(&cached{key: d.cacheKey(), head: d.head, noRenames: d.noRenames, bad: d.bad, badOne: d.badOne, commits: d.commits, files: d.files})
	err := atomicfile.WriteUnder(dir, filepath.Base(cacheFile(dir, d.cacheKey())), data, 0o644)
	d.origin.Saved, d.origin.SaveErr = err == nil, err
}

// Commit flags in a cache file.
const (
	cacheBoundary = 1 << iota
	cacheBad
	cacheUTC   // the date is in UTC: git printed "Z" (see commitTime)
	cacheMoved // taken by followMoves
)

// encodeCache writes c: the magic line, the SHA-256 of the body, then
// the body: the key, HEAD, a flag for noRenames, bad and badOne; the
// count of commits, each its flags, its hash, and when not bad its date
// (Unix seconds and UTC offset, signed varints); the count of files,
// each, sorted by path, its path and commit index (-1: deleted).
// Strings are a length (uvarint) and bytes.
func encodeCache(c *cached) []byte {
	paths := make([]string, 0, len(c.files))
	size := 0
	for p := range c.files {
		paths = append(paths, p)
		size += len(p) + 4
	}
	slices.Sort(paths)
	b := make([]byte, 0, len(cacheMagic)+sha256.Size+size+len(c.commits)*80+len(c.key)+256)
	b = append(b, cacheMagic...)
	b = append(b, make([]byte, sha256.Size)...)
	body := len(b)
	str := func(s string) {
		b = binary.AppendUvarint(b, uint64(len(s)))
		b = append(b, s...)
	}
	str(c.key)
	str(c.head)
	b = binary.AppendUvarint(b, map[bool]uint64{false: 0, true: 1}[c.noRenames])
	b = binary.AppendUvarint(b, uint64(c.bad))
	str(c.badOne)
	b = binary.AppendUvarint(b, uint64(len(c.commits)))
	for _, m := range c.commits {
		var f byte
		if m.boundary {
			f |= cacheBoundary
		}
		if m.bad {
			f |= cacheBad
		}
		if !m.bad && m.when.Location() == time.UTC {
			f |= cacheUTC
		}
		if m.moved {
			f |= cacheMoved
		}
		b = append(b, f)
		str(m.hash)
		if !m.bad {
			_, off := m.when.Zone()
			b = binary.AppendVarint(b, m.when.Unix())
			b = binary.AppendVarint(b, int64(off))
		}
	}
	b = binary.AppendUvarint(b, uint64(len(paths)))
	for _, p := range paths {
		str(p)
		b = binary.AppendVarint(b, int64(c.files[p]))
	}
	sum := sha256.Sum256(b[body:])
	copy(b[len(cacheMagic):], sum[:])
	return b
}

var errCache = errors.New("not a git history cache of this version, or damaged")

// The bounds of a commit's date: what RFC 3339 writes, years 0 to 9999,
// and the offsets time.Parse reads (hours to 24, minutes to 60: a commit
// made by hand may carry "+24:60").
const (
	minCacheUnix = -62167219200 // 0000-01-01T00:00:00Z
	maxCacheUnix = 253402300799 // 9999-12-31T23:59:59Z
	maxOffset    = 24*3600 + 60*60
)

// decodeCache reads a file encodeCache wrote, or fails with errCache on
// anything else, whatever the bytes: no count larger than the bytes
// left can hold, no index out of range, no hash git would not print.
func decodeCache(data []byte) (*cached, error) {
	rest, ok := bytes.CutPrefix(data, []byte(cacheMagic))
	if !ok || len(rest) < sha256.Size {
		return nil, errCache
	}
	sum, body := rest[:sha256.Size], rest[sha256.Size:]
	if got := sha256.Sum256(body); !bytes.Equal(got[:], sum) {
		return nil, errCache
	}
	r := varint.NewStringReader(body)
	c := &cached{key: r.String(), head: r.String()}
	switch r.Uvarint() {
	case 0:
	case 1:
		c.noRenames = true
	default:
		r.Fail()
	}
	bad := r.Uvarint()
	c.badOne = r.String()
	if !isHash(c.head) {
		r.Fail()
	}
	// A commit takes 42 bytes at least: its flags, a hash's length and
	// 40 hex digits.
	n := r.Count(42, 0)
	c.commits = make([]commit, 0, n)
	zones := map[int]*time.Location{}
	for range n {
		f := r.Byte()
		m := commit{boundary: f&cacheBoundary != 0, bad: f&cacheBad != 0, moved: f&cacheMoved != 0, hash: r.String()}
		if f&^(cacheBoundary|cacheBad|cacheUTC|cacheMoved) != 0 || f&cacheBad != 0 && f&cacheUTC != 0 || !isHash(m.hash) {
			r.Fail()
		}
		if !m.bad {
			sec, off := r.Varint(), r.Varint()
			if sec < minCacheUnix || sec > maxCacheUnix || off < -maxOffset || off > maxOffset || f&cacheUTC != 0 && off != 0 {
				r.Fail()
			}
			if m.when = commitTime(sec, int(off), zones); f&cacheUTC != 0 {
				m.when = m.when.UTC()
			}
		}
		c.commits = append(c.commits, m)
	}
	// badOne is shown in a warning: a hash and a quoted date, printable.
	if bad > uint64(len(c.commits)) || (bad == 0) != (c.badOne == "") || len(c.badOne) > 256 ||
		strings.ContainsFunc(c.badOne, func(r rune) bool { return !strconv.IsPrint(r) }) {
		r.Fail()
	}
	c.bad = int(bad)
	// A file takes 3 bytes at least: a length, a byte of path, an index.
	n = r.Count(3, 0)
	c.files = make(map[string]int32, n)
	for range n {
		p, i := r.String(), r.Varint()
		if !cleanPath(p) || i < int64(deleted) || i >= int64(len(c.commits)) {
			r.Fail()
		}
		c.files[p] = int32(i)
	}
	if r.Err() != nil || r.Len() != 0 || len(c.files) != n {
		return nil, errCache
	}
	return c, nil
}

// commitTime returns the time sec (Unix) at the UTC offset off as
// time.Parse gives it for git's RFC 3339 date with a numeric offset: in
// the Local zone when that has the offset then, else in a zone of that
// offset with no name. (For "Z", which newer gits print for an offset of
// zero, time.Parse gives UTC: a flag of the file says so.) zones keeps
// the zones made, one an offset.
func commitTime(sec int64, off int, zones map[int]*time.Location) time.Time {
	t := time.Unix(sec, 0)
	if _, local := t.Zone(); local == off {
		return t
	}
	loc, ok := zones[off]
	if !ok {
		loc = time.FixedZone("", off)
		zones[off] = loc
	}
	return t.In(loc)
}

// cleanPath reports whether p is a path git could name in a commit: a
// slash path from the top, not empty, with no NUL and no empty, "." or
// ".." segment.
func cleanPath(p string) bool {
	if p == "" || strings.IndexByte(p, 0) >= 0 {
		return false
	}
	for seg := range strings.SplitSeq(p, "/") {
		if seg == "" || seg == "." || seg == ".." {
			return false
		}
	}
	return true
}

// isHash reports whether s is a commit's hash as git prints it: 40 (SHA-1)
// or 64 (SHA-256) lowercase hex digits. No such hash can be taken for an
// option on git's command line.
func isHash(s string) bool {
	if len(s) != 40 && len(s) != 64 {
		return false
	}
	for i := range len(s) {
		if c := s[i]; (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return false
		}
	}
	return true
}
