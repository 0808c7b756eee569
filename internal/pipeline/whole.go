package pipeline

// Reading a whole page for its images (mapping.Options.Images) and for
// what it says of its videos and of itself as an article
// (Options.Videos, Options.News). The head is read from the same bytes.
// The structured data is read in the same pass of the tokenizer
// (htmlhead.HeadReader.ReadPage). Then htmlhead.ImageReader reads all
// the bytes.

import (
	"bytes"
	"fmt"
	"io"

	"github.com/sitemapgen/sitemapgen/internal/htmlhead"
)

// pageScan reads pages whole for their images, and for what they say of
// their videos and of themselves as articles. A walk goroutine reuses
// one from page to page.
type pageScan struct {
	ir                 htmlhead.ImageReader
	sr                 htmlhead.StructuredReader
	images, structured bool // which to read
	buf                []byte
	// last is what the page read last says, with structured. It is nil
	// when no page was read since the caller cleared it. It belongs to
	// the reader until the next read.
	last *htmlhead.Structured
}

// keptPageBuffer is the largest page buffer a pageScan keeps for the
// next page.
const keptPageBuffer = 1 << 20

// read reads the page r of size bytes whole, up to limit bytes. It
// returns the page's head, read by hr, and the sources of its images as
// the page writes them. With structured, is.last then holds what the
// page says. The head's problems say when the page was cut at the limit
// or at a tag with too many attributes, and when structured data cannot
// be read (a JSON-LD block that is not JSON).
func (is *pageScan) read(hr *htmlhead.HeadReader, r io.Reader, size int64, limit int) (*htmlhead.Head, []string, error) {
	n := int(min(max(size, 0), int64(limit)))
	if cap(is.buf) < n {
		is.buf = make([]byte, n)
	}
	defer func() {
		if cap(is.buf) > keptPageBuffer {
			is.buf = nil
		}
	}()
	data := is.buf[:n]
	k, err := io.ReadFull(r, data)
	if err != nil && err != io.ErrUnexpectedEOF && err != io.EOF {
		return nil, nil, err
	}
	data = data[:k] // the check after the read catches a page that shrank
	// Read the head and the structured data in one pass of the tokenizer.
	var h *htmlhead.Head
	var st *htmlhead.Structured
	if is.structured {
		h, st, err = hr.ReadPage(data, &is.sr)
	} else {
		h, err = hr.ReadSized(bytes.NewReader(data), int64(k))
	}
	if err != nil {
		return nil, nil, err
	}
	var images []string
	cut := false
	if is.images {
		_, cut = is.ir.Images(data, func(src []byte) { images = append(images, string(src)) })
	}
	if is.structured {
		for _, p := range st.Problems {
			h.Problems = append(h.Problems, fmt.Sprintf("line %d: %s", p.Line, p.Msg))
		}
		cut = cut || st.Cut
		is.last = st
	}
	read := "images listed"
	switch {
	case is.images && is.structured:
		read = "images and structured data read"
	case is.structured:
		read = "structured data read"
	}
	switch {
	case size > int64(limit):
		h.Problems = append(h.Problems, fmt.Sprintf("page longer than limits.page_bytes (%d bytes): %s from its first %d bytes", limit, read, limit))
	case cut:
		h.Problems = append(h.Problems, "a tag has more than limits.head_attributes attributes: "+read+" up to it")
	}
	return h, images, nil
}
