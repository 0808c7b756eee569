package writer

// One file of a set as it is written (a temporary file, renamed when
// the set commits), and the chunker that cuts the URLs into files at the
// limits.

import (
	"bufio"
	"crypto/sha256"
	"hash"
	"hash/maphash"
	"os"
	"time"

	"github.com/klauspost/compress/gzip"
	"github.com/sitemapgen/sitemapgen/internal/atomicfile"
)

// file is one output file being written.
type file struct {
	name   string // final name, set when all files are known
	tmp    *os.File
	tmpRel string // tmp's name in the output folder
	bw     *bufio.Writer
	gz     *gzip.Writer
	size   int // uncompressed bytes written
	count  int // entries written
	newest time.Time
	// content digests the uncompressed bytes of a shard, whose name it
	// gives; nil for other files, and once the name is set.
	content hash.Hash

	// With a State: the digest of the bytes, the chunker, the index of
	// its first element there (count says how many), whether it is left as
	// it is, and whether it was renamed into place.
	sum     *maphash.Hash // nil once the file is written for real
	digest  uint64
	src     *chunker
	lo      int
	kept    bool
	renamed bool
	// shard marks a content-named shard of a State's Write, and early one
	// written while planning (planShards). alias marks a file of an
	// alias (aliases.go). direct marks a file of a State's Write written
	// as it is planned (chunker.direct): its bytes go to its temporary
	// file as they go to sum.
	shard, early, alias, direct bool
	// place is the file's place among its chunker's files (from 0).
	place int
	// raw digests, with a State, the bytes of an uncompressed urlset
	// file as they are written, for the next Write to check them before
	// it reuses them (splice); nil for other files.
	raw *maphash.Hash
	// marks are, for such a file named after its content, the states of
	// content every markEvery bytes or so (shaMark), for the next Write
	// to take up the SHA-256 of the bytes it copies where they begin;
	// content has seen the bytes from hashFrom on (a mark's offset).
	marks            []shaMark
	marking          bool
	hashFrom, nextAt int
	hasher           *hasher // marking's goroutine, while it hashes
	// group is the section of a shard's URLs: k for Options.Sections[k],
	// len(Options.Sections) for none.
	group int
}

func (t *txn) create(compress, named bool) (*file, error) {
	f := &file{}
	if named {
		f.content = sha256.New()
	}
	t.files = append(t.files, f)
	if t.state != nil {
		f.sum = t.state.hash()
		return f, nil
	}
	if t.opts.DryRun {
		return f, nil
	}
	return f, t.open(f, compress)
}

// open gives f its temporary file.
func (t *txn) open(f *file, compress bool) error {
	tmp, rel, err := atomicfile.CreateTempIn(t.root, ".")
	if err != nil {
		return err
	}
	f.tmp, f.tmpRel = tmp, rel
	if f.bw = t.spare; f.bw != nil {
		t.spare = nil
		f.bw.Reset(tmp)
	} else {
		f.bw = bufio.NewWriterSize(tmp, 256<<10)
	}
	if compress {
		// github.com/klauspost/compress at its default level: three times
		// as fast as compress/gzip's default, files 6 % larger, the same
		// bytes for the same input (BenchmarkGzip).
		f.gz, _ = gzip.NewWriterLevel(f.bw, gzip.DefaultCompression) // the level is valid
		// It writes the header's time as ModTime.Unix() even for the zero
		// Time; the epoch gives the 0 that means "no time".
		f.gz.ModTime = time.Unix(0, 0)
	}
	return nil
}

func (f *file) write(b []byte) error {
	if f.sum != nil {
		f.sum.Write(b)
	}
	return f.out(b)
}

// out writes b to f as write does, but not to its planned digest (sum):
// the elements of a direct file, whose sum takes their digests.
func (f *file) out(b []byte) error {
	f.size += len(b)
	if f.content != nil {
		f.hash(b)
	}
	return f.put(b)
}

// put writes b, counted and given to content, to f's raw digest and its
// temporary file.
func (f *file) put(b []byte) error {
	if f.raw != nil {
		f.raw.Write(b)
	}
	switch {
	case f.sum != nil && !f.direct: // planned, written later
		return nil
	case f.tmp == nil:
		return nil
	case f.gz != nil:
		_, err := f.gz.Write(b)
		return err
	case len(b) >= f.bw.Size():
		// A splice's chunk (copier): written as it is, after what the
		// buffer holds, where the buffer would copy all of it.
		if err := f.bw.Flush(); err != nil {
			return err
		}
		_, err := f.tmp.Write(b)
		return err
	default:
		_, err := f.bw.Write(b)
		return err
	}
}

// close closes f, and keeps its buffer for the next file open opens:
// the files of a set are written one after another.
func (t *txn) close(f *file) error {
	bw := f.bw
	if err := f.close(); err != nil {
		return err
	}
	if bw != nil {
		t.spare = bw
	}
	return nil
}

func (f *file) close() error {
	f.hashWait()
	if f.tmp == nil {
		return nil
	}
	if f.gz != nil {
		if err := f.gz.Close(); err != nil {
			return err
		}
	}
	if err := f.bw.Flush(); err != nil {
		return err
	}
	if err := f.tmp.Sync(); err != nil {
		return err
	}
	// CreateTempIn makes files only the owner can read; a web server must
	// read these.
	if err := f.tmp.Chmod(0o644); err != nil {
		return err
	}
	// The buffers go now, not when the set is committed: a set of 50,000
	// shards would hold 50,000 of them (12 GiB).
	f.bw, f.gz = nil, nil
	return f.tmp.Close()
}

// chunker spreads entries over as many files as the limits require.
type chunker struct {
	t                  *txn
	gzip               bool
	header, footer     string
	maxCount, maxBytes int
	named              bool // files named after their content (shardName)
	urlset             bool // the set's urlset files: the shards, or sitemap.xml
	group              int  // the group of the files it makes (file.group)
	files              []*file
	cur                *file
	n                  int // elements added
	// elems gives the elements lo to hi again, for writeChanged.
	elems func(lo, hi int, emit func([]byte) error) error
	// direct, in a State's Write that knows no file yet, writes each
	// file as it is planned (txn.direct): every file is written, and its
	// elements are encoded once.
	direct bool
}

// add adds an element to the current file, or to a new one when it would
// not fit; loc names the element's URL for an error.
func (c *chunker) add(elem []byte, loc func() string, lastmod time.Time) error {
	f, err := c.place(len(elem), loc, lastmod)
	if err != nil {
		return err
	}
	return f.write(elem)
}

// place counts an element of size bytes into the current file, or into a
// new one when it would not fit, and returns that file, for the caller
// to write the element.
func (c *chunker) place(size int, loc func() string, lastmod time.Time) (*file, error) {
	if n := len(c.header) + size + len(c.footer); n >= c.maxBytes {
		return nil, &RecordTooBigError{Loc: loc(), Size: n, Max: c.maxBytes}
	}
	if c.cur != nil && (c.cur.count == c.maxCount || c.cur.size+size+len(c.footer) >= c.maxBytes) {
		if err := c.finish(); err != nil {
			return nil, err
		}
	}
	if c.cur == nil {
		f, err := c.t.create(c.gzip, c.named)
		if err == nil && c.direct {
			err = c.t.direct(f, c)
		}
		if err != nil {
			return nil, err
		}
		f.place = len(c.files)
		c.files = append(c.files, f)
		c.cur = f
		f.src, f.lo, f.group = c, c.n, c.group
		if err := f.write([]byte(c.header)); err != nil {
			return nil, err
		}
	}
	c.n++
	c.cur.count++
	if lastmod.After(c.cur.newest) {
		c.cur.newest = lastmod
	}
	return c.cur, nil
}

func (c *chunker) finish() error {
	if c.cur == nil {
		return nil
	}
	f := c.cur
	c.cur = nil
	if err := f.write([]byte(c.footer)); err != nil {
		return err
	}
	return c.t.close(f)
}
