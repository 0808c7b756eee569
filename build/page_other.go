//go:build !linux

package build

import "os"

// openPage opens a page to read its head. (On Linux, page_linux.go uses
// the system calls directly.) O_NONBLOCK, where the system has it, keeps a
// FIFO that took a page's place after the walk from hanging the open.
func openPage(path string) (*os.File, pageInfo, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|nonBlock, 0)
	if err != nil {
		return nil, pageInfo{}, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, pageInfo{}, err
	}
	return f, infoOf(st), nil
}
