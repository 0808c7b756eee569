// Package browsertest drives a headless Chromium for tests, over the
// DevTools protocol on a pipe (--remote-debugging-pipe: JSON messages
// separated by NUL bytes on file descriptors 3 and 4), with the standard
// library only.
//
// [Start] finds the browser (the CHROMIUM variable, else chromium or
// chromium-browser on PATH) and fails the test, saying how to install it,
// when there is none. A test opens pages ([Browser.Open]), evaluates
// JavaScript in them ([Page.Eval], [Page.Wait]) and takes screenshots
// ([Page.Screenshot]). Every call waits for the browser's answer, within
// a deadline; nothing sleeps.
//
// It opens a page, evaluates JavaScript, waits until a condition holds and
// takes screenshots. It fails a test, saying how to install Chromium,
// when Chromium is missing.
package browsertest
