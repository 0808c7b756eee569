//go:build unix

package fsx

import "syscall"

// nonBlock opens a FIFO without waiting for a writer.
const nonBlock = syscall.O_NONBLOCK

// dirFlags open a folder, and refuse anything else at once (a FIFO
// planted where a folder is looked for is never waited on).
const dirFlags = syscall.O_DIRECTORY | syscall.O_NONBLOCK
