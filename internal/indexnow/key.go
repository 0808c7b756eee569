package indexnow

import (
	"errors"
	"fmt"
)

// KeyEnv is the environment variable that holds the site's IndexNow key
// (a CI secret).
const KeyEnv = "INDEXNOW_KEY"

// Key lengths the protocol allows.
const (
	MinKeyLen = 8
	MaxKeyLen = 128
)

// ValidKey reports whether key is an IndexNow key: 8 to 128 characters of
// a-z, A-Z, 0-9 and '-'. The error does not repeat the key.
func ValidKey(key string) error {
	const rule = "an IndexNow key is 8 to 128 characters of a-z, A-Z, 0-9 and -"
	if key == "" {
		return errors.New(rule + "; this one is empty")
	}
	for i, r := range key {
		if !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' || r == '-') {
			return fmt.Errorf("%s; character %d of this one is %q", rule, len([]rune(key[:i]))+1, r)
		}
	}
	if n := len(key); n < MinKeyLen || n > MaxKeyLen {
		return fmt.Errorf("%s; this one has %d", rule, n)
	}
	return nil
}
