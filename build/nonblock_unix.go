//go:build unix && !linux

package build

import "syscall"

const nonBlock = syscall.O_NONBLOCK
