package main

import (
	"bytes"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/sitemaptest"
)

func TestRun(t *testing.T) {
	samples := filepath.Join("..", "..", "internal", "sitemaptest", "testdata")
	if _, err := sitemaptest.Validate(filepath.Join(samples, "valid", "index.xml")); errors.Is(err, sitemaptest.ErrNoXmllint) {
		t.Skip(err)
	}
	tests := []struct {
		args         []string
		code         int
		stdout, errs string // the last line of stdout; what stderr holds
	}{
		{args: []string{filepath.Join(samples, "valid")}, code: 0, stdout: "5 passed, 0 failed"},
		{args: []string{filepath.Join(samples, "invalid")}, code: 1, stdout: "0 passed, 12 failed"},
		{args: []string{t.TempDir()}, code: 1, stdout: "0 passed, 0 failed", errs: "checksitemaps: no sitemap file found"},
		{args: []string{filepath.Join(samples, "missing.xml")}, code: 1, errs: "no such file"},
		{args: nil, code: 2, errs: "usage: checksitemaps PATH..."},
	}
	for _, tt := range tests {
		var stdout, stderr bytes.Buffer
		code := run(tt.args, &stdout, &stderr)
		lines := strings.Split(strings.TrimSpace(stdout.String()), "\n")
		if code != tt.code || lines[len(lines)-1] != tt.stdout || !strings.Contains(stderr.String(), tt.errs) || tt.errs == "" && stderr.Len() > 0 {
			t.Errorf("run(%q) = %d, want %d\nstdout:\n%s\nstderr:\n%s", tt.args, code, tt.code, stdout.String(), stderr.String())
		}
	}
}
