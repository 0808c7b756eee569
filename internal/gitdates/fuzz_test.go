package gitdates

import (
	"bytes"
	"crypto/sha256"
	"strings"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/fuzzbound"
)

// FuzzDecodeCache reads arbitrary bytes as a cache file: decodeCache must
// not panic, and a file it accepts must hold what a history can (hashes
// git prints, indexes in range) and come back the same from encodeCache
// and decodeCache.
func FuzzDecodeCache(f *testing.F) {
	zones := map[int]*time.Location{}
	c := &cached{key: "/repo\x00/repo/.git\x00:(literal)content/\x00false\x00false", head: strings.Repeat("ab", 20), bad: 1, badOne: "x",
		commits: []commit{
			{when: commitTime(1700000000, 7200, zones), hash: strings.Repeat("1", 40)},
			{bad: true, hash: strings.Repeat("2", 40)},
			{when: commitTime(1600000000, -18000, zones), boundary: true, hash: strings.Repeat("3", 64)},
		},
		files: map[string]int32{"content/a.md": 0, "content/b c.md": 2, "content/gone.md": deleted},
	}
	good := encodeCache(c)
	f.Add(good)
	f.Add(good[:len(good)-3])
	f.Add(good[len(cacheMagic)+sha256.Size:]) // a body: the target adds the checksum
	f.Add(encodeCache(&cached{head: strings.Repeat("0", 64)}))
	f.Add([]byte(cacheMagic))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		defer fuzzbound.Check(t)()
		c, err := decodeCache(data)
		if err != nil {
			// Most inputs fail the checksum: an input without the magic
			// line is read as a body, and given its checksum.
			if !bytes.HasPrefix(data, []byte(cacheMagic)) {
				data = withSum(data)
				if c, err = decodeCache(data); err != nil {
					return
				}
			} else {
				return
			}
		}
		if !isHash(c.head) {
			t.Fatalf("head %q accepted", c.head)
		}
		for _, m := range c.commits {
			if !isHash(m.hash) {
				t.Fatalf("hash %q accepted", m.hash)
			}
		}
		for p, i := range c.files {
			if !cleanPath(p) || i < deleted || int(i) >= len(c.commits) {
				t.Fatalf("file %q → %d accepted, %d commits", p, i, len(c.commits))
			}
		}
		again, err := decodeCache(encodeCache(c))
		if err != nil {
			t.Fatalf("an accepted file encodes to one refused: %v", err)
		}
		sameCached(t, c, again)
	})
}

// withSum returns body as a cache file: the magic line and its checksum
// before it.
func withSum(body []byte) []byte {
	c := encodeCache(&cached{})
	head := c[:len(cacheMagic)+sha256.Size]
	out := append(bytes.Clone(head), body...)
	sum := sha256.Sum256(body)
	copy(out[len(cacheMagic):], sum[:])
	return out
}
