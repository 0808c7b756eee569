package lazyre

import (
	"regexp"
	"sync"
)

// MustCompile returns a function that returns expr compiled, compiling it
// on the first call (regexp.MustCompile: a bad expression panics then,
// which the tests of the package that uses it must reach). The function
// itself is built at the program's start: 96 bytes in 3 allocations,
// which a [Regexp] does not take.
func MustCompile(expr string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })
}

// Regexp is a regular expression compiled on its first use, declared as
// a package's variable: var re = lazyre.Regexp{Expr: `…`}. Such a
// variable is laid out in the program as it is, so it allocates nothing
// at the start.
type Regexp struct {
	// Expr is the expression, as regexp.MustCompile takes it: a bad one
	// panics on the first use, which the tests of the package that
	// declares it must reach.
	Expr string
	once sync.Once
	re   *regexp.Regexp
}

// Get returns the expression compiled, compiling it on the first call.
func (r *Regexp) Get() *regexp.Regexp {
	r.once.Do(r.compile)
	return r.re
}

// compile compiles the expression.
func (r *Regexp) compile() {
	r.re = regexp.MustCompile(r.Expr)
}
