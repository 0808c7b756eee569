// Package sitemaptest holds the tests' helpers for sitemap output: the
// check every sitemap a test writes is held to (Validate, MustValidate:
// the official schemas in the repository's testdata/schemas with
// xmllint, and the protocol's rules beyond them, in Go), reading
// sitemaps back, and gen-site's synthetic sites.
package sitemaptest

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// Shared returns the folder of gen-site ([GenSite]), beside the
// repository: $SITEMAPGEN_SHARED if set, else ../shared next to the
// folder holding go.mod.
func Shared() (string, error) {
	if d := os.Getenv("SITEMAPGEN_SHARED"); d != "" {
		return d, nil
	}
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			shared := filepath.Join(filepath.Dir(dir), "shared")
			if _, err := os.Stat(shared); err != nil {
				return "", fmt.Errorf("the shared folder is not beside the repository (%s): %w", shared, err)
			}
			return shared, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("go.mod not found above the working directory")
		}
		dir = parent
	}
}
