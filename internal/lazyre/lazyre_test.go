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

// aPlus and unclosed are declared as a package declares its expressions.
var (
	aPlus    = Regexp{Expr: `^a+$`}
	unclosed = Regexp{Expr: `(`}
)

func TestRegexp(t *testing.T) {
	if aPlus.Get() != aPlus.Get() {
		t.Error("compiled again on the second call")
	}
	if !aPlus.Get().MatchString("aaa") || aPlus.Get().MatchString("ab") {
		t.Error("not the expression given")
	}
	defer func() {
		if recover() == nil {
			t.Error("a bad expression did not panic when first used")
		}
	}()
	unclosed.Get()
}
