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
