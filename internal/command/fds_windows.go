package command

import (
	"errors"
	"fmt"
	"os"
	"syscall"
	"unsafe"
)

// startupInfo is syscall.StartupInfo with the fields it leaves unnamed
// that hold the C runtime's table of inherited descriptors.
type startupInfo struct {
	Cb                                           uint32
	_                                            *uint16
	Desktop, Title                               *uint16
	X, Y, XSize, YSize, XCountChars, YCountChars uint32
	FillAttribute, Flags                         uint32
	ShowWindow, CbReserved2                      uint16
	LpReserved2                                  *byte
	StdInput, StdOutput, StdErr                  syscall.Handle
}

// The two are one layout.
var (
	_ [unsafe.Sizeof(startupInfo{}) - unsafe.Sizeof(syscall.StartupInfo{})]byte
	_ [unsafe.Sizeof(syscall.StartupInfo{}) - unsafe.Sizeof(startupInfo{})]byte
)

// inherited returns the file of the descriptor fd the process inherited:
// the handle the C runtime's table in the process's startup information
// gives it, as Node passes a child's stdio beyond the third. A handle
// opened for overlapped I/O (Node's "overlapped" stdio, which the JS API
// asks for on Windows) joins the runtime's poller, and its reads and
// writes then end at a deadline.
func inherited(fd int) (*os.File, error) {
	var si syscall.StartupInfo
	if err := syscall.GetStartupInfo(&si); err != nil {
		return nil, err
	}
	own := (*startupInfo)(unsafe.Pointer(&si))
	if own.LpReserved2 == nil || own.CbReserved2 == 0 {
		return nil, errors.New("not inherited: the process was started with no table of descriptors")
	}
	block := unsafe.Slice(own.LpReserved2, own.CbReserved2)
	h, ok := crtHandle(block, fd, int(unsafe.Sizeof(uintptr(0))))
	if !ok {
		return nil, errors.New("not inherited")
	}
	return os.NewFile(h, fmt.Sprintf("descriptor %d", fd)), nil
}
