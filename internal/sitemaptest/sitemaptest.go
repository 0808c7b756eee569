// Package sitemaptest checks sitemap output in tests with the project's
// shared validator (../shared/tools/validate-sitemaps beside the
// repository, or the path in $SITEMAPGEN_SHARED/tools), which validates
// against the official schemas with xmllint.
package sitemaptest

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// Shared returns the shared folder beside the repository: $SITEMAPGEN_SHARED
// if set, else ../shared next to the folder holding go.mod.
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

// Validate runs validate-sitemaps on paths and returns its output, or an
// error with the output when a file fails or the tool cannot run.
func Validate(paths ...string) (string, error) {
	shared, err := Shared()
	if err != nil {
		return "", err
	}
	if _, err := exec.LookPath("xmllint"); err != nil {
		return "", errors.New("xmllint not found: install Debian's libxml2-utils (apt-get install -y libxml2-utils), or run .ci/run, which does")
	}
	tool := filepath.Join(shared, "tools", "validate-sitemaps")
	var out bytes.Buffer
	cmd := exec.Command(tool, paths...)
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		return out.String(), fmt.Errorf("validate-sitemaps: %w\n%s", err, out.String())
	}
	return out.String(), nil
}

// MustValidate fails t unless every sitemap under paths passes.
func MustValidate(t testing.TB, paths ...string) {
	t.Helper()
	if _, err := Validate(paths...); err != nil {
		t.Fatal(err)
	}
}
