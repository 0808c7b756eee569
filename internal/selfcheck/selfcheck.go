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
