// Package fsx reads the small files sitemapgen takes its settings from
// (sitemap.yaml, a generator's configuration, _headers, robots.txt, state
// and record files) without ever waiting on one: os.ReadFile of a FIFO
// blocks until something writes to it, which may be never.
package fsx

import (
	"fmt"
	"io"
	"io/fs"
	"os"

	"github.com/sitemapgen/sitemapgen/internal/diag"
)

// ReadFile is os.ReadFile for regular files: anything else (a FIFO, a
// device, a socket, a folder) is an error naming the path and what it is,
// found without blocking. A missing file's error is fs.ErrNotExist's, as
// with os.ReadFile.
func ReadFile(path string) ([]byte, error) {
	f, err := Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(f)
}

// ReadFileMax is ReadFile for a file of at most max bytes: a larger one
// is a *diag.Diagnostic naming the path, "larger than MAX bytes (KEY)",
// key being the setting that gives max, and no more than max+1 bytes of
// it are read.
func ReadFileMax(path string, max int, key string) ([]byte, error) {
	f, err := Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, int64(max)+1))
	if err == nil && len(data) > max {
		err = TooLarge(path, max, key)
	}
	return data, err
}

// TooLarge is the error for the file name, larger than max bytes, the
// limit the setting key gives.
func TooLarge(name string, max int, key string) error {
	return &diag.Diagnostic{File: name, Msg: fmt.Sprintf("larger than %d bytes (%s)", max, key)}
}

// Describe names the kind of file m is, for a message: "a FIFO", "a
// socket", "a device", "a folder", else its mode.
func Describe(m fs.FileMode) string {
	switch {
	case m&fs.ModeNamedPipe != 0:
		return "a FIFO"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m.IsDir():
		return "a folder"
	}
	return "mode " + m.Type().String()
}

// Open opens the regular file at path for reading, as ReadFile reads it:
// anything else is an error, found without blocking.
func Open(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|nonBlock, 0)
	if err != nil {
		return nil, err
	}
	st, err := f.Stat()
	if err == nil && !st.Mode().IsRegular() {
		err = &fs.PathError{Op: "read", Path: path, Err: fmt.Errorf("not a regular file (%s)", Describe(st.Mode()))}
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}
