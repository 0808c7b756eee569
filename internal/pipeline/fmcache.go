package pipeline

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"math"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/sitemapgen/sitemapgen/frontmatter"
	"github.com/sitemapgen/sitemapgen/internal/atomicfile"
	"github.com/sitemapgen/sitemapgen/internal/cachedir"
	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/limits"
	"github.com/sitemapgen/sitemapgen/internal/varint"
)

// The cache of front matter (Options.CacheDir) keeps what a build read
// of each source file's front matter (frontmatter.ReadSourceOptions'
// Source). The next build takes it for a file it finds unchanged,
// without reading the file. The cache is one file for each folder of
// sources, CacheDir/frontmatter/HEX16, where HEX16 is the first 16 hex
// digits of the SHA-256 of the folder's absolute path.
//
// A kept Source is taken for a file only when all of these are as they
// were, just as git's index trusts a file's stat:
//
//   - the file as stat sees it: its path in the folder, size,
//     modification time (ns), inode and change time (where the system
//     has one);
//   - the options it was read with (frontmatter.Options.Fingerprint: the
//     generator's keys, zone, defaults, taxonomies, limits);
//   - the sitemapgen program (its path, size and modification time),
//     and the local zone, for the whole file.
//
// The file must also not be racily clean. A file whose modification or
// change time is not older than racyMargin before the start of the
// build that kept it may have changed again within a tick of a coarse
// clock without either time changing. That start is the time the cache
// file holds, or the file's own modification time if earlier. Such a
// file is read again. A file read by its generator's own reader
// (Pelican's metadata), or not read at all (a page of code), is not
// kept. A cache file that cannot be read, is of another version or
// program, or fails its checksum is passed over, and replaced at the
// end of the build. It never fails a build.

// racyMargin is how long before the build that kept it a file's times
// must be for a kept Source to be trusted. The coarsest clock of a
// common file system, FAT's, ticks every 2 s. A file changed within the
// tick that its kept times fall in keeps those times.
var racyMargin = 2 * time.Second

// fmCacheMagic opens a cache file. Its last byte is the version.
const fmCacheMagic = "sitemapgen front matter\x00\x02"

// fmCacheKey names the bound that a cache file is read within. It is
// the state file's bound (limits.state_bytes, 1 GiB), because the cache
// is also the record of an earlier build as it is, and of the same
// order (an entry a page).
const fmCacheKey = "limits.state_bytes"

// keptStat is what stat says of a source file.
type keptStat struct {
	size, mtime, ctime int64 // ctime is 0 where the system has none
	ino                uint64
}

func keptStatOf(info pageInfo) keptStat {
	return keptStat{size: info.size, mtime: info.mtime.UnixNano(), ctime: info.ctime, ino: info.ino}
}

// keptEntry is the Source kept of one file.
type keptEntry struct {
	rel  string // relative to the folder of sources, with slashes
	st   keptStat
	fp   [32]byte // the options' fingerprint
	data []byte   // what frontmatter.AppendSource wrote
}

// fmCache is a build's cache of front matter. It holds the entries read
// (old), and those of the files read in this build (next), which are
// written at its end. take and put are safe for concurrent use by the
// walk's goroutines.
type fmCache struct {
	dir, rel string // CacheDir, and the file inside it
	old      *keptTable
	loaded   int   // how many entries old had when loaded
	trust    int64 // only files whose times are before this (ns) are taken
	start    int64 // this build's start (ns), kept for the next
	mu       sync.Mutex
	next     []keptEntry
	// parsed and kept count the files read and those taken from old.
	parsed, kept atomic.Int64
}

// programID says which sitemapgen program runs: the path, size and
// modification time of its executable, or "" when it cannot tell. It
// also says in which local zone (TZ) it runs, because a date read with
// an offset is in that zone when the offset is the zone's (time.Parse).
// The zone is given by its name and offset in winter and in summer of
// two years. Last, it says by whom: the effective user and group, -1
// where the system has none. So a file that one user could not open is
// never taken from a folder another user shares.
var programID = sync.OnceValue(func() string {
	exe, err := os.Executable()
	if err != nil {
		return ""
	}
	st, err := fsx.StatNamed(exe)
	if err != nil {
		return ""
	}
	id := exe + "\x00" + strconv.FormatInt(st.Size(), 10) + "\x00" + strconv.FormatInt(st.ModTime().UnixNano(), 10) +
		"\x00" + strconv.Itoa(os.Geteuid()) + " " + strconv.Itoa(os.Getegid())
	for _, y := range []int{2000, 2025} {
		for _, m := range []time.Month{time.January, time.July} {
			name, off := time.Date(y, m, 15, 12, 0, 0, 0, time.UTC).In(time.Local).Zone()
			id += "\x00" + name + " " + strconv.Itoa(off)
		}
	}
	return id
})

// loadFMCache reads the cache of the sources in srcDir from cacheDir.
// It returns nil when the program cannot be told, because nothing kept
// would be trusted. A cache file that is not there, cannot be read or
// is not this program's is passed over: the build reads every source,
// and keeps them.
func loadFMCache(cacheDir, srcDir string, lim limits.Limits) *fmCache {
	id := programID()
	if id == "" {
		return nil
	}
	abs, err := filepath.Abs(srcDir)
	if err != nil {
		return nil
	}
	sum := sha256.Sum256([]byte(abs))
	c := &fmCache{dir: cacheDir, rel: path.Join("frontmatter", hex.EncodeToString(sum[:8])), start: time.Now().UnixNano()}
	f, err := fsx.Open(cacheDir, c.rel, int64(lim.Or().StateBytes), fmCacheKey)
	if err != nil {
		return c
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil || st.Size() > int64(lim.Or().StateBytes) {
		// Its stat says it is past its bound (a sparse file of terabytes).
		// Do not read it, nor make a buffer of its size, which the build
		// would not survive.
		return c
	}
	buf := bytes.NewBuffer(make([]byte, 0, max(st.Size(), 0)+1))
	if _, err := buf.ReadFrom(f); err != nil {
		return c
	}
	data := buf.Bytes()
	old, start, err := decodeFMCache(data, id)
	if err != nil {
		return c
	}
	c.old, c.loaded, c.trust = old, old.len(), min(start, st.ModTime().UnixNano())-racyMargin.Nanoseconds()
	// Make room for the entries to keep: as many as were read, when the
	// file's bytes are those of real entries (a Source's encoding, its
	// path and stat take about 170 bytes each). Never make more than one
	// entry for 128 bytes, because the count is only the file's word.
	c.next = make([]keptEntry, 0, min(old.len(), len(data)/128))
	return c
}

// take returns the Source kept for the file rel whose stat is st, read
// with options of the fingerprint fp in the zone loc. It returns nil
// when none is kept, or when the kept one is not trusted.
func (c *fmCache) take(rel string, st keptStat, fp [32]byte, loc *time.Location) *frontmatter.Source {
	e, ok := c.old.lookup(rel)
	if !ok || e.st != st || e.fp != fp || st.mtime >= c.trust || st.ctime >= c.trust {
		return nil
	}
	fm, err := frontmatter.DecodeSource(e.data, loc)
	if err != nil {
		return nil
	}
	c.kept.Add(1)
	c.keep(keptEntry{rel: rel, st: st, fp: fp, data: e.data})
	return fm
}

// put keeps fm, read from the file rel whose stat (taken before the
// read) was st, with options of the fingerprint fp in the zone loc.
func (c *fmCache) put(rel string, st keptStat, fp [32]byte, fm *frontmatter.Source, loc *time.Location) {
	c.parsed.Add(1)
	c.keep(keptEntry{rel: rel, st: st, fp: fp, data: frontmatter.AppendSource(nil, fm, loc)})
}

// read lets the entries read go, once every source is read, while no
// take runs. In a join that is before the walk of the built pages. The
// build then holds only the entries it keeps. A file read later (a
// Session's update of a changed file) is read again, as it would be
// anyway.
func (c *fmCache) read() { c.old = nil }

func (c *fmCache) keep(e keptEntry) {
	c.mu.Lock()
	c.next = append(c.next, e)
	c.mu.Unlock()
}

// save writes the entries of the files read in this build atomically,
// when they differ from the ones read (a file read or taken again, or a
// file gone). An error is a note, as the git history's is. The next
// build reads the sources again, and a cache folder that cannot be
// written (a read-only home) is not the build's fault. save counts in
// res the sources read and taken, and returns its notes.
func (c *fmCache) save(res *Result) (found findings) {
	res.FrontMatterRead, res.FrontMatterKept = int(c.parsed.Load()), int(c.kept.Load())
	if kept := res.FrontMatterKept; kept > 0 {
		found.note("", fmt.Sprintf("front matter of %d sources taken from the cache, %d read", kept, res.FrontMatterRead))
	}
	c.mu.Lock()
	next := c.next
	c.next = nil
	c.mu.Unlock()
	if c.parsed.Load() == 0 && len(next) == c.loaded {
		// Every entry was taken once, so the file stays as it is and is not
		// written again. Mark it used for the trim (internal/cachedir), and
		// only now. Its time bounds what the next build trusts when that
		// time is earlier than the start the file holds. A later build then
		// trusts no entry that this one did not: each was taken, with its
		// times before the trust. If the file were marked at the load of a
		// build that then failed, the next build would trust a source
		// changed after the file was written.
		if c.loaded > 0 {
			cachedir.Used(c.dir, c.rel, cacheClock())
		}
		return found
	}
	data := encodeFMCache(programID(), c.start, sortEntries(next))
	if err := c.write(data); err != nil {
		found.note("", fmt.Sprintf("front matter cache not saved: %v", err))
	}
	return found
}

// sortEntries sorts entries by path, and keeps the last entry of each
// path, because a Session reads a changed file again.
func sortEntries(entries []keptEntry) []keptEntry {
	slices.SortStableFunc(entries, func(a, b keptEntry) int { return strings.Compare(a.rel, b.rel) })
	j := 0
	for i := range entries {
		if j > 0 && entries[j-1].rel == entries[i].rel {
			j--
		}
		entries[j] = entries[i]
		j++
	}
	return entries[:j]
}

func (c *fmCache) write(data []byte) error {
	return atomicfile.WriteUnder(c.dir, c.rel, data, 0o644)
}

// saveFMCache is the pass that saves the cache of front matter, and
// then lets it go. A watch Session's updates read what changed, which
// no kept entry gives. What they read would be kept, as long as the
// Session runs, for a save that never comes, because only a whole build
// saves.
func saveFMCache(b *builder, _ context.Context, _ passArgs) (found findings, _ error) {
	if b.in.fmc != nil {
		found = b.in.fmc.save(b.rep.res)
		b.in.fmc = nil
	}
	return found, nil
}

// encodeFMCache returns a cache file of the program id, for a build
// that began at start (ns). It holds entries, in path order, each path
// once. The file is fmCacheMagic, the SHA-256 of the body, then the
// body. The body is id, start, the table of fingerprints, and each
// entry: its path, stat, fingerprint's index in the table, and kept
// Source.
func encodeFMCache(id string, start int64, entries []keptEntry) []byte {
	str := func(b []byte, s []byte) []byte { return append(binary.AppendUvarint(b, uint64(len(s))), s...) }
	var fps [][32]byte
	index := map[[32]byte]int{}
	for _, e := range entries {
		if _, ok := index[e.fp]; !ok {
			index[e.fp] = len(fps)
			fps = append(fps, e.fp)
		}
	}
	size := len(fmCacheMagic) + sha256.Size + len(id) + 32*len(fps) + 32
	for _, e := range entries {
		size += len(e.rel) + len(e.data) + 40
	}
	b := make([]byte, len(fmCacheMagic)+sha256.Size, size)
	copy(b, fmCacheMagic)
	b = str(b, []byte(id))
	b = binary.AppendVarint(b, start)
	b = binary.AppendUvarint(b, uint64(len(fps)))
	for _, fp := range fps {
		b = append(b, fp[:]...)
	}
	b = binary.AppendUvarint(b, uint64(len(entries)))
	for _, e := range entries {
		b = str(b, []byte(e.rel))
		b = binary.AppendVarint(b, e.st.size)
		b = binary.AppendVarint(b, e.st.mtime)
		b = binary.AppendVarint(b, e.st.ctime)
		b = binary.AppendUvarint(b, e.st.ino)
		b = binary.AppendUvarint(b, uint64(index[e.fp]))
		b = str(b, e.data)
	}
	sum := sha256.Sum256(b[len(fmCacheMagic)+sha256.Size:])
	copy(b[len(fmCacheMagic):], sum[:])
	return b
}

// errFMCache is the error for a cache file that encodeFMCache did not
// write for this program.
var errFMCache = errors.New("not a front matter cache of this program")

// decodeFMCache reads a cache file that encodeFMCache wrote, for the
// program id. It returns the entries by path, and the start of the
// build that wrote it. Anything else is an error, never a panic. The
// entries' data are slices of data.
func decodeFMCache(data []byte, id string) (*keptTable, int64, error) {
	body, ok := bytes.CutPrefix(data, []byte(fmCacheMagic))
	if !ok || len(body) < sha256.Size {
		return nil, 0, errFMCache
	}
	sum, body := body[:sha256.Size], body[sha256.Size:]
	if s := sha256.Sum256(body); !bytes.Equal(s[:], sum) {
		return nil, 0, fmt.Errorf("%w: its checksum fails", errFMCache)
	}
	r := varint.NewReader(body)
	if string(r.Bytes()) != id {
		return nil, 0, fmt.Errorf("%w: of another program", errFMCache)
	}
	start := r.Varint()
	t := &keptTable{body: body, fps: make([][32]byte, r.Count(32, 0))}
	for i := range t.fps {
		copy(t.fps[i][:], r.Next(32))
	}
	n := r.Count(7, 0) // a path's length, four numbers, an index, a Source's length
	// Compare as uint64, because math.MaxUint32 overflows a 32-bit int.
	if uint64(len(body)) > math.MaxUint32 {
		return nil, 0, fmt.Errorf("%w: larger than 4 GiB", errFMCache)
	}
	// Check each entry whole now, as entry will decode it. Keep only
	// where it begins: 4 bytes for an entry of at least 7.
	t.at = make([]uint32, 0, n)
	var prev []byte
	for i := 0; i < n && r.Err() == nil; i++ {
		t.at = append(t.at, uint32(len(body)-r.Len()))
		rel, _, k, _ := readEntry(r)
		if k >= uint64(len(t.fps)) || i > 0 && bytes.Compare(rel, prev) <= 0 {
			r.Fail() // an index past the table, or paths out of order
			break
		}
		prev = rel
	}
	if r.Len() > 0 {
		r.Fail()
	}
	if r.Err() != nil {
		return nil, 0, fmt.Errorf("%w: %w", errFMCache, r.Err())
	}
	return t, start, nil
}

// keptTable is a cache file's entries as read: its body, its table of
// fingerprints, and where each entry begins in the body, in path order.
// An entry is decoded when it is asked for. So a build holds the file's
// bytes and one number an entry, whatever counts a forged file gives. A
// map of decoded entries took 17 times the bytes of a file of empty
// ones.
type keptTable struct {
	body []byte
	fps  [][32]byte
	at   []uint32
}

func (t *keptTable) len() int {
	if t == nil {
		return 0
	}
	return len(t.at)
}

// readEntry reads an entry as encodeFMCache writes it: its path, stat,
// fingerprint's index in the table, and kept Source.
func readEntry(r *varint.Reader) (rel []byte, st keptStat, fp uint64, data []byte) {
	rel = r.Bytes()
	st.size, st.mtime, st.ctime, st.ino = r.Varint(), r.Varint(), r.Varint(), r.Uvarint()
	return rel, st, r.Uvarint(), r.Bytes()
}

// entry decodes the entry at the offset at, which decodeFMCache
// checked. It also returns the bytes of the entry's path.
func (t *keptTable) entry(at uint32) (keptEntry, []byte) {
	rel, st, k, data := readEntry(varint.NewReader(t.body[at:]))
	return keptEntry{st: st, fp: t.fps[k], data: data}, rel
}

// lookup returns the entry of the path rel. It finds it by the path's
// place in the entries' path order.
func (t *keptTable) lookup(rel string) (keptEntry, bool) {
	if t == nil {
		return keptEntry{}, false
	}
	i, ok := slices.BinarySearchFunc(t.at, rel, func(at uint32, rel string) int {
		switch p := varint.NewReader(t.body[at:]).Bytes(); {
		case string(p) < rel: // this comparison makes no string
			return -1
		case string(p) > rel:
			return 1
		}
		return 0
	})
	if !ok {
		return keptEntry{}, false
	}
	e, _ := t.entry(t.at[i])
	e.rel = rel
	return e, true
}

// all returns every entry, in path order.
func (t *keptTable) all() []keptEntry {
	var out []keptEntry
	for _, at := range t.at {
		e, rel := t.entry(at)
		e.rel = string(rel)
		out = append(out, e)
	}
	return out
}
