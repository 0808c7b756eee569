// Package lazyre compiles a package's regular expressions when first
// used, not at the program's start: compiled at start, every one was
// heap kept for the whole run by every command, most of them for a
// generator or a subcommand the run never reaches (TestStartHeap).
package lazyre

import (
	"regexp"
	"sync"
)

// MustCompile returns a function that returns expr compiled, compiling it
// on the first call (regexp.MustCompile: a bad expression panics then,
// which the tests of the package that uses it must reach).
func MustCompile(expr string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })
}
