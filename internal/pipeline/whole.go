package pipeline

// Reading a whole page for its images (mapping.Options.Images): the head
// from the same bytes, then htmlhead.ImageReader over all of them.

import (
	"bytes"
	"fmt"
	"io"

	"github.com/sitemapgen/sitemapgen/internal/htmlhead"
)

// imageScan reads pages whole for their images. One is reused from page
// to page by a walk goroutine.
type imageScan struct {
	ir  htmlhead.ImageReader
	buf []byte
}

// keptPageBuffer is the largest page buffer an imageScan keeps for the
// next page.
const keptPageBuffer = 1 << 20

// read reads the page r of size bytes whole, up to limit bytes, and
// returns its head, read by hr, and the sources of its images, as the
// page writes them. A page cut at the limit, or at a tag of too many
// attributes, says so among the head's problems.
func (is *imageScan) read(hr *htmlhead.HeadReader, r io.Reader, size int64, limit int) (*htmlhead.Head, []string, error) {
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
	data = data[:k] // a page that shrank is caught by the check after the read
	h, err := hr.ReadSized(bytes.NewReader(data), int64(k))
	if err != nil {
		return nil, nil, err
	}
	var images []string
	_, cut := is.ir.Images(data, func(src []byte) { images = append(images, string(src)) })
	switch {
	case size > int64(limit):
		h.Problems = append(h.Problems, fmt.Sprintf("page longer than limits.page_bytes (%d bytes): images listed from its first %d bytes", limit, limit))
	case cut:
		h.Problems = append(h.Problems, "a tag has more than limits.head_attributes attributes: images listed up to it")
	}
	return h, images, nil
}
