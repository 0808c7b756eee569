package robots

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"path/filepath"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/fsx"
)

// A File is a folder's robots.txt as a build reads it: once, through the
// one door (package fsx), at most its first max bytes. Every part of the
// build that needs the file (its rules, its Sitemap: lines) asks the same
// File, so the file is opened once and read under one bound.
type File struct {
	path string
	max  int
	data []byte
	// cut says the file is longer than max: data holds its first max
	// bytes.
	cut bool
	// err says why the file could not be read. It is nil for a file
	// read and for a folder without robots.txt.
	err error
	// found says the folder has a robots.txt that was read.
	found bool
}

// Load reads the robots.txt in the folder dir, at most its first max
// bytes, as crawlers read no more of it. A missing file gives a File
// with no rules and no lines. Load never fails: a file that cannot be
// read (a link out of the folder, a folder, a FIFO, no permission) gives
// a File whose Rules say so.
func Load(dir string, max int) *File {
	r, err := fsx.OpenRoot(dir)
	if err != nil {
		return newFile(filepath.Join(dir, "robots.txt"), max, nil, false, err)
	}
	defer r.Close()
	return LoadIn(r, max)
}

// LoadIn is [Load] of the robots.txt in the open folder r.
func LoadIn(r *fsx.Root, max int) *File {
	if Loaded != nil {
		Loaded(r.Path("robots.txt"))
	}
	data, cut, err := ReadPrefix(r, int64(max))
	return newFile(r.Path("robots.txt"), max, data, cut, err)
}

// Read is the File of data, a robots.txt's content read otherwise (the
// content a write just put at path), under the bound max.
func Read(path string, data []byte, max int) *File {
	cut := len(data) > max
	if cut {
		data = data[:max]
	}
	return newFile(path, max, data, cut, nil)
}

// Loaded, when set by a test while no other build runs, is told the path
// of each robots.txt Load reads: a test counts the reads of one build.
var Loaded func(path string)

// newFile makes the File of a read that gave data, cut and err.
func newFile(path string, max int, data []byte, cut bool, err error) *File {
	f := &File{path: path, max: max, data: data, cut: cut}
	switch {
	case err == nil:
		f.found = true
	case errors.Is(err, fs.ErrNotExist), errors.Is(err, fs.ErrInvalid):
		f.data, f.cut = nil, false
	default:
		if pe, ok := errors.AsType[*fs.PathError](err); ok {
			err = pe.Err
		}
		f.data, f.cut, f.err = nil, false, err
	}
	return f
}

// Found reports whether the folder has a robots.txt that was read.
func (f *File) Found() bool { return f.found }

// Rules parses the file's rules. A missing file gives nil, nil. A file
// larger than the bound gives the rules of its first bytes and a
// *diag.Diagnostic that says so. A file that could not be read gives nil
// and a *diag.Diagnostic.
func (f *File) Rules() (*Rules, error) {
	switch {
	case f.err != nil:
		return nil, &diag.Diagnostic{File: f.path, Msg: fmt.Sprintf("cannot read it: %v; the URLs are not checked against it", f.err)}
	case !f.found:
		return nil, nil
	case f.cut:
		return Parse(f.data), &diag.Diagnostic{File: f.path,
			Msg: fmt.Sprintf("larger than %d bytes (%s); its rules are read from the first %d, as Google reads them", f.max, LimitKey, f.max)}
	}
	return Parse(f.data), nil
}

// Sitemaps returns the file's Sitemap: lines, in order. A last line that
// the bound cut is no line: no crawler reads the rest of it.
func (f *File) Sitemaps() []SitemapLine {
	data := f.data
	if f.cut {
		data = data[:bytes.LastIndexByte(data, '\n')+1]
	}
	return Sitemaps(data)
}

// SitemapURLs returns the absolute http(s) URLs of the file's Sitemap:
// lines.
func (f *File) SitemapURLs() []string {
	var urls []string
	for _, sl := range f.Sitemaps() {
		if u, err := url.Parse(sl.URL); err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != "" {
			urls = append(urls, sl.URL)
		}
	}
	return urls
}

// SitemapURLs returns the absolute http(s) URLs of the Sitemap: lines of
// the robots.txt in the folder r, read from its first max bytes.
func SitemapURLs(r *fsx.Root, max int64) []string {
	return LoadIn(r, int(max)).SitemapURLs()
}
