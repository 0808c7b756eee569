package lazyre

import "testing"

func TestMustCompile(t *testing.T) {
	re := MustCompile(`^a+$`)
	if re() != re() {
		t.Error("compiled again on the second call")
	}
	if !re().MatchString("aaa") || re().MatchString("ab") {
		t.Error("not the expression given")
	}
	bad := MustCompile(`(`) // compiles nothing yet
	defer func() {
		if recover() == nil {
			t.Error("a bad expression did not panic when first used")
		}
	}()
	bad()
}

// aPlus is declared as a package declares its expressions.
var aPlus = Regexp{Expr: `^a+$`}

func TestRegexp(t *testing.T) {
	if aPlus.Get() != aPlus.Get() {
		t.Error("compiled again on the second call")
	}
	if !aPlus.Get().MatchString("aaa") || aPlus.Get().MatchString("ab") {
		t.Error("not the expression given")
	}
	// A value of the test's own: a package-level one, once it has
	// panicked, is done, and a second run of the test (-count) would
	// find no panic.
	unclosed := &Regexp{Expr: `(`}
	defer func() {
		if recover() == nil {
			t.Error("a bad expression did not panic when first used")
		}
	}()
	unclosed.Get()
}
