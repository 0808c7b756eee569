package sitemapfile

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/fsx"
)

// Stream is the content of a sitemap file as [OpenIn] and [OpenNamed]
// give it: decompressed when the file is gzip, counted, and cut past its
// byte bound with a [*LimitError].
type Stream struct {
	r    io.Reader
	n    int64
	max  int64
	what string // what the bytes are, for the limit's message: "", "compressed"
	err  error
}

// Read reads from the file. A byte past the bound fails the read with a
// [*LimitError], even when it comes with io.EOF, as a gzip stream's last
// bytes do.
func (r *Stream) Read(b []byte) (int, error) {
	if left := r.max + 1 - r.n; int64(len(b)) > left {
		b = b[:left] // read one byte past max, to know it is exceeded
	}
	n, err := r.r.Read(b)
	r.n += int64(n)
	if r.n > r.max && (err == nil || err == io.EOF) {
		what := ""
		if r.what != "" {
			what = " " + r.what
		}
		err = &LimitError{fmt.Sprintf("more than %d bytes%s: the protocol allows at most %d in one file; stopped reading here", r.max, what, r.max)}
	}
	if err != nil && err != io.EOF && r.err == nil {
		r.err = err
	}
	return n, err
}

// Err returns the first error of a read other than io.EOF: a limit
// passed, a gzip stream that does not decompress, a file that cannot be
// read. Nil when there was none.
func (r *Stream) Err() error { return r.err }

// LimitError is a bound of [Limits] passed: the file is not read on.
type LimitError struct{ Msg string }

func (e *LimitError) Error() string { return e.Msg }

// gzipMagic is how a gzip stream starts (RFC 1952).
const gzipMagic = "\x1f\x8b"

// OpenIn opens the regular file rel inside the folder dir through the
// one door (package fsx): never through a link out of dir. Its stream
// is counted and bounded to max bytes. A file is gzip-compressed when
// its first bytes say so, whatever its name: its stream is then the
// uncompressed one (the compressed one is counted and bounded too), and
// gzipped is true. A file whose name ends in .gz and that is not
// gzip-compressed is read as it is when it is what the rest of its name
// says (XML, or a text sitemap); else it is an error. The caller calls
// closeFile when done.
func OpenIn(dir, rel string, max int64) (s *Stream, gzipped bool, closeFile func(), err error) {
	f, err := fsx.Open(dir, rel, max+1, "the protocol's limit")
	if err != nil {
		return nil, false, nil, err
	}
	return open(f, rel, max)
}

// OpenNamed is [OpenIn] of a path the user named, followed wherever it
// points.
func OpenNamed(path string, max int64) (s *Stream, gzipped bool, closeFile func(), err error) {
	f, err := fsx.OpenNamed(path, max+1, "the protocol's limit")
	if err != nil {
		return nil, false, nil, err
	}
	return open(f, path, max)
}

// open reads the file f, named name, as OpenIn says.
func open(f *fsx.File, name string, max int64) (s *Stream, gzipped bool, closeFile func(), err error) {
	br := bufio.NewReader(f)
	first, err := br.Peek(len(gzipMagic))
	if err != nil && err != io.EOF {
		f.Close()
		return nil, false, nil, err
	}
	if string(first) != gzipMagic {
		if strings.HasSuffix(name, ".gz") {
			switch head, _ := br.Peek(512); {
			case len(head) == 0:
				err = errors.New("cannot decompress: the file is empty")
			case !IsText(name) && !looksXML(head):
				err = errors.New("cannot decompress: the file is not gzip-compressed, though its name ends in .gz, nor XML")
			}
			if err != nil {
				f.Close()
				return nil, false, nil, err
			}
		}
		return &Stream{r: br, max: max}, false, func() { f.Close() }, nil
	}
	z, err := gzip.NewReader(&Stream{r: br, max: max, what: "compressed"})
	if err != nil {
		f.Close()
		return nil, false, nil, fmt.Errorf("cannot decompress: %v", err)
	}
	return &Stream{r: z, max: max, what: "uncompressed"}, true, func() { z.Close(); f.Close() }, nil
}

// looksXML reports whether head, the first bytes of a file, start as an
// XML document does: with "<", after a byte-order mark and white space
// (a UTF-16 mark is XML too, which the reader refuses as such).
func looksXML(head []byte) bool {
	if bytes.HasPrefix(head, []byte("\xff\xfe")) || bytes.HasPrefix(head, []byte("\xfe\xff")) {
		return true
	}
	head = bytes.TrimLeft(bytes.TrimPrefix(head, []byte("\xef\xbb\xbf")), " \t\r\n")
	return len(head) > 0 && head[0] == '<'
}

// IsText reports whether the file name is a text sitemap (one URL a
// line), by its name: .txt or .txt.gz.
func IsText(name string) bool {
	return strings.HasSuffix(name, ".txt") || strings.HasSuffix(name, ".txt.gz")
}
