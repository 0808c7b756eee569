package frontmatter

import "testing"

func TestParseDate(t *testing.T) {
	for _, s := range []string{
		"2024-05-01", "2024-05-01T10:00:00Z", "2024-05-01T10:00:00.123+02:00", "2024-05-01T10:00+02:00",
		"2024-05-01T10:00:00", "2024-05-01 10:00:00", "2024-05-01 10:00:00 +0200", "2024-05-01T10:00:00+0200",
		"Wed, 01 May 2024 10:00:00 GMT", " 2024-05-01 ",
	} {
		if _, ok := ParseDate(s); !ok {
			t.Errorf("ParseDate(%q) failed", s)
		}
	}
	for _, s := range []string{"", "yesterday", "2024-13-01", "01/05/2024", "0000-01-01", "2024"} {
		if d, ok := ParseDate(s); ok {
			t.Errorf("ParseDate(%q) = %v", s, d)
		}
	}
}
