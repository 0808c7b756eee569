package selfcheck

import "testing"

// TestOn: a test binary that runs no benchmark checks.
func TestOn(t *testing.T) {
	if !On() {
		t.Fatal("On() is false in a test binary running tests")
	}
}
