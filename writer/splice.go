package writer

import (
	"bytes"
	"encoding"
	"errors"
	"hash/maphash"
	"io"
	"sync"

	"github.com/sitemapgen/sitemapgen/sitemap"
)

// splice writes the urlset file f, of a Write with a State, from the
// file at its place in the last successful Write where most of its
// elements are that file's: the bytes of that file before the first
// element that differs and after the last one are copied, and only the
// elements between are encoded again. It reports whether it wrote f;
// when it did not, nothing was written to f's temporary file, and the
// caller encodes f whole.
//
// The file's elements are, in the order of the sorted URLs, those of
// the entries lo to lo+count of its Write: the common run at the start,
// and after it the longest run of the old file's elements, at the end or
// a few places off (URLs added or removed before them: tailRun), are
// found by the elements' digests (the last Write's entries against this
// one's), and their bytes in the old file by the elements' sizes. The old file is read through the output
// folder's root (never through a link out of it, only a regular file,
// within the protocol's 50 MiB as every sitemap file of ours read back:
// protocolLimit), and used only if every byte of it is what the last
// Write wrote there: its size and modification time are those it left,
// and a digest of its bytes (file.raw) is the one it computed while
// writing them. The check ends with the last byte read; until then the
// temporary file is not known good, and a file that fails it is
// written again whole, in a new temporary file. The SHA-256 that names
// a shard is taken up from the last mark of the old file's (shaMark) at
// or before the first byte that differs.
//
// A file of which less than a third would be copied is encoded whole.
// A gzip file is never spliced: its deflate stream, and its CRC, after
// a changed element depend on every byte before it. Nor are the files
// of sections, whose elements are not in the sorted order.
func (t *txn) splice(f *file) (bool, error) {
	st, c := t.state, f.src
	if len(t.opts.Sections) > 0 || !st.primed || st.plan != st.nextPlan || f.place >= len(st.shards) {
		return false, nil
	}
	old := st.shards[f.place]
	rec, ok := st.files[old.name]
	if !ok || rec.raw == 0 || rec.sum != old.sum || old.lo+old.count > len(st.entries) || f.lo+f.count > st.nextLen() {
		return false, nil
	}
	a, b := st.entries[old.lo:old.lo+old.count], nextSpan{st, f.lo, f.count}
	p := common(a, 0, b, 0)
	k, j, n := tailRun(a, b, p)
	if p+n == 0 {
		return false, nil // nothing to reuse
	}
	// The old file: its header, its first p elements (copied), the
	// elements up to j (read), the run of n (copied), the rest (read),
	// its footer.
	head, skip, run, rest := len(c.header), 0, 0, 0
	for x := range a {
		size := a[x].size()
		if size == 0 {
			return false, nil // an element past any file's bound: not known
		}
		switch {
		case x < p:
			head += size
		case x < j:
			skip += size
		case x < j+n:
			run += size
		default:
			rest += size
		}
	}
	if int64(head+skip+run+rest+len(c.footer)) != rec.size {
		return false, nil
	}
	if 3*int64(head+run) < rec.size {
		// Less than a third of the old file to copy: reading and
		// checking a byte of it costs from a fifth (gen-site's pages,
		// BenchmarkSessionUpdate) to nearly half (the plainer elements
		// of BenchmarkWriteStateShard) of what encoding one does, so
		// reading all of it to copy little saves nothing.
		return false, nil
	}
	src, err := t.root.Open(old.name, sitemap.MaxBytes, protocolLimit)
	if err != nil {
		return false, nil // gone, or no longer a regular file: written whole
	}
	defer src.Close()
	if fi, err := src.Stat(); err != nil || fi.Size() != rec.size || !fi.ModTime().Equal(rec.mtime) {
		return false, nil
	}
	cp := copier{src: src, sum: st.hash(), buf: hashBufPool.Get().([]byte)}
	defer hashBufPool.Put(cp.buf)
	// The old file's start is the header this Write writes (the plans
	// are alike); its end, the footer.
	if !cp.expect(c.header) {
		return false, nil
	}
	if f.content != nil {
		f.resume(rec.marks, head)
	}
	if err := f.write([]byte(c.header)); err != nil {
		return false, err
	}
	if err := cp.copy(f, head-len(c.header)); err != nil {
		return false, t.restart(f, err)
	}
	if err := c.elems(f.lo+p, f.lo+k, f.write); err != nil {
		return false, err
	}
	if err := cp.copy(nil, skip); err != nil {
		return false, t.restart(f, err)
	}
	if err := cp.copy(f, run); err != nil {
		return false, t.restart(f, err)
	}
	if err := cp.copy(nil, rest); err != nil {
		return false, t.restart(f, err)
	}
	if !cp.expect(c.footer) || !cp.atEnd() || cp.sum.Sum64() != rec.raw {
		return false, t.restart(f, nil)
	}
	if err := c.elems(f.lo+k+n, f.lo+b.n, f.write); err != nil {
		return false, err
	}
	if traceWriteOut != nil {
		traceWriteOut(p+n, b.n-p-n, f.hashFrom)
	}
	return true, f.write([]byte(c.footer))
}

// maxShift is how many places splice looks for the elements after a
// change to have moved: as many URLs added or removed before them, in
// the file or in one before it.
const maxShift = 8

// nextSpan is n entries of the Write under way from lo, read where they
// are (State.nextAt): a sparse Write's, at their places in the last
// Write's list, where most are, and in its fresh ones, not copied out.
type nextSpan struct {
	st    *State
	lo, n int
}

// sum returns the digest of the span's ith element.
func (b nextSpan) sum(i int) uint64 { return b.st.nextAt(b.lo + i).sum }

// common is the number of elements a[j:] and b's from k begin with
// alike.
func common(a []entryDigest, j int, b nextSpan, k int) int {
	n := 0
	for j+n < len(a) && k+n < b.n && a[j+n].sum == b.sum(k+n) {
		n++
	}
	return n
}

// tailRun finds, after the p elements a and b begin with alike, the
// longest run of b's elements that are a's, in order: at the end of
// both, or starting a few places after p in one of them (URLs added or
// removed there, or in a file before). b's elements k to k+n are
// a[j:j+n].
func tailRun(a []entryDigest, b nextSpan, p int) (k, j, n int) {
	s := 0
	for s < len(a)-p && s < b.n-p && a[len(a)-1-s].sum == b.sum(b.n-1-s) {
		s++
	}
	k, j, n = b.n-s, len(a)-s, s
	for e := -maxShift; e <= maxShift; e++ {
		if e == 0 {
			continue
		}
		kk, jj := p+max(-e, 0), p+max(e, 0)
		if kk >= b.n || jj >= len(a) {
			continue
		}
		if m := common(a, jj, b, kk); m > n {
			k, j, n = kk, jj, m
		}
	}
	return k, j, n
}

// shaMark is the state of the SHA-256 that names a shard (file.content)
// once it has seen the shard's first off bytes, as MarshalBinary gives
// it: a splice that copies those bytes takes it up from there.
type shaMark struct {
	off   int
	state []byte
}

// markEvery is about the distance between two marks of a file: some 110
// bytes of State for a MiB of sitemap, and at most a MiB of the bytes
// copied to hash again. Tests make it small.
var markEvery = 1 << 20

// hash adds the bytes b, just written at the end of f, to the digest
// that names it: those from hashFrom on (the ones before are a mark's);
// and, when f is marking, marks the digest's state every markEvery
// bytes.
//
// A marking file (a State's, which the next Write may splice) is hashed
// on a goroutine of its own (hasher), beside the reads and writes: the
// SHA-256 of a 10 MB shard takes as long as copying it.
func (f *file) hash(b []byte) {
	if !f.marking {
		f.hashAt(b, f.size)
		return
	}
	if f.hasher == nil {
		f.hasher = newHasher(f)
	}
	end := f.size - len(b)
	for len(b) > 0 {
		buf := (<-f.hasher.free)[:min(len(b), hashBuf)]
		copy(buf, b)
		end += len(buf)
		f.hasher.work <- hashed{buf, end}
		b = b[len(buf):]
	}
}

// hashAt is hash of the bytes b that end at offset end of f.
func (f *file) hashAt(b []byte, end int) {
	if start := end - len(b); start < f.hashFrom {
		if end <= f.hashFrom {
			return
		}
		b = b[f.hashFrom-start:]
	}
	f.content.Write(b)
	if f.marking && end >= f.nextAt {
		if state, err := f.content.(encoding.BinaryMarshaler).MarshalBinary(); err == nil {
			f.marks = append(f.marks, shaMark{end, state})
		}
		f.nextAt = end + markEvery
	}
}

// hashBuf is the size of a hasher's buffers, hashBufs their number: the
// bytes handed to it and not yet hashed, at most.
const (
	hashBuf  = 256 << 10
	hashBufs = 4
)

// A hasher runs a file's hashAt on a goroutine of its own, on copies of
// the bytes written. Until wait returns, that goroutine alone touches
// the file's content, marks and nextAt.
type hasher struct {
	work chan hashed
	free chan []byte
	done chan struct{}
}

// hashed is bytes written to a file, and their end there.
type hashed struct {
	b   []byte
	end int
}

func newHasher(f *file) *hasher {
	h := &hasher{work: make(chan hashed, hashBufs), free: make(chan []byte, hashBufs), done: make(chan struct{})}
	for range hashBufs {
		h.free <- hashBufPool.Get().([]byte)
	}
	go func() {
		defer close(h.done)
		for c := range h.work {
			f.hashAt(c.b, c.end)
			h.free <- c.b
		}
	}()
	return h
}

// hashBufPool keeps the hashers' buffers from one file to the next: a
// watch session splices a shard at every change.
var hashBufPool = sync.Pool{New: func() any { return make([]byte, hashBuf) }}

// hashedBuf returns a free buffer of f's hasher for the next bytes to
// write to f (writeHashed), which the hasher takes as it is: no copy
// of them made. Nil when f is nil, or does not hash on a hasher.
func (f *file) hashedBuf() []byte {
	if f == nil || f.content == nil || !f.marking {
		return nil
	}
	if f.hasher == nil {
		f.hasher = newHasher(f)
	}
	return (<-f.hasher.free)[:hashBuf]
}

// writeHashed is write of b, a buffer hashedBuf gave, handed on to f's
// hasher once written.
func (f *file) writeHashed(b []byte) error {
	if f.sum != nil {
		f.sum.Write(b)
	}
	f.size += len(b)
	err := f.put(b)
	f.hasher.work <- hashed{b, f.size}
	return err
}

// hashWait returns once every byte written to f is hashed, and stops its
// hasher: called before f's content or marks are read or reset, and when
// f is dropped.
func (f *file) hashWait() {
	if h := f.hasher; h != nil {
		close(h.work)
		<-h.done
		for range hashBufs {
			hashBufPool.Put((<-h.free)[:hashBuf])
		}
		f.hasher = nil
	}
}

// resume takes up the digest that names f from the last of marks at or
// before off, the bytes before it copied from the file marks are of:
// f hashes from there on, and keeps the marks before.
func (f *file) resume(marks []shaMark, off int) {
	for k := len(marks) - 1; k >= 0; k-- {
		m := marks[k]
		if m.off > off {
			continue
		}
		if f.content.(encoding.BinaryUnmarshaler).UnmarshalBinary(m.state) != nil {
			f.content.Reset()
			return
		}
		f.hashFrom, f.nextAt = m.off, m.off+markEvery
		f.marks = append(f.marks[:0], marks[:k+1]...)
		return
	}
}

// traceWriteOut, when set (tests), is called for each urlset file a
// Write with a State writes: with the number of its elements copied from
// the last Write's file, the number encoded, and the offset from which
// its SHA-256 was computed (a mark's; 0 for all of it).
var traceWriteOut func(copied, encoded, hashedFrom int)

// errCopy is a failed read of the file a splice copies from: the file is
// written whole instead.
var errCopy = errors.New("splice: the old file is not as it was written")

// restart gives f a new, empty temporary file after a splice that wrote
// part of it and failed to read the old file (err, if any, is that
// failure, or a failure to write f). A failed write is f's, and
// returned; otherwise nil, and f is written whole.
func (t *txn) restart(f *file, err error) error {
	f.hashWait()
	if err != nil && !errors.Is(err, errCopy) {
		return err
	}
	f.tmp.Close()
	t.root.Remove(f.tmpRel)
	f.tmp, f.bw, f.gz = nil, nil, nil
	f.size = 0
	if f.content != nil {
		f.content.Reset()
	}
	f.hashFrom, f.nextAt, f.marks = 0, 0, f.marks[:0]
	f.raw.Reset()
	return t.open(f, false)
}

// copier reads the file a splice copies from, in order, digesting every
// byte it reads.
type copier struct {
	src io.Reader
	sum *maphash.Hash
	buf []byte // for the bytes read and not written, and those expected
}

// copy reads the next n bytes and writes them to f; with a nil f it
// only reads them. The bytes for f are read into its hasher's buffers
// where it has one (hashedBuf). An error from f is returned as it is; a
// short read is errCopy.
func (cp *copier) copy(f *file, n int) error {
	for n > 0 {
		buf, handed := f.hashedBuf(), true
		if buf == nil {
			buf, handed = cp.buf, false
		}
		chunk := buf[:min(n, len(buf))]
		if _, err := io.ReadFull(cp.src, chunk); err != nil {
			if handed {
				f.hasher.free <- buf
			}
			return errCopy
		}
		cp.sum.Write(chunk)
		var err error
		switch {
		case handed:
			err = f.writeHashed(chunk)
		case f != nil:
			err = f.write(chunk)
		}
		if err != nil {
			return err
		}
		n -= len(chunk)
	}
	return nil
}

// expect reads the next len(s) bytes and reports whether they are s.
func (cp *copier) expect(s string) bool {
	if len(s) > len(cp.buf) {
		return false
	}
	b := cp.buf[:len(s)]
	if _, err := io.ReadFull(cp.src, b); err != nil {
		return false
	}
	cp.sum.Write(b)
	return bytes.Equal(b, []byte(s))
}

// atEnd reports whether the file has no byte left.
func (cp *copier) atEnd() bool {
	var one [1]byte
	n, err := cp.src.Read(one[:])
	return n == 0 && err == io.EOF
}
