package host

import (
	"maps"
	"slices"
	"testing"
)

// TestJSONLines: the line of each entry of an array, and of each key of
// an object, at a path of keys; none where the path leads nowhere.
func TestJSONLines(t *testing.T) {
	data := []byte(`{
  "cleanUrls": true,
  "redirects": [
    {"source": "/a", "destination": "/b"},

    {"source": "/c", "destination": "/d"}
  ],
  "build": {
    "env": {
      "A": "1", "B": "2",
      "A": "3"
    }
  }
}`)
	if got, want := jsonArrayLines(data, "redirects"), []int{4, 6}; !slices.Equal(got, want) {
		t.Errorf("jsonArrayLines(redirects) = %v, want %v", got, want)
	}
	if got := jsonArrayLines(data, "headers"); got != nil {
		t.Errorf("jsonArrayLines(headers) = %v, want none", got)
	}
	if got := jsonArrayLines(data, "build"); got != nil {
		t.Errorf("jsonArrayLines(build), an object = %v, want none", got)
	}
	if got, want := jsonKeyLines(data, "build", "env"), map[string]int{"A": 10, "B": 10}; !maps.Equal(got, want) {
		t.Errorf("jsonKeyLines(build, env) = %v, want %v", got, want)
	}
	if got := jsonKeyLines(data, "build", "nothing"); got != nil {
		t.Errorf("jsonKeyLines(build, nothing) = %v, want none", got)
	}
	if got := jsonKeyLines([]byte(`[1, 2]`), "build"); got != nil {
		t.Errorf("jsonKeyLines of an array = %v, want none", got)
	}
}
