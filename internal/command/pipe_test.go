//go:build unix

package command

import (
	"bytes"
	"errors"
	"io"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestPipe: what is written to a command's input and read from its
// output go at once: 8 MiB through cat, far past a pipe's buffer, with
// no deadlock; the output is the input.
func TestPipe(t *testing.T) {
	in, out, err := Pipe(t.Context(), "cat", Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := bytes.Repeat([]byte(`{"loc":"https://example.org/a"}`+"\n"), 8<<20/31)
	werr := make(chan error, 1)
	go func() {
		_, err := in.Write(want)
		in.Close()
		werr <- err
	}()
	got, err := io.ReadAll(out)
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	if err != nil || <-werr != nil || !bytes.Equal(got, want) {
		t.Fatalf("read %d bytes of %d (%v)", len(got), len(want), err)
	}
}

// TestPipeStopsReading: a command that ends without reading its input
// ends the writer too, with io.ErrClosedPipe, once its output is closed.
func TestPipeStopsReading(t *testing.T) {
	in, out, err := Pipe(t.Context(), "echo done", Options{})
	if err != nil {
		t.Fatal(err)
	}
	werr := make(chan error, 1)
	go func() {
		var err error
		for err == nil {
			_, err = in.Write(make([]byte, 64<<10))
		}
		werr <- err
	}()
	got, err := io.ReadAll(out)
	if err != nil || string(got) != "done\n" {
		t.Fatalf("read %q (%v)", got, err)
	}
	if err := out.Close(); err != nil {
		t.Fatal(err)
	}
	if err := <-werr; !errors.Is(err, io.ErrClosedPipe) {
		t.Errorf("the writer's error %v, want io.ErrClosedPipe", err)
	}
}

// hostPipes returns the descriptors FDs takes, as a host passes them
// (its own copies), and the host's ends: it reads the records from
// records, writes the answers to answers.
func hostPipes(t *testing.T) (inFD, outFD int, records, answers *os.File) {
	t.Helper()
	rr, rw, err := os.Pipe() // the records: sitemapgen writes rw
	if err != nil {
		t.Fatal(err)
	}
	ar, aw, err := os.Pipe() // the answers: sitemapgen reads ar
	if err != nil {
		t.Fatal(err)
	}
	in, err := syscall.Dup(int(rw.Fd()))
	if err != nil {
		t.Fatal(err)
	}
	out, err := syscall.Dup(int(ar.Fd()))
	if err != nil {
		t.Fatal(err)
	}
	rw.Close()
	ar.Close()
	t.Cleanup(func() { rr.Close(); aw.Close() })
	return in, out, rr, aw
}

// TestFDs: the host's two descriptors: the records written to the one
// are read by the host, its answers read from the other.
func TestFDs(t *testing.T) {
	inFD, outFD, records, answers := hostPipes(t)
	in, out, err := FDs(t.Context(), "the transform function", inFD, outFD, Options{Timeout: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	go func() { // the host: each record back, upper-cased
		b, _ := io.ReadAll(records)
		answers.Write([]byte(strings.ToUpper(string(b))))
		answers.Close()
	}()
	if _, err := in.Write([]byte("a\nb\n")); err != nil {
		t.Fatal(err)
	}
	in.Close()
	got, err := io.ReadAll(out)
	if err != nil || string(got) != "A\nB\n" || out.Close() != nil {
		t.Fatalf("read %q (%v)", got, err)
	}
}

// TestFDsTimeout: a host that never answers is given up on at the time
// bound, naming it.
func TestFDsTimeout(t *testing.T) {
	inFD, outFD, _, _ := hostPipes(t)
	in, out, err := FDs(t.Context(), "the transform function", inFD, outFD, Options{Timeout: 200 * time.Millisecond, TimeoutKey: "limits.command_seconds"})
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	_, err = io.ReadAll(out)
	out.Close()
	if !errors.Is(err, ErrTimeout) || !strings.Contains(err.Error(), "the transform function': ran past its time bound: stopped after 200ms (limits.command_seconds)") {
		t.Fatalf("error %v, want the time bound", err)
	}
}
