package browsertest

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"sync"
	"testing"
	"time"
)

// timeout bounds each call to the browser.
const timeout = 60 * time.Second

// Browser is a running headless Chromium, closed when the test ends.
type Browser struct {
	t    testing.TB
	cmd  *exec.Cmd
	in   *os.File // our end of the browser's fd 3
	mu   sync.Mutex
	next int
	wait map[int]chan reply
	// exceptions are the uncaught exceptions of every page, in order.
	exceptions []string
	done       chan struct{}
}

type reply struct {
	Result json.RawMessage `json:"result"`
	Error  *struct {
		Message string `json:"message"`
	} `json:"error"`
}

// Path returns the browser's executable, or an error saying how to
// install it.
func Path() (string, error) {
	names := []string{"chromium", "chromium-browser"}
	if p := os.Getenv("CHROMIUM"); p != "" {
		names = []string{p}
	}
	for _, name := range names {
		if p, err := exec.LookPath(name); err == nil {
			return p, nil
		}
	}
	return "", fmt.Errorf("%s is not installed: the viewer's tests need a real browser (Debian: apt-get install chromium; ./test.sh installs it), or set CHROMIUM to a Chromium or Chrome executable", names[0])
}

// Start starts a headless browser for t, with a profile in a temporary
// folder, and stops it when t ends. It fails t when there is no browser,
// and skips it under go test -short (the quick subset needs Go and git
// alone).
func Start(t testing.TB) *Browser {
	t.Helper()
	if testing.Short() {
		t.Skip("-short: needs Chromium")
	}
	path, err := Path()
	if err != nil {
		t.Fatal(err)
	}
	toBrowser, in, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	out, fromBrowser, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	args := []string{"--headless", "--remote-debugging-pipe", "--user-data-dir=" + t.TempDir(),
		"--no-first-run", "--no-default-browser-check", "--disable-gpu", "--disable-extensions",
		"--disable-background-networking", "--disable-sync", "--hide-scrollbars", "--mute-audio"}
	if os.Geteuid() == 0 {
		args = append(args, "--no-sandbox") // Chromium refuses root otherwise
	}
	cmd := exec.Command(path, append(args, "about:blank")...)
	cmd.ExtraFiles = []*os.File{toBrowser, fromBrowser} // fds 3 and 4
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatalf("start %s: %v", path, err)
	}
	toBrowser.Close()
	fromBrowser.Close()
	b := &Browser{t: t, cmd: cmd, in: in, wait: map[int]chan reply{}, done: make(chan struct{})}
	go b.read(out)
	t.Cleanup(func() {
		b.call("", "Browser.close", nil) // the browser exits; its pipe ends
		in.Close()
		exited := make(chan error, 1)
		go func() { exited <- cmd.Wait() }()
		select {
		case <-exited:
		case <-time.After(timeout):
			cmd.Process.Kill()
			<-exited
		}
		out.Close()
		if t.Failed() && stderr.Len() > 0 {
			t.Logf("chromium's stderr:\n%s", stderr.Bytes())
		}
	})
	return b
}

// read hands each reply to its caller and keeps the pages' exceptions.
func (b *Browser) read(out *os.File) {
	defer close(b.done)
	r := bufio.NewReader(out)
	for {
		msg, err := r.ReadBytes(0)
		if err != nil {
			return
		}
		var m struct {
			ID     int             `json:"id"`
			Method string          `json:"method"`
			Params json.RawMessage `json:"params"`
			reply
		}
		if json.Unmarshal(msg[:len(msg)-1], &m) != nil {
			continue
		}
		b.mu.Lock()
		switch {
		case m.ID != 0:
			if ch := b.wait[m.ID]; ch != nil {
				ch <- m.reply
				delete(b.wait, m.ID)
			}
		case m.Method == "Runtime.exceptionThrown":
			b.exceptions = append(b.exceptions, string(m.Params))
		}
		b.mu.Unlock()
	}
}

// call sends method with params to the session (the browser itself for
// "") and returns its result.
func (b *Browser) call(session, method string, params any) (json.RawMessage, error) {
	b.mu.Lock()
	b.next++
	id := b.next
	ch := make(chan reply, 1)
	b.wait[id] = ch
	b.mu.Unlock()
	m := map[string]any{"id": id, "method": method, "params": params}
	if session != "" {
		m["sessionId"] = session
	}
	msg, err := json.Marshal(m)
	if err != nil {
		return nil, err
	}
	if _, err := b.in.Write(append(msg, 0)); err != nil {
		return nil, fmt.Errorf("%s: %w", method, err)
	}
	select {
	case r := <-ch:
		if r.Error != nil {
			return nil, fmt.Errorf("%s: %s", method, r.Error.Message)
		}
		return r.Result, nil
	case <-b.done:
		return nil, fmt.Errorf("%s: the browser is gone", method)
	case <-time.After(timeout):
		return nil, fmt.Errorf("%s: no answer in %v", method, timeout)
	}
}

// Exceptions returns the uncaught exceptions thrown in the browser's
// pages so far, as the protocol reports them.
func (b *Browser) Exceptions() []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return append([]string(nil), b.exceptions...)
}

// Page is a tab of the browser.
type Page struct {
	b       *Browser
	session string
}

// Open opens a tab of width×height CSS pixels, runs script in every
// document it loads before the document's own scripts, and loads url.
// It returns once the page's load event has fired.
func (b *Browser) Open(url string, width, height int, script string) *Page {
	b.t.Helper()
	res, err := b.call("", "Target.createTarget", map[string]any{"url": "about:blank"})
	if err != nil {
		b.t.Fatal(err)
	}
	var target struct{ TargetID string }
	json.Unmarshal(res, &target)
	res, err = b.call("", "Target.attachToTarget", map[string]any{"targetId": target.TargetID, "flatten": true})
	if err != nil {
		b.t.Fatal(err)
	}
	var attached struct{ SessionID string }
	json.Unmarshal(res, &attached)
	p := &Page{b: b, session: attached.SessionID}
	steps := []struct {
		method string
		params any
	}{
		{"Runtime.enable", nil},
		{"Page.enable", nil},
		{"Emulation.setDeviceMetricsOverride", map[string]any{"width": width, "height": height, "deviceScaleFactor": 1, "mobile": false}},
		{"Page.addScriptToEvaluateOnNewDocument", map[string]any{"source": script}},
		{"Page.navigate", map[string]any{"url": url}},
	}
	for _, s := range steps {
		if _, err := b.call(p.session, s.method, s.params); err != nil {
			b.t.Fatal(err)
		}
	}
	p.Wait(`document.readyState === "complete"`)
	return p
}

// Eval evaluates the JavaScript expression expr in the page, waits for
// the promise it returns if any, and decodes its value into v (nil: the
// value is not wanted). A JavaScript exception fails the test.
func (p *Page) Eval(expr string, v any) {
	p.b.t.Helper()
	res, err := p.b.call(p.session, "Runtime.evaluate", map[string]any{"expression": expr, "awaitPromise": true, "returnByValue": true})
	if err != nil {
		p.b.t.Fatalf("%s: %v", expr, err)
	}
	var r struct {
		Result struct {
			Value json.RawMessage `json:"value"`
		} `json:"result"`
		ExceptionDetails *struct {
			Text      string `json:"text"`
			Exception struct {
				Description string `json:"description"`
			} `json:"exception"`
		} `json:"exceptionDetails"`
	}
	if err := json.Unmarshal(res, &r); err != nil {
		p.b.t.Fatalf("%s: %v", expr, err)
	}
	if e := r.ExceptionDetails; e != nil {
		p.b.t.Fatalf("%s: %s %s", expr, e.Text, e.Exception.Description)
	}
	if v != nil && len(r.Result.Value) > 0 {
		if err := json.Unmarshal(r.Result.Value, v); err != nil {
			p.b.t.Fatalf("%s: %v", expr, err)
		}
	}
}

// Wait waits until the JavaScript expression cond is true in the page,
// checking it each time the page's event loop is free, and fails the test
// when it is still false after 30 seconds.
func (p *Page) Wait(cond string) {
	p.b.t.Helper()
	p.Eval(`new Promise((resolve, reject) => {
		const end = Date.now() + 30000;
		const check = () => {
			let ok = false;
			try { ok = !!(`+cond+`); } catch (e) {}
			if (ok) return resolve(true);
			if (Date.now() > end) return reject(new Error("still false after 30s: " + `+jsString(cond)+`));
			setTimeout(check, 10);
		};
		check();
	})`, nil)
}

// Screenshot writes a PNG of the page's viewport to path.
func (p *Page) Screenshot(path string) {
	p.b.t.Helper()
	res, err := p.b.call(p.session, "Page.captureScreenshot", map[string]any{"format": "png"})
	if err != nil {
		p.b.t.Fatal(err)
	}
	var shot struct{ Data string }
	json.Unmarshal(res, &shot)
	png, err := base64.StdEncoding.DecodeString(shot.Data)
	if err != nil {
		p.b.t.Fatal(err)
	}
	if err := os.WriteFile(path, png, 0o644); err != nil {
		p.b.t.Fatal(err)
	}
}

// SetDark makes the page prefer a dark color scheme, or not.
func (p *Page) SetDark(dark bool) {
	p.b.t.Helper()
	scheme := "light"
	if dark {
		scheme = "dark"
	}
	if _, err := p.b.call(p.session, "Emulation.setEmulatedMedia", map[string]any{
		"features": []map[string]string{{"name": "prefers-color-scheme", "value": scheme}},
	}); err != nil {
		p.b.t.Fatal(err)
	}
}

func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
