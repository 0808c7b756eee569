//go:build !linux

package fsx

import (
	"io/fs"
	"os"
)

// listDir lists the folder f, opened in an os.Root, each entry lstat'd
// inside it as Go lists a root's folder.
func listDir(f *os.File) ([]fs.DirEntry, error) { return f.ReadDir(-1) }
