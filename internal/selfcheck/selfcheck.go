// Package selfcheck tells code whether to check its own shortcuts the
// long way: in test binaries, where a shortcut that is wrong should fail
// loudly, and not when they run benchmarks, which time what a user's
// process does.
package selfcheck

import (
	"flag"
	"sync"
	"testing"
)

// On reports whether the running binary is a test binary that runs no
// benchmark.
var On = sync.OnceValue(func() bool {
	if !testing.Testing() {
		return false
	}
	bench := flag.Lookup("test.bench")
	return bench == nil || bench.Value.String() == ""
})
