//go:build !linux

package build

import (
	"io/fs"
	"os"
)

// openPage opens a page to read its head.
func openPage(path string) (*os.File, pageInfo, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, pageInfo{}, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, pageInfo{}, err
	}
	mode := st.Mode().Perm()
	if !st.Mode().IsRegular() {
		mode |= fs.ModeIrregular
	}
	return f, pageInfo{mode: mode, size: st.Size(), mtime: st.ModTime()}, nil
}
