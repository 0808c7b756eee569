package config

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/fsx"
)

// TestSettingsFileDoor: the working directory's sitemap.yaml is read
// inside it through the one door: linked to a file outside, it is not
// followed, and the error names it and says how to read it (--config,
// which follows a path the user named); a FIFO is refused at once.
func TestSettingsFileDoor(t *testing.T) {
	outside := filepath.Join(t.TempDir(), "shared.yaml")
	if err := os.WriteFile(outside, []byte("base_url: https://secret-token.site/\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	dir := inProject(t, map[string]string{"public/index.html": "<title>home</title>"})

	if err := os.Symlink(outside, filepath.Join(dir, DefaultFile)); err != nil {
		t.Fatal(err)
	}
	_, err := Resolve(cmdline(t, "public"), envMap(nil))
	if err == nil || !errors.Is(err, fsx.ErrOutside) ||
		!strings.HasPrefix(err.Error(), "sitemap.yaml: a symbolic link out of its folder (or to an absolute path): not followed") ||
		!strings.Contains(err.Error(), "hint: to read it where it points, name it: --config sitemap.yaml") ||
		strings.Contains(err.Error(), "secret-token") {
		t.Errorf("sitemap.yaml linked out: %v", err)
	}
	// Named, it is followed.
	c, err := Resolve(cmdline(t, "--config", DefaultFile, "public"), envMap(nil))
	if err != nil || c.Build.Map.BaseURL != "https://secret-token.site/" {
		t.Errorf("--config sitemap.yaml: %v", err)
	}

	os.Remove(filepath.Join(dir, DefaultFile))
	if err := syscall.Mkfifo(filepath.Join(dir, DefaultFile), 0o644); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := Resolve(cmdline(t, "public"), envMap(nil))
		done <- err
	}()
	select {
	case err := <-done:
		if err == nil || !strings.HasPrefix(err.Error(), "sitemap.yaml: not a regular file (a FIFO)") {
			t.Errorf("a FIFO sitemap.yaml: %v", err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("Resolve waits on a FIFO sitemap.yaml")
	}
}

// TestRefusedProjectFileWarns: a file of the project the generator's
// configuration names outside the project folder (MkDocs' INHERIT of
// ../base.yml) is not read, and a build says so, naming the place that
// names it, though it goes on.
func TestRefusedProjectFileWarns(t *testing.T) {
	top := t.TempDir()
	if err := os.WriteFile(filepath.Join(top, "base.yml"), []byte("use_directory_urls: false\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(top, "docs-project")
	for name, body := range map[string]string{"mkdocs.yml": "INHERIT: ../base.yml\nsite_url: https://m.site/\n", "site/index.html": "<title>home</title>"} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
	c, err := Resolve(cmdline(t), envMap(nil))
	if err != nil {
		t.Fatal(err)
	}
	var said []string
	for _, w := range c.Warnings {
		said = append(said, w.Error())
	}
	want := "mkdocs.yml:1: INHERIT names ../base.yml, outside the project folder: not read; its settings are not used"
	if !slices.Contains(said, want) {
		t.Errorf("warnings %q, want %q", said, want)
	}
}
